// Backward slice of instructions over data and control dependence (the
// "depends on" of Algorithm 1, research/000-deadlock-ssde.md §2.3).
//
// Starting from seed instructions, the slice adds, for every instruction in
// it: the definitions that reach each register it reads (every use kind:
// values, address bases, guards, warp-wide inputs, the carry flag, and the
// local/param memory pseudo registers, so spills through st.local are
// followed), and the decision instructions of the blocks its block is
// control dependent on. Registers are not in SSA form: reaching definitions
// are found on demand by walking backwards through the block and then the
// predecessors, memoised per (block, register); a guarded definition does
// not stop the walk. A load is where a value enters from memory: the slice
// keeps the load and follows its address, not the memory.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "checker/detect/control_dependence.hpp"
#include "frontend/analysis/def_use_table.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

class Slicer {
 public:
  Slicer(const ir::Kernel& kernel, const analysis::DefUseTable& du, const ControlDependence& cd)
      : kernel_(&kernel), du_(&du), cd_(&cd) {}
  /// PCs of the backward slice of the seeds (seeds included), ascending.
  [[nodiscard]] std::vector<std::uint32_t> slice(std::span<const std::uint32_t> seeds) const;

 private:
  const ir::Kernel* kernel_;
  const analysis::DefUseTable* du_;
  const ControlDependence* cd_;
};

}  // namespace lockstep::checker
