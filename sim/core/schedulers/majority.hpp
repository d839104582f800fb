// majority: dynamic warp formation's issue policy (research 001 §3.1, §3.2:
// "majority scheduling"): each cycle the warps whose next PC is the one
// most threads of the scheduler's warps wait at go first, then the PC with
// the next most threads, and so on; older warps first within a PC. Warps
// that cannot issue (blocked, finished) go last. The thesis gives no
// further detail (App. B: "the majority-scheduling details of DWF"); this
// is the policy's greedy core, counting the threads of the warps one
// scheduler supervises.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

class MajorityScheduler final : public SchedulerUnit {
 public:
  using SchedulerUnit::SchedulerUnit;
  void order(std::vector<std::uint32_t>& out) override;
  void issued(std::uint32_t) override {}

 private:
  std::vector<std::pair<std::uint32_t, std::uint64_t>> weight_;  ///< scratch: (pc, threads waiting there)
};

}  // namespace lockstep::sim
