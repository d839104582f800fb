// Divergent CTA barriers: a bar.sync/bar.red on one side of a divergent
// branch (before the branch's reconvergence point), or guarded by a
// divergent predicate (BarrierFinding::branch_pc is then its own PC).
// Algorithm 1 assumes there are none (research/000-deadlock-ssde.md §2.1 item 4); under the SIMT
// stack the threads on the other side can never arrive, so the block
// deadlocks without any loop (the `divergent_barrier` model). Reported in
// both modes; only divergent branches count (a uniform branch sends the whole
// warp one way), so barriers in uniformly controlled loops are not reported.
//
// Paths that can only end in an error (analysis/error_paths.hpp) do not
// count as other sides: a barrier on side i of a divergent branch is
// reported only when some other successor of the branch is not error-only.
// The threads the stack parks on an error-only side are committed to ending
// the launch in an error (docs/detection.md, "Paths that end in an error"),
// so `if (!valid) __trap();` makes no barrier after it divergent. The
// reconvergence points stay those of the table in use, computed on the
// whole CFG, because the stack uses them: a trap inside one arm of an
// if/else still moves the if's reconvergence point to the kernel exit, and
// the barrier after the if/else stays divergent.
//
// An opaque call (an external function, an indirect call) on one side of a
// divergent branch is reported the same way, marked `call`: its body is not
// seen and may hold a barrier (CUDA's __syncthreads() in a separately
// compiled device function), so a detection that is to miss no stack
// deadlock must name it.
#pragma once

#include <vector>

#include "checker/detect/detect_context.hpp"
#include "checker/detect/detection.hpp"

namespace lockstep::checker {

[[nodiscard]] std::vector<BarrierFinding> divergent_barriers(const DetectContext& ctx);

}  // namespace lockstep::checker
