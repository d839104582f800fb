// Refined filter F4 (docs/detection.md): a loop that every thread leaves
// after finitely many iterations whatever memory holds cannot keep threads of
// its warp blocked, so it is not a SIMT-deadlock candidate.
//
// The loop qualifies when one of its exit branches e
//   - sits in a block that dominates every latch (it is tested every
//     iteration),
//   - is guarded by a predicate with exactly one definition in the loop, an
//     unguarded integer `setp.<cmp>` without a boolean combination,
//   - compares a basic induction variable iv (exactly one definition in the
//     loop: `add`/`sub iv, iv, 1` or -1, unguarded, in a block dominating
//     every latch) with an immediate or a register not written in the loop,
//   - and keeps the thread in the loop only while the comparison is one that
//     is false when iv equals the bound (lt, gt, ne, lo, hi).
// With unit steps in wrapping arithmetic iv takes every value of its width
// within 2^w iterations, so the staying condition fails: the thread leaves.
// Not le/ge (`i <= UINT_MAX` never fails) and not larger steps (they can
// skip the bound).
#pragma once

#include <cstdint>

#include "checker/detect/detect_context.hpp"

namespace lockstep::checker {

/// True when loop `loop` is self-bounded in the sense above.
[[nodiscard]] bool self_bounded(const DetectContext& ctx, std::uint32_t loop);

}  // namespace lockstep::checker
