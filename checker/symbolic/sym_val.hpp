// A register value of the symbolic domain: concrete bits or a handle to a
// Z3 term.
//
// Registers are arrays that default-construct their values, and z3::expr has
// no default constructor, so a value is a 16-byte trivially copyable handle:
// `term == 0` means concrete (`bits` holds the value, zero-extended as in the
// concrete domain); otherwise `term` indexes the exploration's term table
// (sym_context.hpp), every term there being a 64-bit bit-vector that follows
// the concrete domain's conventions (the value zero-extended to 64 bits, or
// sign-extended where the concrete domain sign-extends). Z3 hash-conses
// terms and the table maps a term to one index, so equal terms have equal
// handles on every path: hashing the 16 bytes of a handle is canonical.
// A default-constructed value is the concrete 0.
#pragma once

#include <cstdint>
#include <type_traits>

namespace lockstep::checker {

struct SymVal {
  std::uint64_t bits = 0;   ///< the value when concrete; 0 when symbolic
  std::uint32_t term = 0;   ///< 0: concrete; else the term's index in the term table
  std::uint32_t width = 0;  ///< 0 when concrete; 64 (the term's width) when symbolic

  [[nodiscard]] static constexpr SymVal of(std::uint64_t b) noexcept { return SymVal{b, 0, 0}; }
  [[nodiscard]] static constexpr SymVal of_term(std::uint32_t t) noexcept { return SymVal{0, t, 64}; }
  [[nodiscard]] constexpr bool concrete() const noexcept { return term == 0; }
  friend constexpr bool operator==(const SymVal&, const SymVal&) = default;
};

static_assert(sizeof(SymVal) == 16 && std::is_trivially_copyable_v<SymVal>);

}  // namespace lockstep::checker
