#include "semantics/model/pc_tables.hpp"

#include <algorithm>
#include <utility>

#include "frontend/analysis/def_use.hpp"

namespace lockstep::sem {
namespace {

/// Bytes of the registers each inlined frame's own instructions write.
std::vector<std::uint32_t> frame_footprints(const ir::Kernel& k) {
  std::vector<std::vector<std::uint32_t>> regs(k.frames.size());
  std::vector<analysis::RegDef> defs;
  for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
    const std::uint32_t f = k.code[pc].frame;
    if (f >= k.frames.size()) continue;
    analysis::defs(k, pc, defs);
    for (const analysis::RegDef& d : defs) {
      if (d.reg < k.regs.size()) regs[f].push_back(d.reg);
    }
  }
  std::vector<std::uint32_t> bytes(k.frames.size(), 0);
  for (std::size_t f = 0; f < regs.size(); ++f) {
    std::sort(regs[f].begin(), regs[f].end());
    regs[f].erase(std::unique(regs[f].begin(), regs[f].end()), regs[f].end());
    for (const std::uint32_t r : regs[f]) bytes[f] += std::max(1U, ir::byte_width(k.regs[r].type));
  }
  // A frame's chain: itself plus its callers (a parent is created before its callees).
  for (std::size_t f = 0; f < k.frames.size(); ++f) {
    const std::uint32_t p = k.frames[f].parent;
    if (p < f) bytes[f] += bytes[p];
  }
  return bytes;
}

/// Longest path (in blocks) to the end over the CFG without retreating edges.
std::vector<std::uint32_t> block_priorities(const ir::Kernel& k) {
  const auto n = static_cast<std::uint32_t>(k.blocks.size());
  std::vector<std::uint32_t> prio(n, 0);
  std::vector<std::uint8_t> state(n, 0);  // 0 new, 1 on the DFS stack, 2 finished
  std::vector<std::pair<std::uint32_t, std::size_t>> stack;
  for (std::uint32_t root = 0; root < n; ++root) {
    if (state[root] != 0) continue;
    stack.emplace_back(root, 0);
    state[root] = 1;
    while (!stack.empty()) {
      auto& [b, next] = stack.back();
      const std::vector<std::uint32_t>& succs = k.blocks[b].succs;
      if (next < succs.size()) {
        const std::uint32_t s = succs[next++];
        if (state[s] == 0) {
          state[s] = 1;
          stack.emplace_back(s, 0);
        }
        continue;
      }
      std::uint32_t best = 0;
      for (const std::uint32_t s : succs) {
        if (state[s] == 2) best = std::max(best, prio[s]);  // on the stack: a retreating edge
      }
      prio[b] = best + 1;
      state[b] = 2;
      stack.pop_back();
    }
  }
  return prio;
}

}  // namespace

PcTables make_pc_tables(const ir::Kernel& k) {
  const std::size_t n = k.code.size();
  PcTables t;
  t.block_start.resize(n);
  t.depth.resize(n);
  t.stack.resize(n, 0);
  t.priority.resize(n, 1);
  for (std::uint32_t pc = 0; pc < n; ++pc) {
    t.block_start[pc] = pc;
    t.depth[pc] = k.call_depth(pc);
  }
  const std::vector<std::uint32_t> prio = block_priorities(k);
  for (const ir::Block& b : k.blocks) {
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc && pc < n; ++pc) {
      t.block_start[pc] = b.first_pc;
      t.priority[pc] = prio[b.id];
    }
  }
  const std::vector<std::uint32_t> frames = frame_footprints(k);
  for (std::uint32_t pc = 0; pc < n; ++pc) {
    const std::uint32_t f = k.code[pc].frame;
    if (f < frames.size()) t.stack[pc] = frames[f];
  }
  return t;
}

}  // namespace lockstep::sem
