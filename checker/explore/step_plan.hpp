// Per-PC facts the explorer's merged steps rely on (docs/explorer.md, "Merged
// steps").
//
// An instruction is *visible* when it may read or write memory another
// thread can see, or synchronises: ld/st/atom/red/ldu/prefetch on global,
// shared or generic addresses; barriers and every warp-level instruction
// (vote, shfl, match, redux, activemask, bar.warp.sync: under mimd they
// couple the lanes of a warp); the transactional-memory markers; trap,
// brkpt and __assertfail; and exit/ret when the kernel synchronises at all
// (an exited thread counts as arrived at barriers and rendezvous). Every
// other instruction (ALU, branches, local/param/const memory, fences,
// printf) touches only its own thread's state and commutes with every
// action of every other unit.
//
// A *stop* PC starts a loop (a header or another entry block of a loop,
// reducible or not): a merged step never runs into one, so a loop of
// private instructions shows as a cycle of the state graph instead of a step
// that never ends.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

class StepPlan {
 public:
  StepPlan(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis);

  /// True when the instruction at pc touches only its thread's private state.
  [[nodiscard]] bool is_private(std::uint32_t pc) const noexcept { return pc < flags_.size() && (flags_[pc] & kPrivate) != 0; }
  /// True when pc starts a loop (merged steps stop before it).
  [[nodiscard]] bool is_stop(std::uint32_t pc) const noexcept { return pc < flags_.size() && (flags_[pc] & kStop) != 0; }
  /// The first PC that reads %clock, %clock64 or %globaltimer, if any: such a
  /// kernel's state space is unbounded (the clock is the step counter).
  [[nodiscard]] std::optional<std::uint32_t> clock_pc() const noexcept { return clock_pc_; }

 private:
  static constexpr std::uint8_t kPrivate = 1;
  static constexpr std::uint8_t kStop = 2;
  std::vector<std::uint8_t> flags_;
  std::optional<std::uint32_t> clock_pc_;
};

}  // namespace lockstep::checker
