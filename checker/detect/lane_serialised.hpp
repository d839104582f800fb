// Refined filter F6 (docs/detection.md): loops serialised by the threads'
// own writes, the old-SDK tagged histogram (SSDE thesis Fig. 3.12):
//
//   do { c = hist[bin] & MASK; mine = tag | (c + 1); hist[bin] = mine; }
//   while (hist[bin] != mine);
//
// Every loop condition of L must be such an *own-write exit*: a conditional
// branch, tested on every iteration (its block dominates every latch), that
// leaves L exactly when a plain load `x = ld [A]` returns the value `v` that
// the same thread stored with `st [A'], v` just before it:
//   - the predicate is `setp.eq/ne x, v` (either order, through `not.pred`
//     copies), and the branch leaves L when x == v;
//   - the store and the load have the same width and provably the same
//     address (the same offset, and address registers whose values are the
//     same expression of the same loop-invariant registers, followed through
//     their single in-loop definitions: nvcc -G recomputes the address);
//   - the load follows the store on a straight path in L (each block on it
//     entered only from the one before) with nothing between them that
//     writes memory, synchronises, calls or branches away, and v is not
//     redefined between the store and the setp.
// No thread in L then waits for a write by another thread: the value that
// lets it leave is the one it has just written, and writes of other threads
// can only keep it in L. The warp-mates the stack holds back write nothing,
// so none of them keeps a thread of L waiting (the thesis's definition of
// SIMT-induced deadlock, §3.1.1); and within a split, each store lands for
// at least one lane per address, which leaves. The filter keeps
// `do { st [a], v; } while (ld [b] != v)` with another address, and a loop
// that leaves when the value read back differs from its own.
#pragma once

#include "checker/detect/detect_context.hpp"
#include "checker/detect/loop_scan.hpp"

namespace lockstep::checker {

/// True when the scanned loop has at least one loop condition and every one
/// is an own-write exit.
[[nodiscard]] bool lane_serialised(const DetectContext& ctx, const LoopScan& scan);

}  // namespace lockstep::checker
