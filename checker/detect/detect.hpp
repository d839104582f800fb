// SIMT-induced deadlock detection on one kernel: Algorithm 1 of ElTantawy
// 2018 (research/000-deadlock-ssde.md §2.3) in thesis mode, plus the refined
// filters of docs/detection.md in refined mode, plus divergent CTA barriers.
#pragma once

#include "checker/detect/detection.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker {

/// Runs detection on `kernel` (a kernel of `module`, blocks built;
/// `analysis` = analysis::analyze_kernel(kernel)).
[[nodiscard]] KernelDetection detect(const ir::Module& module, const ir::Kernel& kernel,
                                     const analysis::KernelAnalysis& analysis, const DetectOptions& options);

}  // namespace lockstep::checker
