#include "frontend/analysis/loop_branches.hpp"

#include <algorithm>
#include <map>

namespace lockstep::analysis {

std::vector<std::uint32_t> loop_backward_branches(const ir::Kernel& k, const Loop& loop) {
  std::vector<std::uint32_t> out;
  for (const std::uint32_t b : loop.blocks) {
    for (std::uint32_t pc = k.blocks[b].first_pc; pc <= k.blocks[b].last_pc; ++pc) {
      if (k.code[pc].op != ir::Opcode::Bra) continue;
      const std::uint32_t target = k.op(pc, 0).label_pc();
      if (target <= pc && std::binary_search(loop.blocks.begin(), loop.blocks.end(), k.block_of(target))) {
        out.push_back(pc);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<BackwardBranch> innermost_backward_branches(const ir::Kernel& k, const LoopInfo& loops) {
  std::map<std::uint32_t, BackwardBranch> by_pc;
  for (std::uint32_t id = 0; id < loops.size(); ++id) {
    for (const std::uint32_t pc : loop_backward_branches(k, loops.loop(id))) {
      auto [it, fresh] = by_pc.try_emplace(pc, BackwardBranch{pc, id});
      if (!fresh && loops.loop(id).depth > loops.loop(it->second.loop).depth) it->second.loop = id;
    }
  }
  std::vector<BackwardBranch> out;
  out.reserve(by_pc.size());
  for (const auto& [pc, b] : by_pc) out.push_back(b);
  return out;
}

}  // namespace lockstep::analysis
