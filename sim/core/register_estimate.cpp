#include "sim/core/register_estimate.hpp"

#include <algorithm>
#include <vector>

#include "frontend/analysis/def_use_table.hpp"
#include "frontend/analysis/liveness.hpp"

namespace lockstep::sim {
namespace {

std::uint32_t words_of(ir::Type t) noexcept {
  if (t == ir::Type::Pred || t == ir::Type::None) return 0;
  return std::max<std::uint32_t>(1, (ir::bit_width(t) + 31) / 32);
}

}  // namespace

std::uint32_t estimate_registers(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis) {
  const analysis::DefUseTable table(kernel);
  analysis::RegisterLiveness liveness(kernel, analysis.graph, table);
  const auto nregs = static_cast<std::uint32_t>(kernel.regs.size());
  const auto nblocks = static_cast<std::uint32_t>(kernel.blocks.size());
  std::vector<std::uint32_t> words(nregs);
  for (std::uint32_t r = 0; r < nregs; ++r) words[r] = words_of(kernel.regs[r].type);
  // live_in[b]: the registers live at the entry of block b.
  std::vector<std::vector<std::uint32_t>> live_in(nblocks);
  for (std::uint32_t r = 0; r < nregs; ++r) {
    if (words[r] == 0) continue;
    for (const std::uint32_t b : liveness.live_in(r)) {
      if (b < nblocks) live_in[b].push_back(r);
    }
  }
  std::vector<char> live(nregs, 0);
  std::uint32_t peak = 0;
  for (std::uint32_t b = 0; b < nblocks; ++b) {
    std::fill(live.begin(), live.end(), 0);
    std::uint32_t now = 0;
    for (const std::uint32_t s : kernel.blocks[b].succs) {
      if (s >= nblocks) continue;
      for (const std::uint32_t r : live_in[s]) {
        if (live[r] == 0) now += words[r];
        live[r] = 1;
      }
    }
    peak = std::max(peak, now);
    for (std::uint32_t pc = kernel.blocks[b].last_pc + 1; pc-- > kernel.blocks[b].first_pc;) {
      for (const analysis::RegDef& d : table.defs(pc)) {
        if (d.reg >= nregs || words[d.reg] == 0) continue;
        if (live[d.reg] == 0) now += words[d.reg];  // a dead def still needs a register at this point
        live[d.reg] = 1;
      }
      peak = std::max(peak, now);
      for (const analysis::RegDef& d : table.defs(pc)) {
        if (d.reg >= nregs || !d.kills || live[d.reg] == 0) continue;
        live[d.reg] = 0;
        now -= words[d.reg];
      }
      for (const analysis::RegUse& u : table.uses(pc)) {
        if (u.reg >= nregs || words[u.reg] == 0 || live[u.reg] != 0) continue;
        live[u.reg] = 1;
        now += words[u.reg];
      }
      peak = std::max(peak, now);
    }
  }
  return std::min<std::uint32_t>(255, peak + 2);
}

}  // namespace lockstep::sim
