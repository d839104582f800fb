// Control dependence between blocks (Ferrante, Ottenstein and Warren): block
// B is control dependent on the block X ending in a decision (a conditional
// branch, or a guarded ret/exit, which may leave the kernel or fall through)
// when X has a successor S with B post-dominating S and B not strictly
// post-dominating X. Computed once per kernel by walking the post-dominator
// tree from each successor up to ipdom(X): O(edges * depth).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

class ControlDependence {
 public:
  ControlDependence(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis);
  /// The decision blocks that block b is control dependent on, ascending.
  [[nodiscard]] std::span<const std::uint32_t> of(std::uint32_t b) const noexcept {
    return {deps_.data() + off_[b], deps_.data() + off_[b + 1]};
  }

 private:
  std::vector<std::uint32_t> off_, deps_;
};

}  // namespace lockstep::checker
