// All CFG analyses of one kernel, run together and kept together.
//
// This is what the `cfg` command prints and what the upper layers start
// from: per kernel, its blocks (kernel.blocks), the dominator and
// post-dominator trees, the loops, every conditional branch with its IPDOM
// and NVIDIA reconvergence block and its uniformity, and the two
// reconvergence tables the SIMT-stack models take as input.
//
// The kernel's blocks must be built (ir::build_blocks). The result refers to
// nothing outside itself: it holds block ids and PCs of the kernel it was
// computed from, so it stays valid as long as that kernel's code and blocks
// are unchanged.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/analysis/digraph.hpp"
#include "frontend/analysis/dominators.hpp"
#include "frontend/analysis/loops.hpp"
#include "frontend/analysis/reconvergence.hpp"
#include "frontend/analysis/reconvergence_table.hpp"
#include "frontend/analysis/uniformity.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

/// One conditional branch as the `cfg` command reports it.
struct BranchSummary {
  std::uint32_t pc = 0;
  std::uint32_t block = 0;
  std::vector<std::uint32_t> targets;  ///< successor blocks
  std::uint32_t ipdom = 0;             ///< block id, or KernelAnalysis::exit_block()
  std::uint32_t ipdom_nvidia = 0;      ///< block id, or KernelAnalysis::exit_block()
  bool uniform = true;
  bool uni_asserted = false;           ///< written `bra.uni`
  friend bool operator==(const BranchSummary&, const BranchSummary&) = default;
};

struct KernelAnalysis {
  Digraph graph;                 ///< the block graph
  DominatorTree dom;
  PostDominatorTree postdom;
  LoopInfo loops;
  std::vector<BranchReconvergence> reconvergence;  ///< conditional branches by PC
  ReconvergenceTable ipdom_table;                  ///< branch PC -> IPDOM first PC (or kExitPc)
  ReconvergenceTable nvidia_table;                 ///< branch PC -> NVIDIA-variant first PC
  Uniformity uniformity;

  /// Id of the virtual exit in block-valued results (== number of blocks).
  [[nodiscard]] std::uint32_t exit_block() const noexcept { return postdom.exit(); }
  /// The conditional branches with everything the `cfg` command prints.
  [[nodiscard]] std::vector<BranchSummary> branches() const;
};

/// Runs every analysis on the kernel (its blocks must be built).
[[nodiscard]] KernelAnalysis analyze_kernel(const ir::Kernel& kernel);

}  // namespace lockstep::analysis
