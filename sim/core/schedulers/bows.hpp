// bows: BOWS over any base policy (research 000-aware-bows-ddos-mp.md §3.2,
// §3.6). Each cycle the base scheduler orders its warps as it would; the
// warps backed off for executing a confirmed spin-inducing branch then move
// behind the others, in the order they were backed off (BackOff::reorder,
// sim/core/back_off.hpp). Whether a backed-off warp may issue at all (its
// pending delay) is the SM's check; the base policy is told of every issue
// as without BOWS. With GTO this is the arbitration of Fig 6.7: the
// greedy warp if it is not backed off, else the oldest warp not backed off,
// else the backed-off queue.
#pragma once

#include <memory>

#include "sim/core/back_off.hpp"
#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

class BowsScheduler final : public SchedulerUnit {
 public:
  BowsScheduler(std::vector<std::uint32_t> supervised, const std::vector<WarpFacts>& facts,
                std::unique_ptr<SchedulerUnit> base, const BackOff& back_off)
      : SchedulerUnit(std::move(supervised), facts), base_(std::move(base)), back_off_(&back_off) {}

  void begin_cycle(Cycle now) override { base_->begin_cycle(now); }
  void order(std::vector<std::uint32_t>& out) override {
    base_->order(out);
    back_off_->reorder(out);
  }
  void issued(std::uint32_t warp) override { base_->issued(warp); }

 private:
  std::unique_ptr<SchedulerUnit> base_;
  const BackOff* back_off_;
};

}  // namespace lockstep::sim
