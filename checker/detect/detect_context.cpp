#include "checker/detect/detect_context.hpp"

#include <algorithm>

#include "checker/detect/detect_uniformity.hpp"
#include "checker/detect/memory_access.hpp"
#include "frontend/analysis/error_paths.hpp"

namespace lockstep::checker {

DetectContext::DetectContext(const ir::Module& module, const ir::Kernel& k, const analysis::KernelAnalysis& a,
                             const DetectOptions& opts)
    : kernel(k),
      analysis(a),
      options(opts),
      table(opts.table == TableChoice::Nvidia ? a.nvidia_table : a.ipdom_table),
      du(k),
      cd(k, a),
      slicer(k, du, cd),
      points(k, a),
      addresses(module, k, opts.alias),
      error_only(analysis::error_only_blocks(k)),
      uniformity(detect_uniformity(k, a, error_only, addresses)),
      sides(branch_sides(k, a, uniformity, opts.table == TableChoice::Nvidia)),
      first_barrier(k.blocks.size(), analysis::kNone),
      block_of_pc(k.code.size(), 0) {
  for (const auto& b : k.blocks) {
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc; ++pc) {
      block_of_pc[pc] = b.id;
      const ir::Instr& in = k.code[pc];
      if (first_barrier[b.id] == analysis::kNone && is_cta_barrier(in)) first_barrier[b.id] = pc;
      if (is_shared_write(in) && addresses.may_be_shared(pc)) writes.push_back(pc);
    }
  }
}

const BranchSides* DetectContext::sides_of(std::uint32_t branch_pc) const noexcept {
  auto it = std::lower_bound(sides.begin(), sides.end(), branch_pc,
                             [](const BranchSides& s, std::uint32_t pc) { return s.pc < pc; });
  return it != sides.end() && it->pc == branch_pc ? &*it : nullptr;
}

BarrierCutReach DetectContext::reach_from(const std::vector<std::uint32_t>& pts) const {
  std::vector<std::uint32_t> starts;
  for (std::uint32_t p : pts)
    if (p != analysis::kExitPc) starts.push_back(kernel.block_of(p));
  return BarrierCutReach(kernel, first_barrier, starts);
}

}  // namespace lockstep::checker
