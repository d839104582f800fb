#include "checker/detect/barrier_divergence.hpp"

#include "checker/detect/memory_access.hpp"

namespace lockstep::checker {
namespace {

/// The barrier's block lies on a side of the branch, and some other
/// successor of the branch is entered by threads not committed to an error.
bool splits_barrier(const DetectContext& ctx, const BranchSides& br, std::uint32_t block) {
  for (std::size_t i = 0; i < br.sides.size(); ++i) {
    if (!br.sides[i].contains(block)) continue;
    for (std::size_t j = 0; j < br.targets.size(); ++j)
      if (j != i && !ctx.error_only[br.targets[j]]) return true;
  }
  return false;
}

}  // namespace

std::vector<BarrierFinding> divergent_barriers(const DetectContext& ctx) {
  std::vector<BarrierFinding> out;
  const ir::Kernel& k = ctx.kernel;
  for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
    const ir::Instr& in = k.code[pc];
    const bool call = may_hold_barrier(in);
    if (!is_cta_barrier(in) && !call) continue;
    // A divergent guard: only some threads of the warp take part.
    if (in.guarded() && ctx.analysis.uniformity.divergent(in.guard)) {
      out.push_back({pc, pc, call});
      continue;
    }
    const std::uint32_t b = k.block_of(pc);
    for (const auto& br : ctx.sides) {
      if (br.uniform || !splits_barrier(ctx, br, b)) continue;
      out.push_back({pc, br.pc, call});
      break;
    }
  }
  return out;
}

}  // namespace lockstep::checker
