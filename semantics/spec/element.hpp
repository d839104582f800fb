// Element values of launch specs: numbers as written, their encoding into
// the bits of a PTX type, and printing elements back.
//
// A SpecNumber is a TOML number (or, for u64, a string) before its type is
// known. encode_number() turns it into the raw little-endian bits of a type,
// zero-extended to 64 bits, with these rules:
//  - unsigned types (u8..u64): integers in 0 .. 2^w-1;
//  - signed types (s8..s64): integers in -2^(w-1) .. 2^(w-1)-1 (bits are the
//    two's complement);
//  - bit types (b8..b64, used when resolving [constants] against .b
//    variables): integers in -2^(w-1) .. 2^w-1;
//  - u64 and b64 also take a string, "0x" followed by 1..16 hex digits or a
//    decimal number up to 18446744073709551615, because TOML integers stop at
//    2^63-1; no other type takes a string;
//  - a float is never accepted for an integer type, not even 3.0;
//  - f16/f32/f64 take integers and floats, rounded once to nearest (ties to
//    even); a finite value whose rounding overflows the type is an error, a
//    value that underflows rounds to zero or a subnormal as in C; inf, -inf
//    and nan are accepted (nan becomes the quiet NaN of the type with the
//    sign as written: f16 0x7e00, f32 0x7fc00000, f64 0x7ff8000000000000).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "frontend/ir/instr.hpp"
#include "frontend/ir/types.hpp"

namespace lockstep::sem {

/// A number as written in a launch spec, before its type is known.
struct SpecNumber {
  enum class Kind : std::uint8_t { Integer, Float, String };
  Kind kind = Kind::Integer;
  std::int64_t integer = 0;  ///< Kind::Integer
  double real = 0.0;         ///< Kind::Float
  std::string text;          ///< Kind::String: the string as written, without quotes
  ir::SrcLoc loc;            ///< where it is written in the spec file

  /// The number as the spec writes it: 5, 1.5, "0xff" (used in messages).
  [[nodiscard]] std::string spelling() const;
};

/// The outcome of encode_number: bits, or why the number does not fit.
struct Encoded {
  std::uint64_t bits = 0;  ///< raw bits, zero-extended
  std::string error;       ///< empty when the number was encoded
  [[nodiscard]] bool ok() const noexcept { return error.empty(); }
};

/// Encodes n as a value of type t (rules above). Types other than
/// u8..u64, s8..s64, b8..b64, f16, f32, f64 give an error.
[[nodiscard]] Encoded encode_number(ir::Type t, const SpecNumber& n);

/// Parses "0x" followed by hex digits, or decimal digits, as a u64; nullopt
/// when malformed or above 2^64-1 (also used for "random:SEED").
[[nodiscard]] std::optional<std::uint64_t> parse_u64_text(std::string_view s);

/// The element types a buffer or a scalar parameter may have:
/// u8 u16 u32 u64 s8 s16 s32 s64 f16 f32 f64.
[[nodiscard]] std::optional<ir::Type> parse_element_type(std::string_view name) noexcept;
/// "u8, u16, u32, u64, s8, s16, s32, s64, f16, f32, f64" (for messages).
[[nodiscard]] std::string_view element_type_list() noexcept;

/// Whether bits (zero-extended) is a NaN of the float type t (false for others).
[[nodiscard]] bool is_nan_bits(ir::Type t, std::uint64_t bits) noexcept;

/// Little-endian load/store of `bytes` (1..8) bytes.
[[nodiscard]] std::uint64_t load_le(const std::uint8_t* p, unsigned bytes) noexcept;
void store_le(std::uint8_t* p, unsigned bytes, std::uint64_t value) noexcept;

/// Prints one element of type t stored little-endian at `bytes`: unsigned and
/// bit types in decimal, signed types in decimal with a sign, floats as the
/// shortest text that reads back to the same value ("1", "0.1", "1e+20",
/// "inf", "-nan"); f16 prints as the f32 of the same value.
[[nodiscard]] std::string format_element(ir::Type t, const std::uint8_t* bytes);
/// The same for a value held as zero-extended bits.
[[nodiscard]] std::string format_bits(ir::Type t, std::uint64_t bits);

}  // namespace lockstep::sem
