// What the analyses of a kernel or module found, in a few counts: printed
// by the benchmarks as a sanity check, and the value that keeps the timed
// work from being optimised away.
#pragma once

#include <cstddef>

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::bench {

struct AnalysisDigest {
  std::size_t kernels = 0;
  std::size_t blocks = 0;
  std::size_t loops = 0;
  std::size_t irreducible_loops = 0;
  std::size_t branches = 0;            ///< conditional branches
  std::size_t divergent_branches = 0;

  void add(const ir::Kernel& kernel, const analysis::KernelAnalysis& a);
};

/// Runs every analysis (analysis::analyze_kernel) on every kernel of the module.
[[nodiscard]] AnalysisDigest analyse_module(const ir::Module& module);

}  // namespace lockstep::bench
