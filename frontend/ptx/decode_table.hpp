// The opcode table of the decoder: every PTX opcode word lowering accepts,
// with the IR opcode it becomes, the family of checks it goes through, and
// the types, flags and modifier groups it allows.
#pragma once

#include <cstdint>
#include <string_view>

#include "frontend/ir/opcode.hpp"
#include "frontend/ir/types.hpp"
#include "frontend/ptx/decode_tokens.hpp"

namespace lockstep::ptx::decode {

/// Which family of checks (and operand shape) an opcode goes through.
enum class Family : std::uint8_t {
  Arith,       ///< one type, `nops` operands: destination then sources
  Lop3, Dp, Testp, Set, Setp, Selp, Slct, Mov,
  Ld, Ldu, St, Prefetch, Isspacep, Cvta, Cvt,
  Atom, Red,
  Vote, Shfl, Match, Activemask, Redux,
  Bar, Barrier, Membar, Fence,
  Bra, Brx, Ret, NoOperands, Nanosleep, Pmevent, Call,
  Unsupported,  ///< a known PTX opcode lowering rejects; `message` says why
};

/// Bit of a Type in a type set.
[[nodiscard]] constexpr std::uint32_t type_bit(ir::Type t) noexcept {
  return 1U << static_cast<unsigned>(t);
}
/// Bit of a modifier group in OpDesc::groups.
[[nodiscard]] constexpr std::uint32_t group_bit(Group g) noexcept {
  return 1U << static_cast<unsigned>(g);
}

struct OpDesc {
  std::string_view name;          ///< opcode word, e.g. "setp"
  ir::Opcode op = ir::Opcode::Trap;
  Family family = Family::Arith;
  std::uint8_t nops = 0;          ///< Family::Arith: operand count
  std::uint32_t types = 0;        ///< allowed (first) types; 0 = takes no type
  std::uint32_t flags = 0;        ///< allowed InstrFlag bits
  std::uint32_t groups = 0;       ///< allowed groups besides Type and Flag
  std::string_view message;       ///< Family::Unsupported: the error text
};

/// The descriptor of an opcode word, or nullptr when the word is unknown.
[[nodiscard]] const OpDesc* find_opcode(std::string_view word) noexcept;

}  // namespace lockstep::ptx::decode
