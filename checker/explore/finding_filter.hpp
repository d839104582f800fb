// A filter on the explorer's counterexamples (explorer.hpp): before a
// finding is reported, the filter sees it with where the unfinished threads
// are — in the deadlocked or faulted state, or in every state of a fair
// cycle's strongly connected component — and decides whether it is the
// counterexample the search is for. A rejected finding is counted
// (Exploration::rejected) and the search goes on past it, so an exhaustive
// search with only rejected findings has shown that none of the wanted kind
// exists. `lockstep detect --evidence` asks for hangs in one loop.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "checker/explore/exploration.hpp"
#include "semantics/model/wait_info.hpp"

namespace lockstep::checker {

/// Where the unfinished threads of one state are: (warp, group) pairs as
/// the model explains them (LaunchState::explain).
using ThreadPlaces = std::vector<std::pair<std::uint32_t, sem::WaitInfo>>;

struct FindingCandidate {
  const Finding* finding = nullptr;
  /// Deadlock, error, [expect]: the state it ends in. Non-termination: every
  /// state of the fair strongly connected component, the cycle's first.
  std::vector<ThreadPlaces> states;
  /// Symbolic launches: values of the inputs in a model of the finding's
  /// path condition (spec order); empty for a concrete launch.
  std::vector<std::pair<std::string, std::uint64_t>> inputs;
};

/// True: report the candidate (the search stops there with
/// ExploreOptions::stop_at_first). False: go on searching.
using FindingFilter = std::function<bool(const FindingCandidate&)>;

/// Appends where every unfinished thread of `s` is.
template <class S>
void thread_places(const S& s, ThreadPlaces& out) {
  std::vector<sem::WaitInfo> scratch;
  for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
    scratch.clear();
    s.explain(w, scratch);
    for (const sem::WaitInfo& wi : scratch) out.emplace_back(w, wi);
  }
}

}  // namespace lockstep::checker
