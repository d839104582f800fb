// The floating-point operations of the symbolic domain (the names and
// signatures of semantics/value/concrete_float.hpp). Floating point on
// symbolic values is not modelled yet: with every operand concrete an
// operation is the concrete domain's; a symbolic operand stops the step
// ("unsupported on symbolic values: fadd at pc 12 (make this input
// concrete)"). The operations on predicates, packed halves and integer
// conversions that concrete_float.hpp also holds are bit-vector terms.
#pragma once

#include <cstdint>

#include "checker/symbolic/sym_int_ops.hpp"
#include "semantics/value/concrete_float.hpp"

namespace lockstep::checker {

class SymFloatOps : public SymIntOps {
 public:
  using SymIntOps::SymIntOps;

  [[nodiscard]] V fadd(V a, V b, sem::FpFormat f, sem::FpRounding r) const {
    if (!(a.concrete() && b.concrete())) reject_float("fadd");
    return V::of(F::fadd(a.bits, b.bits, f, r));
  }
  [[nodiscard]] V fsub(V a, V b, sem::FpFormat f, sem::FpRounding r) const {
    if (!(a.concrete() && b.concrete())) reject_float("fsub");
    return V::of(F::fsub(a.bits, b.bits, f, r));
  }
  [[nodiscard]] V fmul(V a, V b, sem::FpFormat f, sem::FpRounding r) const {
    if (!(a.concrete() && b.concrete())) reject_float("fmul");
    return V::of(F::fmul(a.bits, b.bits, f, r));
  }
  [[nodiscard]] V ffma(V a, V b, V c, sem::FpFormat f, sem::FpRounding r) const {
    if (!(a.concrete() && b.concrete() && c.concrete())) reject_float("ffma");
    return V::of(F::ffma(a.bits, b.bits, c.bits, f, r));
  }
  [[nodiscard]] V fdiv(V a, V b, sem::FpFormat f, sem::FpRounding r) const {
    if (!(a.concrete() && b.concrete())) reject_float("fdiv");
    return V::of(F::fdiv(a.bits, b.bits, f, r));
  }
  [[nodiscard]] V fsqrt(V a, sem::FpFormat f, sem::FpRounding r) const {
    if (!(a.concrete())) reject_float("fsqrt");
    return V::of(F::fsqrt(a.bits, f, r));
  }
  [[nodiscard]] V fdiv_approx(V a, V b, sem::FpFormat f) const {
    if (!(a.concrete() && b.concrete())) reject_float("fdiv_approx");
    return V::of(F::fdiv_approx(a.bits, b.bits, f));
  }
  [[nodiscard]] V fapprox(sem::FpApprox fn, V a, sem::FpFormat f) const {
    if (!(a.concrete())) reject_float("fapprox");
    return V::of(F::fapprox(fn, a.bits, f));
  }
  [[nodiscard]] V fround_int(V a, sem::FpFormat f, sem::FpRounding r) const {
    if (!(a.concrete())) reject_float("fround_int");
    return V::of(F::fround_int(a.bits, f, r));
  }
  [[nodiscard]] V fneg(V a, sem::FpFormat f) const {
    if (!(a.concrete())) reject_float("fneg");
    return V::of(F::fneg(a.bits, f));
  }
  [[nodiscard]] V fabs(V a, sem::FpFormat f) const {
    if (!(a.concrete())) reject_float("fabs");
    return V::of(F::fabs(a.bits, f));
  }
  [[nodiscard]] V fcopysign(V a, V b, sem::FpFormat f) const {
    if (!(a.concrete() && b.concrete())) reject_float("fcopysign");
    return V::of(F::fcopysign(a.bits, b.bits, f));
  }
  [[nodiscard]] V fxorsign(V x, V a, V b, sem::FpFormat f) const {
    if (!(x.concrete() && a.concrete() && b.concrete())) reject_float("fxorsign");
    return V::of(F::fxorsign(x.bits, a.bits, b.bits, f));
  }
  [[nodiscard]] V fmin(V a, V b, sem::FpFormat f, bool propagate_nan) const {
    if (!(a.concrete() && b.concrete())) reject_float("fmin");
    return V::of(F::fmin(a.bits, b.bits, f, propagate_nan));
  }
  [[nodiscard]] V fmax(V a, V b, sem::FpFormat f, bool propagate_nan) const {
    if (!(a.concrete() && b.concrete())) reject_float("fmax");
    return V::of(F::fmax(a.bits, b.bits, f, propagate_nan));
  }
  [[nodiscard]] V fftz(V a, sem::FpFormat f) const {
    if (!(a.concrete())) reject_float("fftz");
    return V::of(F::fftz(a.bits, f));
  }
  [[nodiscard]] V fsat(V a, sem::FpFormat f) const {
    if (!(a.concrete())) reject_float("fsat");
    return V::of(F::fsat(a.bits, f));
  }
  [[nodiscard]] V frelu(V a, sem::FpFormat f) const {
    if (!(a.concrete())) reject_float("frelu");
    return V::of(F::frelu(a.bits, f));
  }
  [[nodiscard]] V fsatfinite(V a, sem::FpFormat f) const {
    if (!(a.concrete())) reject_float("fsatfinite");
    return V::of(F::fsatfinite(a.bits, f));
  }
  [[nodiscard]] V fcmp(V a, V b, sem::FpFormat f, sem::FpCmp c) const {
    if (!(a.concrete() && b.concrete())) reject_float("fcmp");
    return V::of(F::fcmp(a.bits, b.bits, f, c));
  }
  [[nodiscard]] V ftest(V a, sem::FpFormat f, sem::FpClass c) const {
    if (!(a.concrete())) reject_float("ftest");
    return V::of(F::ftest(a.bits, f, c));
  }
  [[nodiscard]] V cvt_f2f(V a, sem::FpFormat from, sem::FpFormat to, sem::FpRounding r) const {
    if (!(a.concrete())) reject_float("cvt_f2f");
    return V::of(F::cvt_f2f(a.bits, from, to, r));
  }
  [[nodiscard]] V cvt_f2i(V a, sem::FpFormat from, unsigned to_bits, bool to_signed, sem::FpRounding r) const {
    if (!(a.concrete())) reject_float("cvt_f2i");
    return V::of(F::cvt_f2i(a.bits, from, to_bits, to_signed, r));
  }
  [[nodiscard]] V cvt_i2f(V a, unsigned from_bits, bool from_signed, sem::FpFormat to, sem::FpRounding r) const {
    if (!(a.concrete())) reject_float("cvt_i2f");
    return V::of(F::cvt_i2f(a.bits, from_bits, from_signed, to, r));
  }

