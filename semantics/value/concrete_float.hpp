// Floating-point and conversion operations of the concrete domain.
//
// Values are raw register bits (concrete_domain.hpp); a float operand of
// format f is read from the low fp_width(f) bits and results are the
// format's encoding, zero-extended. Every rounded operation is computed in
// software with exact IEEE-754 rounding in the requested mode
// (concrete_float_round.hpp), independent of the host FPU state. NaN
// results: f64 propagates the first NaN operand's payload (quieted), other
// formats give the canonical NaN (0x7fffffff f32, 0x7fff f16/bf16); see
// concrete_float_arith.hpp. `.approx` functions: concrete_float_approx.hpp.
//
// Modifiers are separate operations that instruction semantics compose:
// fftz (`.ftz` on inputs and results), fsat (`.sat`), frelu (`.relu`),
// fsatfinite (`.satfinite`). A symbolic domain provides the same names.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>

#include "semantics/value/concrete_float_approx.hpp"
#include "semantics/value/fp_mode.hpp"

namespace lockstep::sem {

struct ConcreteFloatOps {
  using FV = std::uint64_t;

 private:
  template <class T>
  [[nodiscard]] static T as(FV v) noexcept {
    if constexpr (sizeof(T) == 4) {
      return std::bit_cast<T>(static_cast<std::uint32_t>(v));
    } else {
      return std::bit_cast<T>(v);
    }
  }
  [[nodiscard]] static FV bits_of(float v) noexcept { return std::bit_cast<std::uint32_t>(v); }
  [[nodiscard]] static FV bits_of(double v) noexcept { return std::bit_cast<std::uint64_t>(v); }
  /// op(a, b) in host float/double for f32/f64, unless the result is NaN.
  template <class Op>
  [[nodiscard]] static std::optional<FV> host(FV a, FV b, FpFormat f, Op op) noexcept {
    if (f == FpFormat::F32) {
      const float v = op(as<float>(a), as<float>(b));
      if (!std::isnan(v)) return bits_of(v);
    } else if (f == FpFormat::F64) {
      const double v = op(as<double>(a), as<double>(b));
      if (!std::isnan(v)) return bits_of(v);
    }
    return std::nullopt;
  }

 public:

  // ---- arithmetic (correctly rounded in mode r) ------------------------------
  // Round-to-nearest f32/f64 results that are not NaN come from the host's
  // IEEE arithmetic (the same correctly rounded value, much faster); every
  // other case, and every NaN, from the software path.
  [[nodiscard]] static FV fadd(FV a, FV b, FpFormat f, FpRounding r) noexcept {
    if (r == FpRounding::Rn) {
      if (const auto h = host(a, b, f, [](auto x, auto y) { return x + y; })) return *h;
    }
    return fp::add_bits(a, b, false, fp::spec_of(f), r);
  }
  [[nodiscard]] static FV fsub(FV a, FV b, FpFormat f, FpRounding r) noexcept {
    if (r == FpRounding::Rn) {
      if (const auto h = host(a, b, f, [](auto x, auto y) { return x - y; })) return *h;
    }
    return fp::add_bits(a, b, true, fp::spec_of(f), r);
  }
  [[nodiscard]] static FV fmul(FV a, FV b, FpFormat f, FpRounding r) noexcept {
    if (r == FpRounding::Rn) {
      if (const auto h = host(a, b, f, [](auto x, auto y) { return x * y; })) return *h;
    }
    return fp::mul_bits(a, b, fp::spec_of(f), r);
  }
  /// a * b + c with one rounding (fma, mad).
  [[nodiscard]] static FV ffma(FV a, FV b, FV c, FpFormat f, FpRounding r) noexcept {
    if (r == FpRounding::Rn && f == FpFormat::F32) {
      const float v = std::fmaf(as<float>(a), as<float>(b), as<float>(c));
      if (!std::isnan(v)) return bits_of(v);
    } else if (r == FpRounding::Rn && f == FpFormat::F64) {
      const double v = std::fma(as<double>(a), as<double>(b), as<double>(c));
      if (!std::isnan(v)) return bits_of(v);
    }
    return fp::fma_bits(a, b, c, fp::spec_of(f), r);
  }
  [[nodiscard]] static FV fdiv(FV a, FV b, FpFormat f, FpRounding r) noexcept {
    return fp::div_bits(a, b, fp::spec_of(f), r);
  }
  [[nodiscard]] static FV fsqrt(FV a, FpFormat f, FpRounding r) noexcept {
    return fp::sqrt_bits(a, fp::spec_of(f), r);
  }
  /// div.approx: for f32 lockstep's definition (concrete_float_approx.hpp),
  /// otherwise the nearest-even quotient.
  [[nodiscard]] static FV fdiv_approx(FV a, FV b, FpFormat f) noexcept {
    return f == FpFormat::F32 ? fp::div_approx_f32(a, b) : fdiv(a, b, f, FpRounding::Rn);
  }
  /// An `.approx` function (sin, cos, lg2, ex2, tanh, rsqrt, rcp/rsqrt f64 high word).
  [[nodiscard]] static FV fapprox(FpApprox fn, FV a, FpFormat f) noexcept {
    return fp::approx(fn, a, fp::spec_of(f));
  }
  /// The value rounded to an integral value of the same format (cvt.rni.f32.f32).
  [[nodiscard]] static FV fround_int(FV a, FpFormat f, FpRounding r) noexcept {
    return fp::round_to_integral(a, fp::spec_of(f), r);
  }

