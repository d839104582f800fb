// Conversions between the 16-bit float formats (IEEE binary16 `.f16` and
// bfloat16 `.bf16`) and double, for the half-precision atomics.
//
// Every f16 and bf16 value is exactly representable as a double, and the sum
// of two of them rounded once to double and then once to the narrow format
// is the correctly rounded sum (double has more than 2p+2 significand bits
// for both formats), so the atomics compute in double. Rounding to the
// narrow format is to nearest, ties to even, with subnormals kept (the
// `.noftz` atomics preserve subnormal inputs and results). A NaN converts
// to the canonical NaN 0x7fff.
#pragma once

#include <cstdint>

namespace lockstep::sem {

enum class NarrowFloat : std::uint8_t { F16, BF16 };

[[nodiscard]] double narrow_to_double(NarrowFloat f, std::uint16_t bits) noexcept;
[[nodiscard]] std::uint16_t double_to_narrow(NarrowFloat f, double v) noexcept;
[[nodiscard]] bool narrow_is_nan(NarrowFloat f, std::uint16_t bits) noexcept;

}  // namespace lockstep::sem
