#include "frontend/analysis/kernel_analysis.hpp"

#include <utility>

namespace lockstep::analysis {

std::vector<BranchSummary> KernelAnalysis::branches() const {
  std::vector<BranchSummary> out;
  out.reserve(reconvergence.size());
  for (const auto& br : reconvergence) {
    BranchSummary s;
    s.pc = br.pc;
    s.block = br.block;
    s.targets = br.targets;
    s.ipdom = br.ipdom;
    s.ipdom_nvidia = br.ipdom_nvidia;
    if (const BranchUniformity* u = uniformity.branch(br.pc)) {
      s.uniform = u->uniform;
      s.uni_asserted = u->uni_asserted;
    }
    out.push_back(std::move(s));
  }
  return out;
}

KernelAnalysis analyze_kernel(const ir::Kernel& kernel) {
  KernelAnalysis a;
  a.graph = block_graph(kernel);
  a.dom = DominatorTree(a.graph, 0);
  a.postdom = post_dominator_tree(kernel, a.graph);
  std::vector<bool> may_exit(kernel.blocks.size(), false);
  for (const auto& b : kernel.blocks) may_exit[b.id] = b.may_exit;
  a.loops = LoopInfo(a.graph, a.dom, may_exit);
  a.reconvergence = branch_reconvergence(kernel, a.dom, a.postdom);
  a.ipdom_table = ipdom_table(kernel, a.reconvergence);
  a.nvidia_table = nvidia_table(kernel, a.reconvergence);
  a.uniformity = analyze_uniformity(kernel, a.graph, a.postdom, a.loops);
  return a;
}

}  // namespace lockstep::analysis
