#include "checker/detect/reaching_defs.hpp"

#include <algorithm>

namespace lockstep::checker {

ReachingDefs::ReachingDefs(const ir::Kernel& kernel, const analysis::DefUseTable& du)
    : kernel_(&kernel), du_(&du), defs_of_(analysis::reg_slots(kernel)), block_of_(kernel.code.size(), 0) {
  for (const auto& b : kernel.blocks)
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc; ++pc) block_of_[pc] = b.id;
  for (std::uint32_t pc = 0; pc < du.size(); ++pc)
    for (const auto& d : du.defs(pc))
      if (defs_of_[d.reg].empty() || defs_of_[d.reg].back() != pc) defs_of_[d.reg].push_back(pc);
}

const ReachingDefs::PerReg& ReachingDefs::solve(std::uint32_t reg) {
  auto& slot = solved_[reg];
  if (slot) return *slot;
  slot = std::make_unique<PerReg>();
  PerReg& r = *slot;
  r.defs = defs_of_[reg];
  const ir::Kernel& k = *kernel_;
  const auto nb = k.blocks.size();
  r.words = static_cast<std::uint32_t>((r.defs.size() + 63) / 64);
  r.in.assign(nb * r.words, 0);
  // Per block: does it kill, and which definitions does it generate.
  std::vector<std::uint64_t> gen(nb * r.words, 0);
  std::vector<bool> kills(nb, false);
  for (std::uint32_t i = 0; i < r.defs.size(); ++i) {
    const std::uint32_t pc = r.defs[i];
    const std::uint32_t b = block_of_[pc];
    bool kill = false;
    for (const auto& d : du_->defs(pc)) kill = kill || (d.reg == reg && d.kills);
    std::uint64_t* g = gen.data() + b * r.words;
    if (kill) {
      std::fill(g, g + r.words, 0);
      kills[b] = true;
    }
    g[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  std::vector<std::uint64_t> out(nb * r.words, 0);
  for (std::size_t b = 0; b < nb; ++b)
    for (std::uint32_t w = 0; w < r.words; ++w) out[b * r.words + w] = gen[b * r.words + w];
  bool changed = true;
  while (changed) {
    changed = false;
    for (const auto& blk : k.blocks) {
      std::uint64_t* in = r.in.data() + blk.id * r.words;
      for (std::uint32_t p : blk.preds)
        for (std::uint32_t w = 0; w < r.words; ++w) in[w] |= out[p * r.words + w];
      if (kills[blk.id]) continue;
      for (std::uint32_t w = 0; w < r.words; ++w) {
        const std::uint64_t v = in[w] | gen[blk.id * r.words + w];
        if (v != out[blk.id * r.words + w]) {
          out[blk.id * r.words + w] = v;
          changed = true;
        }
      }
    }
  }
  return r;
}

void ReachingDefs::reaching(std::uint32_t pc, std::uint32_t reg, std::vector<std::uint32_t>& out) {
  const ir::Kernel& k = *kernel_;
  const std::uint32_t b = block_of_[pc];
  for (std::uint32_t p = pc; p-- > k.blocks[b].first_pc;) {
    for (const auto& d : du_->defs(p)) {
      if (d.reg != reg) continue;
      out.push_back(p);
      if (d.kills) return;
    }
  }
  const auto& defs = defs_of_[reg];
  if (defs.empty()) return;
  if (defs.size() == 1) {
    out.push_back(defs[0]);
    return;
  }
  const PerReg& r = solve(reg);
  const std::uint64_t* in = r.in.data() + b * r.words;
  for (std::uint32_t i = 0; i < r.defs.size(); ++i)
    if ((in[i / 64] >> (i % 64)) & 1U) out.push_back(r.defs[i]);
}

}  // namespace lockstep::checker
