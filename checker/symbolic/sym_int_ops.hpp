// The integer, bit, comparison and selection operations of the symbolic
// domain (the names and signatures of semantics/value/concrete_int*.hpp):
// with every operand concrete they are the concrete domain's operation;
// otherwise they build a term (sym_int.hpp).
#pragma once

#include <cstdint>

#include "checker/symbolic/sym_domain_core.hpp"
#include "semantics/value/concrete_int.hpp"

namespace lockstep::checker {

class SymIntOps : public SymDomainCore {
 public:
  using SymDomainCore::SymDomainCore;

  // ---- width -------------------------------------------------------------
  [[nodiscard]] V zext(V a, unsigned from) const {
    return a.concrete() ? V::of(C::zext(a.bits, from)) : sym({IntOp::Zext, {a}, {from}});
  }
  [[nodiscard]] V sext(V a, unsigned from, unsigned to) const {
    return a.concrete() ? V::of(C::sext(a.bits, from, to)) : sym({IntOp::Sext, {a}, {from, to}});
  }
  [[nodiscard]] V extract(V a, unsigned pos, unsigned w) const {
    return a.concrete() ? V::of(C::extract(a.bits, pos, w)) : sym({IntOp::Extract, {a}, {pos, w}});
  }
  [[nodiscard]] V concat(V hi, V lo, unsigned lo_w) const {
    return both(hi, lo) ? V::of(C::concat(hi.bits, lo.bits, lo_w)) : sym({IntOp::Concat, {hi, lo}, {lo_w}});
  }

