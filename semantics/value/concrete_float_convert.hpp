// Conversions of the concrete domain: float <-> float, float -> integral
// float, float <-> integer and integer <-> integer, in software with exact
// rounding (concrete_float_round.hpp).
//
// Integer results are returned sign-extended to 64 bits for signed
// destination types and zero-extended for unsigned ones, so that writing
// them into a register wider than the type performs the extension the
// manual prescribes for cvt ("sign-extended to the destination register
// width for signed integers, zero-extended otherwise").
//
// Float -> integer follows the manual: the value is rounded to an integer in
// the given mode and clamped to the destination range (cvt saturates
// float-to-int by default; +-inf clamp to the range ends); NaN gives 0,
// except that an f64 source or a 64-bit destination gives
// 1 << (width - 1) (MININT for signed types).
#pragma once

#include <cstdint>

#include "semantics/value/concrete_float_arith.hpp"

namespace lockstep::sem::fp {

__extension__ typedef __int128 S128;

/// The low `bits` bits of v as a signed or unsigned integer.
[[nodiscard]] constexpr S128 int_value(std::uint64_t v, unsigned bits, bool is_signed) noexcept {
  v &= low_mask(bits);
  if (is_signed && bits < 64 && ((v >> (bits - 1)) & 1U) != 0) v |= ~low_mask(bits);
  if (is_signed) return static_cast<S128>(static_cast<std::int64_t>(v));
  return static_cast<S128>(v);
}

/// Smallest and largest value of an integer type.
[[nodiscard]] constexpr S128 int_min(unsigned bits, bool is_signed) noexcept {
  return is_signed ? -(S128{1} << (bits - 1)) : S128{0};
}
[[nodiscard]] constexpr S128 int_max(unsigned bits, bool is_signed) noexcept {
  return is_signed ? (S128{1} << (bits - 1)) - 1 : (S128{1} << bits) - 1;
}

/// v reduced modulo 2^bits, then sign- or zero-extended to 64 bits.
[[nodiscard]] constexpr std::uint64_t int_result(S128 v, unsigned bits, bool is_signed) noexcept {
  const auto raw = static_cast<std::uint64_t>(static_cast<U128>(v));
  return static_cast<std::uint64_t>(int_value(raw, bits, is_signed));
}

/// Integer -> integer (cvt): truncation/extension, or clamping with .sat.
[[nodiscard]] constexpr std::uint64_t int_to_int(std::uint64_t a, unsigned from_bits, bool from_signed,
                                                 unsigned to_bits, bool to_signed, bool sat) noexcept {
  S128 v = int_value(a, from_bits, from_signed);
  if (sat) {
    if (v < int_min(to_bits, to_signed)) v = int_min(to_bits, to_signed);
    if (v > int_max(to_bits, to_signed)) v = int_max(to_bits, to_signed);
  }
  return int_result(v, to_bits, to_signed);
}

/// Integer -> float, rounded in mode r.
[[nodiscard]] constexpr std::uint64_t int_to_float(std::uint64_t a, unsigned from_bits, bool from_signed,
                                                   const Spec& to, FpRounding r) noexcept {
  const S128 v = int_value(a, from_bits, from_signed);
  const bool neg = v < 0;
  const auto mag = static_cast<U128>(neg ? -v : v);
  return round_pack(neg, mag, 0, false, to, r);
}

/// The magnitude of a finite value rounded to an integer in mode r; `huge`
/// when it does not fit in 64 bits.
struct IntMag {
  U128 mag = 0;
  bool huge = false;
};
[[nodiscard]] constexpr IntMag round_to_int(const FpVal& x, FpRounding r) noexcept {
  if (x.kind != Kind::Finite) return {};
  if (x.exp >= 0) {
    if (x.exp >= 64) return {0, true};
    const U128 m = U128{x.mant} << static_cast<unsigned>(x.exp);
    return {m, (m >> 64) != 0};
  }
  return {shift_round(x.mant, static_cast<unsigned>(-x.exp), false, x.sign, r), false};
}

/// Float -> integer (cvt with .rni/.rzi/.rmi/.rpi, given as r).
[[nodiscard]] constexpr std::uint64_t float_to_int(std::uint64_t a, const Spec& from, bool from_f64,
                                                   unsigned to_bits, bool to_signed, FpRounding r) noexcept {
  const FpVal x = decode(a, from);
  if (x.kind == Kind::NaN) {
    if (!from_f64 && to_bits != 64) return 0;
    return int_result(S128{1} << (to_bits - 1), to_bits, to_signed);
  }
  const S128 lo = int_min(to_bits, to_signed);
  const S128 hi = int_max(to_bits, to_signed);
  if (x.kind == Kind::Inf) return int_result(x.sign ? lo : hi, to_bits, to_signed);
  const IntMag m = round_to_int(x, r);
  S128 v = 0;
  if (m.huge) {
    v = x.sign ? lo : hi;
  } else {
    v = x.sign ? -static_cast<S128>(m.mag) : static_cast<S128>(m.mag);
    if (v < lo) v = lo;
    if (v > hi) v = hi;
  }
  return int_result(v, to_bits, to_signed);
}

/// Float -> integral value in the same format (cvt.rni.f32.f32 ...).
[[nodiscard]] constexpr std::uint64_t round_to_integral(std::uint64_t a, const Spec& s, FpRounding r) noexcept {
  const FpVal x = decode(a, s);
  if (x.kind == Kind::NaN) return nan_result(s, {a});
  if (x.kind != Kind::Finite || x.exp >= 0) return a & low_mask(s.width);
  const IntMag m = round_to_int(x, r);
  return round_pack(x.sign, m.mag, 0, false, s, FpRounding::Rn);  // exact
}

/// Float -> float: exact when widening, rounded in mode r when narrowing.
/// NaN: an f64 -> f64 conversion keeps the (quieted) payload, every other
/// conversion gives the destination's canonical NaN.
[[nodiscard]] constexpr std::uint64_t float_to_float(std::uint64_t a, const Spec& from, bool from_f64,
                                                     const Spec& to, bool to_f64, FpRounding r) noexcept {
  const FpVal x = decode(a, from);
  if (x.kind == Kind::NaN) return from_f64 && to_f64 ? nan_result(to, {a}) : canonical_nan(to);
  return pack(x, to, r);
}

}  // namespace lockstep::sem::fp
