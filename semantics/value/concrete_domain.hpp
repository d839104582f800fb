// The concrete value domain: every lane value is the raw bits of a register
// (zero-extended to 64 bits; predicates are 0 or 1; f32 in the low 32 bits,
// f16 in the low 16).
//
// Instruction semantics (exec/) are templates over a domain D and call only
// D's operations; this domain implements them on host integers and IEEE
// floats. The symbolic domain of the checker implements the same operations
// on Z3 terms (one semantics, two domains: DESIGN decision 2).
#pragma once

#include <cstdint>

#include "semantics/value/concrete_float.hpp"
#include "semantics/value/concrete_int.hpp"

namespace lockstep::sem {

struct ConcreteDomain : ConcreteIntOps, ConcreteFloatOps {
  using V = std::uint64_t;
  /// A constant of the given bits (immediates, special registers, addresses).
  [[nodiscard]] static V constant(std::uint64_t bits) noexcept { return bits; }
  /// Logical negation of a predicate value (`!%p` sources).
  [[nodiscard]] static V pred_not(V v) noexcept { return v ^ 1U; }
  /// Truncates to the low `bits` bits (register write-back).
  [[nodiscard]] static V fit(V v, unsigned bits) noexcept {
    return bits >= 64 ? v : (v & ((std::uint64_t{1} << bits) - 1));
  }
  /// The concrete truth of a predicate value (guards, branch conditions).
  [[nodiscard]] static bool truth(V v) noexcept { return (v & 1U) != 0; }
  /// The concrete bits of a value (addresses, shuffle lanes, vote results).
  [[nodiscard]] static std::uint64_t bits(V v) noexcept { return v; }
};

}  // namespace lockstep::sem
