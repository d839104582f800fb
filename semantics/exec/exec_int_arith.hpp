// Integer arithmetic instructions: add, sub, mul, mad (.lo/.hi/.wide, .sat),
// mul24, mad24, sad, div, rem, abs, neg, min, max (.relu), and the extended-
// precision forms add.cc, addc, sub.cc, subc, mad.cc, madc.
//
// Semantics follow PTX ISA §9.7.1 and §9.7.2:
//   * .lo (or no mode) keeps the low w bits of the 2w-bit product, .hi the
//     high w bits, .wide (w = 16, 32) all 2w bits; for mad the third operand
//     has the width of the result (2w for .wide);
//   * .sat (s32 only) clamps add/sub, and the final addition of mad.hi and
//     mad24.hi, to [INT_MIN, INT_MAX]; .sat anywhere else is rejected;
//   * mul24/mad24 multiply the low 24 bits of a and b (sign-extended from
//     bit 23 for .s32): .lo returns bits 31..0, .hi bits 47..16 of the 48-bit
//     product;
//   * the carry flag CC.CF (Lanes::carry) is the carry out of the w-bit
//     addition for add.cc/addc.cc/mad.cc/madc.cc and the borrow out of the
//     subtraction for sub.cc/subc.cc (the manual: "borrow-out written to
//     CC.CF"; subc computes a - (b + CC.CF)); mad.cc and madc.cc take the
//     carry out of the addition of c (and CC.CF) to the selected half;
//   * division by zero: see concrete_int_arith.hpp (all ones).
// Floating-point types are not handled here (the functions return false).
#pragma once

#include <string>

#include "frontend/ir/instr.hpp"
#include "semantics/exec/exec_int_common.hpp"
#include "semantics/exec/lanes.hpp"

