// two_level (GPGPU-Sim's two_level_active:N:INNER:OUTER): at most N warps
// are active; only they are tried, in the INNER order. Each cycle an
// active warp that is blocked (barrier, warp sync, fence), finished, or
// waits for a long-latency result (a register pending a load or atomic:
// GPGPU-Sim checks the next instruction's sources, lockstep any register of
// the warp) is demoted to the back of the pending queue, and pending warps
// are promoted until N are active again, in the OUTER order. GPGPU-Sim
// implements INNER lrr and OUTER srr only; lockstep also orders by
// greed/age: lrr and srr (0, 1) round robin, gto / gtlrr / gty (2, 3, 4)
// the last issued warp first, then oldest / round robin / youngest, oldest
// and youngest (5, 6) by age. As the outer order, round-robin orders take
// the pending queue in order, age orders its oldest or youngest warp.
#pragma once

#include <deque>

#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

class TwoLevelScheduler final : public SchedulerUnit {
 public:
  TwoLevelScheduler(std::vector<std::uint32_t> supervised, const std::vector<WarpFacts>& facts,
                    std::uint32_t max_active, WarpOrder inner, WarpOrder outer);
  void order(std::vector<std::uint32_t>& out) override;
  void issued(std::uint32_t warp) override {
    last_ = warp;
    have_last_ = true;
  }

 private:
  void refill();

  std::uint32_t max_active_;
  WarpOrder inner_, outer_;
  std::vector<std::uint32_t> active_;
  std::deque<std::uint32_t> pending_;
  std::uint32_t last_ = 0;
  bool have_last_ = false;
};

}  // namespace lockstep::sim
