// Paths that can only end in an error: blocks from which every thread that
// enters ends the launch in an error before it can wait for, or be waited
// for by, any other thread.
//
// An error instruction is an unguarded `trap` (the CUDA `__trap()`) or a
// call to `__assertfail` (a failed `assert`): the semantics end the whole
// launch with an error when a thread executes one (`run` and `verify` report
// it as such). `brkpt` is not one: the semantics resume after it, as a
// debugger does. A block is error-only when
//   - it executes an error instruction before any instruction that may wait
//     for other threads (a CTA or warp barrier, a `.sync` collective: vote,
//     shfl, match, redux), or
//   - it holds no such instruction, cannot leave the kernel (no ret/exit,
//     guarded or not, and it does not fall off the end), has at least one
//     successor, and all its successors are error-only.
// This is the least fixpoint: a path that may loop for ever before its error
// is not error-only, so a thread on an error-only path reaches its error in
// a bounded number of its own steps, whatever other threads do.
//
// Analyses use it to reason about the executions in which no thread is
// committed to an error (docs/detection.md, "Paths that end in an error").
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/analysis/digraph.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

/// True for an unguarded trap or __assertfail call.
[[nodiscard]] bool is_error_instr(const ir::Instr& instr) noexcept;

/// Per block of the kernel (blocks must be built): error-only or not.
[[nodiscard]] std::vector<bool> error_only_blocks(const ir::Kernel& kernel);

/// True when some block is error-only.
[[nodiscard]] bool any_error_only(const std::vector<bool>& error_only) noexcept;

/// The block graph `g` of the kernel without the edges into error-only
/// blocks: the paths that threads not committed to an error can take. The
/// error-only blocks stay as nodes (unreachable from the entry unless the
/// entry is one).
[[nodiscard]] Digraph surviving_graph(const Digraph& g, const std::vector<bool>& error_only);

}  // namespace lockstep::analysis
