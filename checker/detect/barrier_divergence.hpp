// Divergent CTA barriers: a bar.sync/bar.red on one side of a divergent
// branch (before the branch's reconvergence point). Algorithm 1 assumes
// there are none (research/000-deadlock-ssde.md §2.1 item 4); under the SIMT
// stack the threads on the other side can never arrive, so the block
// deadlocks without any loop (the `divergent_barrier` model). Reported in
// both modes; only divergent branches count (a uniform branch sends the whole
// warp one way), so barriers in uniformly controlled loops are not reported.
#pragma once

#include <vector>

#include "checker/detect/detect_context.hpp"
#include "checker/detect/detection.hpp"

namespace lockstep::checker {

[[nodiscard]] std::vector<BarrierFinding> divergent_barriers(const DetectContext& ctx);

}  // namespace lockstep::checker
