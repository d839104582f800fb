// glrr: greedy then loose round robin (the scheduler of AWARE's evaluation,
// research/000-aware-bows-ddos-mp.md §4.1). The warp that issued last is
// tried first as long as it can go on; then the others in loose round
// robin from the one after it.
#pragma once

#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

class GlrrScheduler final : public SchedulerUnit {
 public:
  using SchedulerUnit::SchedulerUnit;
  void order(std::vector<std::uint32_t>& out) override;
  void issued(std::uint32_t warp) override { last_ = position(warp); have_last_ = true; }

 private:
  std::size_t last_ = 0;
  bool have_last_ = false;
};

}  // namespace lockstep::sim
