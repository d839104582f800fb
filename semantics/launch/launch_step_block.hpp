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
void LaunchState<M, D>::step_block(std::uint32_t w, unsigned key) {
  if constexpr (kBlockScope) {
    const std::uint32_t slot = slot_of(w);
    const std::uint32_t base = slot * wpb_;
    const unsigned index = model_.unit_index(w % wpb_, key, wpb_);
    const auto cw = model_.warp(mstate_[slot], index);  // a copy: the model state changes below
    const Mask lanes = cw.lanes;
    const std::uint32_t host = base + cw.home[lowest_lane(lanes)];
    Mask foreign = 0;  // lanes whose thread is not in the host warp
    for_each_lane(lanes, [&](unsigned l) {
      if (base + cw.home[l] != host) {
        foreign |= lane_bit(l);
        ensure_registers(base + cw.home[l]);
      }
    });
    ensure_registers(host);
    Warp& hd = warps_[host];
    const Mask saved_live = hd.live;
    const Mask saved_exited = hd.exited;
    if (foreign != 0) {
      swap_lanes(host, cw.home.data(), foreign);
      hd.live |= foreign;
      hd.exited &= ~foreign;
      lane_home_ = cw.home.data();
    }
    const UnitView u{cw.pc, lanes};
    const ir::Instr& in = setup_->kernel->code[u.pc];
    dom_.enter(hd.block, host, u.pc);
    Outcome o;
    Mask g = 0;
    if (in.op == ir::Opcode::TmBegin || in.op == ir::Opcode::TmCommit || in.op == ir::Opcode::TmAbort) {
      fail(host, u.pc, lanes & ~foreign, "unsupported",
           fmt::format("transactional memory is not modelled under {} ({})", M::kName, M::kPage));
    } else {
      g = guard_mask(hd, in, lanes);
      ++stats_.steps;
      ++stats_.warp_instructions;
      stats_.thread_instructions += lane_count(lanes);
      if (report_ != nullptr && in.op == ir::Opcode::Setp) note_compared(hd, u.pc, lanes);
      execute(host, u, g, o);
    }
    if (foreign != 0) {
      swap_lanes(host, cw.home.data(), foreign);
      hd.live = saved_live;
      hd.exited = saved_exited;
      lane_home_ = nullptr;
    }
    if (deferred_barrier_ != kNoBarrier) {
      const unsigned id = std::exchange(deferred_barrier_, kNoBarrier);
      if (status_ == LaunchStatus::Running) try_complete_barrier(slot, id);
    }
    if (report_ != nullptr) {
      report_->executed = g;
      report_->paths = o.count;
      report_->exited = o.exited;
      report_->blocked = o.blocked;
    }
    if (status_ == LaunchStatus::Error) return;
    if (const auto why = model_.conflict(ctx_, mstate_[slot], index, o)) {
      fail(host, u.pc, lanes & ~foreign, "tbc", *why);
      return;
    }
    model_.retire(ctx_, mstate_[slot], index, o);
    if (o.exited != 0) {
      for (std::uint32_t j = 0; j < wpb_ && status_ == LaunchStatus::Running; ++j) {
        Mask mine = 0;
        for_each_lane(o.exited, [&](unsigned l) { mine |= cw.home[l] == j ? lane_bit(l) : 0U; });
        if (mine != 0) after_exit(base + j, mine);
      }
    }
  } else {
    (void)w;
    (void)key;
  }
}

}  // namespace lockstep::sem
