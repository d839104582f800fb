// Everything detection and the SafePDom algorithms compute once per kernel
// and share across its loops: the reconvergence table in use, def-use,
// control dependence, the alias analysis, the blocks that can only end in an
// error, the uniformity detection reasons with (detect_uniformity.hpp),
// branch sides, barrier positions and the shared-memory accesses.
#pragma once

#include <cstdint>
#include <vector>

#include "checker/alias/alias.hpp"
#include "checker/detect/control_dependence.hpp"
#include "checker/detect/detection.hpp"
#include "checker/detect/point.hpp"
#include "checker/detect/reachability.hpp"
#include "checker/detect/regions.hpp"
#include "checker/detect/slice.hpp"
#include "frontend/analysis/def_use_table.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker {

struct DetectContext {
  DetectContext(const ir::Module& module, const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                const DetectOptions& options);

  const ir::Kernel& kernel;
  const analysis::KernelAnalysis& analysis;
  DetectOptions options;
  const analysis::ReconvergenceTable& table;  ///< the table in use
  analysis::DefUseTable du;
  ControlDependence cd;
  Slicer slicer;
  PointOrder points;
  AddressAnalysis addresses;
  std::vector<bool> error_only;                ///< per block (analysis/error_paths.hpp)
  analysis::Uniformity uniformity;             ///< detect_uniformity(): use this, not analysis.uniformity
  std::vector<BranchSides> sides;              ///< every conditional branch, ascending PC
  std::vector<std::uint32_t> first_barrier;    ///< per block: first CTA barrier PC, or kNone
  std::vector<std::uint32_t> writes;           ///< PCs of shared writes, ascending
  std::vector<std::uint32_t> block_of_pc;

  /// Every PC defining register reg, ascending.
  [[nodiscard]] const std::vector<std::uint32_t>& defs_of(std::uint32_t reg) const noexcept {
    return slicer.reaching_defs().defs(reg);
  }
  /// Block of the instruction at pc.
  [[nodiscard]] std::uint32_t block_of(std::uint32_t pc) const noexcept { return block_of_pc[pc]; }
  [[nodiscard]] bool refined() const noexcept { return options.mode == DetectMode::Refined; }
  /// Reconvergence PC of a conditional branch in the table in use.
  [[nodiscard]] std::uint32_t reconv_pc(std::uint32_t branch_pc) const noexcept {
    return table.find(branch_pc).value_or(analysis::kExitPc);
  }
  /// The sides record of the branch at pc, or nullptr.
  [[nodiscard]] const BranchSides* sides_of(std::uint32_t branch_pc) const noexcept;
  /// Barrier-cut reachability from the blocks of the given points (kExitPc ignored).
  [[nodiscard]] BarrierCutReach reach_from(const std::vector<std::uint32_t>& points) const;
};

}  // namespace lockstep::checker
