// Exact software rounding for the concrete floating-point domain.
//
// lockstep computes every correctly rounded floating-point result in
// software, independently of the host FPU's rounding mode (DESIGN decision
// 7): an operation first computes its exact result, or the exact result
// truncated to at least 60 significant bits plus a "sticky" flag meaning
// "something nonzero was cut off below", and round_pack() rounds that to the
// target format in the requested mode. Because the kept bits extend far
// below the target precision (at most 53 bits), the sticky flag decides the
// direction exactly as the infinitely precise value would, so the result is
// the IEEE-754 result in every mode, including subnormal results and
// overflow. Nothing here reads or changes the host's floating-point state.
//
// A value of a format is handled unpacked (FpVal): sign, class and, for
// finite nonzero values, an integer significand `mant` and exponent `exp`
// with value = mant * 2^exp.
#pragma once

#include <bit>
#include <cstdint>

#include "semantics/value/fp_mode.hpp"

namespace lockstep::sem::fp {

__extension__ typedef unsigned __int128 U128;

/// Bit layout and precision of a format. `prec` is the number of
/// significand bits kept (hidden bit included); it is frac_bits + 1 except
/// for reduced-precision layouts (tf32, the 1.11.20 "f64 high word").
struct Spec {
  unsigned width;      ///< bits of the encoding
  unsigned exp_bits;   ///< exponent field width
  unsigned frac_bits;  ///< fraction field width in the layout
  unsigned prec;       ///< significand precision in bits (hidden bit included)
  int bias;
};

inline constexpr Spec kF16{16, 5, 10, 11, 15};
inline constexpr Spec kBF16{16, 8, 7, 8, 127};
inline constexpr Spec kTF32{32, 8, 23, 11, 127};
inline constexpr Spec kF32{32, 8, 23, 24, 127};
inline constexpr Spec kF64{64, 11, 52, 53, 1023};
/// f64 layout with 20 fraction bits (rcp/rsqrt.approx.ftz.f64 results).
inline constexpr Spec kF64Hi{64, 11, 52, 21, 1023};

[[nodiscard]] constexpr const Spec& spec_of(FpFormat f) noexcept {
  switch (f) {
    case FpFormat::F16: return kF16;
    case FpFormat::BF16: return kBF16;
    case FpFormat::TF32: return kTF32;
    case FpFormat::F32: return kF32;
    case FpFormat::F64: return kF64;
  }
  return kF32;
}

[[nodiscard]] constexpr std::uint64_t low_mask(unsigned bits) noexcept {
  return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}
[[nodiscard]] constexpr std::uint64_t sign_bit(const Spec& s) noexcept { return std::uint64_t{1} << (s.width - 1); }
[[nodiscard]] constexpr std::uint64_t exp_field_max(const Spec& s) noexcept { return low_mask(s.exp_bits); }
/// Smallest exponent of a normal number's leading bit (1 - bias).
[[nodiscard]] constexpr int emin(const Spec& s) noexcept { return 1 - s.bias; }
/// Largest exponent of a finite number's leading bit.
[[nodiscard]] constexpr int emax(const Spec& s) noexcept {
  return static_cast<int>(exp_field_max(s)) - 1 - s.bias;
}

enum class Kind : std::uint8_t { Zero, Finite, Inf, NaN };

struct FpVal {
  bool sign = false;
  Kind kind = Kind::Zero;
  std::uint64_t mant = 0;  ///< Finite: significand (nonzero)
  int exp = 0;             ///< Finite: value = mant * 2^exp
};

/// Unpacks the low s.width bits of `bits`.
[[nodiscard]] constexpr FpVal decode(std::uint64_t bits, const Spec& s) noexcept {
  bits &= low_mask(s.width);
  FpVal v;
  v.sign = (bits & sign_bit(s)) != 0;
  const std::uint64_t e = (bits >> s.frac_bits) & exp_field_max(s);
  const std::uint64_t f = bits & low_mask(s.frac_bits);
  if (e == exp_field_max(s)) {
    v.kind = f == 0 ? Kind::Inf : Kind::NaN;
  } else if (e == 0 && f == 0) {
    v.kind = Kind::Zero;
  } else {
    v.kind = Kind::Finite;
    v.mant = e == 0 ? f : (f | (std::uint64_t{1} << s.frac_bits));
    v.exp = (e == 0 ? 1 : static_cast<int>(e)) - s.bias - static_cast<int>(s.frac_bits);
  }
  return v;
}

[[nodiscard]] constexpr bool is_nan_bits(std::uint64_t bits, const Spec& s) noexcept {
  return decode(bits, s).kind == Kind::NaN;
}
/// True for a nonzero value with a zero exponent field.
[[nodiscard]] constexpr bool is_subnormal_bits(std::uint64_t bits, const Spec& s) noexcept {
  bits &= low_mask(s.width);
  return ((bits >> s.frac_bits) & exp_field_max(s)) == 0 && (bits & low_mask(s.frac_bits)) != 0;
}

[[nodiscard]] constexpr std::uint64_t zero_bits(const Spec& s, bool sign) noexcept {
  return sign ? sign_bit(s) : 0;
}
[[nodiscard]] constexpr std::uint64_t inf_bits(const Spec& s, bool sign) noexcept {
  return zero_bits(s, sign) | (exp_field_max(s) << s.frac_bits);
}
/// Largest finite magnitude with the given sign.
[[nodiscard]] constexpr std::uint64_t max_finite_bits(const Spec& s, bool sign) noexcept {
  const std::uint64_t frac = low_mask(s.prec - 1) << (s.frac_bits - (s.prec - 1));
  return zero_bits(s, sign) | ((exp_field_max(s) - 1) << s.frac_bits) | frac;
}

/// The NaN lockstep produces when a result of this format is NaN and no
/// payload is propagated: all exponent and kept fraction bits set, sign
/// clear (0x7fffffff for f32, 0x7fff for f16/bf16, 0x7fffe000 for tf32,
/// 0x7fffffffffffffff for f64).
[[nodiscard]] constexpr std::uint64_t canonical_nan(const Spec& s) noexcept {
  return max_finite_bits(s, false) | (exp_field_max(s) << s.frac_bits);
}

[[nodiscard]] constexpr unsigned bit_length(U128 v) noexcept {
  const auto hi = static_cast<std::uint64_t>(v >> 64);
  return hi != 0 ? 128U - static_cast<unsigned>(std::countl_zero(hi))
                 : 64U - static_cast<unsigned>(std::countl_zero(static_cast<std::uint64_t>(v)));
}

/// Whether rounding the magnitude `q + frac` (0 <= frac < 1, described by
/// `half_cmp`: <0 below one half, 0 exactly one half, >0 above) away from
/// zero is the rounding of a value with sign `sign` in mode `r`.
[[nodiscard]] constexpr bool round_up(bool sign, bool odd, int half_cmp, bool inexact, FpRounding r) noexcept {
  if (!inexact) return false;
  switch (r) {
    case FpRounding::Rn: return half_cmp > 0 || (half_cmp == 0 && odd);
    case FpRounding::Rna: return half_cmp >= 0;
    case FpRounding::Rz: return false;
    case FpRounding::Rm: return sign;
    case FpRounding::Rp: return !sign;
  }
  return false;
}

/// Rounds (mag + sticky*tiny) / 2^shift to an integer in mode r for a value
/// of sign `sign` (the magnitude is rounded; the sign selects rm/rp).
[[nodiscard]] constexpr U128 shift_round(U128 mag, unsigned shift, bool sticky, bool sign,
                                         FpRounding r) noexcept {
  if (shift == 0) {
    return mag + (round_up(sign, (mag & 1U) != 0, -1, sticky, r) ? 1U : 0U);
  }
  if (shift > 128) {
    const bool inexact = mag != 0 || sticky;
    return round_up(sign, false, -1, inexact, r) ? 1U : 0U;
  }
  const U128 q = shift == 128 ? U128{0} : mag >> shift;
  const U128 rem = shift == 128 ? mag : mag & ((U128{1} << shift) - 1);
  const U128 half = U128{1} << (shift - 1);
  int cmp = rem < half ? -1 : (rem > half ? 1 : 0);
  if (cmp == 0 && sticky) cmp = 1;
  const bool inexact = rem != 0 || sticky;
  return q + (round_up(sign, (q & 1U) != 0, cmp, inexact, r) ? 1U : 0U);
}

/// Rounds the value (-1)^sign * (mag + sticky*tiny) * 2^exp to format s in
/// mode r and returns its encoding. A zero magnitude without sticky gives a
/// zero of the given sign. Overflow gives infinity or the largest finite
/// value as IEEE-754 specifies for the mode.
[[nodiscard]] constexpr std::uint64_t round_pack(bool sign, U128 mag, int exp, bool sticky, const Spec& s,
                                                 FpRounding r) noexcept {
  if (mag == 0 && !sticky) return zero_bits(s, sign);
  const int p = static_cast<int>(s.prec);
  // Exponent of the leading bit; a pure sticky value lies below exp.
  const int lead = mag == 0 ? exp - 1 : exp + static_cast<int>(bit_length(mag)) - 1;
  int q = lead - (p - 1);                    // exponent of the result's last kept bit
  if (q < emin(s) - (p - 1)) q = emin(s) - (p - 1);  // subnormal range: fixed quantum
  U128 m = 0;
  if (q <= exp) {
    m = mag << static_cast<unsigned>(exp - q);  // exact: fits in p bits
    if (sticky) m = shift_round(m, 0, true, sign, r);
  } else {
    m = shift_round(mag, static_cast<unsigned>(q - exp), sticky, sign, r);
  }
  if (m >> p) {  // rounding carried into a new leading bit
    m >>= 1;
    ++q;
  }
  if (m == 0) return zero_bits(s, sign);
  const bool normal = (m >> (p - 1)) != 0;
  const int e_res = q + p - 1;
  if (normal && e_res > emax(s)) {
    const bool to_inf = r == FpRounding::Rn || r == FpRounding::Rna ||
                        (r == FpRounding::Rp && !sign) || (r == FpRounding::Rm && sign);
    return to_inf ? inf_bits(s, sign) : max_finite_bits(s, sign);
  }
  const unsigned pad = s.frac_bits - (s.prec - 1);
  const auto mm = static_cast<std::uint64_t>(m);
  std::uint64_t bits = zero_bits(s, sign);
  if (normal) {
    const auto biased = static_cast<std::uint64_t>(e_res + s.bias);
    bits |= (biased << s.frac_bits) | ((mm & low_mask(s.prec - 1)) << pad);
  } else {
    bits |= mm << pad;
  }
  return bits;
}

/// Encodes an unpacked value exactly when it is representable, rounding it
/// otherwise (NaN becomes the format's canonical NaN).
[[nodiscard]] constexpr std::uint64_t pack(const FpVal& v, const Spec& s, FpRounding r) noexcept {
  switch (v.kind) {
    case Kind::Zero: return zero_bits(s, v.sign);
    case Kind::Inf: return inf_bits(s, v.sign);
    case Kind::NaN: return canonical_nan(s);
    case Kind::Finite: return round_pack(v.sign, v.mant, v.exp, false, s, r);
  }
  return 0;
}

/// Flushes a subnormal encoding to the zero of the same sign (`.ftz`).
[[nodiscard]] constexpr std::uint64_t flush_subnormal(std::uint64_t bits, const Spec& s) noexcept {
  bits &= low_mask(s.width);
  return is_subnormal_bits(bits, s) ? (bits & sign_bit(s)) : bits;
}

}  // namespace lockstep::sem::fp