  // ---- sign and magnitude ---------------------------------------------------------
  /// -a. NaN: f64 passes the input through, other formats give the canonical
  /// NaN (the manual leaves the result unspecified).
  [[nodiscard]] static FV fneg(FV a, FpFormat f) noexcept {
    const fp::Spec& s = fp::spec_of(f);
    if (nan_unchanged(a, f)) return a & fp::low_mask(s.width);
    return fp::is_nan_bits(a, s) ? fp::canonical_nan(s) : ((a ^ fp::sign_bit(s)) & fp::low_mask(s.width));
  }
  /// |a|. NaN as fneg (abs.f64 passes NaN through, as the manual says).
  [[nodiscard]] static FV fabs(FV a, FpFormat f) noexcept {
    const fp::Spec& s = fp::spec_of(f);
    if (nan_unchanged(a, f)) return a & fp::low_mask(s.width);
    return fp::is_nan_bits(a, s) ? fp::canonical_nan(s) : (a & (fp::sign_bit(s) - 1));
  }
  /// The magnitude of b with the sign of a (copysign d, a, b).
  [[nodiscard]] static FV fcopysign(FV a, FV b, FpFormat f) noexcept {
    const fp::Spec& s = fp::spec_of(f);
    return (b & (fp::sign_bit(s) - 1)) | (a & fp::sign_bit(s));
  }
  /// r with its sign set to sign(a) xor sign(b), unless r is NaN (.xorsign).
  [[nodiscard]] static FV fxorsign(FV r, FV a, FV b, FpFormat f) noexcept {
    const fp::Spec& s = fp::spec_of(f);
    if (fp::is_nan_bits(r, s)) return r;
    return (r & (fp::sign_bit(s) - 1)) | ((a ^ b) & fp::sign_bit(s));
  }

  // ---- min / max -------------------------------------------------------------------
  /// min (-0 < +0). One NaN operand: the other operand; both NaN, or any NaN
  /// with `propagate_nan` (.NaN): NaN (canonical; f64 keeps a's payload).
  [[nodiscard]] static FV fmin(FV a, FV b, FpFormat f, bool propagate_nan) noexcept {
    return minmax(a, b, f, propagate_nan, false);
  }
  [[nodiscard]] static FV fmax(FV a, FV b, FpFormat f, bool propagate_nan) noexcept {
    return minmax(a, b, f, propagate_nan, true);
  }

