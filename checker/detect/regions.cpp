#include "checker/detect/regions.hpp"

namespace lockstep::checker {

std::vector<BranchSides> branch_sides(const ir::Kernel& kernel, const analysis::KernelAnalysis& a,
                                      const analysis::Uniformity& uniformity, bool nvidia) {
  const auto n = static_cast<std::uint32_t>(kernel.blocks.size());
  std::vector<BranchSides> out;
  out.reserve(a.reconvergence.size());
  std::vector<std::uint32_t> stack;
  for (const auto& br : a.reconvergence) {
    BranchSides s;
    s.pc = br.pc;
    s.block = br.block;
    s.reconv_block = nvidia ? br.ipdom_nvidia : br.ipdom;
    s.uniform = uniformity.branch_uniform(br.pc);
    s.targets = br.targets;
    for (std::uint32_t t : br.targets) {
      BlockSet side(n);
      if (t != s.reconv_block) {
        side.insert(t);
        stack.assign(1, t);
        while (!stack.empty()) {
          const std::uint32_t b = stack.back();
          stack.pop_back();
          for (std::uint32_t succ : kernel.blocks[b].succs)
            if (succ != s.reconv_block && side.insert(succ)) stack.push_back(succ);
        }
      }
      s.sides.push_back(std::move(side));
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace lockstep::checker
