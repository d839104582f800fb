// The two (or more) sides of every conditional branch: for a branch with
// successors s_1..s_k and reconvergence block R, side i is the set of blocks
// reachable from s_i without entering R (Listing 1's P_{T→R} and P_{NT→R}).
// A block is parallel to a loop L through a branch when L lies entirely in
// one side and the block in another (research/000-deadlock-ssde.md §2.2).
#pragma once

#include <cstdint>
#include <vector>

#include "checker/detect/block_set.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

struct BranchSides {
  std::uint32_t pc = 0;
  std::uint32_t block = 0;
  std::uint32_t reconv_block = 0;  ///< block id or the virtual exit
  bool uniform = true;
  std::vector<std::uint32_t> targets;  ///< the distinct successors, Block::succs order
  std::vector<BlockSet> sides;         ///< one per target
};

/// Sides of every conditional branch, by ascending PC; `nvidia` picks the
/// NVIDIA reconvergence block, else the IPDOM; `uniformity` says which
/// branches are uniform.
[[nodiscard]] std::vector<BranchSides> branch_sides(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                                                    const analysis::Uniformity& uniformity, bool nvidia);

}  // namespace lockstep::checker
