// CACP, CAWA's criticality-aware cache prioritisation (Lee, Arunkumar and
// Wu, ISCA 2015, §4.3), for one L1D: the placement and replacement policy
// the tag array (tag_array.hpp) follows when core.scheduler.cawa_cacp is on.
//
//   - Each set is split: ways [0, critical_ways) form the critical
//     partition, the rest the non-critical one.
//   - A load carries its PC and whether its warp was critical when it
//     issued (the criticality predictor, sim/core/criticality.hpp). Its
//     signature is the PC XOR-folded to log2(entries) bits.
//   - CCBP, the critical cache block predictor: 2-bit saturating counters
//     per signature. A missing line goes to the critical partition when its
//     signature's counter is at least 2, else to the non-critical one.
//   - SHiP (Wu et al., MICRO 2011): 2-bit counters per signature predicting
//     any reuse. Within a partition lines are replaced by SRRIP with 2-bit
//     re-reference predictions (RRPV): a hit sets the line's RRPV to 0; a
//     missing line is inserted with RRPV 2 when SHiP predicts reuse (its
//     counter above 0), else 3; the victim is the first invalid line of the
//     partition, else the one with the largest RRPV, the others aged by the
//     difference to 3 (SRRIP's repeated aging in one step).
//   - Training: a hit by a critical warp marks the line critically reused
//     and counts its signature up in CCBP and SHiP; a hit by another warp
//     marks it reused and counts up SHiP. A line evicted from the critical
//     partition without a critical reuse counts its signature down in
//     CCBP; a line evicted with no reuse at all counts down SHiP.
//   - Counters start at 1 (weakly not critical; weakly reused): lockstep's
//     choice, the paper does not give the initial values.
// The base configuration's LRU or FIFO order is not used under CACP.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/config/cawa_config.hpp"

namespace lockstep::sim {

class Cacp {
 public:
  Cacp(const CawaConfig& config, std::uint32_t ways, std::uint32_t lines);

  /// The signature of a load at `pc`.
  [[nodiscard]] std::uint32_t signature(std::uint32_t pc) const noexcept;
  /// Ways [first, last) of a set where a missing line of `signature` goes.
  [[nodiscard]] std::uint32_t first_way(std::uint32_t signature) const noexcept {
    return predicts_critical(signature) ? 0 : critical_ways_;
  }
  [[nodiscard]] std::uint32_t last_way(std::uint32_t signature) const noexcept {
    return predicts_critical(signature) ? critical_ways_ : ways_;
  }
  [[nodiscard]] bool predicts_critical(std::uint32_t signature) const noexcept { return ccbp_[signature] >= 2; }
  [[nodiscard]] std::uint32_t critical_ways() const noexcept { return critical_ways_; }

  [[nodiscard]] std::uint8_t rrpv(std::uint32_t line) const noexcept { return lines_[line].rrpv; }
  /// Ages line `line` by `by` (saturating at 3).
  void age(std::uint32_t line, std::uint8_t by) noexcept;

  /// A hit on `line` by a load of a critical warp or not.
  void hit(std::uint32_t line, bool critical) noexcept;
  /// The valid line `line` (way `way` of its set) is evicted.
  void evicted(std::uint32_t line, std::uint32_t way) noexcept;
  /// `line` now holds a block a load of `signature` missed.
  void inserted(std::uint32_t line, std::uint32_t signature) noexcept;

  [[nodiscard]] std::uint8_t ccbp(std::uint32_t signature) const noexcept { return ccbp_[signature]; }
  [[nodiscard]] std::uint8_t ship(std::uint32_t signature) const noexcept { return ship_[signature]; }

 private:
  struct Line {
    std::uint32_t signature = 0;
    std::uint8_t rrpv = 3;
    bool critical_reuse = false;
    bool reuse = false;
  };
  std::uint32_t ways_;
  std::uint32_t critical_ways_;
  std::uint32_t bits_;
  std::vector<std::uint8_t> ccbp_;
  std::vector<std::uint8_t> ship_;
  std::vector<Line> lines_;
};

}  // namespace lockstep::sim
