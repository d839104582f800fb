// Scalar types and state spaces of the IR.
//
// A Type is the PTX type suffix of an instruction, register or variable
// (`.u32`, `.f16x2`, `.pred`, ...). A Space is a PTX state space (`.global`,
// `.shared`, ...). Both are small enums so decoded instructions need no
// string work at execution time.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace lockstep::ir {

enum class Type : std::uint8_t {
  None,
  Pred,
  B8, B16, B32, B64, B128,
  U8, U16, U32, U64,
  S8, S16, S32, S64,
  F16, F16x2, BF16, BF16x2, TF32, F32, F64,
};

enum class TypeClass : std::uint8_t { None, Pred, Bits, Unsigned, Signed, Float };

/// Width of a value of this type in bits (f16x2 is 32, pred is 1, none is 0).
[[nodiscard]] unsigned bit_width(Type t) noexcept;
/// Width in bytes as stored in memory (pred: 1 byte by convention, none: 0).
[[nodiscard]] unsigned byte_width(Type t) noexcept;
[[nodiscard]] TypeClass type_class(Type t) noexcept;
[[nodiscard]] inline bool is_float(Type t) noexcept { return type_class(t) == TypeClass::Float; }
[[nodiscard]] inline bool is_signed(Type t) noexcept { return type_class(t) == TypeClass::Signed; }
/// The PTX spelling without the dot, e.g. "u32"; "" for None.
[[nodiscard]] std::string_view type_name(Type t) noexcept;
/// Parses a spelling without the dot ("u32", "f16x2", "pred").
[[nodiscard]] std::optional<Type> parse_type(std::string_view s) noexcept;

enum class Space : std::uint8_t {
  None,
  Generic,   ///< no space suffix on a memory instruction
  Reg,
  SReg,
  Const,
  Global,
  Local,
  Param,
  Shared,         ///< .shared or .shared::cta
  SharedCluster,  ///< .shared::cluster
  Tex,
  Surf,
};

/// The PTX spelling without the dot, e.g. "global", "shared::cluster".
[[nodiscard]] std::string_view space_name(Space s) noexcept;
[[nodiscard]] std::optional<Space> parse_space(std::string_view s) noexcept;

}  // namespace lockstep::ir
