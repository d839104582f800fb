// Floating-point formats, rounding modes, comparisons and classes: the
// vocabulary of the floating-point operations every value domain provides.
//
// These enums are domain-independent: the concrete domain
// (concrete_float.hpp) and a symbolic domain implement the same operations
// over them. Instruction semantics (exec/exec_float*.hpp, exec/exec_cvt.hpp)
// translate the IR's modifiers into these values.
//
// Formats and their bit layouts (value bits in the low bits of a lane value):
//   F16   IEEE binary16: 1 sign, 5 exponent, 10 fraction bits (bits 15..0)
//   BF16  bfloat16:      1 sign, 8 exponent, 7 fraction bits  (bits 15..0)
//   TF32  lockstep's layout (the manual leaves it implementation defined):
//         an f32 bit pattern whose 13 low fraction bits are zero, i.e. f32
//         range with 10 fraction bits (bits 31..0)
//   F32   IEEE binary32 (bits 31..0)
//   F64   IEEE binary64 (bits 63..0)
// Packed f16x2/bf16x2 values hold element 0 in bits 15..0, element 1 in
// bits 31..16; instruction semantics split them and use F16/BF16.
#pragma once

#include <cstdint>

namespace lockstep::sem {

enum class FpFormat : std::uint8_t { F16, BF16, TF32, F32, F64 };

/// Rounding of a floating-point result (or of a value to an integer):
/// nearest-even, toward zero, toward -inf, toward +inf, nearest-away.
enum class FpRounding : std::uint8_t { Rn, Rz, Rm, Rp, Rna };

/// Floating-point comparisons of set/setp: ordered (false when either
/// operand is NaN), unordered (true when either is NaN), num, nan.
enum class FpCmp : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge, Equ, Neu, Ltu, Leu, Gtu, Geu, Num, Nan };

/// testp classes (zero counts as normal, as the manual says).
enum class FpClass : std::uint8_t { Finite, Infinite, Number, NotANumber, Normal, Subnormal };

/// Boolean combination of a comparison result with a predicate (set/setp).
enum class PredOp : std::uint8_t { And, Or, Xor };

/// The `.approx` functions (see concrete_float_approx.hpp for lockstep's
/// definition of each). RcpF64Hi and RsqrtF64Hi are rcp/rsqrt.approx.ftz.f64,
/// which work on the upper 32 bits of the operand.
enum class FpApprox : std::uint8_t { Sin, Cos, Lg2, Ex2, Tanh, Rsqrt, RcpF64Hi, RsqrtF64Hi };

/// Width in bits of a value of the format.
[[nodiscard]] constexpr unsigned fp_width(FpFormat f) noexcept {
  switch (f) {
    case FpFormat::F16:
    case FpFormat::BF16: return 16;
    case FpFormat::TF32:
    case FpFormat::F32: return 32;
    case FpFormat::F64: return 64;
  }
  return 0;
}

/// Bits of +1.0 in the format (set's floating-point "true").
[[nodiscard]] constexpr std::uint64_t fp_one_bits(FpFormat f) noexcept {
  switch (f) {
    case FpFormat::F16: return 0x3c00U;
    case FpFormat::BF16: return 0x3f80U;
    case FpFormat::TF32:
    case FpFormat::F32: return 0x3f800000U;
    case FpFormat::F64: return 0x3ff0000000000000ULL;
  }
  return 0;
}

}  // namespace lockstep::sem
