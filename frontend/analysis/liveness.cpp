#include "frontend/analysis/liveness.hpp"

#include <algorithm>
#include <utility>

#include "frontend/analysis/def_use.hpp"

namespace lockstep::analysis {

namespace {

/// (register, block) pairs to a CSR table indexed by register; `pairs` are
/// produced in ascending block order, so every row stays ascending.
void to_csr(std::uint32_t regs, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs,
            std::vector<std::uint32_t>& off, std::vector<std::uint32_t>& rows) {
  off.assign(std::size_t{regs} + 1, 0);
  for (const auto& [reg, block] : pairs) ++off[reg + 1];
  for (std::uint32_t r = 0; r < regs; ++r) off[r + 1] += off[r];
  rows.resize(pairs.size());
  std::vector<std::uint32_t> next(off.begin(), off.end() - 1);
  for (const auto& [reg, block] : pairs) rows[next[reg]++] = block;
}

}  // namespace

RegisterLiveness::RegisterLiveness(const ir::Kernel& kernel, const Digraph& g)
    : RegisterLiveness(kernel, g, DefUseTable(kernel)) {}

RegisterLiveness::RegisterLiveness(const ir::Kernel& kernel, const Digraph& g, const DefUseTable& table) : g_(&g) {
  const std::uint32_t regs = table.reg_count();
  std::vector<std::pair<std::uint32_t, std::uint32_t>> use_pairs, kill_pairs;
  std::vector<std::uint32_t> killed_in(regs, kNone), used_in(regs, kNone);
  for (const auto& block : kernel.blocks) {
    for (std::uint32_t pc = block.first_pc; pc <= block.last_pc && pc < kernel.code.size(); ++pc) {
      for (const RegUse& use : table.uses(pc))
        if (killed_in[use.reg] != block.id && used_in[use.reg] != block.id) {
          used_in[use.reg] = block.id;
          use_pairs.emplace_back(use.reg, block.id);
        }
      for (const RegDef& def : table.defs(pc))
        if (def.kills && killed_in[def.reg] != block.id) {
          killed_in[def.reg] = block.id;
          kill_pairs.emplace_back(def.reg, block.id);
        }
    }
  }
  to_csr(regs, use_pairs, use_off_, use_blocks_);
  to_csr(regs, kill_pairs, kill_off_, kill_blocks_);
  cache_begin_.assign(regs, kNone);
  cache_end_.assign(regs, kNone);
  seen_.assign(g.size(), 0);
  killed_.assign(g.size(), 0);
}

std::span<const std::uint32_t> RegisterLiveness::live_in(std::uint32_t reg) {
  if (cache_begin_[reg] == kNone) {
    ++query_;
    for (std::uint32_t i = kill_off_[reg]; i < kill_off_[reg + 1]; ++i) killed_[kill_blocks_[i]] = query_;
    const auto begin = static_cast<std::uint32_t>(cache_.size());
    std::vector<std::uint32_t> work;
    for (std::uint32_t i = use_off_[reg]; i < use_off_[reg + 1]; ++i) {
      const std::uint32_t b = use_blocks_[i];
      seen_[b] = query_;
      work.push_back(b);
    }
    while (!work.empty()) {
      const std::uint32_t b = work.back();
      work.pop_back();
      cache_.push_back(b);
      for (const std::uint32_t p : g_->preds(b))
        if (seen_[p] != query_ && killed_[p] != query_) {
          seen_[p] = query_;
          work.push_back(p);
        }
    }
    std::sort(cache_.begin() + begin, cache_.end());
    cache_begin_[reg] = begin;
    cache_end_[reg] = static_cast<std::uint32_t>(cache_.size());
  }
  return {cache_.data() + cache_begin_[reg], cache_.data() + cache_end_[reg]};
}

bool RegisterLiveness::live_at_entry(std::uint32_t reg, std::uint32_t block) {
  const auto blocks = live_in(reg);
  return std::binary_search(blocks.begin(), blocks.end(), block);
}

}  // namespace lockstep::analysis
