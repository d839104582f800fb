#include "sim/core/schedulers/lrr.hpp"

namespace lockstep::sim {

void LrrScheduler::order(std::vector<std::uint32_t>& out) {
  out.clear();
  round_robin_from(last_ + 1, out);
}

}  // namespace lockstep::sim
