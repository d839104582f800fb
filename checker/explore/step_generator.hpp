// What the explorer needs from a state space: the successors of a state by
// one action, the initial private prefix, and in-place canonicalisation.
//
// The concrete generator (concrete_generator.hpp) gives one successor per
// action; the symbolic generator (checker/symbolic) gives one per feasible
// combination of branch decisions on symbolic values. Successor slots are
// reused: a generator copy-assigns into `out[i]` (growing `out` only when it
// is too short), so the steady state allocates nothing.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checker/explore/exploration.hpp"

namespace lockstep::checker {

template <class S>
struct Successor {
  S state;
  StepRecord record;
};

/// A bound a generator hit (symbolic forks, address values, solver unknown).
struct GeneratorCut {
  BoundKind kind = BoundKind::None;
  std::uint64_t limit = 0;
  std::string detail;
};

template <class G, class S>
concept StepGenerator = requires(G& g, const S& cs, S& s, std::uint32_t w, unsigned key,
                                 std::vector<Successor<S>>& out, std::vector<StepRecord>& records,
                                 ExploreStats& stats) {
  /// Writes the successors of `cs` by unit `key` of warp `w` to out[0, n) and returns n.
  /// n == 0 only when the generator hit a bound (then `cut()` says which).
  { g.successors(cs, w, key, out) } -> std::same_as<std::size_t>;
  /// Advances every unit of the initial state through its private prefix, appending the steps.
  { g.prefix(s, records) } -> std::same_as<void>;
  /// Puts `s` in canonical form (dead registers zeroed), in place.
  { g.canonicalize(s) } -> std::same_as<void>;
  { g.cut() } -> std::same_as<const std::optional<GeneratorCut>&>;
  /// A bound that cut some step's successors short while others were still
  /// produced: the search goes on (counterexamples stay real) but is not
  /// exhaustive. The first such bound, if any.
  { g.partial() } -> std::same_as<const std::optional<GeneratorCut>&>;
  /// Adds the generator's own figures (solver queries) to `stats`.
  { g.add_stats(stats) } -> std::same_as<void>;
};

}  // namespace lockstep::checker
