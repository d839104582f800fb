// Thread-block prioritisation for thread block compaction (research 001
// §3.8, Fung's TBC-AGE, TBC-RRB, TBC-SRR): warps of one block are tried in
// loose round robin (from the warp after the last one that issued); blocks
// are ordered by
//   age (tbc_age)   the oldest block (the first dispatched to the SM) first;
//   rrb (tbc_rrb)   the resident blocks by age, rotated by one every cycle;
//   srr (tbc_srr)   sticky round robin: the block that issued keeps the
//                   highest priority until a cycle in which none of its warps
//                   issued; then the next block by age (cyclically) has it.
// The thesis's SRR test is "until none of the thread block's warps are ready
// for issue"; a scheduler sees only whether its block issued, which is the
// same in every cycle but those lost to structural hazards (documented in
// docs/sim-scheduling.md).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {

enum class BlockPriority : std::uint8_t { Age, Rrb, Srr };

class BlockPriorityScheduler final : public SchedulerUnit {
 public:
  BlockPriorityScheduler(std::vector<std::uint32_t> supervised, const std::vector<WarpFacts>& facts,
                         BlockPriority kind)
      : SchedulerUnit(std::move(supervised), facts), kind_(kind) {}

  void begin_cycle(Cycle now) override;
  void order(std::vector<std::uint32_t>& out) override;
  void issued(std::uint32_t warp) override;

 private:
  /// The block ages of the active supervised warps, ascending, without repeats.
  void resident_blocks(std::vector<std::uint64_t>& out) const;

  BlockPriority kind_;
  std::size_t last_ = static_cast<std::size_t>(-1);  ///< position of the last issued warp
  Cycle now_ = 0;
  bool has_sticky_ = false;
  std::uint64_t sticky_ = 0;       ///< srr: the block with the highest priority
  bool sticky_issued_ = false;     ///< srr: it issued in the cycle being ordered
  std::vector<std::uint64_t> blocks_;  ///< scratch
};

}  // namespace lockstep::sim
