// What the schedule explorer checks and the bounds that may stop it
// (docs/explorer.md). Every bound that stops a search makes the result
// inconclusive; none of them is ever silently ignored.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

namespace lockstep::checker {

/// What a progress display is told, about once a second.
struct ExploreProgress {
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  std::uint32_t depth = 0;
  std::uint64_t bytes = 0;   ///< the explorer's own data (as the memory bound counts it)
  double seconds = 0;        ///< since the search started
};

struct ExploreOptions {
  std::uint64_t max_states = 10'000'000;  ///< distinct states
  std::uint64_t max_depth = 1'000'000;    ///< search-stack depth (merged steps)
  std::uint64_t max_memory_mib = 4096;    ///< visited table + search stack + SCC data
  double timeout_seconds = 0;             ///< wall clock; 0 = none
  bool merge = true;        ///< merge thread-private instructions into the preceding visible step
  bool canonical = true;    ///< zero dead registers before hashing
  bool fairness = true;     ///< look for fair non-terminating cycles (on-the-fly Tarjan SCCs)
  bool sleep_sets = false;  ///< partial-order reduction; only with fairness off (safety properties)
  /// Persistent sets (persistent_set.hpp): sound for every property, fair
  /// non-termination included; used where the model and the kernel allow.
  bool persistent_sets = true;
  bool full_states = false; ///< keep every state and compare on hash matches (exact matching)
  bool stop_at_first = true;  ///< stop at the first counterexample
  bool races = true;          ///< report data races (plain conflicting accesses of co-enabled threads)
  /// 0: the units of a state are tried in warp and lane order. Otherwise in
  /// an order drawn from this seed (splitmix64), a different one per state:
  /// the search is as exhaustive as before, only its order (and so which
  /// states a bound leaves out, and which counterexample comes first)
  /// changes. Swarm jobs (lockstep swarm) each take one seed.
  std::uint64_t order_seed = 0;
  /// Set from another thread (cli/signal_watch.hpp: SIGINT, SIGTERM) to stop
  /// the search; the result is then inconclusive (BoundKind::Interrupted).
  const std::atomic<bool>* stop = nullptr;
  /// Called about once a second during a search (may be empty).
  std::function<void(const ExploreProgress&)> progress;
};

}  // namespace lockstep::checker
