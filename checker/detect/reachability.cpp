#include "checker/detect/reachability.hpp"

#include <algorithm>

#include "frontend/analysis/reconvergence.hpp"

namespace lockstep::checker {

BarrierCutReach::BarrierCutReach(const ir::Kernel& kernel, std::span<const std::uint32_t> first_barrier,
                                 std::span<const std::uint32_t> start_blocks)
    : limit_(kernel.blocks.size(), analysis::kNone) {
  std::vector<std::uint32_t> stack;
  auto visit = [&](std::uint32_t b) {
    if (limit_[b] != analysis::kNone) return;
    const std::uint32_t bar = first_barrier[b];
    limit_[b] = bar == analysis::kNone ? kernel.blocks[b].last_pc + 1 : bar;
    if (bar == analysis::kNone) stack.push_back(b);
  };
  for (std::uint32_t s : start_blocks) visit(s);
  while (!stack.empty()) {
    const std::uint32_t b = stack.back();
    stack.pop_back();
    for (std::uint32_t succ : kernel.blocks[b].succs) visit(succ);
  }
}

std::vector<std::uint32_t> BarrierCutReach::branches_to(const ir::Kernel& kernel, std::uint32_t target) const {
  std::vector<std::uint32_t> out;
  std::vector<bool> seen(kernel.blocks.size(), false);
  std::vector<std::uint32_t> stack;
  auto push_preds = [&](std::uint32_t b) {
    for (std::uint32_t p : kernel.blocks[b].preds)
      if (!seen[p] && passes(kernel, p)) {
        seen[p] = true;
        stack.push_back(p);
      }
  };
  push_preds(target);
  while (!stack.empty()) {
    const std::uint32_t x = stack.back();
    stack.pop_back();
    const std::uint32_t last = kernel.blocks[x].last_pc;
    if (analysis::is_conditional_branch(kernel.code[last])) out.push_back(last);
    push_preds(x);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace lockstep::checker
