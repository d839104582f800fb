#include "semantics/model/model_tbc.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "frontend/analysis/kernel_analysis.hpp"

namespace lockstep::sem {
namespace {

[[nodiscard]] bool any_thread(const std::vector<Mask>& m) noexcept {
  return std::any_of(m.begin(), m.end(), [](Mask x) { return x != 0; });
}

/// The static targets of the branch at pc in the order their paths run
/// (bra: taken, then not-taken; brx.idx: label order), without duplicates.
std::vector<std::uint32_t> branch_targets(const ir::Kernel& k, std::uint32_t pc, const Outcome& o) {
  std::vector<std::uint32_t> t;
  const auto add = [&t](std::uint32_t x) {
    if (std::find(t.begin(), t.end(), x) == t.end()) t.push_back(x);
  };
  const ir::Instr& in = k.code[pc];
  if (in.op == ir::Opcode::Bra) {
    add(k.op(pc, 0).label_pc());
    add(pc + 1);
  } else if (in.op == ir::Opcode::BrxIdx) {
    const ir::Operand& list = k.op(pc, 1);
    const ir::Operand* labels = k.elems(list);
    for (std::uint32_t i = 0; i < list.b; ++i) add(labels[i].label_pc());
    if (in.guarded()) add(pc + 1);  // guard-false threads
  }
  for (unsigned i = 0; i < o.count; ++i) add(o.groups[i].pc);
  return t;
}

}  // namespace

bool tbc_divergent_branch(const ir::Kernel& kernel, std::uint32_t pc) noexcept {
  if (pc >= kernel.code.size()) return false;
  const ir::Instr& in = kernel.code[pc];
  return (in.op == ir::Opcode::Bra && in.guarded() && !in.has(ir::InstrFlag::Uni)) || in.op == ir::Opcode::BrxIdx;
}

LcpTable make_lcp_table(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                        const analysis::ReconvergenceTable& table) {
  LcpTable t(kernel.code.size(), kNoLcp);
  for (std::uint32_t pc = 0; pc < kernel.code.size(); ++pc) {
    if (!tbc_divergent_branch(kernel, pc)) continue;
    const std::uint32_t b = kernel.block_of(pc);
    const std::uint32_t loop = analysis.loops.innermost(b);
    if (loop == analysis::kNone) continue;
    const analysis::Loop& l = analysis.loops.loop(loop);
    if (l.latches.size() != 1 || l.latches[0] == b) continue;
    // Only a branch whose reconvergence point lies outside the loop (a
    // `break`): inside it every thread reconverges before the latch anyway.
    const std::uint32_t rpc = table.find(pc).value_or(analysis::kExitPc);
    if (rpc != analysis::kExitPc && rpc < kernel.code.size() && analysis.loops.contains(loop, kernel.block_of(rpc))) {
      continue;
    }
    t[pc] = kernel.blocks[l.latches[0]].first_pc;
  }
  return t;
}

ModelTbc::State ModelTbc::init(const ModelContext&, std::span<const Mask> live, std::uint32_t entry_pc) const {
  State s;
  s.warps.assign(live.size(), Warp{});
  Entry e;
  e.pc = entry_pc;
  e.mask.assign(live.begin(), live.end());
  if (any_thread(e.mask)) {
    s.stack.push_back(std::move(e));
    activate(s);
  }
  return s;
}

void ModelTbc::compact(State& s) const {
  Entry& e = s.stack[s.tos];
  for (Warp& w : s.warps) w = Warp{};
  const auto nw = static_cast<std::uint32_t>(e.mask.size());
  std::uint32_t n = 0;
  if (!compactor_) {
    for (std::uint32_t j = 0; j < nw; ++j) {
      if (e.mask[j] == 0) continue;
      Warp& w = s.warps[j];
      w.lanes = e.mask[j];
      for_each_lane(w.lanes, [&](unsigned l) { w.home[l] = static_cast<std::uint8_t>(j); });
      ++n;
    }
  } else {
    for (unsigned l = 0; l < kWarpSize; ++l) {
      std::uint32_t k = 0;
      for (std::uint32_t j = 0; j < nw; ++j) {
        if (!has_lane(e.mask[j], l)) continue;
        s.warps[k].lanes |= lane_bit(l);
        s.warps[k].home[l] = static_cast<std::uint8_t>(j);
        ++k;
      }
      n = std::max(n, k);
    }
  }
  for (Warp& w : s.warps) {
    if (w.lanes != 0) w.pc = e.pc;
  }
  e.wcnt = n;
  e.branch = kNoPc;
  e.replace = false;
  e.reconverged = false;
}

void ModelTbc::activate(State& s) const {
  while (!s.stack.empty()) {
    Entry& e = s.stack.back();
    if (!any_thread(e.mask) || e.pc == e.rpc) {
      s.stack.pop_back();
      continue;
    }
    if (e.lpc != kNoPc && e.pc == e.lpc) {  // a path that starts at its likely-convergence point
      Entry& l = s.stack[e.lpos];
      for (std::size_t j = 0; j < e.mask.size(); ++j) l.mask[j] |= e.mask[j];
      s.stack.pop_back();
      continue;
    }
    break;
  }
  if (s.stack.empty()) {
    s.tos = 0;
    for (Warp& w : s.warps) w = Warp{};
    return;
  }
  s.tos = static_cast<std::uint32_t>(s.stack.size() - 1);
  compact(s);
}

void ModelTbc::retire_warp(State& s, unsigned k) const {
  s.warps[k] = Warp{};
  Entry& e = s.stack[s.tos];
  if (--e.wcnt != 0) return;
  if (e.branch == kNoPc) {  // every warp reconverged, merged at the LPC or exited
    s.stack.erase(s.stack.begin() + s.tos, s.stack.end());
    activate(s);
    return;
  }
  // Target entries that stayed empty, or start at the RPC (their threads
  // wait in the reconvergence entry), would pop without issuing when they
  // became TOS: they go now, so that a loop whose threads all stay does not
  // pile them up below its next targets.
  for (std::size_t i = s.stack.size(); i-- > s.tos + 1;) {
    const Entry& x = s.stack[i];
    if (!x.likely && (!any_thread(x.mask) || x.pc == x.rpc)) {
      s.stack.erase(s.stack.begin() + static_cast<std::ptrdiff_t>(i));
    }
  }
  if (s.stack[s.tos].replace) {  // the targets take the entry's place
    const std::uint32_t at = s.tos;
    s.stack.erase(s.stack.begin() + at);
    for (std::size_t i = at; i < s.stack.size(); ++i) {
      if (s.stack[i].lpc != kNoPc && s.stack[i].lpos > at) --s.stack[i].lpos;
    }
  } else {  // the entry waits at the branch's RPC below its targets
    Entry& r = s.stack[s.tos];
    r.branch = kNoPc;
    r.reconverged = false;
  }
  activate(s);
}

void ModelTbc::moved(State& s, unsigned k) const {
  Warp& w = s.warps[k];
  Entry& e = s.stack[s.tos];
  if (w.pc == e.rpc) {
    e.reconverged = true;
    retire_warp(s, k);
  } else if (e.lpc != kNoPc && w.pc == e.lpc) {
    Entry& l = s.stack[e.lpos];
    for_each_lane(w.lanes, [&](unsigned lane) {
      l.mask[w.home[lane]] |= lane_bit(lane);
      e.mask[w.home[lane]] &= ~lane_bit(lane);
    });
    e.reconverged = true;
    retire_warp(s, k);
  }
}

void ModelTbc::arrive(const ModelContext& ctx, State& s, unsigned k, const Outcome& o) const {
  const std::uint32_t b = s.warps[k].pc;
  const std::uint32_t t = s.tos;
  const auto nw = s.stack[t].mask.size();
  if (s.stack[t].branch == kNoPc) {  // the first warp to arrive pushes every target entry
    const std::uint32_t rpc = ctx.reconv->find(b).value_or(analysis::kExitPc);
    const std::vector<std::uint32_t> targets = branch_targets(*ctx.kernel, b, o);
    Entry& e = s.stack[t];
    e.branch = b;
    e.replace = rpc == e.rpc;
    if (!e.replace) e.pc = rpc;
    std::uint32_t lpc = e.replace ? e.lpc : kNoPc;
    std::uint32_t lpos = e.replace ? e.lpos : 0;
    const std::uint32_t l = lcp_of(b);
    if (l != kNoLcp && l != rpc) {
      if (e.lpc == l) {  // the enclosing entry's likely-convergence entry serves (thesis footnote 6)
        lpc = l;
        lpos = e.lpos;
      } else {
        Entry le;
        le.pc = l;
        le.rpc = rpc;
        le.likely = true;
        le.mask.assign(nw, 0);
        lpc = l;
        lpos = static_cast<std::uint32_t>(s.stack.size());
        s.stack.push_back(std::move(le));
      }
    }
    for (std::size_t i = targets.size(); i-- > 0;) {
      Entry te;
      te.pc = targets[i];
      te.rpc = rpc;
      te.lpc = lpc;
      te.lpos = lpc != kNoPc ? lpos : 0;
      te.mask.assign(nw, 0);
      s.stack.push_back(std::move(te));
    }
  }
  const Warp& w = s.warps[k];
  for (unsigned g = 0; g < o.count; ++g) {
    std::size_t i = s.stack.size();
    while (i-- > t + 1 && s.stack[i].pc != o.groups[g].pc) {
    }
    Entry& te = s.stack[i];
    for_each_lane(o.groups[g].mask, [&](unsigned lane) { te.mask[w.home[lane]] |= lane_bit(lane); });
  }
  retire_warp(s, k);
}

std::optional<std::string> ModelTbc::conflict(const ModelContext& ctx, const State& s, unsigned k,
                                              const Outcome& o) const {
  const Warp& w = s.warps[k];
  if (o.blocked != 0 || (w.lanes & ~o.exited) == 0 || o.count == 0) return std::nullopt;
  const ir::Instr& in = ctx.kernel->code[w.pc];
  const Entry& e = s.stack[s.tos];
  if (in.op == ir::Opcode::Bra && in.has(ir::InstrFlag::Uni) && o.count > 1) {
    return fmt::format("bra.uni at pc {} is not uniform within a compacted warp: thread block compaction cannot "
                       "split a warp at a branch marked non-divergent (docs/models/tbc.md)",
                       w.pc);
  }
  const std::string why =
      "the threads of one block-wide stack entry take different paths, which thread block compaction cannot "
      "represent (a branch marked .uni that is uniform per compacted warp but not per entry; docs/models/tbc.md)";
  if (tbc_divergent_branch(*ctx.kernel, w.pc) || o.count > 1) {
    if (e.branch != kNoPc && e.branch != w.pc) {
      return fmt::format("compacted warps reach two different divergent branches, pc {} and pc {}: {}", e.branch,
                         w.pc, why);
    }
    if (e.reconverged) {
      return fmt::format("a compacted warp reaches the divergent branch at pc {} after another reached the entry's "
                         "reconvergence point: {}",
                         w.pc, why);
    }
  } else if (e.branch != kNoPc) {
    const std::uint32_t next = o.groups[0].pc;
    if (next == e.rpc || (e.lpc != kNoPc && next == e.lpc)) {
      return fmt::format("a compacted warp reaches the reconvergence point pc {} while others wait at the divergent "
                         "branch at pc {}: {}",
                         next, e.branch, why);
    }
  }
  return std::nullopt;
}

void ModelTbc::retire(const ModelContext& ctx, State& s, unsigned k, const Outcome& o) const {
  Warp& w = s.warps[k];
  if (o.exited != 0) {
    for_each_lane(o.exited & w.lanes, [&](unsigned l) {
      for (Entry& e : s.stack) e.mask[w.home[l]] &= ~lane_bit(l);
      w.home[l] = kNoWarp;
    });
    w.lanes &= ~o.exited;
  }
  if (w.lanes == 0) {
    retire_warp(s, k);
    return;
  }
  if (o.blocked != 0) {
    w.blocked = true;  // the whole compacted warp resumes together on release
    return;
  }
  if (tbc_divergent_branch(*ctx.kernel, w.pc) || o.count > 1) {
    arrive(ctx, s, k, o);
    return;
  }
  w.pc = o.groups[0].pc;
  moved(s, k);
}

void ModelTbc::release(const ModelContext&, State& s, std::uint32_t warp, Mask lanes, std::uint32_t pc) const {
  for (unsigned k = 0; k < s.warps.size(); ++k) {
    Warp& w = s.warps[k];
    if (!w.blocked) continue;
    bool mine = false;
    for_each_lane(lanes & w.lanes, [&](unsigned l) { mine = mine || w.home[l] == warp; });
    if (!mine) continue;
    w.blocked = false;
    w.pc = pc;
    moved(s, k);
  }
}

void ModelTbc::explain(const State& s, std::uint32_t warp, std::vector<WaitInfo>& out) const {
  const std::size_t first = out.size();
  const auto add = [&](unsigned l, std::uint32_t pc, WaitKind kind, std::uint32_t until) {
    add_waiting_lane(out, first, l, pc, kind, until);
  };
  for (unsigned l = 0; l < kWarpSize; ++l) {
    bool found = false;
    for (const Warp& w : s.warps) {
      if (has_lane(w.lanes, l) && w.home[l] == warp) {
        add(l, w.pc, w.blocked ? WaitKind::Barrier : WaitKind::Ready, 0);
        found = true;
        break;
      }
    }
    for (std::size_t i = s.stack.size(); !found && i-- > 0;) {
      const Entry& e = s.stack[i];
      if (warp >= e.mask.size() || !has_lane(e.mask[warp], l)) continue;
      found = true;
      if (i == s.tos && e.rpc != kNoPc) {
        add(l, e.rpc, WaitKind::Reconverge, e.rpc);  // arrived at the entry's reconvergence point
      } else if (i < s.tos && s.stack[i + 1].rpc == e.pc) {
        add(l, e.pc, WaitKind::Reconverge, e.pc);
      } else {
        add(l, e.pc, WaitKind::Pending, 0);
      }
    }
  }
}

void ModelTbc::hash(const State& s, StateHasher& h) const {
  h.value(s.tos);
  h.value(s.stack.size());
  for (const Entry& e : s.stack) {
    h.value(e.pc);
    h.value(e.rpc);
    h.value(e.lpc);
    h.value(e.lpos);
    h.value(e.wcnt);
    h.value(e.branch);
    h.value(e.replace);
    h.value(e.reconverged);
    h.value(e.likely);
    h.bytes(e.mask.data(), e.mask.size() * sizeof(Mask));
  }
  for (const Warp& w : s.warps) {
    h.value(w.pc);
    h.value(w.lanes);
    h.value(w.blocked);
    h.bytes(w.home.data(), w.home.size());
  }
}

}  // namespace lockstep::sem
