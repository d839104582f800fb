// Multi-Path IPDOM: the update rules (model_multipath.hpp; research
// 000-aware-bows-ddos-mp.md §2.2, §2.3, §2.5).
#include "semantics/model/model_multipath.hpp"

#include <algorithm>
#include <optional>

#include "semantics/model/reconvergence_order.hpp"

namespace lockstep::sem {
namespace {

/// First PC of the block holding pc, or nullopt without blocks (a bare context).
std::optional<std::uint32_t> block_start(const ModelContext& ctx, std::uint32_t pc) {
  if (ctx.kernel == nullptr || ctx.kernel->blocks.empty() || pc >= ctx.kernel->code.size()) return std::nullopt;
  return ctx.kernel->blocks[ctx.kernel->block_of(pc)].first_pc;
}

}  // namespace

void ModelMultiPath::retire(const ModelContext& ctx, State& s, unsigned key, const Outcome& o) const {
  const auto it = std::find_if(s.st.begin(), s.st.end(), [key](const Split& sp) { return has_lane(sp.mask, key); });
  if (it == s.st.end()) return;
  const auto i = static_cast<std::size_t>(it - s.st.begin());
  if (o.exited != 0) {
    for (Split& sp : s.st) sp.mask &= ~o.exited;
    for (Split& sp : s.waiting) sp.mask &= ~o.exited;
    for (Reconv& e : s.rt) {
      e.rec &= ~o.exited;
      e.pending &= ~o.exited;
    }
  }
  if (o.blocked != 0) {
    s.st[i].bl = 1;
  } else if (o.count == 1) {
    s.st[i].pc = o.groups[0].pc;
    // The split's table entry moves to a new block: as an insertion, an early-reconvergence opportunity (Fig 7.8).
    if (orec_ && s.st[i].pc != s.st[i].rpc) early_reconverge(ctx, s, i);
  } else if (o.count > 1) {
    const Split head = s.st[i];
    s.st.erase(s.st.begin() + static_cast<std::ptrdiff_t>(i));
    const std::uint32_t rpc = ctx.reconv->find(head.pc).value_or(analysis::kExitPc);
    std::uint32_t parent = head.rindex;
    if (rpc != head.rpc) {
      s.rt.push_back(Reconv{rpc, head.rpc, head.mask, head.mask, head.rindex});
      parent = static_cast<std::uint32_t>(s.rt.size() - 1);
    }
    for (unsigned g = 0; g < o.count; ++g) {  // branch order: taken path first
      if (o.groups[g].pc == rpc && parent != kNone) {
        arrive(&ctx, s, parent, o.groups[g].mask);
      } else {
        insert(&ctx, s, Split{o.groups[g].pc, rpc, o.groups[g].mask, parent, 0});
      }
    }
  }
  if (o.exited != 0) {
    for (std::uint32_t r = 0; r < s.rt.size(); ++r) {
      if (s.rt[r].pending == 0 && s.rt[r].rec != 0) arrive(&ctx, s, r, 0);
    }
    std::erase_if(s.waiting, [](const Split& sp) { return sp.mask == 0; });
  }
  settle(&ctx, s);
  fill(&ctx, s);
  canonicalize(s);
}

void ModelMultiPath::insert(const ModelContext* ctx, State& s, Split n) const {
  if (n.mask == 0) return;
  if (max_ != 0 && s.st.size() >= max_) {
    s.waiting.push_back(n);
    return;
  }
  s.st.push_back(n);
  if (orec_ && ctx != nullptr) early_reconverge(*ctx, s, s.st.size() - 1);
}

void ModelMultiPath::early_reconverge(const ModelContext& ctx, State& s, std::size_t k) const {
  const Split n = s.st[k];
  if (block_start(ctx, n.pc) != n.pc) return;  // OREC looks up block starts
  for (std::size_t j = 0; j < s.st.size(); ++j) {
    if (j == k) continue;
    const Split lead = s.st[j];
    if (lead.bl != 0 || lead.rpc != n.rpc || lead.rindex != n.rindex || block_start(ctx, lead.pc) != n.pc) continue;
    if (lead.pc == n.pc) {  // already together: one split
      s.st[j].mask |= n.mask;
      s.st.erase(s.st.begin() + static_cast<std::ptrdiff_t>(k));
      return;
    }
    // The leading split waits at its next instruction (BR) for the lagging one.
    s.rt.push_back(Reconv{lead.pc, n.rpc, n.mask | lead.mask, n.mask, n.rindex});
    s.st[k].rpc = lead.pc;
    s.st[k].rindex = static_cast<std::uint32_t>(s.rt.size() - 1);
    s.st.erase(s.st.begin() + static_cast<std::ptrdiff_t>(j));
    return;
  }
}

void ModelMultiPath::arrive(const ModelContext* ctx, State& s, std::uint32_t r, Mask m) const {
  Reconv& e = s.rt[r];
  e.pending &= ~m;
  if (e.pending == 0 && e.rec != 0) {
    const Split back{e.pc, e.rpc, e.rec, e.parent, 0};
    e.rec = 0;  // free
    insert(ctx, s, back);
  }
}

void ModelMultiPath::settle(const ModelContext* ctx, State& s) const {
  bool again = true;
  while (again) {
    again = false;
    for (std::size_t i = 0; i < s.st.size(); ++i) {
      const Split sp = s.st[i];
      if (sp.mask == 0) {
        s.st.erase(s.st.begin() + static_cast<std::ptrdiff_t>(i));
        again = true;
        break;
      }
      if (sp.pc == sp.rpc && sp.rindex != kNone) {
        s.st.erase(s.st.begin() + static_cast<std::ptrdiff_t>(i));
        arrive(ctx, s, sp.rindex, sp.mask);
        again = true;
        break;
      }
    }
  }
}

void ModelMultiPath::fill(const ModelContext* ctx, State& s) const {
  while (!s.waiting.empty() && (max_ == 0 || s.st.size() < max_)) {
    const Split n = s.waiting.front();
    s.waiting.erase(s.waiting.begin());
    insert(ctx, s, n);
  }
}

void ModelMultiPath::release(const ModelContext&, State& s, Mask lanes, std::uint32_t pc) const {
  bool any = false;
  for (Split& sp : s.st) {
    if (sp.bl != 0 && (sp.mask & lanes) != 0) {
      sp.bl = 0;
      sp.pc = pc;
      any = true;
    }
  }
  if (!any) return;
  // No early reconvergence here: the issuing split of the current step must stay in the table.
  settle(nullptr, s);
  fill(nullptr, s);
  canonicalize(s);
}

void ModelMultiPath::canonicalize(State& s) {
  std::sort(s.st.begin(), s.st.end(),
            [](const Split& a, const Split& b) { return lowest_lane(a.mask) < lowest_lane(b.mask); });
  order_reconvergence(s.rt, kNone, s.st, s.waiting);
}

void ModelMultiPath::explain(const State& s, std::vector<WaitInfo>& out) const {
  for (const Split& sp : s.st) {
    out.push_back(WaitInfo{sp.mask, sp.pc, sp.bl != 0 ? WaitKind::Barrier : WaitKind::Ready, 0});
  }
  for (const Split& sp : s.waiting) out.push_back(WaitInfo{sp.mask, sp.pc, WaitKind::Pending, 0});
  for (const Reconv& e : s.rt) {
    const Mask arrived = e.rec & ~e.pending;
    if (arrived != 0) out.push_back(WaitInfo{arrived, e.pc, WaitKind::Reconverge, e.pc});
  }
}

}  // namespace lockstep::sem
