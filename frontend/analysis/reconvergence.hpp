// Reconvergence points of the conditional branches of a kernel.
//
// A conditional branch is a guarded `bra` or a `brx.idx` (guarded or not):
// the instructions at which the threads of a warp can take different paths.
// It is always the last instruction of its block, so its successors are the
// block's successors.
//
// IPDOM. With stack-based reconvergence, the threads that diverge at a
// branch meet again at its immediate post-dominator: the immediate
// post-dominator of the branch's block, the first block that every path from
// the branch to the end of the kernel passes through (ElTantawy 2018, §2.3.1;
// research/000-deadlock-ssde.md §1.3). It may be the virtual exit (the
// branch's paths only meet at the end of the kernel).
//
// NVIDIA variant (ElTantawy 2018, §4.2.2; research digest §1.4): "for a
// branch instruction to have a reconvergence point at its immediate
// postdominator, the branch must dominate its immediate postdominator ...
// If the branch's immediate postdominator is not dominated by the branch
// basicblock then the reconvergence point of the branch is the
// post-dominator of the closest dominating basic block of the branch."
// We read "closest dominating basic block" the way the authors' own
// implementation of SSDE does (ElTantawy/mimd_to_simt, research digest
// §2.4: the closest dominating branch that dominates its own IPDOM and
// whose IPDOM post-dominates the branch): walk up the dominator tree from
// the branch's block B and take the first block D (B itself first) that
//   (1) dominates its own immediate post-dominator P = ipdom(D) — so a
//       reconvergence point could be set at D for P — and
//   (2) whose P strictly post-dominates B — so every thread that diverges
//       at B reaches P after the branch (P = B would be no reconvergence
//       point at all: a dominator D of B can have B as its IPDOM);
// the branch then reconverges at P. When B dominates ipdom(B) this is
// ipdom(B). The virtual exit counts as dominated by every block (threads
// can always meet at the end of the kernel), which also makes it the
// fallback when no block qualifies. For a branch in a block unreachable from
// the entry there is no dominance information and the IPDOM is kept.
// The rule's second half ("for loops the loop header must dominate the loop
// body") is a property of irreducible loops, reported by analysis/loops.hpp.
//
// nvidia_reconvergence() walks the dominator tree for one branch (cost: the
// depth of the tree); branch_reconvergence() answers every branch of the
// kernel at once in about linear time, which matters for long chains of
// early exits where every branch would walk far up the tree.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/analysis/dominators.hpp"
#include "frontend/analysis/reconvergence_table.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

struct BranchReconvergence {
  std::uint32_t pc = 0;                ///< PC of the branch (its block's last_pc)
  std::uint32_t block = 0;             ///< block ending with the branch
  std::vector<std::uint32_t> targets;  ///< successor blocks (Block::succs order)
  std::uint32_t ipdom = 0;             ///< immediate post-dominator: block id or the virtual exit
  std::uint32_t ipdom_nvidia = 0;      ///< NVIDIA variant: block id or the virtual exit
  /// The block D whose immediate post-dominator the NVIDIA rule chose (the
  /// branch's own block when it dominates its IPDOM); kNone for the fallback.
  std::uint32_t nvidia_anchor = kNone;
  friend bool operator==(const BranchReconvergence&, const BranchReconvergence&) = default;
};

/// True for a guarded bra and for brx.idx.
[[nodiscard]] bool is_conditional_branch(const ir::Instr& instr) noexcept;

/// The NVIDIA reconvergence block of a branch ending block b (a block id or
/// pdom.exit()); `anchor` receives the chosen dominating block or kNone.
[[nodiscard]] std::uint32_t nvidia_reconvergence(std::uint32_t b, const DominatorTree& dom,
                                                 const PostDominatorTree& pdom, std::uint32_t& anchor);

/// Every conditional branch of the kernel, by ascending PC.
[[nodiscard]] std::vector<BranchReconvergence> branch_reconvergence(const ir::Kernel& kernel,
                                                                    const DominatorTree& dom,
                                                                    const PostDominatorTree& pdom);

/// First PC of a block, or kExitPc for the virtual exit.
[[nodiscard]] std::uint32_t reconvergence_pc(const ir::Kernel& kernel, std::uint32_t block) noexcept;

/// Branch PC -> first PC of the branch's immediate post-dominator.
[[nodiscard]] ReconvergenceTable ipdom_table(const ir::Kernel& kernel, const PostDominatorTree& pdom);
/// Branch PC -> first PC of the NVIDIA-variant reconvergence block.
[[nodiscard]] ReconvergenceTable nvidia_table(const ir::Kernel& kernel, const DominatorTree& dom,
                                              const PostDominatorTree& pdom);
/// Either table from already computed branch information.
[[nodiscard]] ReconvergenceTable ipdom_table(const ir::Kernel& kernel,
                                             const std::vector<BranchReconvergence>& branches);
[[nodiscard]] ReconvergenceTable nvidia_table(const ir::Kernel& kernel,
                                              const std::vector<BranchReconvergence>& branches);

}  // namespace lockstep::analysis
