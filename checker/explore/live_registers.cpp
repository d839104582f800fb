#include "checker/explore/live_registers.hpp"

#include "frontend/analysis/def_use_table.hpp"
#include "frontend/analysis/liveness.hpp"

namespace lockstep::checker {

LiveRegisters::LiveRegisters(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis)
    : regs_(static_cast<std::uint32_t>(kernel.regs.size())), words_((kernel.regs.size() + 63) / 64 + 1) {
  const std::size_t npc = kernel.code.size();
  bits_.assign(npc * words_, 0);
  dead_.resize(npc);
  const analysis::DefUseTable table(kernel);
  analysis::RegisterLiveness liveness(kernel, analysis.graph, table);
  std::vector<std::uint64_t> cur(words_);
  const auto set = [&](std::uint32_t r) { cur[r / 64] |= std::uint64_t{1} << (r % 64); };
  const auto clear = [&](std::uint32_t r) { cur[r / 64] &= ~(std::uint64_t{1} << (r % 64)); };
  for (std::uint32_t b = 0; b < kernel.blocks.size(); ++b) {
    const ir::Block& blk = kernel.blocks[b];
    std::fill(cur.begin(), cur.end(), 0);
    for (std::uint32_t r = 0; r < regs_; ++r) {
      for (const std::uint32_t s : blk.succs) {
        if (liveness.live_at_entry(r, s)) {
          set(r);
          break;
        }
      }
    }
    for (std::uint32_t pc = blk.last_pc + 1; pc-- > blk.first_pc;) {
      for (const analysis::RegDef& d : table.defs(pc)) {
        if (d.kills && d.reg < regs_) clear(d.reg);
      }
      for (const analysis::RegUse& u : table.uses(pc)) {
        if (u.reg < regs_) set(u.reg);
      }
      std::copy(cur.begin(), cur.end(), bits_.begin() + static_cast<std::ptrdiff_t>(pc * words_));
    }
  }
  for (std::uint32_t pc = 0; pc < npc; ++pc) {
    for (std::uint32_t r = 0; r < regs_; ++r) {
      if (!live(pc, r)) dead_[pc].push_back(r);
    }
  }
}

}  // namespace lockstep::checker
