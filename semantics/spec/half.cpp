#include "semantics/spec/half.hpp"

#include <bit>
#include <cmath>

namespace lockstep::sem {

std::uint16_t double_to_half(double v) noexcept {
  const auto sign = static_cast<std::uint16_t>(std::signbit(v) ? 0x8000U : 0U);
  if (std::isnan(v)) return static_cast<std::uint16_t>(sign | 0x7e00U);
  const double a = std::fabs(v);
  // 65520 is halfway between 65504 (largest finite) and 65536 (the next
  // power of two); the tie goes to the even neighbour, i.e. infinity.
  if (a >= 65520.0) return static_cast<std::uint16_t>(sign | 0x7c00U);
  int exp2 = 0;
  (void)std::frexp(a, &exp2);  // a = m * 2^exp2, m in [0.5, 1)
  // Unbiased exponent of a; subnormals share the scale of the smallest normal.
  const int e = a == 0.0 ? -14 : (exp2 - 1 < -14 ? -14 : exp2 - 1);
  // 10 fraction bits: scale so that the units place is the last kept bit.
  const double scaled = std::ldexp(a, 10 - e);  // exact (power-of-two scaling)
  double kept = std::floor(scaled);
  const double rest = scaled - kept;  // exact
  if (rest > 0.5 || (rest == 0.5 && std::fmod(kept, 2.0) != 0.0)) kept += 1.0;
  const auto significand = static_cast<std::uint32_t>(kept);  // < 2^11 (2^11 = carry)
  std::uint32_t bits = 0;
  if (e == -14 && significand < 1024U) {
    bits = significand;  // subnormal (or zero)
  } else {
    // significand in [1024, 2048]; the carry of 2048 bumps the exponent.
    bits = (static_cast<std::uint32_t>(e + 15) << 10) + (significand - 1024U);
  }
  return static_cast<std::uint16_t>(sign | bits);
}

double half_to_double(std::uint16_t h) noexcept { return static_cast<double>(half_to_float(h)); }

float half_to_float(std::uint16_t h) noexcept {
  const std::uint32_t sign = (static_cast<std::uint32_t>(h) & 0x8000U) << 16;
  const std::uint32_t exp = (static_cast<std::uint32_t>(h) >> 10) & 0x1fU;
  const std::uint32_t man = static_cast<std::uint32_t>(h) & 0x3ffU;
  if (exp == 0) {
    const float mag = std::ldexp(static_cast<float>(man), -24);  // exact
    return sign != 0 ? -mag : mag;
  }
  if (exp == 31) return std::bit_cast<float>(sign | 0x7f800000U | (man << 13));
  return std::bit_cast<float>(sign | ((exp - 15U + 127U) << 23) | (man << 13));
}

}  // namespace lockstep::sem
