#include "sim/core/schedulers/majority.hpp"

#include <algorithm>

namespace lockstep::sim {

void MajorityScheduler::order(std::vector<std::uint32_t>& out) {
  weight_.clear();
  const auto ready = [&](std::uint32_t w) { return facts(w).active && !facts(w).blocked && facts(w).threads != 0; };
  for (const std::uint32_t w : supervised_) {
    if (!ready(w)) continue;
    const auto at = std::find_if(weight_.begin(), weight_.end(), [&](const auto& p) { return p.first == facts(w).pc; });
    if (at == weight_.end()) {
      weight_.emplace_back(facts(w).pc, facts(w).threads);
    } else {
      at->second += facts(w).threads;
    }
  }
  const auto weight = [&](std::uint32_t w) -> std::uint64_t {
    if (!ready(w)) return 0;
    for (const auto& [pc, n] : weight_) {
      if (pc == facts(w).pc) return n;
    }
    return 0;
  };
  out.assign(supervised_.begin(), supervised_.end());
  std::stable_sort(out.begin(), out.end(), [&](std::uint32_t a, std::uint32_t b) {
    const std::uint64_t wa = weight(a), wb = weight(b);
    if (wa != wb) return wa > wb;
    if (wa != 0 && facts(a).pc != facts(b).pc) return facts(a).pc < facts(b).pc;  // a PC's warps together
    return facts(a).age < facts(b).age;
  });
}

}  // namespace lockstep::sim
