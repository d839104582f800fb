// LaunchState: construction, enabled units, the step, explanations, hashing.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "semantics/launch/launch_state.hpp"
#include "semantics/launch/tx_regions.hpp"

namespace lockstep::sem {

template <DivergenceModel M, class D>
LaunchState<M, D>::LaunchState(const LaunchSetup& setup, M model, D domain, Residency residency)
    : setup_(&setup), model_(std::move(model)), global_(setup.initial_global), dom_(std::move(domain)) {
  ctx_.kernel = setup.kernel;
  ctx_.reconv = setup.reconv;
  const LaunchShape& sh = setup.shape;
  wpb_ = std::max<std::uint32_t>(1, sh.warps_per_block());
  slotted_ = residency.slots != 0;
  const auto nblocks = slotted_ ? residency.slots : static_cast<std::uint32_t>(sh.blocks());
  blocks_.resize(nblocks);
  warps_.resize(std::size_t{nblocks} * wpb_);
  if constexpr (ModelWithCoreScope<M>) {
    if (slotted_ && residency.core_slots > 1 && nblocks % residency.core_slots == 0) grp_ = residency.core_slots;
    if (std::uint64_t{grp_} * wpb_ > M::kNoWarp) {
      throw std::invalid_argument(fmt::format("{} at core scope pools at most {} warps ({} blocks of {} warps)",
                                              M::kName, M::kNoWarp, grp_, wpb_));
    }
  }
  gw_ = grp_ * wpb_;
  if constexpr (ModelWithCoreScope<M>) {
    if (grp_ > 1) mstate_.assign(nblocks / grp_, model_.empty(gw_, wpb_));
  }
  if constexpr (kBlockScope) {
    if (grp_ == 1) mstate_.assign(nblocks, model_.init(ctx_, std::span<const Mask>{}, 0));
  } else {
    mstate_.assign(std::size_t{nblocks} * wpb_, model_.init(ctx_, 0, 0));
  }
  for (std::uint32_t b = 0; b < nblocks; ++b) {
    blocks_[b].barriers.resize(kBarriersPerBlock);
    if (!slotted_) init_block(b, b);
  }
  warps_left_ = sh.blocks() * sh.warps_per_block();
  if (warps_left_ == 0) status_ = LaunchStatus::Completed;
  if constexpr (kTm) {
    if (setup.transactions) tx_.resize(warps_.size());
    if (setup.transactions && setup.tm_protocol.units()) {
      TmProtocolConfig c = setup.tm_protocol;
      c.eager_spec = !plain_global_writes(*setup.kernel);
      units_ = TmCommitUnits(c);
    }
  }
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::init_block(std::uint32_t slot, std::uint32_t block) {
  const LaunchShape& sh = setup_->shape;
  BlockData& bd = blocks_[slot];
  bd.shared = setup_->make_shared_memory();
  bd.exited = 0;
  bd.index = block;
  for (std::uint32_t i = 0; i < wpb_; ++i) {
    const std::uint32_t w = slot * wpb_ + i;
    Warp& wd = warps_[w];
    wd.block = block;
    wd.warp_in_block = i;
    wd.live = sh.live_lanes(i);
    wd.exited = 0;
    if constexpr (!kBlockScope) mstate_[w] = model_.init(ctx_, wd.live, 0);
  }
  if constexpr (kBlockScope) {
    std::vector<Mask> live(wpb_);
    for (std::uint32_t i = 0; i < wpb_; ++i) live[i] = warps_[slot * wpb_ + i].live;
    if constexpr (ModelWithCoreScope<M>) {
      if (grp_ > 1) {
        model_.admit(mstate_[slot / grp_], (slot % grp_) * wpb_, live, 0);
        return;
      }
    }
    mstate_[slot] = model_.init(ctx_, live, 0);
  }
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::reset_model(std::uint32_t slot) {
  if constexpr (ModelWithCoreScope<M>) {
    if (grp_ > 1) {
      model_.leave(mstate_[slot / grp_], (slot % grp_) * wpb_, wpb_);
      return;
    }
  }
  if constexpr (kBlockScope) {
    mstate_[slot] = model_.init(ctx_, std::span<const Mask>{}, 0);
  } else {
    for (std::uint32_t i = 0; i < wpb_; ++i) mstate_[slot * wpb_ + i] = model_.init(ctx_, 0, 0);
  }
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::admit(std::uint32_t slot, std::uint32_t block) {
  init_block(slot, block);
}

template <DivergenceModel M, class D>
inline bool LaunchState<M, D>::slot_done(std::uint32_t slot) const noexcept {
  for (std::uint32_t i = 0; i < wpb_; ++i) {
    if (!warp_finished(slot * wpb_ + i)) return false;
  }
  return true;
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::retire(std::uint32_t slot) {
  BlockData& bd = blocks_[slot];
  bd.shared = SpaceMemory{};
  bd.exited = 0;
  bd.index = kNoBlock;
  for (BarrierState& b : bd.barriers) b = BarrierState{};
  for (std::uint32_t i = 0; i < wpb_; ++i) {
    const std::uint32_t w = slot * wpb_ + i;
    warps_[w] = Warp{};
    if (tx_on()) tx_[w].clear();
  }
  reset_model(slot);
}

template <DivergenceModel M, class D>
inline Mask LaunchState<M, D>::enabled(std::uint32_t w) const noexcept {
  if (status_ != LaunchStatus::Running) return 0;
  if (tm_owner_ && tm_owner_->warp != w) return 0;
  if constexpr (kBlockScope) {  // the block's units that warp position w % wpb names
    return model_.unit_keys(mstate_[mindex(w)], w % gw_, gw_);
  } else {
    Mask m = model_.enabled(mstate_[w]);
    if (tm_owner_ && M::kThreadUnits) m &= lane_bit(tm_owner_->lane);
    if constexpr (kTm) {
      // Units with lanes waiting for the commit units' outcome (launch_tx_units.hpp).
      if (const Mask blocked = tx_blocked(w); blocked != 0) {
        for (Mask k = m; k != 0; k &= k - 1) {
          const unsigned key = lowest_lane(k);
          if ((model_.unit(mstate_[w], key).threads & blocked) != 0) m &= ~lane_bit(key);
        }
      }
    }
    return m;
  }
}

template <DivergenceModel M, class D>
inline Mask LaunchState<M, D>::events(std::uint32_t w) const noexcept {
  if constexpr (ModelWithEvents<M>) {
    if (status_ != LaunchStatus::Running || tm_owner_) return 0;
    return model_.events(mstate_[w]);
  } else if constexpr (kTm) {
    if (status_ != LaunchStatus::Running || !tx_on() || !units_.has(w)) return 0;
    return units_.actions(w);
  } else {
    (void)w;
    return 0;
  }
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::fire(std::uint32_t w, unsigned event) {
  if constexpr (ModelWithEvents<M>) {
    model_.fire(ctx_for(w), mstate_[w], event);
  } else if constexpr (kTm) {
    if (status_ != LaunchStatus::Running || !tx_on()) return;
    units_.fire(w, event, global_);
    tx_units_settle();
  } else {
    (void)w;
    (void)event;
  }
}

template <DivergenceModel M, class D>
std::string LaunchState<M, D>::event_text(std::uint32_t w, unsigned event) const {
  if constexpr (kTm) {
    if (tx_on()) return fmt::format("commit units: {}", units_.describe(w, event));
  }
  (void)w;
  return fmt::format("timeout of reconvergence entry {}", event);
}

template <DivergenceModel M, class D>
Mask LaunchState<M, D>::guard_mask(Warp& wd, const ir::Instr& in, Mask threads) {
  if (!in.guarded()) return threads;
  const V* p = wd.regs.data() + std::size_t{in.guard} * kWarpSize;
  Mask g = 0;
  for_each_lane(threads, [&](unsigned l) { g |= static_cast<Mask>(dom_.truth(p[l]) ? 1U : 0U) << l; });
  return in.guard_negated ? (threads & ~g) : g;
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::note_compared(const Warp& wd, std::uint32_t pc, Mask threads) {
  // DDOS's profiled operands, read before the step (step_report.hpp).
  const unsigned lane = lowest_lane(threads);
  for (unsigned i = 0; i < 2; ++i) {
    const ir::Operand& op = setup_->kernel->op(pc, i + 1);
    std::uint64_t bits = 0;
    if (op.kind == ir::OperandKind::Reg) {
      bits = dom_.bits(wd.regs[std::size_t{op.a} * kWarpSize + lane]);
    } else if (op.kind == ir::OperandKind::ImmInt || op.kind == ir::OperandKind::ImmF32 ||
               op.kind == ir::OperandKind::ImmF64) {
      bits = static_cast<std::uint64_t>(op.value);
    }
    report_->compared[i] = bits;
  }
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::step(std::uint32_t w, unsigned key) {
  if constexpr (kBlockScope) {
    step_block(w, key);
    return;
  }
  Warp& wd = warps_[w];
  ensure_registers(w);
  const UnitView u = model_.unit(mstate_[w], key);
  const ir::Instr& in = setup_->kernel->code[u.pc];
  dom_.enter(wd.block, w, u.pc);
  const Mask g = guard_mask(wd, in, u.threads);
  ++stats_.steps;
  ++stats_.warp_instructions;
  stats_.thread_instructions += lane_count(u.threads);
  if (report_ != nullptr && in.op == ir::Opcode::Setp && u.threads != 0) note_compared(wd, u.pc, u.threads);
  Outcome o;
  if (!tx_on() || tx_[w].empty() || !tx_watchdog(w, u, o)) execute(w, u, g, o);
  if (setup_->tm_protocol.tcd() && tx_on() && !tx_[w].empty()) tx_tcd_loads(w, g);
  if (report_ != nullptr) {
    report_->executed = g;
    report_->paths = o.count;
    report_->exited = o.exited;
    report_->blocked = o.blocked;
  }
  if (status_ == LaunchStatus::Error) return;
  model_.retire(ctx_for(w), mstate_[w], key, o);
  if (o.exited != 0) after_exit(w, o.exited);
  if (setup_->tm_serializable_check && status_ == LaunchStatus::Completed) tx_final_check(w, u.pc, u.threads);
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::step(std::uint32_t w, unsigned key, StepReport& report) {
  report.clear();
  const UnitView u = unit(w, key);
  report.pc = u.pc;
  report.threads = u.threads;
  report_ = &report;
  step(w, key);
  report_ = nullptr;
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::explain(std::uint32_t w, std::vector<WaitInfo>& out) const {
  const std::size_t first = out.size();
  if constexpr (kBlockScope) {
    model_.explain(mstate_[mindex(w)], w % gw_, out);
  } else {
    model_.explain(mstate_[w], out);
  }
  // The model says "barrier" for every arrival; the launch state knows which were warp syncs.
  for (std::size_t i = first; i < out.size(); ++i) {
    for (const Rendezvous& r : warps_[w].pending) {
      if ((r.arrived & out[i].lanes) != 0 && out[i].kind == WaitKind::Barrier) out[i].kind = WaitKind::WarpSync;
    }
  }
  // ... and which "ready" lanes wait at __tcommit for the commit units.
  if (const Mask blocked = tx_blocked(w); blocked != 0) {
    for (std::size_t i = first, n = out.size(); i < n; ++i) {
      const Mask b = out[i].lanes & blocked;
      if (out[i].kind != WaitKind::Ready || b == 0) continue;
      if (b != out[i].lanes) out.push_back(WaitInfo{out[i].lanes & ~b, out[i].pc, WaitKind::Ready, 0});
      out[i].lanes = b;
      out[i].kind = WaitKind::CommitUnits;
    }
  }
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::hash(StateHasher& h) const {
  const auto sink = [&h](const void* p, std::size_t n) { h.bytes(p, n); };
  // The status first: a step that faults changes nothing else (the faulting
  // instruction has no effect), and an ended launch must never match a running one.
  h.value(status_);
  global_.hash_append(sink);
  for (const BlockData& b : blocks_) {
    if (slotted_) h.value(b.index);  // which block a slot holds (without slots, slot b holds block b)
    b.shared.hash_append(sink);
    h.value(b.exited);
    for (const BarrierState& bs : b.barriers) {
      h.value(bs.arrived);
      h.value(bs.expected);
      h.value(bs.red_true);
      h.value(bs.red_op);
      for (const BarrierArrival& a : bs.arrivals) a.hash(h);
    }
  }
  for (std::size_t w = 0; w < warps_.size(); ++w) {
    const Warp& wd = warps_[w];
    h.value(wd.exited);
    h.elements(wd.regs.data(), wd.regs.size());
    for (const SpaceMemory& l : wd.local) l.hash_append(sink);
    for (const Rendezvous& r : wd.pending) h.value(r);
    if constexpr (!kBlockScope) model_.hash(mstate_[w], h);
  }
  if constexpr (kBlockScope) {
    for (const typename M::State& ms : mstate_) model_.hash(ms, h);
  }
  if (tm_owner_) h.value(*tm_owner_);
  // Transactions: hashed only while some lane is in one, and the serial
  // replay once a commit wrote (so a launch without them hashes as before).
  for (std::size_t w = 0; w < tx_.size(); ++w) {
    if (tx_[w].empty()) continue;
    h.value(w);
    for (std::size_t l = 0; l < tx_[w].size(); ++l) {
      const TxLane& t = tx_[w][l];
      if (t.depth == 0) continue;
      h.value(l);
      h.value(t.depth);
      h.value(t.restart);
      h.value(t.steps);
      h.value(t.log.reads.size());
      for (const TxRead& r : t.log.reads) {
        h.value(r.addr);
        h.value(r.value);
      }
      h.value(t.log.writes.size());
      for (const TxWrite& x : t.log.writes) {
        h.value(x.addr);
        h.value(x.value);
        h.value(x.mask);
      }
      h.elements(t.saved.data(), t.saved.size());
    }
  }
  for (const TxRead& r : serial_.words()) {
    h.value(r.addr);
    h.value(r.value);
  }
  if (tx_on() && tx_units()) tx_hash_units(h);
  dom_.hash(h);
}

}  // namespace lockstep::sem

#include "semantics/launch/launch_memory.hpp"
#include "semantics/launch/launch_tx.hpp"
#include "semantics/launch/launch_tx_units.hpp"
#include "semantics/launch/launch_step.hpp"
#include "semantics/launch/launch_step_block.hpp"
#include "semantics/launch/launch_sync.hpp"