namespace lockstep::sem::int_exec {

/// The selected part of a * b for mul/mad/madc: .wide (2w bits), .hi or .lo.
template <class D>
[[nodiscard]] typename D::V product(D& d, const ir::Instr& in, const typename D::V& a, const typename D::V& b,
                                    unsigned w) {
  const bool sgn = ir::is_signed(in.type);
  if (in.has(ir::InstrFlag::Wide)) {
    if (w > 32) unsupported("mul/mad .wide on a 64-bit type");
    return sgn ? d.mul_wide_s(a, b, w) : d.mul_wide_u(a, b, w);
  }
  if (in.has(ir::InstrFlag::Hi)) return sgn ? d.mul_hi_s(a, b, w) : d.mul_hi_u(a, b, w);
  return d.mul_lo(a, b, w);
}

/// The selected 32 bits of the 24x24-bit product of mul24/mad24.
template <class D>
[[nodiscard]] typename D::V product24(D& d, const ir::Instr& in, const typename D::V& a, const typename D::V& b) {
  const bool sgn = ir::is_signed(in.type);
  const auto x = sgn ? d.sext(a, 24, 32) : d.zext(a, 24);
  const auto y = sgn ? d.sext(b, 24, 32) : d.zext(b, 24);
  const auto p = sgn ? d.mul_wide_s(x, y, 32) : d.mul_wide_u(x, y, 32);
  return d.extract(p, in.has(ir::InstrFlag::Hi) ? 16 : 0, 32);
}

/// True when .sat is present; throws when the manual does not define it here.
inline bool saturating(const ir::Instr& in, bool allowed) {
  if (!in.has(ir::InstrFlag::Sat)) return false;
  if (!allowed) unsupported("'.sat' on this form of '" + std::string(ir::opcode_name(in.op)) + "'");
  return true;
}

template <class D>
bool exec_add_sub(Lanes<D>& L) {
  using ir::Opcode;
  D& d = L.d;
  const ir::Instr& in = L.in;
  const unsigned w = width(in.type);
  const bool cc = in.has(ir::InstrFlag::CarryOut);
  const bool sat = saturating(in, in.type == ir::Type::S32);
  for_each_lane(L.active, [&](unsigned l) {
    const auto a = L.src(1, l);
    const auto b = L.src(2, l);
    const auto cin = (in.op == Opcode::Addc || in.op == Opcode::Subc) ? L.carry(l) : d.constant(0);
    const bool add = in.op == Opcode::Add || in.op == Opcode::Addc;
    if (add) {
      L.set(0, l, sat ? d.add_sat_s(a, b, w) : d.add(d.add(a, b, w), cin, w));
      if (cc) L.set_carry(l, d.add_carry(a, b, cin, w));
    } else {
      L.set(0, l, sat ? d.sub_sat_s(a, b, w) : d.sub(d.sub(a, b, w), cin, w));
      if (cc) L.set_carry(l, d.sub_borrow(a, b, cin, w));
    }
  });
  return true;
}

template <class D>
bool exec_mul_mad(Lanes<D>& L) {
  using ir::InstrFlag;
  using ir::Opcode;
  D& d = L.d;
  const ir::Instr& in = L.in;
  const unsigned w = width(in.type);
  const bool is_mul = in.op == Opcode::Mul;
  const bool carry_in = in.op == Opcode::Madc;
  const bool cc = in.has(InstrFlag::CarryOut);
  const bool wide = in.has(InstrFlag::Wide);
  const bool sat = saturating(in, in.op == Opcode::Mad && in.type == ir::Type::S32 && in.has(InstrFlag::Hi));
  if (wide && (cc || carry_in)) unsupported("'.cc' with '.wide'");
  const unsigned rw = wide ? 2 * w : w;
  for_each_lane(L.active, [&](unsigned l) {
    const auto t = product(d, in, L.src(1, l), L.src(2, l), w);
    if (is_mul) {
      L.set(0, l, t);
      return;
    }
    const auto c = L.src(3, l);
    const auto cin = carry_in ? L.carry(l) : d.constant(0);
    L.set(0, l, sat ? d.add_sat_s(t, c, w) : d.add(d.add(t, c, rw), cin, rw));
    if (cc) L.set_carry(l, d.add_carry(t, c, cin, w));
  });
  return true;
}

template <class D>
bool exec_mul24(Lanes<D>& L) {
  D& d = L.d;
  const ir::Instr& in = L.in;
  const bool mad = in.op == ir::Opcode::Mad24;
  const bool sat = saturating(in, mad && in.type == ir::Type::S32 && in.has(ir::InstrFlag::Hi));
  for_each_lane(L.active, [&](unsigned l) {
    const auto t = product24(d, in, L.src(1, l), L.src(2, l));
    if (!mad) {
      L.set(0, l, t);
      return;
    }
    const auto c = L.src(3, l);
    L.set(0, l, sat ? d.add_sat_s(t, c, 32) : d.add(t, c, 32));
  });
  return true;
}

template <class D>
bool exec_div_rem_sad(Lanes<D>& L) {
  using ir::Opcode;
  D& d = L.d;
  const ir::Instr& in = L.in;
  const unsigned w = width(in.type);
  const bool sgn = ir::is_signed(in.type);
  saturating(in, false);
  for_each_lane(L.active, [&](unsigned l) {
    const auto a = L.src(1, l);
    const auto b = L.src(2, l);
    switch (in.op) {
      case Opcode::Div: L.set(0, l, sgn ? d.div_s(a, b, w) : d.div_u(a, b, w)); break;
      case Opcode::Rem: L.set(0, l, sgn ? d.rem_s(a, b, w) : d.rem_u(a, b, w)); break;
      default: {  // sad: c + |a - b|
        const auto diff = d.select(less(d, a, b, w, sgn), d.sub(b, a, w), d.sub(a, b, w));
        L.set(0, l, d.add(L.src(3, l), diff, w));
        break;
      }
    }
  });
  return true;
}

template <class D>
bool exec_unary_minmax(Lanes<D>& L) {
  using ir::Opcode;
  D& d = L.d;
  const ir::Instr& in = L.in;
  const unsigned w = width(in.type);
  const bool sgn = ir::is_signed(in.type);
  const bool relu = in.has(ir::InstrFlag::Relu);
  if (relu && !sgn) unsupported("'.relu' on an unsigned type");
  saturating(in, false);
  const auto zero = d.constant(0);
  for_each_lane(L.active, [&](unsigned l) {
    const auto a = L.src(1, l);
    switch (in.op) {
      case Opcode::Abs: L.set(0, l, d.select(d.lt_s(a, zero, w), d.neg(a, w), d.zext(a, w))); break;
      case Opcode::Neg: L.set(0, l, d.neg(a, w)); break;
      default: {
        const auto b = L.src(2, l);
        auto r = in.op == Opcode::Min ? min_of(d, a, b, w, sgn) : max_of(d, a, b, w, sgn);
        if (relu) r = max_of(d, r, zero, w, true);
        L.set(0, l, r);
        break;
      }
    }
  });
  return true;
}

/// Integer arithmetic (see the file comment); false for other opcodes and
/// for floating-point types.
template <class D>
bool exec_int_arith(Lanes<D>& L) {
  using ir::Opcode;
  if (ir::is_float(L.in.type)) return false;
  switch (L.in.op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Addc:
    case Opcode::Subc: return exec_add_sub(L);
    case Opcode::Mul:
    case Opcode::Mad:
    case Opcode::Madc: return exec_mul_mad(L);
    case Opcode::Mul24:
    case Opcode::Mad24: return exec_mul24(L);
    case Opcode::Div:
    case Opcode::Rem:
    case Opcode::Sad: return exec_div_rem_sad(L);
    case Opcode::Abs:
    case Opcode::Neg:
    case Opcode::Min:
    case Opcode::Max: return exec_unary_minmax(L);
    default: return false;
  }
}

}  // namespace lockstep::sem::int_exec
