// Comparison and selection instructions with integer or bit compared types:
// setp, set, selp (any type: a bit select), slct with an .s32 selector.
//
// PTX ISA §9.7.6:
//   setp.cmp{.bop}.type  p[|q], a, b{, {!}c}:  t = a cmp b; p = bop(t, c);
//       q = bop(!t, c)  (no bop: p = t, q = !t). The compared type is
//       Instr::type.
//   set.cmp{.bop}.dtype.stype d, a, b{, {!}c}: r = bop(a cmp b, c); d = r ?
//       (0xffffffff for .u32/.s32, 1.0f for .f32) : 0. The compared type is
//       Instr::stype.
//   selp.type d, a, b, c: d = c ? a : b.
//   slct.dtype.s32 d, a, b, c: d = (c >= 0) ? a : b.
// Float compared types (and half-precision set forms) return false: the
// floating-point semantics handles them, as it does slct with an .f32
// selector.
#pragma once

#include "frontend/ir/instr.hpp"
#include "semantics/exec/exec_int_common.hpp"
#include "semantics/exec/lanes.hpp"

namespace lockstep::sem::int_exec {

template <class D>
bool exec_setp(Lanes<D>& L) {
  D& d = L.d;
  const ir::Instr& in = L.in;
  if (ir::is_float(in.type)) return false;
  const unsigned w = width(in.type);
  const bool sgn = ir::is_signed(in.type);
  const bool has_c = in.bop != ir::BoolOp::None;
  for_each_lane(L.active, [&](unsigned l) {
    const auto t = compare(d, in.cmp, L.src(1, l), L.src(2, l), w, sgn);
    const auto c = has_c ? L.src(3, l) : d.constant(0);
    L.set(0, l, combine(d, in.bop, t, c));
    L.set_second(0, l, combine(d, in.bop, d.pred_not(t), c));
  });
  return true;
}

template <class D>
bool exec_set(Lanes<D>& L) {
  D& d = L.d;
  const ir::Instr& in = L.in;
  if (ir::is_float(in.stype)) return false;
  if (in.type != ir::Type::U32 && in.type != ir::Type::S32 && in.type != ir::Type::F32) return false;
  const unsigned w = width(in.stype);
  const bool sgn = ir::is_signed(in.stype);
  const bool has_c = in.bop != ir::BoolOp::None;
  const auto yes = d.constant(in.type == ir::Type::F32 ? 0x3f800000U : 0xffffffffU);
  const auto no = d.constant(0);
  for_each_lane(L.active, [&](unsigned l) {
    const auto t = compare(d, in.cmp, L.src(1, l), L.src(2, l), w, sgn);
    const auto r = combine(d, in.bop, t, has_c ? L.src(3, l) : d.constant(0));
    L.set(0, l, d.select(r, yes, no));
  });
  return true;
}

template <class D>
bool exec_selp_slct(Lanes<D>& L) {
  D& d = L.d;
  const ir::Instr& in = L.in;
  const bool slct = in.op == ir::Opcode::Slct;
  if (slct && in.stype != ir::Type::S32) return false;
  const unsigned w = width(in.type);
  if (w > 64) unsupported("128-bit selection");
  const auto zero = d.constant(0);
  for_each_lane(L.active, [&](unsigned l) {
    const auto a = d.zext(L.src(1, l), w);
    const auto b = d.zext(L.src(2, l), w);
    const auto c = L.src(3, l);
    L.set(0, l, slct ? d.select(d.lt_s(c, zero, 32), b, a) : d.select(c, a, b));
  });
  return true;
}

}  // namespace lockstep::sem::int_exec
