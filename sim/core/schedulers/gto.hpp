// gto: greedy then oldest. The warp that issued last is tried first as long
// as it can go on; then the others, oldest first, with blocked and finished
// warps last (GPGPU-Sim's gto_scheduler).
#pragma once

#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

class GtoScheduler final : public SchedulerUnit {
 public:
  using SchedulerUnit::SchedulerUnit;
  void order(std::vector<std::uint32_t>& out) override;
  void issued(std::uint32_t warp) override {
    last_ = warp;
    have_last_ = true;
  }

 private:
  std::uint32_t last_ = 0;
  bool have_last_ = false;
};

}  // namespace lockstep::sim
