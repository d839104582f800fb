// Resolving SafePDom conflicts: Algorithm 3 (per loop, for the SIMT stack and
// SSDE; research/000-deadlock-ssde.md §3.3) and Algorithm 5 (per branch, for
// AWARE; research/000-aware-bows-ddos-mp.md §1.5b), both iterated to a
// fixpoint. Points only rise in the post-dominance order, bounded by the
// virtual exit, so both terminate.
//
// Algorithm 3, line 13 ("if SafePDOM(L) dominates SafePDOM(curL)", marked as
// a probable typo in the digest) is read as: the inner loop's SafePDom
// *delays* curL's reconvergence (joining it moves curL's point). Delaying
// creates blocked blocks between the old and the new point that may hold
// redefining writes, so an unflagged curL whose exits depend on a shared read
// becomes flagged (reason nested-safepdom). An unflagged loop is also
// flagged when a flagged loop nested in it has its point outside it: the
// nested loop's spinning threads leave the loop to wait at that point, and
// unless this loop's iterations pass the same point its remaining threads
// keep iterating without them (re-detection on the SSDE output would flag
// the loop, rightly, as a wait on the threads parked at the point). See
// docs/detection.md.
#pragma once

#include <vector>

#include "checker/detect/detect_context.hpp"
#include "checker/detect/safepdom.hpp"

namespace lockstep::checker {

/// Algorithm 3 over `loops` (one per loop, Algorithm 2's points on entry).
void resolve_loop_conflicts(const DetectContext& ctx, const KernelDetection& detection,
                            std::vector<LoopSafePdom>& loops);

/// Algorithm 5: every conditional branch starts at its table point, exit
/// branches of flagged loops at their loop's point; returns the final table.
[[nodiscard]] analysis::ReconvergenceTable resolve_branch_conflicts(const DetectContext& ctx,
                                                                    const KernelDetection& detection,
                                                                    const std::vector<LoopSafePdom>& loops);

}  // namespace lockstep::checker
