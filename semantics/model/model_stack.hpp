// The SIMT stack with immediate-post-dominator reconvergence (research
// 000-deadlock-ssde.md §1.4, 001-microarch-tbc.md §2; docs/models/stack.md).
//
// Per warp: a stack of entries (PC, RPC, active mask); only the top entry
// issues. At a divergent branch whose reconvergence PC (from the caller's
// table) differs from the top's RPC, the top entry becomes the
// reconvergence entry (its PC := the branch's RPC) and one entry per
// outcome group is pushed above it; a group whose target is the RPC gets no
// entry (its threads wait in the reconvergence entry). When the RPC equals
// the top's RPC the top is replaced by the groups (no new reconvergence
// entry; GPGPU-Sim's rule). After every step, entries whose PC reached
// their RPC or whose mask is empty are popped.
//
// Transactions (Kilo TM's extension, research 001-kilotm.md §2.2 Fig 4.3;
// docs/tm.md): an outermost `__tbegin` pushes a retry entry R (the restart
// PC, no threads) and a transaction-top entry T (the restart PC, the active
// mask) above the issuing N entry. Branches inside the transaction push N
// entries above T as usual. At `__tcommit` (issued by T) the failed threads
// join R and T is popped; a non-empty R then pushes a new T with its threads
// (the implicit retry loop) and empties; an empty R is popped and the N entry
// below resumes after the `__tcommit`. An abort elsewhere (`__tabort`, the
// watchdog) moves the threads from every entry above R into R. `tx_r` is the
// index of the R entry (kNoTx outside transactions): the entry types live
// there, so a stack without a transaction is (and hashes) as before.
//
// Push order (the entry pushed last runs first):
//   Nvidia  taken path first (not-taken pushed first); brx.idx: label order.
//   Amd     the path with fewer active threads first; ties as Nvidia.
//   NotTakenFirst  the not-taken path first (research §7.5-7.6 claims).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "frontend/analysis/reconvergence_table.hpp"
#include "semantics/model/divergence_model.hpp"

namespace lockstep::sem {

enum class PushOrder : std::uint8_t { Nvidia, Amd, NotTakenFirst };

class ModelStack {
 public:
  static constexpr ModelScope kScope = ModelScope::Warp;
  static constexpr UnitKind kUnits = UnitKind::Warp;
  static constexpr bool kThreadUnits = kUnits == UnitKind::Thread;
  static constexpr std::uint32_t kNoRpc = 0xfffffffeU;  ///< bottom entry: never reconverges
  static constexpr std::uint32_t kNoTx = 0xffffffffU;   ///< tx_r outside transactions
  /// The model implements transactions (Kilo TM's stack extension).
  static constexpr bool kTransactions = true;

  struct Entry {
    std::uint32_t pc = 0;
    std::uint32_t rpc = kNoRpc;
    Mask mask = 0;
    friend bool operator==(const Entry&, const Entry&) = default;
  };
  struct State {
    std::vector<Entry> stack;  ///< bottom .. top
    bool blocked = false;      ///< the top entry waits at a barrier / warp sync
    std::uint32_t tx_r = kNoTx;  ///< index of the transaction's R entry (T is above it)
    /// Inside a transaction after a commit step: the instruction after its
    /// __tcommit, where the threads that committed (held only in the N entry
    /// below R) go on; 0 otherwise. What explain() reports for them, so that
    /// the explorer's dead-register zeroing sees their real next instruction.
    /// Not hashed: a function of the transaction, it changes no future step.
    std::uint32_t tx_resume = 0;
    friend bool operator==(const State&, const State&) = default;
  };

  explicit ModelStack(PushOrder order = PushOrder::Nvidia) : order_(order) {}

  [[nodiscard]] State init(const ModelContext&, Mask live, std::uint32_t entry_pc) const {
    State s;
    if (live != 0) s.stack.push_back(Entry{entry_pc, kNoRpc, live});
    return s;
  }
  [[nodiscard]] Mask enabled(const State& s) const noexcept {
    if (s.blocked || s.stack.empty()) return 0;
    return lane_bit(lowest_lane(s.stack.back().mask));
  }
  [[nodiscard]] UnitView unit(const State& s, unsigned) const noexcept {
    return UnitView{s.stack.back().pc, s.stack.back().mask};
  }
  void retire(const ModelContext& ctx, State& s, unsigned, const Outcome& o) const;
  /// The transaction events (Fig 4.3; see the top of this file).
  void retire_tx(State& s, const Outcome& o) const;
  void release(const ModelContext&, State& s, Mask lanes, std::uint32_t pc) const {
    if (!s.blocked || s.stack.empty() || (s.stack.back().mask & lanes) == 0) return;
    s.blocked = false;
    s.stack.back().pc = pc;
    settle(s);
  }
  void explain(const State& s, std::vector<WaitInfo>& out) const;
  void hash(const State& s, StateHasher& h) const {
    h.value(s.blocked);
    if (s.tx_r != kNoTx) h.value(s.tx_r);  // only inside a transaction: other states hash as before
    h.value(s.stack.size());
    h.elements(s.stack.data(), s.stack.size());
  }
  [[nodiscard]] PushOrder order() const noexcept { return order_; }

