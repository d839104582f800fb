// The decisions of one symbolic step (docs/explorer-plan.md §4.4).
//
// C++ cannot fork in the middle of LaunchState::step, so a step whose
// values force a decision (a branch on a symbolic predicate, a symbolic
// address) is re-executed once per feasible combination of decisions. A
// run follows `script` at the fork points it covers and takes alternative 0
// at every later one, recording how many alternatives each point had; the
// generator then schedules the sibling scripts (depth-first over the tree
// of decisions). Within one run, decisions are memoised by term, so the 32
// lanes of a warp testing one uniform condition fork once.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace lockstep::checker {

struct Choices {
  std::vector<std::uint32_t> script;  ///< decisions to follow, by fork point
  std::vector<std::uint32_t> taken;   ///< the decision at every fork point of this run
  std::vector<std::uint32_t> arity;   ///< the number of alternatives at every fork point
  std::unordered_map<std::uint32_t, bool> truth_memo;            ///< condition term -> its value in this run
  std::unordered_map<std::uint32_t, std::uint64_t> value_memo;   ///< value term -> its concrete value in this run
  std::uint64_t max_address_values = 16;

  void start(const std::vector<std::uint32_t>& s) {
    script = s;
    taken.clear();
    arity.clear();
    truth_memo.clear();
    value_memo.clear();
  }
  /// A fork point with n alternatives: the alternative this run takes.
  std::uint32_t decide(std::uint32_t n) {
    const std::size_t i = taken.size();
    const std::uint32_t d = i < script.size() ? script[i] : 0;
    taken.push_back(d);
    arity.push_back(n);
    return d;
  }
};

}  // namespace lockstep::checker
