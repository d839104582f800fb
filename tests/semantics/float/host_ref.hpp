// Host reference values for the floating-point property tests: the host's
// IEEE-754 float/double arithmetic evaluated under a given rounding mode
// (std::fesetround in a guard that restores the previous mode; operands
// and results pass through volatile objects so the compiler cannot fold or
// move the operation out of the guarded region), and random operands that
// cover every class of value.
#pragma once

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <random>

#include "semantics/value/fp_mode.hpp"

namespace lockstep::test {

/// Sets the host rounding mode for its lifetime.
class RoundGuard {
 public:
  explicit RoundGuard(sem::FpRounding r) : saved_(std::fegetround()) { std::fesetround(host_mode(r)); }
  ~RoundGuard() { std::fesetround(saved_); }
  RoundGuard(const RoundGuard&) = delete;
  RoundGuard& operator=(const RoundGuard&) = delete;

  static int host_mode(sem::FpRounding r) {
    switch (r) {
      case sem::FpRounding::Rz: return FE_TOWARDZERO;
      case sem::FpRounding::Rm: return FE_DOWNWARD;
      case sem::FpRounding::Rp: return FE_UPWARD;
      default: return FE_TONEAREST;
    }
  }

 private:
  int saved_;
};

enum class HostOp { Add, Sub, Mul, Div, Fma, Sqrt };

/// a op b (op c) in type T under rounding mode r.
template <class T>
T host_eval(HostOp op, T a, T b, T c, sem::FpRounding r) {
  RoundGuard g(r);
  volatile T x = a;
  volatile T y = b;
  volatile T z = c;
  volatile T out = 0;
  switch (op) {
    case HostOp::Add: out = x + y; break;
    case HostOp::Sub: out = x - y; break;
    case HostOp::Mul: out = x * y; break;
    case HostOp::Div: out = x / y; break;
    case HostOp::Fma: out = std::fma(static_cast<T>(x), static_cast<T>(y), static_cast<T>(z)); break;
    case HostOp::Sqrt: out = std::sqrt(static_cast<T>(x)); break;
  }
  return out;
}

/// Random encodings of width 32 or 64 mixing uniform bits, moderate
/// exponents (so that operands interact), subnormals and special values.
class RandomFloats {
 public:
  explicit RandomFloats(std::uint64_t seed) : rng_(seed) {}

  std::uint32_t f32() { return static_cast<std::uint32_t>(draw(8, 23)); }
  std::uint64_t f64() { return draw(11, 52); }
  /// A value close to `x` (same exponent region), for cancellation.
  std::uint64_t near(std::uint64_t x, unsigned frac_bits) {
    const std::uint64_t delta = pick(0, 64);
    const unsigned top = frac_bits + (frac_bits == 23 ? 8U : 11U);  // sign bit position
    const std::uint64_t mask = top == 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (top + 1)) - 1;
    std::uint64_t y = pick(0, 1) != 0 ? x + delta : x - delta;
    if (pick(0, 1) != 0) y ^= std::uint64_t{1} << top;
    return y & mask;
  }
  std::uint64_t pick(std::uint64_t lo, std::uint64_t hi) {
    return std::uniform_int_distribution<std::uint64_t>(lo, hi)(rng_);
  }

 private:
  std::uint64_t draw(unsigned exp_bits, unsigned frac_bits) {
    const unsigned width = 1 + exp_bits + frac_bits;
    const std::uint64_t mask = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
    const std::uint64_t frac = rng_() & ((std::uint64_t{1} << frac_bits) - 1);
    const std::uint64_t sign = pick(0, 1) << (width - 1);
    const std::uint64_t emax = (std::uint64_t{1} << exp_bits) - 1;
    const std::uint64_t bias = emax / 2;
    switch (pick(0, 9)) {
      case 0:
      case 1:
      case 2: return rng_() & mask;
      case 3:
      case 4:
      case 5:
      case 6: return sign | (pick(bias - 20, bias + 20) << frac_bits) | frac;
      case 7: return sign | frac;  // subnormal (or zero)
      case 8: return sign | (pick(1, 3) << frac_bits) | frac;  // tiny normals
      default: {
        const std::uint64_t specials[] = {0, emax << frac_bits, (emax << frac_bits) | 1,
                                          ((emax - 1) << frac_bits) | ((std::uint64_t{1} << frac_bits) - 1),
                                          std::uint64_t{1} << frac_bits, bias << frac_bits};
        return sign | specials[pick(0, 5)];
      }
    }
  }
  std::mt19937_64 rng_;
};

}  // namespace lockstep::test
