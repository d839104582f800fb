// Small helpers shared by the integer instruction semantics (exec_int_*.hpp):
// the instruction's width and signedness, and compositions of domain
// operations that several instructions use (signed/unsigned min, max,
// less-than, the comparison of set/setp).
//
// Everything here calls only operations of the domain D, so it works in the
// concrete and in a symbolic domain alike.
#pragma once

#include "frontend/ir/instr.hpp"
#include "frontend/ir/types.hpp"
#include "semantics/exec/exec_error.hpp"
#include "semantics/exec/lanes.hpp"

namespace lockstep::sem::int_exec {

/// Width in bits of the instruction type (pred: 1).
[[nodiscard]] inline unsigned width(ir::Type t) noexcept { return ir::bit_width(t); }

/// a < b, signed or unsigned.
template <class D>
[[nodiscard]] typename D::V less(D& d, const typename D::V& a, const typename D::V& b, unsigned w, bool sgn) {
  return sgn ? d.lt_s(a, b, w) : d.lt_u(a, b, w);
}
/// min(a, b), signed or unsigned (zero-extended from w).
template <class D>
[[nodiscard]] typename D::V min_of(D& d, const typename D::V& a, const typename D::V& b, unsigned w, bool sgn) {
  return d.select(less(d, b, a, w, sgn), d.zext(b, w), d.zext(a, w));
}
/// max(a, b), signed or unsigned (zero-extended from w).
template <class D>
[[nodiscard]] typename D::V max_of(D& d, const typename D::V& a, const typename D::V& b, unsigned w, bool sgn) {
  return d.select(less(d, a, b, w, sgn), d.zext(b, w), d.zext(a, w));
}

/// The integer comparison `a cmp b` of set/setp as a predicate (0/1); the
/// ordered operators are signed for signed types and unsigned otherwise,
/// lo/ls/hi/hs are always unsigned.
template <class D>
[[nodiscard]] typename D::V compare(D& d, ir::CmpOp cmp, const typename D::V& a, const typename D::V& b, unsigned w,
                                    bool sgn) {
  using C = ir::CmpOp;
  switch (cmp) {
    case C::Eq: return d.eq(a, b, w);
    case C::Ne: return d.pred_not(d.eq(a, b, w));
    case C::Lt: return sgn ? d.lt_s(a, b, w) : d.lt_u(a, b, w);
    case C::Le: return sgn ? d.le_s(a, b, w) : d.le_u(a, b, w);
    case C::Gt: return sgn ? d.lt_s(b, a, w) : d.lt_u(b, a, w);
    case C::Ge: return sgn ? d.le_s(b, a, w) : d.le_u(b, a, w);
    case C::Lo: return d.lt_u(a, b, w);
    case C::Ls: return d.le_u(a, b, w);
    case C::Hi: return d.lt_u(b, a, w);
    case C::Hs: return d.le_u(b, a, w);
    default: break;
  }
  unsupported("floating-point comparison on an integer type");
}

/// BoolOp(t, c) of set/setp (None: t).
template <class D>
[[nodiscard]] typename D::V combine(D& d, ir::BoolOp op, const typename D::V& t, const typename D::V& c) {
  switch (op) {
    case ir::BoolOp::None: return t;
    case ir::BoolOp::And: return d.and_(t, c, 1);
    case ir::BoolOp::Or: return d.or_(t, c, 1);
    case ir::BoolOp::Xor: return d.xor_(t, c, 1);
  }
  return t;
}

}  // namespace lockstep::sem::int_exec
