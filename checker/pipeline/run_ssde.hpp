// The SSDE pipeline on one kernel of a module: analyse, detect, compute the
// safe reconvergence points for the SIMT stack (Algorithms 2 + 3), transform
// (Algorithm 4), then analyse and detect again on the output to check that
// nothing is left.
//
// Divergent CTA barriers (detection's barrier findings) cannot be removed by
// SSDE: they are carried to the result as `unfixable` and stay in `after`.
// A kernel with no flagged loop is returned unchanged (a copy, no groups, an
// empty report).
#pragma once

#include <cstddef>
#include <vector>

#include "checker/detect/detection.hpp"
#include "checker/detect/safepdom.hpp"
#include "checker/ssde/ssde.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker {

struct SsdePipelineResult {
  std::size_t kernel_index = 0;     ///< index in Module::kernels
  KernelDetection before;           ///< detection on the input kernel
  SafePdoms safepdoms;              ///< Target::Stack, on the input kernel
  std::vector<SsdeGroup> groups;    ///< what was transformed (input PCs and blocks)
  bool transformed = false;         ///< some loop was flagged and rewritten
  /// The transformation refused the SafePDoms and every flagged loop was
  /// given the kernel exit instead (always valid, later reconvergence).
  bool fell_back_to_exit = false;
  ir::Kernel kernel;                ///< the output kernel, blocks built
  SsdeReport report;                ///< empty when nothing was transformed
  KernelDetection after;            ///< detection on the output kernel, same options
  std::vector<BarrierFinding> unfixable;  ///< divergent barriers of the input (input PCs)

  /// The output is free of everything detection looks for.
  [[nodiscard]] bool clean() const noexcept { return !after.flagged(); }
};

/// Runs the pipeline on `module.kernels[kernel_index]` (the module's kernels
/// have their blocks built, as load_ptx leaves them). Detection runs with
/// `options` before and after. Throws std::out_of_range for a bad index.
/// When ssde_transform refuses the SafePDoms (std::invalid_argument), every
/// flagged loop is moved to the kernel exit and the transformation retried;
/// a second refusal passes through.
[[nodiscard]] SsdePipelineResult run_ssde(const ir::Module& module, std::size_t kernel_index,
                                          const DetectOptions& options);

}  // namespace lockstep::checker
