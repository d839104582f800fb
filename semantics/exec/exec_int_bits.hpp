// Bit-manipulation instructions: popc, clz, bfind (.shiftamt), fns, brev,
// bfe, bfi, prmt (all modes), dp4a, dp2a (.lo/.hi), bmsk (.clamp/.wrap),
// szext (.clamp/.wrap).
//
// Semantics follow PTX ISA §9.7.1 (popc..dp2a) and §9.7.9 (prmt); the bit
// work itself is in the domain operations of the same names. popc, clz and
// bfind write a .u32 result whatever the source width. dp4a/dp2a extract the
// packed 8/16-bit fields, sign- or zero-extend each by its own type
// (Instr::type = .atype, Instr::stype = .btype) and accumulate the products
// into c with 32-bit wrap-around.
#pragma once

#include "frontend/ir/instr.hpp"
#include "semantics/exec/exec_int_common.hpp"
#include "semantics/exec/lanes.hpp"

namespace lockstep::sem::int_exec {

/// Packed field i of width fw of v, sign- or zero-extended to 32 bits.
template <class D>
[[nodiscard]] typename D::V field32(D& d, const typename D::V& v, unsigned i, unsigned fw, bool sgn) {
  const auto f = d.extract(v, i * fw, fw);
  return sgn ? d.sext(f, fw, 32) : f;
}

/// dp4a / dp2a for one lane.
template <class D>
[[nodiscard]] typename D::V dot(D& d, const ir::Instr& in, const typename D::V& a, const typename D::V& b,
                                const typename D::V& c) {
  const bool sa = ir::is_signed(in.type);
  const bool sb = ir::is_signed(in.stype);
  auto acc = d.zext(c, 32);
  if (in.op == ir::Opcode::Dp4a) {
    for (unsigned i = 0; i < 4; ++i) {
      acc = d.add(acc, d.mul_lo(field32(d, a, i, 8, sa), field32(d, b, i, 8, sb), 32), 32);
    }
    return acc;
  }
  const unsigned first = in.has(ir::InstrFlag::Hi) ? 2 : 0;
  for (unsigned i = 0; i < 2; ++i) {
    acc = d.add(acc, d.mul_lo(field32(d, a, i, 16, sa), field32(d, b, first + i, 8, sb), 32), 32);
  }
  return acc;
}

template <class D>
bool exec_int_bits(Lanes<D>& L) {
  using ir::Opcode;
  D& d = L.d;
  const ir::Instr& in = L.in;
  if (ir::is_float(in.type)) return false;
  const unsigned w = width(in.type);
  const bool sgn = ir::is_signed(in.type);
  const bool clamp = in.has(ir::InstrFlag::Clamp);
  switch (in.op) {
    case Opcode::Popc:
    case Opcode::Clz:
    case Opcode::Brev:
      for_each_lane(L.active, [&](unsigned l) {
        const auto a = L.src(1, l);
        L.set(0, l, in.op == Opcode::Popc ? d.popc(a, w) : in.op == Opcode::Clz ? d.clz(a, w) : d.brev(a, w));
      });
      return true;
    case Opcode::Bfind: {
      const auto none = d.constant(0xffffffffU);
      const auto msb = d.constant(w - 1);
      for_each_lane(L.active, [&](unsigned l) {
        const auto a = L.src(1, l);
        auto r = sgn ? d.bfind_s(a, w) : d.bfind_u(a, w);
        if (in.has(ir::InstrFlag::Shiftamt)) r = d.select(d.eq(r, none, 32), r, d.sub(msb, r, 32));
        L.set(0, l, r);
      });
      return true;
    }
    case Opcode::Fns:
      for_each_lane(L.active, [&](unsigned l) { L.set(0, l, d.fns(L.src(1, l), L.src(2, l), L.src(3, l))); });
      return true;
    case Opcode::Bfe:
      for_each_lane(L.active, [&](unsigned l) {
        const auto a = L.src(1, l);
        const auto pos = L.src(2, l);
        const auto len = L.src(3, l);
        L.set(0, l, sgn ? d.bfe_s(a, pos, len, w) : d.bfe_u(a, pos, len, w));
      });
      return true;
    case Opcode::Bfi:
      for_each_lane(L.active,
                    [&](unsigned l) { L.set(0, l, d.bfi(L.src(1, l), L.src(2, l), L.src(3, l), L.src(4, l), w)); });
      return true;
    case Opcode::Prmt:
      for_each_lane(L.active, [&](unsigned l) { L.set(0, l, d.prmt(L.src(1, l), L.src(2, l), L.src(3, l), in.prmt)); });
      return true;
    case Opcode::Dp4a:
    case Opcode::Dp2a:
      for_each_lane(L.active, [&](unsigned l) { L.set(0, l, dot(d, in, L.src(1, l), L.src(2, l), L.src(3, l))); });
      return true;
    case Opcode::Bmsk:
      for_each_lane(L.active, [&](unsigned l) { L.set(0, l, d.bmsk(L.src(1, l), L.src(2, l), clamp)); });
      return true;
    case Opcode::Szext:
      for_each_lane(L.active, [&](unsigned l) { L.set(0, l, d.szext(L.src(1, l), L.src(2, l), clamp, sgn)); });
      return true;
    default: return false;
  }
}

}  // namespace lockstep::sem::int_exec
