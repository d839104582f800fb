// Correctly rounded add, multiply, fused multiply-add, divide and square
// root on encodings of one format, in software (see concrete_float_round.hpp
// for how exactness is obtained).
//
// Special values follow IEEE-754: inf - inf, 0 * inf, 0/0, inf/inf and the
// square root of a negative number are invalid and give NaN; x/0 gives a
// signed infinity; an exact zero sum is +0 (-0 when rounding toward -inf),
// the sum of two zeros of one sign keeps that sign.
//
// NaN results (lockstep's choice where the manual leaves the payload open):
// the manual says double-precision instructions support NaN payloads and
// single/half-precision instructions return an unspecified NaN. lockstep
// returns, for f64, the first NaN operand with its quiet bit set (or
// 0x7fffffffffffffff when the operation creates the NaN), and for every
// other format the canonical NaN of concrete_float_round.hpp (0x7fffffff for
// f32, 0x7fff for f16/bf16), as NVIDIA GPUs do.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <utility>

#include "semantics/value/concrete_float_round.hpp"

namespace lockstep::sem::fp {

/// The NaN result of an operation whose operands are `ops` (see the file
/// comment).
[[nodiscard]] constexpr std::uint64_t nan_result(const Spec& s, std::initializer_list<std::uint64_t> ops) noexcept {
  const bool payloads = s.width == 64 && s.prec == 53;
  if (payloads) {
    for (const std::uint64_t o : ops) {
      if (is_nan_bits(o, s)) return (o & low_mask(s.width)) | (std::uint64_t{1} << (s.frac_bits - 1));
    }
  }
  return canonical_nan(s);
}

/// An exact value, or an exact prefix plus a sticky flag (see round_pack).
struct Exact {
  bool sign = false;
  U128 mag = 0;
  int exp = 0;
  bool sticky = false;
  [[nodiscard]] constexpr bool is_zero() const noexcept { return mag == 0 && !sticky; }
};

/// (-1)^sa * ma * 2^ea + (-1)^sb * mb * 2^eb for nonzero magnitudes of at
/// most 120 bits, exact or with a sticky flag far below the top bit.
[[nodiscard]] constexpr Exact exact_sum(bool sa, U128 ma, int ea, bool sb, U128 mb, int eb) noexcept {
  constexpr unsigned kTop = 125;  // leading bit position after normalising
  const unsigned na = kTop + 1 - bit_length(ma);
  const unsigned nb = kTop + 1 - bit_length(mb);
  ma <<= na;
  ea -= static_cast<int>(na);
  mb <<= nb;
  eb -= static_cast<int>(nb);
  if (ea < eb || (ea == eb && ma < mb)) {
    std::swap(sa, sb);
    std::swap(ma, mb);
    std::swap(ea, eb);
  }
  const auto d = static_cast<unsigned>(ea - eb);
  U128 small = 0;
  bool sticky = false;
  if (d >= 126) {
    sticky = true;
  } else {
    small = mb >> d;
    sticky = d != 0 && (mb & ((U128{1} << d) - 1)) != 0;
  }
  Exact r{sa, 0, ea, false};
  if (sa == sb) {
    r.mag = ma + small;
    r.sticky = sticky;
  } else {
    r.mag = ma - small;
    if (sticky) {  // ma - (small + eps) = (ma - small - 1) + (1 - eps)
      r.mag -= 1;
      r.sticky = true;
    }
  }
  return r;
}

/// Rounds an Exact; an exact zero gets `zero_sign`.
[[nodiscard]] constexpr std::uint64_t round_exact(const Exact& x, bool zero_sign, const Spec& s,
                                                  FpRounding r) noexcept {
  if (x.is_zero()) return zero_bits(s, zero_sign);
  return round_pack(x.sign, x.mag, x.exp, x.sticky, s, r);
}

/// Sign of an exact zero sum of operands with signs sa and sb.
[[nodiscard]] constexpr bool zero_sum_sign(bool sa, bool sb, FpRounding r) noexcept {
  return sa == sb ? sa : r == FpRounding::Rm;
}

/// a + b (b's sign flipped when `negate_b`: subtraction).
[[nodiscard]] constexpr std::uint64_t add_bits(std::uint64_t a, std::uint64_t b, bool negate_b, const Spec& s,
                                               FpRounding r) noexcept {
  FpVal x = decode(a, s);
  FpVal y = decode(b, s);
  if (x.kind == Kind::NaN || y.kind == Kind::NaN) return nan_result(s, {a, b});
  y.sign = y.sign != negate_b;
  if (x.kind == Kind::Inf && y.kind == Kind::Inf) {
    return x.sign == y.sign ? inf_bits(s, x.sign) : nan_result(s, {});
  }
  if (x.kind == Kind::Inf) return inf_bits(s, x.sign);
  if (y.kind == Kind::Inf) return inf_bits(s, y.sign);
  if (x.kind == Kind::Zero && y.kind == Kind::Zero) return zero_bits(s, zero_sum_sign(x.sign, y.sign, r));
  if (x.kind == Kind::Zero) return pack(y, s, r);
  if (y.kind == Kind::Zero) return pack(x, s, r);
  const Exact e = exact_sum(x.sign, x.mant, x.exp, y.sign, y.mant, y.exp);
  return round_exact(e, r == FpRounding::Rm, s, r);
}

[[nodiscard]] constexpr std::uint64_t mul_bits(std::uint64_t a, std::uint64_t b, const Spec& s,
                                               FpRounding r) noexcept {
  const FpVal x = decode(a, s);
  const FpVal y = decode(b, s);
  if (x.kind == Kind::NaN || y.kind == Kind::NaN) return nan_result(s, {a, b});
  const bool sign = x.sign != y.sign;
  if (x.kind == Kind::Inf || y.kind == Kind::Inf) {
    return (x.kind == Kind::Zero || y.kind == Kind::Zero) ? nan_result(s, {}) : inf_bits(s, sign);
  }
  if (x.kind == Kind::Zero || y.kind == Kind::Zero) return zero_bits(s, sign);
  return round_pack(sign, U128{x.mant} * y.mant, x.exp + y.exp, false, s, r);
}

/// a * b + c with a single rounding.
[[nodiscard]] constexpr std::uint64_t fma_bits(std::uint64_t a, std::uint64_t b, std::uint64_t c, const Spec& s,
                                               FpRounding r) noexcept {
  const FpVal x = decode(a, s);
  const FpVal y = decode(b, s);
  const FpVal z = decode(c, s);
  if (x.kind == Kind::NaN || y.kind == Kind::NaN || z.kind == Kind::NaN) return nan_result(s, {a, b, c});
  const bool ps = x.sign != y.sign;
  const bool p_inf = x.kind == Kind::Inf || y.kind == Kind::Inf;
  const bool p_zero = x.kind == Kind::Zero || y.kind == Kind::Zero;
  if (p_inf && p_zero) return nan_result(s, {});
  if (p_inf) return (z.kind == Kind::Inf && z.sign != ps) ? nan_result(s, {}) : inf_bits(s, ps);
  if (z.kind == Kind::Inf) return inf_bits(s, z.sign);
  if (p_zero) return z.kind == Kind::Zero ? zero_bits(s, zero_sum_sign(ps, z.sign, r)) : pack(z, s, r);
  const U128 pm = U128{x.mant} * y.mant;
  const int pe = x.exp + y.exp;
  if (z.kind == Kind::Zero) return round_pack(ps, pm, pe, false, s, r);
  const Exact e = exact_sum(ps, pm, pe, z.sign, z.mant, z.exp);
  return round_exact(e, r == FpRounding::Rm, s, r);
}

[[nodiscard]] constexpr std::uint64_t div_bits(std::uint64_t a, std::uint64_t b, const Spec& s,
                                               FpRounding r) noexcept {
  const FpVal x = decode(a, s);
  const FpVal y = decode(b, s);
  if (x.kind == Kind::NaN || y.kind == Kind::NaN) return nan_result(s, {a, b});
  const bool sign = x.sign != y.sign;
  if (x.kind == Kind::Inf) return y.kind == Kind::Inf ? nan_result(s, {}) : inf_bits(s, sign);
  if (y.kind == Kind::Inf) return zero_bits(s, sign);
  if (y.kind == Kind::Zero) return x.kind == Kind::Zero ? nan_result(s, {}) : inf_bits(s, sign);
  if (x.kind == Kind::Zero) return zero_bits(s, sign);
  const unsigned shift = 117 - bit_length(x.mant);  // dividend leading bit at 116
  const U128 num = U128{x.mant} << shift;
  const U128 quo = num / y.mant;
  const bool sticky = num % y.mant != 0;
  return round_pack(sign, quo, x.exp - static_cast<int>(shift) - y.exp, sticky, s, r);
}

/// Integer square root: floor(sqrt(n)) and whether n was not a square.
[[nodiscard]] constexpr std::pair<U128, bool> isqrt(U128 n) noexcept {
  U128 res = 0;
  U128 bit = U128{1} << 126;
  while (bit > n) bit >>= 2;
  while (bit != 0) {
    if (n >= res + bit) {
      n -= res + bit;
      res = (res >> 1) + bit;
    } else {
      res >>= 1;
    }
    bit >>= 2;
  }
  return {res, n != 0};
}

[[nodiscard]] constexpr std::uint64_t sqrt_bits(std::uint64_t a, const Spec& s, FpRounding r) noexcept {
  const FpVal x = decode(a, s);
  if (x.kind == Kind::NaN) return nan_result(s, {a});
  if (x.kind == Kind::Zero) return zero_bits(s, x.sign);  // sqrt(-0) = -0
  if (x.sign) return nan_result(s, {});
  if (x.kind == Kind::Inf) return inf_bits(s, false);
  U128 m = x.mant;
  int e = x.exp;
  if ((e & 1) != 0) {
    m <<= 1;
    --e;
  }
  const unsigned k = (126 - bit_length(m)) / 2;
  m <<= 2 * k;
  e -= static_cast<int>(2 * k);
  const auto [root, inexact] = isqrt(m);
  return round_pack(false, root, e / 2, inexact, s, r);
}

}  // namespace lockstep::sem::fp
