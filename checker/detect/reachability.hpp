// Blocks reachable from a loop's reconvergence points without crossing a CTA
// barrier (Listing 1's "reachable"), and the conditional branches on those
// paths (ReachBrSet).
//
// The search follows every edge, including back edges of enclosing loops
// (research/000-deadlock-ssde.md §2.6), and stops inside a block at its first
// CTA barrier: the instructions before the barrier are reachable, the
// block's successors are not reached through it. The start blocks themselves
// are reachable (a non-null path: the reconvergence block's own instructions
// run after the loop's exit).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontend/analysis/digraph.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

class BarrierCutReach {
 public:
  BarrierCutReach() = default;
  /// `first_barrier[b]` = PC of the first CTA barrier in block b, or kNone.
  BarrierCutReach(const ir::Kernel& kernel, std::span<const std::uint32_t> first_barrier,
                  std::span<const std::uint32_t> start_blocks);

  /// The instruction at pc, in block `block`, is reachable.
  [[nodiscard]] bool reaches(std::uint32_t block, std::uint32_t pc) const noexcept {
    const std::uint32_t lim = limit_[block];
    return lim != analysis::kNone && pc < lim;
  }
  /// Block b is reached and has no barrier: control passes through it.
  [[nodiscard]] bool passes(const ir::Kernel& kernel, std::uint32_t b) const noexcept {
    return limit_[b] == kernel.blocks[b].last_pc + 1;
  }
  [[nodiscard]] bool empty() const noexcept { return limit_.empty(); }
  /// Conditional branches (PCs, ascending) ending blocks on a barrier-free
  /// path from a start block to block `target`.
  [[nodiscard]] std::vector<std::uint32_t> branches_to(const ir::Kernel& kernel, std::uint32_t target) const;

 private:
  std::vector<std::uint32_t> limit_;  ///< per block: exclusive end of the reachable prefix, or kNone
};

}  // namespace lockstep::checker
