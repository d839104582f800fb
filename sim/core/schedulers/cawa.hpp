// cawa: CAWA's criticality-aware warp scheduler (Lee, Arunkumar and Wu,
// ISCA 2015, §4.2). The warps are tried most critical first by the SM's
// criticality predictor (sim/core/criticality.hpp), older first among
// equal criticalities, blocked and finished warps last. Greedy (gCAWS,
// core.scheduler.cawa_greedy, the paper's choice): the warp that issued
// last is tried first as long as it has not finished, so a critical warp
// keeps the issue slot until it stalls; not greedy (CAWS): the order is
// recomputed every cycle with no preference for the last warp.
// Criticality is read at the cycle begin_cycle names. BOWS wraps it as any
// policy (bows.hpp).
#pragma once

#include <utility>
#include <vector>

#include "sim/core/criticality.hpp"
#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

class CawaScheduler final : public SchedulerUnit {
 public:
  CawaScheduler(std::vector<std::uint32_t> supervised, const std::vector<WarpFacts>& facts,
                const CriticalityPredictor& predictor, bool greedy)
      : SchedulerUnit(std::move(supervised), facts), predictor_(&predictor), greedy_(greedy) {}
  void begin_cycle(Cycle now) override { now_ = now; }
  void order(std::vector<std::uint32_t>& out) override;
  void issued(std::uint32_t warp) override {
    last_ = warp;
    have_last_ = true;
  }

 private:
  const CriticalityPredictor* predictor_;
  bool greedy_;
  Cycle now_ = 0;
  std::uint32_t last_ = 0;
  bool have_last_ = false;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed_;  ///< scratch: (criticality, warp)
};

}  // namespace lockstep::sim
