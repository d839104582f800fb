#include "bench/support/analysis_digest.hpp"

namespace lockstep::bench {

void AnalysisDigest::add(const ir::Kernel& kernel, const analysis::KernelAnalysis& a) {
  ++kernels;
  blocks += kernel.blocks.size();
  loops += a.loops.size();
  for (const auto& loop : a.loops.loops()) irreducible_loops += loop.reducible ? 0 : 1;
  branches += a.reconvergence.size();
  for (const auto& b : a.uniformity.branches()) divergent_branches += b.uniform ? 0 : 1;
}

AnalysisDigest analyse_module(const ir::Module& module) {
  AnalysisDigest digest;
  for (const auto& kernel : module.kernels) digest.add(kernel, analysis::analyze_kernel(kernel));
  return digest;
}

}  // namespace lockstep::bench
