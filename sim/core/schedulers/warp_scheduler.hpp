// A warp scheduler: each cycle, the order in which the issue logic tries
// the warps it supervises (the first warp that can issue does). An SM has
// `core.scheduler.per_core` of them; warp w belongs to scheduler
// w mod per_core, as in GPGPU-Sim. One file per policy in this folder;
// make_scheduler builds the configured one.
//
// Policies see the SM's per-warp facts (WarpFacts), are told the cycle
// before each order and which warp issued; they keep their own position
// (last issued warp, active set). BOWS (bows.hpp) wraps any of them.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sim/config/core_config.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

/// What the SM tells schedulers about one hardware warp.
struct WarpFacts {
  std::uint64_t age = 0;      ///< launch order of the warp (GPGPU-Sim's dynamic warp id): smaller is older
  std::uint64_t block_age = 0;  ///< launch order of the warp's CTA on its SM: smaller is older
  bool active = false;        ///< holds a warp that has not finished
  bool blocked = false;       ///< waits at a barrier, a warp sync or a fence (GPGPU-Sim's waiting())
  bool long_pending = false;  ///< a register waits for a load or atomic
  std::uint32_t pc = 0;       ///< the next PC of its first enabled unit (when threads != 0)
  std::uint32_t threads = 0;  ///< that unit's threads (0: no unit may issue)
};

class SchedulerUnit {
 public:
  SchedulerUnit(std::vector<std::uint32_t> supervised, const std::vector<WarpFacts>& facts)
      : supervised_(std::move(supervised)), facts_(&facts) {}
  SchedulerUnit(const SchedulerUnit&) = delete;
  SchedulerUnit& operator=(const SchedulerUnit&) = delete;
  virtual ~SchedulerUnit() = default;

  /// The core cycle whose order is asked next (cycles in which the SM has
  /// nothing to issue may be skipped).
  virtual void begin_cycle(Cycle now) { (void)now; }
  /// The supervised warps in the order to try them this cycle (`out` is
  /// cleared first; every supervised warp appears at most once).
  virtual void order(std::vector<std::uint32_t>& out) = 0;
  /// `warp` issued this cycle.
  virtual void issued(std::uint32_t warp) = 0;

  [[nodiscard]] std::span<const std::uint32_t> supervised() const noexcept { return supervised_; }

 protected:
  [[nodiscard]] const WarpFacts& facts(std::uint32_t warp) const noexcept { return (*facts_)[warp]; }
  /// Index of `warp` in the supervised list (the list is small).
  [[nodiscard]] std::size_t position(std::uint32_t warp) const noexcept {
    for (std::size_t i = 0; i < supervised_.size(); ++i) {
      if (supervised_[i] == warp) return i;
    }
    return 0;
  }
  /// Appends the supervised warps, loose round robin from position `start`.
  void round_robin_from(std::size_t start, std::vector<std::uint32_t>& out) const {
    const std::size_t n = supervised_.size();
    for (std::size_t i = 0; i < n; ++i) out.push_back(supervised_[(start + i) % n]);
  }
  /// Appends the supervised warps oldest first, blocked or inactive ones last
  /// (GPGPU-Sim's sort_warps_by_oldest_dynamic_id); `skip` is left out.
  void oldest_first(std::vector<std::uint32_t>& out, std::uint32_t skip) const;

  std::vector<std::uint32_t> supervised_;
  const std::vector<WarpFacts>* facts_;
};

class BackOff;
class CriticalityPredictor;

/// The scheduler of `config.policy` for `supervised`; with `back_off` (the
/// SM's BOWS state, when BOWS is on), wrapped in BOWS (bows.hpp). The cawa
/// policy reads `criticality` (the SM's predictor; without one it falls
/// back to lrr).
[[nodiscard]] std::unique_ptr<SchedulerUnit> make_scheduler(const SchedulerConfig& config,
                                                            std::vector<std::uint32_t> supervised,
                                                            const std::vector<WarpFacts>& facts,
                                                            const BackOff* back_off = nullptr,
                                                            const CriticalityPredictor* criticality = nullptr);

}  // namespace lockstep::sim
