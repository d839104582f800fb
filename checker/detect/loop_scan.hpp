// Per-loop inputs of Algorithm 1 (research/000-deadlock-ssde.md §2.2–2.3):
// the loop's exit conditions, the shared reads in their backward slice, the
// region of blocks that threads of the warp cannot execute while others
// iterate (reachable from the loop's reconvergence points without crossing a
// barrier, or parallel to the loop), and the writes there that may redefine
// one of the reads (RedefWrites, with ReachBrSet and ParaBrSet per write).
#pragma once

#include <cstdint>
#include <vector>

#include "checker/detect/block_set.hpp"
#include "checker/detect/detect_context.hpp"
#include "checker/detect/detection.hpp"
#include "checker/detect/reachability.hpp"

namespace lockstep::checker {

/// A conditional branch with L entirely on one of its sides.
struct EnclosingBranch {
  std::uint32_t sides_index = 0;  ///< index in DetectContext::sides
  std::uint32_t side = 0;         ///< the side holding the loop
};

struct LoopScan {
  std::uint32_t loop = 0;
  BlockSet blocks;
  std::vector<ExitBranch> exits;          ///< conditional exits, conditional back edges, then guarded ret/exit (reconv kExitPc)
  std::vector<std::uint32_t> reads;       ///< shared reads of the exit conditions' slice inside L
  std::vector<EnclosingBranch> enclosing; ///< every branch with L on one side
  [[nodiscard]] bool uniform_exits() const noexcept {
    for (const auto& e : exits) if (!e.uniform) return false;
    return true;
  }
};

/// Exits, blocks, reads and enclosing branches of loop `loop`.
[[nodiscard]] LoopScan scan_loop(const DetectContext& ctx, std::uint32_t loop);

/// Where blocked threads are: the points reachability starts from, and the
/// branches whose other sides are parallel to the loop.
struct BlockedRegion {
  std::vector<std::uint32_t> reach_points;
  BarrierCutReach reach;
  std::vector<EnclosingBranch> parallel;        ///< branches making blocks parallel
  std::vector<std::uint32_t> extra_reach_branches;  ///< branches whose RPC starts reach (refined F1)
};

/// Algorithm 1's region (thesis), or the refined one (F1, F5 of
/// docs/detection.md); `split_free` = the loop's own conditions split no warp
/// (uniform exits, or a single-lane loop).
[[nodiscard]] BlockedRegion blocked_region(const DetectContext& ctx, const LoopScan& scan, bool refined,
                                           bool split_free = false);

/// Writes in the region that may alias one of `reads` (RedefWrites), ascending PC.
[[nodiscard]] std::vector<RedefiningWrite> redefining_writes(const DetectContext& ctx, const BlockedRegion& region,
                                                             const std::vector<std::uint32_t>& reads);

}  // namespace lockstep::checker
