// The SSDE pipeline on one kernel of a module: analyse, detect, compute the
// safe reconvergence points for the SIMT stack (Algorithms 2 + 3), transform
// (Algorithm 4), then analyse and detect again on the output to check that
// nothing is left.
//
// Divergent CTA barriers (detection's barrier findings) cannot be removed by
// SSDE: they are carried to the result as `unfixable` and stay in `after`.
// A kernel with no flagged loop is returned unchanged (a copy, no groups, an
// empty report).
//
// Loops named `left_alone` (the ones evidence discharged: `lockstep ssde`
// transforms confirmed and unknown loops only) are not transformed unless
// Algorithm 3 flags them again (a nested loop's SafePDom delays them); the
// output's loops that are those loops do not count against `clean`.
#pragma once

#include <cstddef>
#include <cstdint>
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
  /// Flagged input loops not transformed because they were discharged (ids, ascending).
  std::vector<std::uint32_t> left_alone;
  /// The loops of `after` that are loops of `left_alone` (output loop ids).
  std::vector<std::uint32_t> after_left_alone;

  /// Output loop `loop` is one that was left alone.
  [[nodiscard]] bool left_alone_after(std::uint32_t loop) const noexcept {
    for (std::uint32_t l : after_left_alone)
      if (l == loop) return true;
    return false;
  }
  /// The output is free of everything detection looks for, the loops left alone apart.
  [[nodiscard]] bool clean() const noexcept {
    if (!after.barriers.empty()) return false;
    for (const LoopFinding& f : after.loops)
      if (f.flagged && !left_alone_after(f.loop)) return false;
    return true;
  }
};

/// Runs the pipeline on `module.kernels[kernel_index]` (the module's kernels
/// have their blocks built, as load_ptx leaves them). Detection runs with
/// `options` before and after. Throws std::out_of_range for a bad index.
/// When ssde_transform refuses the SafePDoms (std::invalid_argument), every
/// flagged loop is moved to the kernel exit and the transformation retried;
/// a second refusal passes through.
[[nodiscard]] SsdePipelineResult run_ssde(const ir::Module& module, std::size_t kernel_index,
                                          const DetectOptions& options,
                                          const std::vector<std::uint32_t>& left_alone = {});

}  // namespace lockstep::checker
