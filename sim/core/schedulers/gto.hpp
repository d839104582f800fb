// gto: greedy then oldest. The warp that issued last is tried first as long
// as it can go on; then the others, oldest first, with blocked and finished
// warps last (GPGPU-Sim's gto_scheduler).
//
// With a rotation period (core.scheduler.gto_rotation, lockstep's; 0 is
// strict GTO), every `rotation` cycles the warp first in the age order
// (the oldest live warp, counting earlier rotations) becomes the last: the
// periodic priority rotation ElTantawy's BOWS evaluation added because
// strict GTO livelocks lock kernels whose lock holder is younger than the
// warps spinning on it (research 000-aware-bows-ddos-mp.md §3.6, claim 23).
// Cycles the SM skips count; at most one rotation per supervised warp is
// applied at once.
#pragma once

#include <utility>
#include <vector>

#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

class GtoScheduler final : public SchedulerUnit {
 public:
  GtoScheduler(std::vector<std::uint32_t> supervised, const std::vector<WarpFacts>& facts,
               std::uint64_t rotation = 0)
      : SchedulerUnit(std::move(supervised), facts), rotation_(rotation), demoted_(supervised_.size()) {}
  void begin_cycle(Cycle now) override;
  void order(std::vector<std::uint32_t>& out) override;
  void issued(std::uint32_t warp) override {
    last_ = warp;
    have_last_ = true;
  }

 private:
  /// A warp moved to the back of the age order: it ranks as if it had
  /// arrived just after the youngest warp of that moment (warps that arrive
  /// later rank behind it). Valid while the slot holds the warp of `age`.
  struct Demotion {
    std::uint64_t age = 0;
    std::uint64_t rank = 0;  ///< the age it ranks with
    std::uint64_t turn = 0;  ///< 0: not demoted; among equal ranks, larger: demoted later
  };
  /// The age-order key of the warp at `position`: (rank, turn).
  [[nodiscard]] std::pair<std::uint64_t, std::uint64_t> key_of(std::size_t position) const noexcept;
  void rotate_once();

  std::uint32_t last_ = 0;
  bool have_last_ = false;
  std::uint64_t rotation_;
  std::uint64_t rotations_ = 0;  ///< applied so far
  std::uint64_t turns_ = 0;      ///< demotions so far
  std::vector<Demotion> demoted_;  ///< per supervised position
};

}  // namespace lockstep::sim
