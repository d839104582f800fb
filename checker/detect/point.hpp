// Points of a kernel and their post-dominance order (Listing 1's IPDom).
//
// A point is a PC p meaning "just before the instruction at p", or
// analysis::kExitPc, the virtual exit. Point p post-dominates point q when
// every path from q to the end of the kernel passes p: p and q in the same
// block with p >= q, or p's block strictly post-dominating q's. The virtual
// exit post-dominates everything. join() is Listing 1's IPDom(arg1, arg2):
// the nearest point post-dominating both.
#pragma once

#include <cstdint>

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

class PointOrder {
 public:
  PointOrder(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis)
      : kernel_(&kernel), analysis_(&analysis) {}

  /// Block of a point (analysis.exit_block() for kExitPc).
  [[nodiscard]] std::uint32_t block(std::uint32_t point) const noexcept;
  /// The point at the start of a block (kExitPc for the virtual exit).
  [[nodiscard]] std::uint32_t block_start(std::uint32_t block) const noexcept;
  /// p post-dominates q (reflexive).
  [[nodiscard]] bool post_dominates(std::uint32_t p, std::uint32_t q) const noexcept;
  /// The nearest point post-dominating both.
  [[nodiscard]] std::uint32_t join(std::uint32_t p, std::uint32_t q) const noexcept;
  /// The nearest point strictly after the instruction at pc: pc + 1 inside
  /// its block, else the start of the block's immediate post-dominator.
  [[nodiscard]] std::uint32_t after(std::uint32_t pc) const noexcept;

 private:
  const ir::Kernel* kernel_;
  const analysis::KernelAnalysis* analysis_;
};

}  // namespace lockstep::checker
