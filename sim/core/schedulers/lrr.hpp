// lrr: loose round robin. Each cycle the warps are tried starting with the
// one after the warp that issued last (GPGPU-Sim's lrr_scheduler).
#pragma once

#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

class LrrScheduler final : public SchedulerUnit {
 public:
  using SchedulerUnit::SchedulerUnit;
  void order(std::vector<std::uint32_t>& out) override;
  void issued(std::uint32_t warp) override { last_ = position(warp); }

 private:
  std::size_t last_ = static_cast<std::size_t>(-1);  ///< position of the last issued warp
};

}  // namespace lockstep::sim
