// lockstep's definition of the `.approx` functions.
//
// The manual specifies these instructions only up to an error bound (and a
// table of special values); lockstep defines each as one deterministic
// function. Hardware results differ from these within the manual's stated
// bounds:
//
//   sin, cos, lg2, ex2, tanh: the host libm function (std::sin, std::cos,
//     std::log2, std::exp2, std::tanh) evaluated in double precision on the
//     exactly converted operand, rounded to the instruction's format to
//     nearest-even. Special values then match the manual's tables
//     (sin(+-inf) = NaN, lg2(+-0) = -inf, ex2(-inf) = +0, tanh(+-inf) = +-1 ...).
//   rsqrt (f32, f64): 1/sqrt(a) from a correctly rounded f64 square root and
//     a correctly rounded f64 division, rounded to the format to nearest.
//   rcp.approx.ftz.f64: the operand's upper 32 bits are read as an f64 with
//     zero low word (subnormal -> zero), the reciprocal is correctly rounded
//     to nearest to 20 fraction bits (the 1.11.20 format), subnormal results
//     flush to zero, NaN gives 0x7fffffff00000000, as the manual states.
//   rsqrt.approx.ftz.f64: likewise with 1/sqrt computed as for rsqrt.
//   div.approx.f32: the correctly rounded quotient, except that for
//     2^126 < |b| < 2^128 the result is a signed zero (NaN when a is
//     infinite), which the manual documents for div.approx.
// rcp.approx.f32, sqrt.approx.f32 and div.full.f32 are the correctly
// rounded (nearest-even) operations; the instruction semantics call them.
//
// The libm results depend on the host C library; lockstep runs them on the
// host it was built for, so they are deterministic per build.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

#include "semantics/value/concrete_float_convert.hpp"

namespace lockstep::sem::fp {

[[nodiscard]] inline double to_double(std::uint64_t a, const Spec& s) noexcept {
  const bool f64 = s.width == 64 && s.prec == 53;
  return std::bit_cast<double>(f64 ? a : float_to_float(a, s, false, kF64, true, FpRounding::Rn));
}
[[nodiscard]] inline std::uint64_t from_double(double d, const Spec& s) noexcept {
  return float_to_float(std::bit_cast<std::uint64_t>(d), kF64, true, s, false, FpRounding::Rn);
}

inline constexpr std::uint64_t kF64One = 0x3ff0000000000000ULL;

/// 1/sqrt(a) in f64, each step correctly rounded to nearest.
[[nodiscard]] constexpr std::uint64_t rsqrt_f64(std::uint64_t a) noexcept {
  return div_bits(kF64One, sqrt_bits(a, kF64, FpRounding::Rn), kF64, FpRounding::Rn);
}

/// The upper word of an f64 as a 1.11.20 value, subnormals flushed.
[[nodiscard]] constexpr std::uint64_t f64_high_word(std::uint64_t a) noexcept {
  return flush_subnormal(a & 0xffffffff00000000ULL, kF64);
}

[[nodiscard]] inline std::uint64_t approx(FpApprox fn, std::uint64_t a, const Spec& s) noexcept {
  a &= low_mask(s.width);
  switch (fn) {
    case FpApprox::Sin: return from_double(std::sin(to_double(a, s)), s);
    case FpApprox::Cos: return from_double(std::cos(to_double(a, s)), s);
    case FpApprox::Lg2: return from_double(std::log2(to_double(a, s)), s);
    case FpApprox::Ex2: return from_double(std::exp2(to_double(a, s)), s);
    case FpApprox::Tanh: return from_double(std::tanh(to_double(a, s)), s);
    case FpApprox::Rsqrt: {
      const std::uint64_t r = rsqrt_f64(std::bit_cast<std::uint64_t>(to_double(a, s)));
      return float_to_float(r, kF64, true, s, s.width == 64, FpRounding::Rn);
    }
    case FpApprox::RcpF64Hi: {
      const std::uint64_t x = f64_high_word(a);
      return flush_subnormal(div_bits(kF64One, x, kF64Hi, FpRounding::Rn), kF64Hi);
    }
    case FpApprox::RsqrtF64Hi: {
      const std::uint64_t x = f64_high_word(a);
      if (is_nan_bits(x, kF64)) return canonical_nan(kF64Hi);
      const std::uint64_t r = float_to_float(rsqrt_f64(x), kF64, true, kF64Hi, false, FpRounding::Rn);
      return flush_subnormal(r, kF64Hi);
    }
  }
  return canonical_nan(s);
}

/// div.approx.f32 (see the file comment).
[[nodiscard]] constexpr std::uint64_t div_approx_f32(std::uint64_t a, std::uint64_t b) noexcept {
  const FpVal y = decode(b, kF32);
  const std::uint64_t mag = b & 0x7fffffffU;
  if (y.kind == Kind::Finite && mag > 0x7e800000U) {  // 2^126 < |b| < 2^128
    const FpVal x = decode(a, kF32);
    if (x.kind == Kind::NaN || x.kind == Kind::Inf) return canonical_nan(kF32);
    return zero_bits(kF32, x.sign != y.sign);
  }
  return div_bits(a, b, kF32, FpRounding::Rn);
}

}  // namespace lockstep::sem::fp
