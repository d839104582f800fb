#include "checker/detect/barrier_divergence.hpp"

#include "checker/detect/memory_access.hpp"

namespace lockstep::checker {

std::vector<BarrierFinding> divergent_barriers(const DetectContext& ctx) {
  std::vector<BarrierFinding> out;
  const ir::Kernel& k = ctx.kernel;
  for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
    if (!is_cta_barrier(k.code[pc])) continue;
    const std::uint32_t b = k.block_of(pc);
    for (const auto& br : ctx.sides) {
      if (br.uniform) continue;
      bool inside = false;
      for (const auto& side : br.sides) inside = inside || side.contains(b);
      if (inside) {
        out.push_back({pc, br.pc});
        break;
      }
    }
  }
  return out;
}

}  // namespace lockstep::checker
