#include "sim/core/schedulers/cawa.hpp"

#include <algorithm>

namespace lockstep::sim {

void CawaScheduler::order(std::vector<std::uint32_t>& out) {
  out.clear();
  const bool greedy = greedy_ && have_last_ && facts(last_).active;
  if (greedy) out.push_back(last_);
  keyed_.clear();
  for (const std::uint32_t w : supervised_) {
    if (greedy && w == last_) continue;
    keyed_.emplace_back(facts(w).active ? predictor_->criticality(w, now_) : 0, w);
  }
  std::stable_sort(keyed_.begin(), keyed_.end(), [&](const auto& a, const auto& b) {
    const WarpFacts& x = facts(a.second);
    const WarpFacts& y = facts(b.second);
    const bool x_late = !x.active || x.blocked;
    const bool y_late = !y.active || y.blocked;
    if (x_late != y_late) return !x_late;
    if (a.first != b.first) return a.first > b.first;
    return x.age < y.age;
  });
  for (const auto& keyed : keyed_) out.push_back(keyed.second);
}

}  // namespace lockstep::sim
