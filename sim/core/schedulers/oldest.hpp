// oldest (GPGPU-Sim's `old`): the oldest warp first, every cycle; blocked
// and finished warps last.
#pragma once

#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

class OldestScheduler final : public SchedulerUnit {
 public:
  using SchedulerUnit::SchedulerUnit;
  void order(std::vector<std::uint32_t>& out) override {
    out.clear();
    oldest_first(out, 0xffffffffU);
  }
  void issued(std::uint32_t) override {}
};

}  // namespace lockstep::sim
