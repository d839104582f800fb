// Conversions between f32 and the 16-bit formats (IEEE binary16 "f16" and
// bfloat16 "bf16"), on raw bits, with IEEE-754 rounding in any mode.
//
// Widening (f16/bf16 -> f32) is exact. Narrowing rounds in the given mode,
// handling overflow (to infinity or the largest finite value as the mode
// requires), subnormal results and ties. NaN becomes the canonical NaN of
// the destination (0x7fff for f16/bf16, 0x7fffffff for f32). These are
// thin wrappers over the software rounding of concrete_float_round.hpp, for
// other parts of lockstep (atomics on f16, tests) that need the formats.
#pragma once

#include <cstdint>

#include "semantics/value/concrete_float_convert.hpp"

namespace lockstep::sem {

[[nodiscard]] constexpr std::uint16_t f32_to_f16(std::uint32_t f, FpRounding r = FpRounding::Rn) noexcept {
  return static_cast<std::uint16_t>(fp::float_to_float(f, fp::kF32, false, fp::kF16, false, r));
}
[[nodiscard]] constexpr std::uint32_t f16_to_f32(std::uint16_t h) noexcept {
  return static_cast<std::uint32_t>(fp::float_to_float(h, fp::kF16, false, fp::kF32, false, FpRounding::Rn));
}
[[nodiscard]] constexpr std::uint16_t f32_to_bf16(std::uint32_t f, FpRounding r = FpRounding::Rn) noexcept {
  return static_cast<std::uint16_t>(fp::float_to_float(f, fp::kF32, false, fp::kBF16, false, r));
}
[[nodiscard]] constexpr std::uint32_t bf16_to_f32(std::uint16_t h) noexcept {
  return static_cast<std::uint32_t>(fp::float_to_float(h, fp::kBF16, false, fp::kF32, false, FpRounding::Rn));
}

}  // namespace lockstep::sem
