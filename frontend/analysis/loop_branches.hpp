// The backward branches of loops: the `bra` instructions of a loop whose
// target is an instruction of the same loop at or before them. They are
// what a timing model sees as taken backward branches (DDOS's candidates,
// sim/core/spin_detector.hpp), and how a loop of `lockstep detect` is
// matched with the branches a simulation executes. A loop's back edge is
// one of them; a jump to a block that falls through to the header (a
// `bar.sync` before it, say) is another.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/analysis/loops.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

/// `loop`'s backward branches (nested loops' included), ascending PC.
[[nodiscard]] std::vector<std::uint32_t> loop_backward_branches(const ir::Kernel& k, const Loop& loop);

/// A backward branch and the innermost loop it belongs to.
struct BackwardBranch {
  std::uint32_t pc = 0;
  std::uint32_t loop = 0;  ///< index in LoopInfo
  friend bool operator==(const BackwardBranch&, const BackwardBranch&) = default;
};

/// Every loop's backward branches, each with its innermost loop, ascending PC.
[[nodiscard]] std::vector<BackwardBranch> innermost_backward_branches(const ir::Kernel& k, const LoopInfo& loops);

}  // namespace lockstep::analysis
