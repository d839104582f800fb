#include "checker/detect/control_dependence.hpp"

#include <algorithm>

namespace lockstep::checker {

ControlDependence::ControlDependence(const ir::Kernel& kernel, const analysis::KernelAnalysis& a) {
  const auto n = static_cast<std::uint32_t>(kernel.blocks.size());
  std::vector<std::vector<std::uint32_t>> per(n);
  const std::uint32_t exit = a.exit_block();
  std::vector<std::uint32_t> succs;
  for (const auto& blk : kernel.blocks) {
    succs.assign(blk.succs.begin(), blk.succs.end());
    if (blk.may_exit) succs.push_back(exit);
    if (succs.size() < 2) continue;
    const std::uint32_t stop = a.postdom.ipdom(blk.id);
    for (std::uint32_t s : succs) {
      for (std::uint32_t y = s; y != stop && y != analysis::kNone && y != exit; y = a.postdom.ipdom(y)) {
        if (per[y].empty() || per[y].back() != blk.id) per[y].push_back(blk.id);
      }
    }
  }
  off_.assign(n + 1, 0);
  for (std::uint32_t b = 0; b < n; ++b) {
    std::sort(per[b].begin(), per[b].end());
    per[b].erase(std::unique(per[b].begin(), per[b].end()), per[b].end());
    off_[b + 1] = off_[b] + static_cast<std::uint32_t>(per[b].size());
  }
  deps_.reserve(off_[n]);
  for (auto& v : per) deps_.insert(deps_.end(), v.begin(), v.end());
}

}  // namespace lockstep::checker
