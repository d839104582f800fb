// AWARE: the update rules (model_aware.hpp; research 000-aware-bows-ddos-mp.md
// §1.2, the digest's on_branch / on_reach_rpc / check_complete routines).
#include "semantics/model/model_aware.hpp"

#include <algorithm>

#include "semantics/model/model_branch.hpp"
#include "semantics/model/reconvergence_order.hpp"

namespace lockstep::sem {

void ModelAware::retire(const ModelContext& ctx, State& s, unsigned, const Outcome& o) const {
  const bool counting = timeout_ != kTimeoutOff && timeout_ != kTimeoutAny;
  if (counting) count_delays(s);
  const std::uint32_t branch_pc = s.fifo.front().pc;
  if (o.exited != 0) clear_exited(s, o.exited);
  if (o.blocked != 0) {
    s.fifo.front().bl = 1;  // the whole split resumes together on release
  } else if (o.count == 1) {
    s.fifo.front().pc = o.groups[0].pc;
    if (every_branch_ && s.fifo.size() > 1 && is_branch(ctx, branch_pc)) {
      std::rotate(s.fifo.begin(), s.fifo.begin() + 1, s.fifo.end());
    }
  } else if (o.count > 1) {
    const Split head = s.fifo.front();
    s.fifo.erase(s.fifo.begin());
    diverge(ctx, s, head, o);
  }
  complete(s);
  settle(ctx, s);
  if (counting) fire_timeouts(ctx, s);
  virtualize(ctx, s);
  canonicalize(s);
}

void ModelAware::clear_exited(State& s, Mask gone) const {
  for (Split& sp : s.fifo) sp.mask &= ~gone;
  for (Reconv& e : s.rt) {
    if ((e.pending & gone) != 0) e.delay = 0;
    e.rec &= ~gone;
    e.pending &= ~gone;
  }
}

void ModelAware::diverge(const ModelContext& ctx, State& s, Split head, const Outcome& o) const {
  const std::uint32_t rpc = ctx.reconv->find(head.pc).value_or(analysis::kExitPc);
  std::uint32_t parent = head.rindex;
  if (rpc != head.rpc) {  // special case 3 reuses the split's own entry
    s.rt.push_back(Reconv{rpc, head.rpc, head.mask, head.mask, head.rindex, 0});
    parent = static_cast<std::uint32_t>(s.rt.size() - 1);
    touch(ctx, s, parent, true);
  }
  // Not-taken path first (research §1.3): the reverse of branch order; taken first: branch order.
  for (unsigned k = 0; k < o.count; ++k) {
    const Outcome::Group& g = o.groups[taken_first_ ? k : o.count - 1 - k];
    if (g.pc == rpc && parent != kNone) {
      arrive(ctx, s, parent, g.mask);  // special case 1: this side goes straight to the RPC
    } else {
      s.fifo.push_back(Split{g.pc, rpc, g.mask, parent, 0});
    }
  }
}

void ModelAware::arrive(const ModelContext& ctx, State& s, std::uint32_t r, Mask m) const {
  touch(ctx, s, r, false);  // a pending-mask update
  Reconv& e = s.rt[r];
  e.pending &= ~m;
  e.delay = 0;
  if (e.pending == 0 && e.rec != 0) {
    const Split back{e.pc, e.rpc, e.rec, e.parent, 0};
    e.rec = 0;  // free
    s.fifo.push_back(back);
  }
}

void ModelAware::complete(State& s) const {
  for (std::size_t r = 0; r < s.rt.size(); ++r) {
    Reconv& e = s.rt[r];
    if (e.pending == 0 && e.rec != 0) {
      const Split back{e.pc, e.rpc, e.rec, e.parent, 0};
      e.rec = 0;
      s.fifo.push_back(back);
    }
  }
}

void ModelAware::settle(const ModelContext& ctx, State& s) const {
  for (std::size_t i = 0; i < s.fifo.size();) {
    const Split sp = s.fifo[i];
    if (sp.mask == 0) {
      s.fifo.erase(s.fifo.begin() + static_cast<std::ptrdiff_t>(i));
    } else if (sp.pc == sp.rpc && sp.rindex != kNone) {
      s.fifo.erase(s.fifo.begin() + static_cast<std::ptrdiff_t>(i));
      arrive(ctx, s, sp.rindex, sp.mask);  // may append a reconverged split, visited later
    } else {
      ++i;
    }
  }
}

void ModelAware::time_out(const ModelContext& ctx, State& s, std::uint32_t r) const {
  if ((s.rt[r].rec & ~s.rt[r].pending) == 0) return;
  touch(ctx, s, r, false);  // a timed-out virtual entry is filled first (§1.7)
  Reconv& e = s.rt[r];
  const Mask arrived = e.rec & ~e.pending;
  const Split back{e.pc, e.rpc, arrived, e.parent, 0};
  e.rec = e.pending;
  e.delay = 0;
  s.fifo.push_back(back);
}

void ModelAware::count_delays(State& s) const {
  for (Reconv& e : s.rt) {
    if ((e.rec & ~e.pending) != 0) ++e.delay;
  }
}

void ModelAware::fire_timeouts(const ModelContext& ctx, State& s) const {
  for (std::uint32_t r = 0; r < s.rt.size(); ++r) {
    if (s.rt[r].delay > timeout_) time_out(ctx, s, r);
  }
}

Mask ModelAware::events(const State& s) const noexcept {
  if (timeout_ != kTimeoutAny) return 0;
  Mask m = 0;
  for (std::uint32_t r = 0; r < s.rt.size() && r < kWarpSize; ++r) {
    if ((s.rt[r].rec & ~s.rt[r].pending) != 0) m |= lane_bit(r);
  }
  return m;
}

void ModelAware::fire(const ModelContext& ctx, State& s, unsigned e) const {
  if (e >= s.rt.size()) return;
  time_out(ctx, s, e);
  virtualize(ctx, s);
  canonicalize(s);
}

void ModelAware::release(const ModelContext& ctx, State& s, Mask lanes, std::uint32_t pc) const {
  bool any = false;
  for (Split& sp : s.fifo) {
    if (sp.bl != 0 && (sp.mask & lanes) != 0) {
      sp.bl = 0;
      sp.pc = pc;
      any = true;
    }
  }
  if (!any) return;
  settle(ctx, s);
  virtualize(ctx, s);
  canonicalize(s);
}

void ModelAware::normalize(State& s) {
  // A blocked split at the FIFO head is sent to the back unfetched (§1.5(a)).
  const auto first = std::find_if(s.fifo.begin(), s.fifo.end(), [](const Split& sp) { return sp.bl == 0; });
  if (first != s.fifo.end() && first != s.fifo.begin()) std::rotate(s.fifo.begin(), first, s.fifo.end());
}

void ModelAware::canonicalize(State& s) {
  order_reconvergence(s.rt, kNone, s.fifo, s.lru);
}

void ModelAware::explain(const State& s, std::vector<WaitInfo>& out) const {
  for (std::size_t i = 0; i < s.fifo.size(); ++i) {
    const Split& sp = s.fifo[i];
    WaitKind k = WaitKind::Pending;  // waits for its turn in the FIFO
    if (sp.bl != 0) {
      k = WaitKind::Barrier;
    } else if (i == 0) {
      k = WaitKind::Ready;
    }
    out.push_back(WaitInfo{sp.mask, sp.pc, k, 0});
  }
  for (const Reconv& e : s.rt) {
    const Mask arrived = e.rec & ~e.pending;
    if (arrived != 0) out.push_back(WaitInfo{arrived, e.pc, WaitKind::Reconverge, e.pc});
  }
}

}  // namespace lockstep::sem
