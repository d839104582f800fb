#include "sim/core/schedulers/gto.hpp"

namespace lockstep::sim {

void GtoScheduler::order(std::vector<std::uint32_t>& out) {
  out.clear();
  const bool greedy = have_last_ && facts(last_).active;
  if (greedy) out.push_back(last_);
  oldest_first(out, greedy ? last_ : 0xffffffffU);
}

}  // namespace lockstep::sim
