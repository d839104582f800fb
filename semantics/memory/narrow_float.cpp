#include "semantics/memory/narrow_float.hpp"

#include <cmath>

namespace lockstep::sem {
namespace {

struct Format {
  int mant;  // fraction bits
  int bias;
  std::uint32_t exp_mask;  // exponent field, all ones
};

constexpr Format format(NarrowFloat f) noexcept {
  return f == NarrowFloat::F16 ? Format{10, 15, 0x1fU} : Format{7, 127, 0xffU};
}

/// Rounds a non-negative double to an integer, ties to even.
std::uint32_t round_even(double q) noexcept {
  const double fl = std::floor(q);
  const double d = q - fl;
  auto n = static_cast<std::uint32_t>(fl);
  if (d > 0.5 || (d == 0.5 && (n & 1U) != 0)) ++n;
  return n;
}

}  // namespace

bool narrow_is_nan(NarrowFloat f, std::uint16_t bits) noexcept {
  const Format F = format(f);
  const std::uint32_t e = (std::uint32_t{bits} >> F.mant) & F.exp_mask;
  const std::uint32_t frac = std::uint32_t{bits} & ((1U << F.mant) - 1);
  return e == F.exp_mask && frac != 0;
}

double narrow_to_double(NarrowFloat f, std::uint16_t bits) noexcept {
  const Format F = format(f);
  const bool neg = (bits & 0x8000U) != 0;
  const std::uint32_t e = (std::uint32_t{bits} >> F.mant) & F.exp_mask;
  const std::uint32_t frac = std::uint32_t{bits} & ((1U << F.mant) - 1);
  double v = 0;
  if (e == F.exp_mask) {
    v = frac == 0 ? HUGE_VAL : std::nan("");
  } else if (e == 0) {
    v = std::ldexp(static_cast<double>(frac), 1 - F.bias - F.mant);
  } else {
    v = std::ldexp(static_cast<double>(frac | (1U << F.mant)), static_cast<int>(e) - F.bias - F.mant);
  }
  return neg ? -v : v;
}

std::uint16_t double_to_narrow(NarrowFloat f, double v) noexcept {
  const Format F = format(f);
  if (std::isnan(v)) return 0x7fffU;
  const std::uint32_t sign = std::signbit(v) ? 0x8000U : 0U;
  const double a = std::fabs(v);
  const std::uint32_t inf = sign | (F.exp_mask << F.mant);
  if (std::isinf(a)) return static_cast<std::uint16_t>(inf);
  if (a == 0) return static_cast<std::uint16_t>(sign);
  int e2 = 0;
  static_cast<void>(std::frexp(a, &e2));
  int E = e2 - 1;  // a = 1.x * 2^E
  const int emin = 1 - F.bias;
  const std::uint32_t one = 1U << F.mant;
  if (E < emin) {  // subnormal (may round up to the smallest normal: bit `mant` is the exponent's 1)
    const std::uint32_t n = round_even(std::ldexp(a, F.mant - emin));
    return static_cast<std::uint16_t>(sign | n);
  }
  std::uint32_t n = round_even(std::ldexp(a, F.mant - E));
  if (n == 2 * one) {
    n = one;
    ++E;
  }
  if (E > F.bias) return static_cast<std::uint16_t>(inf);
  return static_cast<std::uint16_t>(sign | (static_cast<std::uint32_t>(E + F.bias) << F.mant) | (n - one));
}

}  // namespace lockstep::sem
