#include "checker/detect/detect_uniformity.hpp"

#include "checker/detect/frame_slots.hpp"
#include "frontend/analysis/error_paths.hpp"

namespace lockstep::checker {

analysis::Uniformity detect_uniformity(const ir::Kernel& kernel, const analysis::KernelAnalysis& a,
                                       const std::vector<bool>& error_only, const AddressAnalysis& addresses) {
  const analysis::PrivateSlots slots = frame_slots(kernel, addresses);
  if (!analysis::any_error_only(error_only)) {
    if (slots.empty()) return a.uniformity;
    return analysis::analyze_uniformity(kernel, a.graph, a.postdom, a.loops, slots);
  }
  const analysis::Digraph g = analysis::surviving_graph(a.graph, error_only);
  const analysis::PostDominatorTree pdom = analysis::post_dominator_tree(kernel, g);
  const analysis::DominatorTree dom(g, 0);
  std::vector<bool> may_exit(kernel.blocks.size(), false);
  for (const auto& b : kernel.blocks) may_exit[b.id] = b.may_exit;
  const analysis::LoopInfo loops(g, dom, may_exit);
  return analysis::analyze_uniformity(kernel, g, pdom, loops, slots);
}

}  // namespace lockstep::checker