  // ---- modifiers --------------------------------------------------------------------
  /// `.ftz`: a subnormal becomes the zero of its sign.
  [[nodiscard]] static FV fftz(FV a, FpFormat f) noexcept { return fp::flush_subnormal(a, fp::spec_of(f)); }
  /// `.sat`: clamp to [+0.0, 1.0]; NaN and -0 give +0.
  [[nodiscard]] static FV fsat(FV a, FpFormat f) noexcept {
    const fp::Spec& s = fp::spec_of(f);
    const fp::FpVal v = fp::decode(a, s);
    if (v.kind == fp::Kind::NaN || v.sign) return 0;
    const FV one = fp_one_bits(f);
    return (a & fp::low_mask(s.width)) > one ? one : (a & fp::low_mask(s.width));
  }
  /// `.relu`: negative values (and -0) give +0, NaN gives the canonical NaN.
  [[nodiscard]] static FV frelu(FV a, FpFormat f) noexcept {
    const fp::Spec& s = fp::spec_of(f);
    const fp::FpVal v = fp::decode(a, s);
    if (v.kind == fp::Kind::NaN) return fp::canonical_nan(s);
    return v.sign ? 0 : (a & fp::low_mask(s.width));
  }
  /// `.satfinite`: +-inf become the largest finite value of that sign.
  [[nodiscard]] static FV fsatfinite(FV a, FpFormat f) noexcept {
    const fp::Spec& s = fp::spec_of(f);
    const fp::FpVal v = fp::decode(a, s);
    return v.kind == fp::Kind::Inf ? fp::max_finite_bits(s, v.sign) : (a & fp::low_mask(s.width));
  }

  // ---- comparison, classes, selection ----------------------------------------------
  /// a CmpOp b as a predicate (0/1); -0 == +0; ordered comparisons are false
  /// and unordered ones true when either operand is NaN.
  [[nodiscard]] static FV fcmp(FV a, FV b, FpFormat f, FpCmp c) noexcept;
  /// testp: 1 when a is in the class (zero counts as normal).
  [[nodiscard]] static FV ftest(FV a, FpFormat f, FpClass c) noexcept;
  /// BoolOp(t, c) of two predicates (set/setp .and/.or/.xor).
  [[nodiscard]] static FV pred_combine(FV t, FV c, PredOp op) noexcept {
    switch (op) {
      case PredOp::And: return t & c & 1U;
      case PredOp::Or: return (t | c) & 1U;
      case PredOp::Xor: return (t ^ c) & 1U;
    }
    return 0;
  }
  /// p ? a : b for a predicate p.
  [[nodiscard]] static FV fsel(FV p, FV a, FV b) noexcept { return (p & 1U) != 0 ? a : b; }

  // ---- packed halves ------------------------------------------------------------------
  /// Element i (0: bits 15..0, 1: bits 31..16) of an f16x2/bf16x2 value.
  [[nodiscard]] static FV fhalf(FV v, unsigned i) noexcept { return (v >> (16 * i)) & 0xffffU; }
  /// The f16x2/bf16x2 value with elements lo (bits 15..0) and hi (bits 31..16).
  [[nodiscard]] static FV fpack2(FV lo, FV hi) noexcept { return (lo & 0xffffU) | ((hi & 0xffffU) << 16); }

  // ---- conversions (concrete_float_convert.hpp) --------------------------------------
  /// Float -> float (exact widening; narrowing rounded in mode r).
  [[nodiscard]] static FV cvt_f2f(FV a, FpFormat from, FpFormat to, FpRounding r) noexcept {
    return fp::float_to_float(a, fp::spec_of(from), from == FpFormat::F64, fp::spec_of(to), to == FpFormat::F64, r);
  }
  /// Float -> integer of `to_bits` bits: rounded in mode r, clamped, NaN per
  /// the manual; sign-extended to 64 bits for signed types.
  [[nodiscard]] static FV cvt_f2i(FV a, FpFormat from, unsigned to_bits, bool to_signed, FpRounding r) noexcept {
    return fp::float_to_int(a, fp::spec_of(from), from == FpFormat::F64, to_bits, to_signed, r);
  }
  /// Integer (low from_bits bits) -> float, rounded in mode r.
  [[nodiscard]] static FV cvt_i2f(FV a, unsigned from_bits, bool from_signed, FpFormat to, FpRounding r) noexcept {
    return fp::int_to_float(a, from_bits, from_signed, fp::spec_of(to), r);
  }
  /// Integer -> integer: wraps, or clamps with `sat`; sign-extended to 64
  /// bits for signed destination types.
  [[nodiscard]] static FV cvt_i2i(FV a, unsigned from_bits, bool from_signed, unsigned to_bits, bool to_signed,
                                  bool sat) noexcept {
    return fp::int_to_int(a, from_bits, from_signed, to_bits, to_signed, sat);
  }
  /// cvt.pack: the low `width` bits of a above those of b; for widths below
  /// 16 the bits of c fill the rest of the 32-bit result.
  [[nodiscard]] static FV cvt_pack(FV a, FV b, FV c, unsigned width) noexcept {
    const std::uint64_t m = fp::low_mask(width);
    std::uint64_t d = ((a & m) << width) | (b & m);
    if (width < 16) d |= c << (2 * width);
    return d & 0xffffffffU;
  }

