// LaunchState: one step of a block-scope model's unit (a compacted warp of
// thread block compaction, a dynamic warp of dynamic warp formation;
// docs/semantics-plan.md §3.6, docs/models/tbc.md, docs/models/dwf.md).
//
// Registers stay per static warp. A compacted warp whose threads all belong
// to one static warp runs on that warp exactly as a warp-scope unit does.
// Otherwise its lanes are exchanged into one host warp (the static warp of
// its lowest lane) for the step: lane l of every register and of local
// memory is swapped with lane l of the thread's own static warp, the
// instruction executes on the host, and the lanes are swapped back. %tid,
// %warpid and fault locations then follow each lane's home warp, barrier
// arrivals are recorded per static warp (so a release and a `bar.red` result
// reach the right registers), and a barrier the step completes is completed
// after the exchange back.
#pragma once

#include <array>
#include <utility>

#include <fmt/format.h>

#include "semantics/launch/launch_state.hpp"

namespace lockstep::sem {

template <DivergenceModel M, class D>
void LaunchState<M, D>::swap_lanes(std::uint32_t host, const std::uint8_t* home, Mask lanes) {
  Warp& hd = warps_[host];
  const std::uint32_t base = slot_of(host) * wpb_;
  const std::size_t rows = hd.regs.size() / kWarpSize;
  for_each_lane(lanes, [&](unsigned l) {
    Warp& other = warps_[base + home[l]];
    for (std::size_t r = 0; r < rows; ++r) std::swap(hd.regs[r * kWarpSize + l], other.regs[r * kWarpSize + l]);
    if (!hd.local.empty()) std::swap(hd.local[l], other.local[l]);
  });
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::step_block_part(std::uint32_t slot, const UnitView& u, const std::uint8_t* home, Mask lanes,
                                        Outcome& o, Mask& executed) {
  if constexpr (kBlockScope) {
    const std::uint32_t base = slot * wpb_;
    const std::uint32_t host = base + home[lowest_lane(lanes)];
    Mask foreign = 0;  // lanes whose thread is not in the host warp
    for_each_lane(lanes, [&](unsigned l) {
      if (base + home[l] != host) {
        foreign |= lane_bit(l);
        ensure_registers(base + home[l]);
      }
    });
    ensure_registers(host);
    Warp& hd = warps_[host];
    const Mask saved_live = hd.live;
    const Mask saved_exited = hd.exited;
    if (foreign != 0) {
      swap_lanes(host, home, foreign);
      hd.live |= foreign;
      hd.exited &= ~foreign;
      lane_home_ = home;
    }
    const UnitView part{u.pc, lanes};
    const ir::Instr& in = setup_->kernel->code[u.pc];
    dom_.enter(hd.block, host, u.pc);
    if (in.op == ir::Opcode::TmBegin || in.op == ir::Opcode::TmCommit || in.op == ir::Opcode::TmAbort) {
      fail(host, u.pc, lanes & ~foreign, "unsupported",
           fmt::format("transactional memory is not modelled under {} ({})", M::kName, M::kPage));
    } else {
      const Mask g = guard_mask(hd, in, lanes);
      if (report_ != nullptr && in.op == ir::Opcode::Setp && executed == 0) note_compared(hd, u.pc, lanes);
      Outcome po;
      execute(host, part, g, po);
      executed |= g;
      for (unsigned i = 0; i < po.count; ++i) o.add(po.groups[i].pc, po.groups[i].mask);
      o.exited |= po.exited;
      o.blocked |= po.blocked;
    }
    if (foreign != 0) {
      swap_lanes(host, home, foreign);
      hd.live = saved_live;
      hd.exited = saved_exited;
      lane_home_ = nullptr;
    }
    if (deferred_barrier_ != kNoBarrier) {
      const unsigned id = std::exchange(deferred_barrier_, kNoBarrier);
      if (status_ == LaunchStatus::Running) try_complete_barrier(slot, id);
    }

  } else {
    (void)slot;
    (void)u;
    (void)home;
    (void)lanes;
    (void)o;
    (void)executed;
  }
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::step_block(std::uint32_t w, unsigned key) {
  if constexpr (kBlockScope) {
    const std::uint32_t ms = mindex(w);
    const std::uint32_t first_slot = ms * grp_;
    const unsigned index = model_.unit_index(w % gw_, key, gw_);
    const auto cw = model_.warp(mstate_[ms], index);  // a copy: the model state changes below
    const Mask lanes = cw.lanes;
    const UnitView u{cw.pc, lanes};
    const ir::Opcode op = setup_->kernel->code[u.pc].op;
    if (op != ir::Opcode::TmBegin && op != ir::Opcode::TmCommit && op != ir::Opcode::TmAbort) {
      ++stats_.steps;
      ++stats_.warp_instructions;
      stats_.thread_instructions += lane_count(lanes);
    }
    // Each block's threads run as one part, on a warp of their block (one
    // part unless a core-scope dynamic warp holds threads of several blocks).
    Outcome o;
    Mask executed = 0;
    for (Mask left = lanes; left != 0 && status_ != LaunchStatus::Error;) {
      const unsigned c = cw.home[lowest_lane(left)] / wpb_;  // the block slot within the core
      std::array<std::uint8_t, kWarpSize> home{};  // static warp within that block, per lane
      Mask mine = 0;
      for_each_lane(left, [&](unsigned l) {
        if (cw.home[l] / wpb_ != c) return;
        mine |= lane_bit(l);
        home[l] = static_cast<std::uint8_t>(cw.home[l] % wpb_);
      });
      left &= ~mine;
      step_block_part(first_slot + c, u, home.data(), mine, o, executed);
    }
    if (report_ != nullptr) {
      report_->executed = executed;
      report_->paths = o.count;
      report_->exited = o.exited;
      report_->blocked = o.blocked;
    }
    if (status_ == LaunchStatus::Error) return;
    const std::uint8_t host = cw.home[lowest_lane(lanes)];
    if (const auto why = model_.conflict(ctx_, mstate_[ms], index, o)) {
      Mask own = 0;  // the host warp's own threads
      for_each_lane(lanes, [&](unsigned l) { own |= cw.home[l] == host ? lane_bit(l) : 0U; });
      fail(first_slot * wpb_ + host, u.pc, own, "tbc", *why);
      return;
    }
    model_.retire(ctx_, mstate_[ms], index, o);
    if (o.exited != 0) {
      for (std::uint32_t j = 0; j < gw_ && status_ == LaunchStatus::Running; ++j) {
        Mask gone = 0;
        for_each_lane(o.exited, [&](unsigned l) { gone |= cw.home[l] == j ? lane_bit(l) : 0U; });
        if (gone != 0) after_exit(first_slot * wpb_ + j, gone);
      }
    }
  } else {
    (void)w;
    (void)key;
  }
}

}  // namespace lockstep::sem
