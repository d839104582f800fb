#include "sim/core/schedulers/glrr.hpp"

namespace lockstep::sim {

void GlrrScheduler::order(std::vector<std::uint32_t>& out) {
  out.clear();
  if (!have_last_) {
    round_robin_from(0, out);
    return;
  }
  // The last issued warp first, then round robin from the one after it.
  round_robin_from(last_, out);
}

}  // namespace lockstep::sim