 private:
  [[nodiscard]] static bool nan_unchanged(FV a, FpFormat f) noexcept {
    return f == FpFormat::F64 && fp::is_nan_bits(a, fp::kF64);
  }
  /// A key that orders non-NaN encodings by value with -0 < +0.
  [[nodiscard]] static std::int64_t order_key(FV a, const fp::Spec& s) noexcept {
    const auto mag = static_cast<std::int64_t>(a & (fp::sign_bit(s) - 1));
    return (a & fp::sign_bit(s)) != 0 ? -mag - 1 : mag;
  }
  [[nodiscard]] static FV minmax(FV a, FV b, FpFormat f, bool propagate_nan, bool is_max) noexcept {
    const fp::Spec& s = fp::spec_of(f);
    a &= fp::low_mask(s.width);
    b &= fp::low_mask(s.width);
    const bool na = fp::is_nan_bits(a, s);
    const bool nb = fp::is_nan_bits(b, s);
    if ((na && nb) || (propagate_nan && (na || nb))) return fp::nan_result(s, {a, b});
    if (na) return b;
    if (nb) return a;
    const bool a_less = order_key(a, s) < order_key(b, s);
    return (a_less != is_max) ? a : b;
  }
};

inline ConcreteFloatOps::FV ConcreteFloatOps::fcmp(FV a, FV b, FpFormat f, FpCmp c) noexcept {
  const fp::Spec& s = fp::spec_of(f);
  const bool unordered = fp::is_nan_bits(a, s) || fp::is_nan_bits(b, s);
  if (unordered) {
    return (c == FpCmp::Equ || c == FpCmp::Neu || c == FpCmp::Ltu || c == FpCmp::Leu || c == FpCmp::Gtu ||
            c == FpCmp::Geu || c == FpCmp::Nan)
               ? 1U
               : 0U;
  }
  // Values ordered with -0 == +0.
  const auto key = [&s](FV v) {
    const auto mag = static_cast<std::int64_t>(v & (fp::sign_bit(s) - 1) & fp::low_mask(s.width));
    return (v & fp::sign_bit(s)) != 0 ? -mag : mag;
  };
  const std::int64_t x = key(a);
  const std::int64_t y = key(b);
  bool t = false;
  switch (c) {
    case FpCmp::Eq:
    case FpCmp::Equ: t = x == y; break;
    case FpCmp::Ne:
    case FpCmp::Neu: t = x != y; break;
    case FpCmp::Lt:
    case FpCmp::Ltu: t = x < y; break;
    case FpCmp::Le:
    case FpCmp::Leu: t = x <= y; break;
    case FpCmp::Gt:
    case FpCmp::Gtu: t = x > y; break;
    case FpCmp::Ge:
    case FpCmp::Geu: t = x >= y; break;
    case FpCmp::Num: t = true; break;
    case FpCmp::Nan: t = false; break;
  }
  return t ? 1U : 0U;
}

inline ConcreteFloatOps::FV ConcreteFloatOps::ftest(FV a, FpFormat f, FpClass c) noexcept {
  const fp::Spec& s = fp::spec_of(f);
  const fp::FpVal v = fp::decode(a, s);
  const bool nan = v.kind == fp::Kind::NaN;
  const bool inf = v.kind == fp::Kind::Inf;
  const bool sub = fp::is_subnormal_bits(a, s);
  bool t = false;
  switch (c) {
    case FpClass::Finite: t = !nan && !inf; break;
    case FpClass::Infinite: t = inf; break;
    case FpClass::Number: t = !nan; break;
    case FpClass::NotANumber: t = nan; break;
    case FpClass::Normal: t = !nan && !inf && !sub; break;
    case FpClass::Subnormal: t = sub; break;
  }
  return t ? 1U : 0U;
}

}  // namespace lockstep::sem
