// Exhaustive schedule exploration of one launch (the first piece of the
// schedule explorer of issue 5; docs/explorer-plan.md): depth-first search
// over every interleaving of the units that LaunchState::enabled offers,
// with a visited set of canonical 128-bit state hashes (StateHasher), a
// bound on the number of states, and statistics.
//
// Answers:
//   Deadlock     a reachable state with unfinished threads and no enabled
//                unit (barrier deadlocks, warp-sync rendezvous that can
//                never complete); `trace` is the schedule that reaches it.
//   Error        a reachable state where the launch faulted; `trace` again.
//   NoDeadlock   every state reachable for this launch shape and inputs was
//                explored and none is a deadlock or an error. `cycle` says
//                whether a cycle was found (a schedule that never ends may
//                then exist: this is not a proof of termination).
//   BoundReached the state bound stopped the search: inconclusive.
// States are matched by hash only (a collision could hide states; the
// probability is about n^2 / 2^129 for n states).
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/launch/launch_state.hpp"

namespace lockstep::checker {

enum class ExploreVerdict : std::uint8_t { NoDeadlock, Deadlock, Error, BoundReached };

/// "no-deadlock", "deadlock", "error", "bound-reached".
[[nodiscard]] const char* explore_verdict_name(ExploreVerdict v) noexcept;

struct ExploreAction {
  std::uint32_t warp = 0;
  unsigned key = 0;  ///< the unit key LaunchState::enabled gave
  friend bool operator==(const ExploreAction&, const ExploreAction&) = default;
};

struct ExploreOptions {
  std::uint64_t max_states = 1'000'000;
};

struct ExploreResult {
  ExploreVerdict verdict = ExploreVerdict::NoDeadlock;
  std::uint64_t states = 0;        ///< distinct states visited
  std::uint64_t transitions = 0;   ///< steps executed
  std::uint64_t terminal = 0;      ///< distinct states where the launch completed
  std::uint32_t max_depth = 0;     ///< deepest search stack
  bool cycle = false;              ///< a step led back to a state on the search stack
  std::vector<ExploreAction> trace;  ///< Deadlock/Error: the schedule from the initial state
};

/// Explores every schedule of `initial` under its divergence model.
template <sem::DivergenceModel M>
[[nodiscard]] ExploreResult explore(const sem::LaunchState<M>& initial, const ExploreOptions& options);

}  // namespace lockstep::checker
