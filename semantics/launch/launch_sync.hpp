// LaunchState: CTA barriers, warp-synchronous collectives and exits.
//
// Barriers count threads. A barrier phase completes when the arrived
// threads reach the explicit count (`bar.sync a, b`) or, without a count,
// when arrived + exited threads cover the block (exited threads count as
// arrived). The thread whose arrival completes a phase does not wait.
// Under a model of a real warp (ModelWithAlignedBarriers: its) an aligned
// barrier executed in divergent code is a launch error ("aligned-barrier"):
// some lanes of the unit have a false guard, or lanes of the warp share an
// uncleared convergence barrier with the unit (the model says), or wait at
// another barrier instruction.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "semantics/exec/exec_warp.hpp"
#include "semantics/launch/aligned_barrier_text.hpp"
#include "semantics/launch/launch_state.hpp"

namespace lockstep::sem {

namespace detail {
/// Concrete bits of a source operand (register or immediate) for one lane
/// (a symbolic register value is made concrete by the domain).
template <class D>
std::uint64_t operand_value(D& dom, const ir::Operand& o, const std::vector<typename D::V>& regs, unsigned lane) {
  if (o.kind == ir::OperandKind::Reg) {
    const std::uint64_t v = dom.bits(regs[std::size_t{o.a} * kWarpSize + lane]);
    return o.negated ? (v ^ 1U) : v;
  }
  return static_cast<std::uint64_t>(o.value);
}
/// Truth of a predicate source operand (register or immediate) for one lane.
template <class D>
bool operand_truth(D& dom, const ir::Operand& o, const std::vector<typename D::V>& regs, unsigned lane) {
  if (o.kind == ir::OperandKind::Reg) return dom.truth(regs[std::size_t{o.a} * kWarpSize + lane]) != o.negated;
  return (static_cast<std::uint64_t>(o.value) & 1U) != 0;
}
}  // namespace detail

template <DivergenceModel M, class D>
void LaunchState<M, D>::barrier(std::uint32_t w, const UnitView& u, Mask g, Outcome& o) {
  const ir::Kernel& k = *setup_->kernel;
  const ir::Instr& in = k.code[u.pc];
  const std::uint32_t next = u.pc + 1;
  if (g == 0) {
    o.add(next, u.threads);
    return;
  }
  Warp& wd = warps_[w];
  if constexpr (ModelWithAlignedBarriers<M>) {
    // An aligned barrier in divergent code: the hardware counts the warp when its first part arrives.
    if (in.has(ir::InstrFlag::Aligned)) {
      const Mask guard_off = u.threads & ~g;
      Mask apart = guard_off | model_.diverged_from(mstate_[w], g);
      for (const BarrierState& other : blocks_[slot_of(w)].barriers) {  // the warp's threads at another barrier
        for (const BarrierArrival& a : other.arrivals) {
          if (a.warp == w && a.waits && a.resume_pc != next) apart |= a.lanes;
        }
      }
      if (apart != 0) {
        std::vector<WaitInfo> where;
        model_.explain(mstate_[w], where);
        return fail(w, u.pc, g, "aligned-barrier",
                    aligned_barrier_text(in, u.pc, wd.warp_in_block, g, guard_off, apart, where));
      }
    }
  }
  const bool red = in.bar == ir::BarOp::Red;
  const unsigned first = red ? 1U : 0U;
  const unsigned lane0 = lowest_lane(g);
  const std::uint64_t id = detail::operand_value(dom_, k.op(u.pc, first), wd.regs, lane0);
  if (id >= kBarriersPerBlock) throw ExecError(fmt::format("barrier id {} is not in 0..15", id));
  const bool has_count = in.op_count > first + (red ? 2U : 1U);
  const std::uint32_t slot = slot_of(w);
  BarrierState& bs = blocks_[slot].barriers[id];
  if (has_count) {
    const std::uint64_t count = detail::operand_value(dom_, k.op(u.pc, first + 1), wd.regs, lane0) & 0xffffffffU;
    if (count == 0 || count % kWarpSize != 0 || count > setup_->shape.warps_per_block() * kWarpSize) {
      throw ExecError(fmt::format("barrier thread count {} is not a positive multiple of 32 within the block", count));
    }
    if (bs.arrived != 0 && bs.expected != count) {
      throw ExecError(fmt::format("barrier {} used with thread counts {} and {} in one phase", id, bs.expected, count));
    }
    bs.expected = static_cast<std::uint32_t>(count);
  }
  BarrierArrival a{w, next, g, in.bar != ir::BarOp::Arrive, ir::kNoReg};
  if (red) {
    if (bs.arrived != 0 && bs.red_op != in.aop) throw ExecError("bar.red operations differ within one barrier phase");
    bs.red_op = in.aop;
    const ir::Operand& c = k.op(u.pc, in.op_count - 1U);
    for_each_lane(g, [&](unsigned l) { bs.red_true += detail::operand_truth(dom_, c, wd.regs, l) ? 1U : 0U; });
    const ir::Operand& d = k.op(u.pc, 0);
    if (d.kind == ir::OperandKind::Reg) a.red_dst = d.a;
  }
  bs.arrived += lane_count(g);
  const std::size_t first_arrival = bs.arrivals.size();
  if (lane_home_ == nullptr) {
    bs.arrivals.push_back(a);
  } else {  // a compacted warp: one arrival per static warp its threads belong to
    for (std::uint32_t j = 0; j < wpb_; ++j) {
      Mask lanes = 0;
      for_each_lane(g, [&](unsigned l) { lanes |= lane_home_[l] == j ? lane_bit(l) : 0U; });
      if (lanes == 0) continue;
      BarrierArrival aj = a;
      aj.warp = slot * wpb_ + j;
      aj.lanes = lanes;
      bs.arrivals.push_back(aj);
    }
  }
  const std::uint32_t need = bs.expected != 0 ? bs.expected
                                              : setup_->shape.threads_per_block() - blocks_[slot].exited;
  o.add(next, u.threads & ~g);
  if (bs.arrived >= need) {
    for (std::size_t i = first_arrival; i < bs.arrivals.size(); ++i) bs.arrivals[i].waits = false;  // they go on
    o.add(next, g);
    if (lane_home_ != nullptr) {
      deferred_barrier_ = static_cast<unsigned>(id);  // completes once the lanes are back in their warps
    } else {
      try_complete_barrier(slot, static_cast<unsigned>(id));
    }
  } else if (a.waits) {
    o.blocked = g;
  } else {
    o.add(next, g);
  }
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::try_complete_barrier(std::uint32_t b, unsigned id) {
  BarrierState& bs = blocks_[b].barriers[id];
  if (bs.arrivals.empty()) return;
  const std::uint32_t need = bs.expected != 0 ? bs.expected
                                              : setup_->shape.threads_per_block() - blocks_[b].exited;
  if (bs.arrived < need) return;
  if (setup_->cuda_barrier_rule && bs.expected == 0 && cuda_barrier_violation(b, id)) return;
  std::uint64_t result = 0;
  switch (bs.red_op) {
    case ir::AtomOp::Popc: result = bs.red_true; break;
    case ir::AtomOp::And: result = bs.red_true == bs.arrived ? 1U : 0U; break;
    case ir::AtomOp::Or: result = bs.red_true != 0 ? 1U : 0U; break;
    default: break;
  }
  const BarrierState done = std::exchange(bs, BarrierState{});
  if (report_ != nullptr) report_->released = true;
  for (const BarrierArrival& a : done.arrivals) {
    Warp& wd = warps_[a.warp];
    if (a.red_dst != ir::kNoReg) {
      const unsigned bits = setup_->reg_bits[a.red_dst];
      for_each_lane(a.lanes, [&](unsigned l) {
        wd.regs[std::size_t{a.red_dst} * kWarpSize + l] = dom_.fit(dom_.constant(result), bits);
      });
    }
    if (a.waits) release_lanes(a.warp, a.lanes, a.resume_pc);
  }
}

template <DivergenceModel M, class D>
bool LaunchState<M, D>::cuda_barrier_violation(std::uint32_t b, unsigned id) {
  const BarrierState& bs = blocks_[b].barriers[id];
  const ir::Kernel& k = *setup_->kernel;
  const auto where = [&](std::uint32_t pc) {
    const ir::Instr& in = k.code[pc];
    std::string cuda;
    if (const auto f = setup_->module->files.find(in.cuda.file); in.cuda.line != 0 && f != setup_->module->files.end()) {
      cuda = fmt::format(", {}:{}", std::filesystem::path(f->second).filename().string(), in.cuda.line);
    }
    return in.loc.line == 0 ? fmt::format("pc {}", pc) : fmt::format("pc {} (line {}{})", pc, in.loc.line, cuda);
  };
  const BarrierArrival& first = bs.arrivals.front();
  for (const BarrierArrival& a : bs.arrivals) {
    if (a.resume_pc == first.resume_pc) continue;
    fail(a.warp, a.resume_pc - 1, a.lanes, "barrier-divergence",
         fmt::format("barrier {} completes with threads at two different barrier instructions, {} and {} (CUDA "
                     "requires every thread of the block at the same barrier in the same round)",
                     id, where(first.resume_pc - 1), where(a.resume_pc - 1)));
    return true;
  }
  if (blocks_[b].exited != 0) {
    fail(first.warp, first.resume_pc - 1, first.lanes, "barrier-divergence",
         fmt::format("barrier {} at {} completes without {} thread(s) of the block, which exited before reaching "
                     "it (CUDA requires every thread of the block at the same barrier in the same round)",
                     id, where(first.resume_pc - 1), blocks_[b].exited));
    return true;
  }
  return false;
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::collective(std::uint32_t w, const UnitView& u, Mask g, Outcome& o) {
  const ir::Kernel& k = *setup_->kernel;
  const ir::Instr& in = k.code[u.pc];
  const std::uint32_t next = u.pc + 1;
  o.add(next, u.threads & ~g);
  if (g == 0) return;
  Warp& wd = warps_[w];
  const auto run = [&](Mask active) {
    if (!run_collective(w, u.pc, active)) throw ExecError(fmt::format("no semantics for '{}'", ir::opcode_name(in.op)));
  };
  const bool sync = in.op == ir::Opcode::BarWarp || in.has(ir::InstrFlag::Sync);
  // Models of hardware without `.sync` (dynamic warp formation) run every
  // warp-synchronous instruction over the unit's lanes, as the legacy forms.
  constexpr bool kLegacy = requires { requires M::kLegacyWarpSync; };
  if (!sync || kLegacy) {
    run(g);
    o.add(next, g);
    return;
  }
  const ir::Operand& mm = k.op(u.pc, in.op_count - 1U);
  Mask todo = g;
  while (todo != 0) {
    const auto members = static_cast<Mask>(detail::operand_value(dom_, mm, wd.regs, lowest_lane(todo)));
    Mask mine = 0;
    for_each_lane(todo, [&](unsigned l) {
      if (static_cast<Mask>(detail::operand_value(dom_, mm, wd.regs, l)) == members) mine |= lane_bit(l);
    });
    todo &= ~mine;
    if ((mine & ~members) != 0) {
      throw ExecError(fmt::format("lane {} executes a warp-synchronous instruction outside its membermask 0x{:08x}",
                                  lowest_lane(mine & ~members), members));
    }
    auto it = std::find_if(wd.pending.begin(), wd.pending.end(),
                           [&](const Rendezvous& r) { return r.pc == u.pc && r.members == members; });
    const Mask before = it != wd.pending.end() ? it->arrived : 0;
    if (lane_home_ != nullptr && (members & ~u.threads) != 0) {
      throw ExecError(fmt::format(
          "a warp-synchronous instruction with membermask 0x{:08x} in a compacted warp of threads from several "
          "static warps: thread block compaction cannot wait for members outside the compacted warp (tbc with "
          "compactor=off keeps the static warps)",
          members));
    }
    const Mask needed = members & wd.live & ~wd.exited;
    if ((needed & ~(before | mine)) == 0) {
      run(before | mine);
      if (it != wd.pending.end()) wd.pending.erase(it);
      if (before != 0) {
        release_lanes(w, before, next);
        if (report_ != nullptr) report_->released = true;
      }
      o.add(next, mine);
    } else {
      if (it == wd.pending.end()) wd.pending.push_back(Rendezvous{u.pc, members, mine});
      else it->arrived |= mine;
      o.blocked |= mine;
    }
  }
}

template <DivergenceModel M, class D>
bool LaunchState<M, D>::run_collective(std::uint32_t w, std::uint32_t pc, Mask active) {
  if (setup_->kernel->code[pc].op == ir::Opcode::BarWarp) return true;  // a rendezvous, nothing to compute
  Warp& wd = warps_[w];
  const WarpEnv env(*setup_, wd.block, wd.warp_in_block, stats_.steps, lane_home_);
  Lanes<D> L(dom_, *setup_->kernel, pc, active, WarpRegs<D>{wd.regs.data()}, env, setup_->reg_bits.data());
  return exec_warp(L);
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::after_exit(std::uint32_t w, Mask lanes) {
  Warp& wd = warps_[w];
  wd.exited |= lanes;
  const std::uint32_t slot = slot_of(w);
  BlockData& bd = blocks_[slot];
  bd.exited += lane_count(lanes);
  if (tm_owner_ && tm_owner_->warp == w && (M::kThreadUnits ? has_lane(lanes, tm_owner_->lane) : warp_finished(w))) {
    tm_owner_.reset();
    if (report_ != nullptr) report_->released = true;
  }
  // Pending warp syncs whose remaining members all exited now complete.
  for (std::size_t i = 0; i < wd.pending.size();) {
    const Rendezvous r = wd.pending[i];
    if ((r.members & wd.live & ~wd.exited & ~r.arrived) == 0) {
      wd.pending.erase(wd.pending.begin() + static_cast<std::ptrdiff_t>(i));
      (void)run_collective(w, r.pc, r.arrived);  // an unknown op already failed at its first arrival
      release_lanes(w, r.arrived, r.pc + 1);
      if (report_ != nullptr) report_->released = true;
    } else {
      ++i;
    }
  }
  for (unsigned id = 0; id < kBarriersPerBlock && status_ == LaunchStatus::Running; ++id) {
    if (bd.barriers[id].expected == 0) try_complete_barrier(slot, id);
  }
  if (status_ != LaunchStatus::Running) return;
  if (warp_finished(w)) {
    if (slotted_) spare_regs_.push_back(std::move(wd.regs));
    wd.regs = {};
    wd.local = {};
    if (--warps_left_ == 0) status_ = LaunchStatus::Completed;
  }
}

}  // namespace lockstep::sem
