// Refined filter F4 (docs/detection.md): a loop that every thread leaves
// after finitely many iterations whatever memory holds cannot keep threads of
// its warp blocked, so it is not a SIMT-deadlock candidate.
//
// The loop qualifies when one of its exit branches e
//   - sits in a block that dominates every latch (it is tested every
//     iteration),
//   - is guarded by a predicate with exactly one definition in the loop
//     (through `not.pred` copies), an unguarded integer `setp.<cmp>` without
//     a boolean combination,
//   - compares a unit-step induction variable iv: following each register's
//     only definition in the loop (unguarded, executed every iteration)
//     through `mov` copies leads back to iv through exactly one `add`/`sub`
//     of 1 or -1 (nvcc -G keeps the variable in such copies),
//   - and keeps the thread in the loop only while the comparison holds, with
//     a staying comparison of lt, gt, lo or hi against anything (iv reaches
//     the extreme value of its width within 2^w iterations per copy in the
//     cycle, where the comparison is false whatever the bound is, even a
//     bound reloaded from memory), or ne against an immediate or a register
//     not written in the loop (iv takes every value, so it meets the bound).
// Not le/ge (`i <= INT_MAX` never fails), not eq, and not larger steps (they
// can skip the bound).
#pragma once

#include <cstdint>

#include "checker/detect/detect_context.hpp"

namespace lockstep::checker {

/// True when loop `loop` is self-bounded in the sense above.
[[nodiscard]] bool self_bounded(const DetectContext& ctx, std::uint32_t loop);

}  // namespace lockstep::checker