  // ---- two operands at width w, one operand at width w ---------------------
  [[nodiscard]] V add(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::add(a.bits, b.bits, w)) : sym({IntOp::Add, {a, b}, {w}});
  }
  [[nodiscard]] V sub(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::sub(a.bits, b.bits, w)) : sym({IntOp::Sub, {a, b}, {w}});
  }
  [[nodiscard]] V mul_lo(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::mul_lo(a.bits, b.bits, w)) : sym({IntOp::MulLo, {a, b}, {w}});
  }
  [[nodiscard]] V mul_hi_u(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::mul_hi_u(a.bits, b.bits, w)) : sym({IntOp::MulHiU, {a, b}, {w}});
  }
  [[nodiscard]] V mul_hi_s(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::mul_hi_s(a.bits, b.bits, w)) : sym({IntOp::MulHiS, {a, b}, {w}});
  }
  [[nodiscard]] V mul_wide_u(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::mul_wide_u(a.bits, b.bits, w)) : sym({IntOp::MulWideU, {a, b}, {w}});
  }
  [[nodiscard]] V mul_wide_s(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::mul_wide_s(a.bits, b.bits, w)) : sym({IntOp::MulWideS, {a, b}, {w}});
  }
  [[nodiscard]] V add_sat_s(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::add_sat_s(a.bits, b.bits, w)) : sym({IntOp::AddSatS, {a, b}, {w}});
  }
  [[nodiscard]] V sub_sat_s(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::sub_sat_s(a.bits, b.bits, w)) : sym({IntOp::SubSatS, {a, b}, {w}});
  }
  [[nodiscard]] V div_u(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::div_u(a.bits, b.bits, w)) : sym({IntOp::DivU, {a, b}, {w}});
  }
  [[nodiscard]] V div_s(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::div_s(a.bits, b.bits, w)) : sym({IntOp::DivS, {a, b}, {w}});
  }
  [[nodiscard]] V rem_u(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::rem_u(a.bits, b.bits, w)) : sym({IntOp::RemU, {a, b}, {w}});
  }
  [[nodiscard]] V rem_s(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::rem_s(a.bits, b.bits, w)) : sym({IntOp::RemS, {a, b}, {w}});
  }
  [[nodiscard]] V eq(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::eq(a.bits, b.bits, w)) : sym({IntOp::Eq, {a, b}, {w}});
  }
  [[nodiscard]] V lt_u(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::lt_u(a.bits, b.bits, w)) : sym({IntOp::LtU, {a, b}, {w}});
  }
  [[nodiscard]] V le_u(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::le_u(a.bits, b.bits, w)) : sym({IntOp::LeU, {a, b}, {w}});
  }
  [[nodiscard]] V lt_s(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::lt_s(a.bits, b.bits, w)) : sym({IntOp::LtS, {a, b}, {w}});
  }
  [[nodiscard]] V le_s(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::le_s(a.bits, b.bits, w)) : sym({IntOp::LeS, {a, b}, {w}});
  }
  [[nodiscard]] V and_(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::and_(a.bits, b.bits, w)) : sym({IntOp::And, {a, b}, {w}});
  }
  [[nodiscard]] V or_(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::or_(a.bits, b.bits, w)) : sym({IntOp::Or, {a, b}, {w}});
  }
  [[nodiscard]] V xor_(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::xor_(a.bits, b.bits, w)) : sym({IntOp::Xor, {a, b}, {w}});
  }
  [[nodiscard]] V shl(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::shl(a.bits, b.bits, w)) : sym({IntOp::Shl, {a, b}, {w}});
  }
  [[nodiscard]] V shr_u(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::shr_u(a.bits, b.bits, w)) : sym({IntOp::ShrU, {a, b}, {w}});
  }
  [[nodiscard]] V shr_s(V a, V b, unsigned w) const {
    return both(a, b) ? V::of(C::shr_s(a.bits, b.bits, w)) : sym({IntOp::ShrS, {a, b}, {w}});
  }
  [[nodiscard]] V neg(V a, unsigned w) const {
    return a.concrete() ? V::of(C::neg(a.bits, w)) : sym({IntOp::Neg, {a}, {w}});
  }
  [[nodiscard]] V not_(V a, unsigned w) const {
    return a.concrete() ? V::of(C::not_(a.bits, w)) : sym({IntOp::Not, {a}, {w}});
  }
  [[nodiscard]] V popc(V a, unsigned w) const {
    return a.concrete() ? V::of(C::popc(a.bits, w)) : sym({IntOp::Popc, {a}, {w}});
  }
  [[nodiscard]] V clz(V a, unsigned w) const {
    return a.concrete() ? V::of(C::clz(a.bits, w)) : sym({IntOp::Clz, {a}, {w}});
  }
  [[nodiscard]] V bfind_u(V a, unsigned w) const {
    return a.concrete() ? V::of(C::bfind_u(a.bits, w)) : sym({IntOp::BfindU, {a}, {w}});
  }
  [[nodiscard]] V bfind_s(V a, unsigned w) const {
    return a.concrete() ? V::of(C::bfind_s(a.bits, w)) : sym({IntOp::BfindS, {a}, {w}});
  }
  [[nodiscard]] V brev(V a, unsigned w) const {
    return a.concrete() ? V::of(C::brev(a.bits, w)) : sym({IntOp::Brev, {a}, {w}});
  }

  // ---- carries, selection, three-operand bit operations ---------------------
  [[nodiscard]] V add_carry(V a, V b, V c, unsigned w) const {
    return all3(a, b, c) ? V::of(C::add_carry(a.bits, b.bits, c.bits, w)) : sym({IntOp::AddCarry, {a, b, c}, {w}});
  }
  [[nodiscard]] V sub_borrow(V a, V b, V c, unsigned w) const {
    return all3(a, b, c) ? V::of(C::sub_borrow(a.bits, b.bits, c.bits, w)) : sym({IntOp::SubBorrow, {a, b, c}, {w}});
  }
  [[nodiscard]] V select(V p, V a, V b) const {
    if (p.concrete()) return (p.bits & 1U) != 0 ? a : b;
    if (a == b) return a;
    return sym({IntOp::Select, {p, a, b}, {}});
  }
  [[nodiscard]] V lop3(V a, V b, V c, std::uint8_t lut) const {
    return all3(a, b, c) ? V::of(C::lop3(a.bits, b.bits, c.bits, lut)) : sym({IntOp::Lop3, {a, b, c}, {lut}});
  }
  [[nodiscard]] V shf_l(V a, V b, V c, bool clamp) const {
    return all3(a, b, c) ? V::of(C::shf_l(a.bits, b.bits, c.bits, clamp)) : sym({IntOp::ShfL, {a, b, c}, {clamp}});
  }
  [[nodiscard]] V shf_r(V a, V b, V c, bool clamp) const {
    return all3(a, b, c) ? V::of(C::shf_r(a.bits, b.bits, c.bits, clamp)) : sym({IntOp::ShfR, {a, b, c}, {clamp}});
  }
  [[nodiscard]] V fns(V mask, V base, V offset) const {
    return all3(mask, base, offset) ? V::of(C::fns(mask.bits, base.bits, offset.bits))
                                    : sym({IntOp::Fns, {mask, base, offset}, {}});
  }

  // ---- bit fields ----------------------------------------------------------
  [[nodiscard]] V bfe_u(V a, V pos, V len, unsigned w) const {
    return all3(a, pos, len) ? V::of(C::bfe_u(a.bits, pos.bits, len.bits, w)) : sym({IntOp::BfeU, {a, pos, len}, {w}});
  }
  [[nodiscard]] V bfe_s(V a, V pos, V len, unsigned w) const {
    return all3(a, pos, len) ? V::of(C::bfe_s(a.bits, pos.bits, len.bits, w)) : sym({IntOp::BfeS, {a, pos, len}, {w}});
  }
  [[nodiscard]] V bfi(V a, V b, V pos, V len, unsigned w) const {
    return all3(a, b, pos) && len.concrete() ? V::of(C::bfi(a.bits, b.bits, pos.bits, len.bits, w))
                                             : sym({IntOp::Bfi, {a, b, pos, len}, {w}});
  }
  [[nodiscard]] V bmsk(V a, V b, bool clamp) const {
    return both(a, b) ? V::of(C::bmsk(a.bits, b.bits, clamp)) : sym({IntOp::Bmsk, {a, b}, {clamp}});
  }
  [[nodiscard]] V szext(V a, V b, bool clamp, bool is_signed) const {
    return both(a, b) ? V::of(C::szext(a.bits, b.bits, clamp, is_signed))
                      : sym({IntOp::Szext, {a, b}, {clamp, is_signed}});
  }
  [[nodiscard]] V prmt(V a, V b, V c, ir::PrmtMode mode) const {
    return all3(a, b, c) ? V::of(C::prmt(a.bits, b.bits, c.bits, mode))
                         : sym({IntOp::Prmt, {a, b, c}, {static_cast<std::uint64_t>(mode)}});
  }

 private:
  using C = sem::ConcreteIntOps;
};

}  // namespace lockstep::checker
