// Variables: named storage in a state space (module globals, kernel-scope
// shared/local/param variables, kernel parameters).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/ir/instr.hpp"
#include "frontend/ir/operand.hpp"
#include "frontend/ir/types.hpp"

namespace lockstep::ir {

enum class Linkage : std::uint8_t { None, Visible, Extern, Weak, Common };

/// An initialiser word that holds the address of another variable
/// (`.global .u64 p[2] = {generic($str), x+4};`).
struct Relocation {
  std::uint64_t byte_offset = 0;  ///< where in the variable the address is written
  std::uint32_t var = 0;          ///< module variable whose address is stored
  std::int64_t addend = 0;
  bool generic = false;           ///< `generic(sym)`: generic address, else space address
  friend bool operator==(const Relocation&, const Relocation&) = default;
};

struct Variable {
  std::string name;
  Space space = Space::None;
  Type type = Type::B8;           ///< element type
  std::uint8_t vec = 1;           ///< .v2/.v4 element vector width
  Linkage linkage = Linkage::None;
  std::uint32_t align = 0;        ///< explicit .align (0 = natural alignment of type)
  /// Array dimensions as declared; an empty vector is a scalar. A dimension of
  /// 0 is an unsized `[]` (extern shared arrays: the launch gives the size).
  std::vector<std::uint64_t> dims;
  bool has_init = false;
  std::vector<std::uint8_t> init;          ///< little-endian bytes, size_bytes() long when has_init
  std::vector<Relocation> relocations;
  bool is_param = false;          ///< an entry parameter (Kernel::params lists them in order)
  SrcLoc loc;

  [[nodiscard]] std::uint64_t element_bytes() const noexcept {
    return static_cast<std::uint64_t>(byte_width(type)) * vec;
  }
  [[nodiscard]] std::uint64_t element_count() const noexcept {
    std::uint64_t n = 1;
    for (auto d : dims) n *= d;
    return n;
  }
  [[nodiscard]] std::uint64_t size_bytes() const noexcept { return element_bytes() * element_count(); }
  [[nodiscard]] std::uint32_t alignment() const noexcept {
    return align != 0 ? align : static_cast<std::uint32_t>(element_bytes() == 0 ? 1 : element_bytes());
  }
};

/// Equality of the declared meaning, ignoring the source location.
[[nodiscard]] bool same_meaning(const Variable& a, const Variable& b) noexcept;

}  // namespace lockstep::ir
