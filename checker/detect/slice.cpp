#include "checker/detect/slice.hpp"

#include <algorithm>
#include <unordered_set>

namespace lockstep::checker {
namespace {

/// Walks the instructions [first, end) of a block backwards looking for
/// definitions of reg; adds them; returns true when a killing one was found.
bool scan_block(const analysis::DefUseTable& du, std::uint32_t first, std::uint32_t end, std::uint32_t reg,
                std::vector<std::uint32_t>& found) {
  for (std::uint32_t pc = end; pc-- > first;) {
    for (const auto& d : du.defs(pc)) {
      if (d.reg != reg) continue;
      found.push_back(pc);
      if (d.kills) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<std::uint32_t> Slicer::slice(std::span<const std::uint32_t> seeds) const {
  const ir::Kernel& k = *kernel_;
  std::vector<bool> in(k.code.size(), false);
  std::vector<std::uint32_t> work;
  std::vector<std::uint32_t> out;
  auto add = [&](std::uint32_t pc) {
    if (in[pc]) return;
    in[pc] = true;
    out.push_back(pc);
    work.push_back(pc);
  };
  for (std::uint32_t s : seeds) add(s);

  std::unordered_set<std::uint64_t> live_in_done;  // (block, reg) whose live-in definitions were added
  std::vector<bool> block_cd_done(k.blocks.size(), false);
  std::vector<std::uint32_t> found;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pending;  // (block, reg): defs live into block

  while (!work.empty()) {
    const std::uint32_t pc = work.back();
    work.pop_back();
    const std::uint32_t b = k.block_of(pc);
    const ir::Block& blk = k.blocks[b];
    if (!block_cd_done[b]) {
      block_cd_done[b] = true;
      for (std::uint32_t x : cd_->of(b)) add(k.blocks[x].last_pc);
    }
    for (const auto& u : du_->uses(pc)) {
      found.clear();
      if (!scan_block(*du_, blk.first_pc, pc, u.reg, found)) pending.emplace_back(b, u.reg);
      for (std::uint32_t d : found) add(d);
      while (!pending.empty()) {
        const auto [pb, reg] = pending.back();
        pending.pop_back();
        if (!live_in_done.insert((std::uint64_t{pb} << 32) | reg).second) continue;
        for (std::uint32_t pred : k.blocks[pb].preds) {
          const ir::Block& p = k.blocks[pred];
          found.clear();
          if (!scan_block(*du_, p.first_pc, p.last_pc + 1, reg, found)) pending.emplace_back(pred, reg);
          for (std::uint32_t d : found) add(d);
        }
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace lockstep::checker
