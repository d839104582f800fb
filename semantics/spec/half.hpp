// IEEE 754 binary16 (f16) conversions for launch specs.
//
// The spec reader turns TOML numbers into f16 bit patterns and prints f16
// elements back; both directions are exact bit manipulations on the host so
// the result does not depend on compiler support for _Float16:
//  - double_to_half rounds once, to nearest with ties to even (no detour
//    through float, which could round twice); values whose magnitude rounds
//    past the largest finite f16 (65504) become infinity; NaN keeps its sign
//    and becomes the quiet NaN 0x7e00.
//  - half_to_double is exact (every f16 value is a double), NaN payloads kept
//    as far as the wider format holds them.
#pragma once

#include <cstdint>

namespace lockstep::sem {

[[nodiscard]] std::uint16_t double_to_half(double v) noexcept;
[[nodiscard]] double half_to_double(std::uint16_t h) noexcept;
/// The f32 with the same value as h (exact; NaN payload shifted into place).
[[nodiscard]] float half_to_float(std::uint16_t h) noexcept;

}  // namespace lockstep::sem
