// Backward slice of instructions over data and control dependence (the
// "depends on" of Algorithm 1, research/000-deadlock-ssde.md §2.3).
//
// Starting from seed instructions, the slice adds, for every instruction in
// it: the definitions that reach each register it reads (every use kind:
// values, address bases, guards, warp-wide inputs, the carry flag, and the
// local/param memory pseudo registers, so spills through st.local are
// followed), and the decision instructions of the blocks its block is
// control dependent on. Registers are not in SSA form: reaching definitions
// come from checker/detect/reaching_defs.hpp, solved once per register for
// the whole kernel and shared by every slice. A load is where a value enters from memory: the slice
// keeps the load and follows its address, not the memory.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "checker/detect/block_set.hpp"
#include "checker/detect/control_dependence.hpp"
#include "checker/detect/reaching_defs.hpp"
#include "frontend/analysis/def_use_table.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

class Slicer {
 public:
  Slicer(const ir::Kernel& kernel, const analysis::DefUseTable& du, const ControlDependence& cd)
      : kernel_(&kernel), du_(&du), cd_(&cd), rd_(std::make_unique<ReachingDefs>(kernel, du)) {}
  /// The per-kernel reaching-definitions cache (and its per-register definition lists).
  [[nodiscard]] const ReachingDefs& reaching_defs() const noexcept { return *rd_; }
  /// PCs of the backward slice of the seeds (seeds included), ascending.
  /// With `within`, instructions whose block is not in it are neither added
  /// nor followed: pass the blocks reachable from a loop to get exactly the
  /// loop's part of the slice (an instruction that no path from the loop
  /// reaches depends on nothing executed in the loop).
  [[nodiscard]] std::vector<std::uint32_t> slice(std::span<const std::uint32_t> seeds,
                                                 const BlockSet* within = nullptr) const;

 private:
  const ir::Kernel* kernel_;
  const analysis::DefUseTable* du_;
  const ControlDependence* cd_;
  std::unique_ptr<ReachingDefs> rd_;  ///< a cache: filled as slices demand registers
};

}  // namespace lockstep::checker