  // ---- bit-vector operations of the float interface -------------------------
  [[nodiscard]] V pred_combine(V t, V c, sem::PredOp op) const {
    return both(t, c) ? V::of(F::pred_combine(t.bits, c.bits, op))
                      : sym({IntOp::PredCombine, {t, c}, {static_cast<std::uint64_t>(op)}});
  }
  [[nodiscard]] V fsel(V p, V a, V b) const { return select(p, a, b); }
  [[nodiscard]] V fhalf(V v, unsigned i) const {
    return v.concrete() ? V::of(F::fhalf(v.bits, i)) : sym({IntOp::Fhalf, {v}, {i}});
  }
  [[nodiscard]] V fpack2(V lo, V hi) const {
    return both(lo, hi) ? V::of(F::fpack2(lo.bits, hi.bits)) : sym({IntOp::Fpack2, {lo, hi}, {}});
  }
  [[nodiscard]] V cvt_i2i(V a, unsigned from_bits, bool from_signed, unsigned to_bits, bool to_signed, bool sat) const {
    return a.concrete() ? V::of(F::cvt_i2i(a.bits, from_bits, from_signed, to_bits, to_signed, sat))
                        : sym({IntOp::CvtI2I, {a}, {from_bits, from_signed, to_bits, to_signed, sat}});
  }
  [[nodiscard]] V cvt_pack(V a, V b, V c, unsigned width) const {
    return all3(a, b, c) ? V::of(F::cvt_pack(a.bits, b.bits, c.bits, width))
                         : sym({IntOp::CvtPack, {a, b, c}, {width}});
  }

 private:
  using F = sem::ConcreteFloatOps;
};

}  // namespace lockstep::checker