  /// Pops entries that reached their RPC or lost all their threads; inside a
  /// transaction it stops at R: a T whose threads all aborted is replaced by
  /// a new T with R's threads (R is emptied).
  static void settle(State& s) {
    while (!s.stack.empty() && s.stack.size() - 1 != s.tx_r &&
           (s.stack.back().mask == 0 || s.stack.back().pc == s.stack.back().rpc)) {
      s.stack.pop_back();
    }
    if (s.tx_r != kNoTx && s.stack.size() - 1 == s.tx_r && s.stack.back().mask != 0) {
      Entry t{s.stack.back().pc, kNoRpc, s.stack.back().mask};
      s.stack.back().mask = 0;
      s.stack.push_back(t);
    }
  }

 private:
  PushOrder order_;
};

inline void ModelStack::retire_tx(State& s, const Outcome& o) const {
  const std::uint32_t pc = s.stack.back().pc;
  switch (o.tx) {
    case TxEvent::Begin: {
      // Fig 4.3 step 1: N stays, push R (restart PC, empty) and T (restart PC, the active mask).
      const Mask m = s.stack.back().mask;
      s.tx_r = static_cast<std::uint32_t>(s.stack.size());
      s.stack.push_back(Entry{pc + 1, kNoRpc, 0});
      s.stack.push_back(Entry{pc + 1, kNoRpc, m});
      return;
    }
    case TxEvent::Commit: {
      // Steps 2, 3 and 5: failed threads join R, T is popped (the warp finished its commit).
      // The threads that committed wait in N (whose PC stays at __tbegin,
      // as in the figure) and go on after __tcommit: explain() says so.
      s.tx_resume = pc + 1;
      Entry& r = s.stack[s.tx_r];
      r.mask |= o.tx_retry;
      s.stack.resize(s.tx_r + 1);
      if (r.mask == 0) {
        s.stack.pop_back();
        s.tx_r = kNoTx;
        s.tx_resume = 0;
        if (!s.stack.empty()) s.stack.back().pc = pc + 1;  // the N entry resumes after __tcommit
      }
      settle(s);
      return;
    }
    case TxEvent::Abort:
    case TxEvent::None: break;
  }
  // An abort inside the transaction: the aborted threads leave every entry above R and join it.
  for (std::size_t i = s.tx_r + 1; i < s.stack.size(); ++i) s.stack[i].mask &= ~o.tx_retry;
  s.stack[s.tx_r].mask |= o.tx_retry;
  Entry& top = s.stack.back();
  for (unsigned i = 0; i < o.count; ++i) {
    if ((o.groups[i].mask & top.mask) != 0) top.pc = o.groups[i].pc;
  }
  settle(s);
}

inline void ModelStack::retire(const ModelContext& ctx, State& s, unsigned, const Outcome& o) const {
  if (o.tx != TxEvent::None) return retire_tx(s, o);
  const std::uint32_t branch_pc = s.stack.back().pc;
  if (o.exited != 0) {
    for (Entry& e : s.stack) e.mask &= ~o.exited;
  }
  if (o.blocked != 0) {
    s.blocked = true;  // the whole top entry resumes together on release
    return;
  }
  Entry& top = s.stack.back();
  if (o.count == 1) {
    top.pc = o.groups[0].pc;
  } else if (o.count > 1) {
    const std::uint32_t rpc = ctx.reconv->find(branch_pc).value_or(analysis::kExitPc);
    std::array<Outcome::Group, kWarpSize> paths;
    unsigned n = 0;
    for (unsigned i = 0; i < o.count; ++i) {
      if (o.groups[i].pc != rpc) paths[n++] = o.groups[i];
    }
    // Order paths by execution order (first runs first).
    if (order_ == PushOrder::Amd) {
      std::stable_sort(paths.begin(), paths.begin() + n, [](const Outcome::Group& a, const Outcome::Group& b) {
        return lane_count(a.mask) < lane_count(b.mask);
      });
    } else if (order_ == PushOrder::NotTakenFirst) {
      std::reverse(paths.begin(), paths.begin() + n);
    }
    std::uint32_t entry_rpc = rpc;
    if (rpc != top.rpc) {
      top.pc = rpc;
    } else {
      entry_rpc = top.rpc;
      s.stack.pop_back();
    }
    for (unsigned i = n; i-- > 0;) s.stack.push_back(Entry{paths[i].pc, entry_rpc, paths[i].mask});
  }
  settle(s);
}

inline void ModelStack::explain(const State& s, std::vector<WaitInfo>& out) const {
  Mask above = 0;
  for (std::size_t i = s.stack.size(); i-- > 0;) {
    const Entry& e = s.stack[i];
    const Mask own = e.mask & ~above;
    if (own != 0) {
      WaitInfo w{own, e.pc, WaitKind::Ready, 0};
      if (s.tx_r != kNoTx && i + 1 == s.tx_r && s.tx_resume != 0) {
        w.pc = s.tx_resume;  // committed, waiting for the warp's retries: next at __tcommit + 1
        w.kind = WaitKind::Pending;
      } else if (i + 1 == s.stack.size()) {
        w.kind = s.blocked ? WaitKind::Barrier : WaitKind::Ready;
      } else if (i + 1 < s.stack.size() && s.stack[i + 1].rpc == e.pc) {
        w.kind = WaitKind::Reconverge;
        w.until_pc = e.pc;
      } else {
        w.kind = WaitKind::Pending;
      }
      out.push_back(w);
    }
    above |= e.mask;
  }
}

static_assert(DivergenceModel<ModelStack>);

}  // namespace lockstep::sem
