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

  // ---- hooks of the launch state and the memory semantics ---------------------
  // A domain with per-state data (the symbolic one: path condition, shadow of
  // symbolic memory bytes) implements them; here they are the identity.
  /// The launch state is about to execute pc for warp w of block b.
  static constexpr void enter(std::uint32_t /*block*/, std::uint32_t /*warp*/, std::uint32_t /*pc*/) noexcept {}
  /// A loaded element of `size` bytes at target t for `lane`; `bits` is the
  /// memory's content already extended to 64 bits the way ld extends it
  /// (`is_signed`: sign extension).
  template <class Target>
  [[nodiscard]] static constexpr V load_value(const Target& /*t*/, unsigned /*lane*/, unsigned /*size*/,
                                              std::uint64_t bits, bool /*is_signed*/) noexcept {
    return bits;
  }
  /// The bits to store for value v (`size` bytes at target t for `lane`).
  template <class Target>
  [[nodiscard]] static constexpr std::uint64_t store_value(const Target& /*t*/, unsigned /*lane*/, unsigned /*size*/,
                                                           V v) noexcept {
    return v;
  }
  /// Before an atomic read-modify-write of `size` bytes at t: memory must hold concrete bytes there.
  template <class Port, class Target>
  static constexpr void before_atomic(Port& /*m*/, const Target& /*t*/, unsigned /*lane*/, unsigned /*size*/) noexcept {}
  /// The domain's per-state data, for the launch state's hash and comparison.
  template <class Hasher>
  static constexpr void hash(Hasher& /*h*/) noexcept {}
  friend constexpr bool operator==(const ConcreteDomain&, const ConcreteDomain&) noexcept { return true; }
};

}  // namespace lockstep::sem
