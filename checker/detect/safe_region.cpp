#include "checker/detect/safe_region.hpp"

#include <vector>

namespace lockstep::checker {

BlockSet blocks_to_point(const DetectContext& ctx, std::span<const std::uint32_t> starts, std::uint32_t point) {
  const ir::Kernel& k = ctx.kernel;
  BlockSet out(static_cast<std::uint32_t>(k.blocks.size()));
  const bool exit = point == analysis::kExitPc;
  const std::uint32_t sb = exit ? analysis::kNone : k.block_of(point);
  const bool mid = !exit && k.blocks[sb].first_pc != point;
  std::vector<std::uint32_t> stack;
  auto visit = [&](std::uint32_t b) {
    if (b == sb) {
      if (mid) out.insert(b);
      return;
    }
    if (out.insert(b)) stack.push_back(b);
  };
  for (std::uint32_t s : starts) visit(s);
  while (!stack.empty()) {
    const std::uint32_t b = stack.back();
    stack.pop_back();
    for (std::uint32_t succ : k.blocks[b].succs) visit(succ);
  }
  return out;
}

}  // namespace lockstep::checker
