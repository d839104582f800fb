// Refined filter F2 (docs/detection.md): loops that at most one thread of a
// warp runs. A lane guard is a conditional branch on `%laneid == K` (K an
// immediate; the predicate's only definition a setp.eq/ne of a register
// whose only definition reads %laneid, or of %laneid itself), or on
// `%tid.x == K` when the kernel's .reqntid/.maxntid make blocks
// one-dimensional. When a loop lies on the lane-K side of such a guard, only
// lane K runs it: its exits split no warp, so none of its loop-mates waits
// at an exit's reconvergence point. The threads the guard parks (on its
// other side and at its reconvergence point) stay blocked, and detection
// still searches there, as for uniform exits (F1).
#pragma once

#include <cstdint>

#include "checker/detect/detect_context.hpp"
#include "checker/detect/loop_scan.hpp"

namespace lockstep::checker {

/// True when some enclosing branch of the scanned loop is a lane guard with
/// the loop on its lane-K side.
[[nodiscard]] bool single_lane(const DetectContext& ctx, const LoopScan& scan);

}  // namespace lockstep::checker
