// Sm: fetch, decode and issue (the front of the pipeline; sm.hpp).
#include <algorithm>

#include "sim/core/shared_banks.hpp"
#include "sim/core/sm.hpp"
#include "sim/core/timing_addresses.hpp"

namespace lockstep::sim {

void Sm::fetch(Cycle now, ClusterPort&) {
  if (fetch_buffer_.valid) return;
  if (l1i_.access_ready()) {
    const MemRequest r = l1i_.next_access();
    HwWarp& hw = warps_[r.warp];
    hw.imiss = false;
    if (hw.live && !hw.done && !hw.ibuf[0].valid) fetch_buffer_ = FetchBuffer{true, r.warp, hw.fetch_pc};
    return;
  }
  const auto n = static_cast<std::uint32_t>(warps_.size());
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t w = (last_fetched_ + 1 + i) % n;
    HwWarp& hw = warps_[w];
    if (!hw.live || hw.done || hw.imiss || hw.ibuf[0].valid) continue;
    last_fetched_ = w;
    if (core_->perfect_inst_const_cache) {
      fetch_buffer_ = FetchBuffer{true, w, hw.fetch_pc};
      return;
    }
    // Two instructions (16 bytes), clipped at the end of the L1I line.
    const std::uint64_t addr = kInstBase + std::uint64_t{hw.fetch_pc} * kInstBytes;
    const std::uint64_t line = std::max<std::uint32_t>(1, core_->l1i.line_bytes);
    const std::uint64_t bytes = std::min<std::uint64_t>(2 * kInstBytes, line - addr % line);
    MemRequest r = make_request((std::uint64_t{id_} << 44) | (std::uint64_t{1} << 43) | next_fetch_id_++,
                                AccessType::InstRead, addr, static_cast<std::uint32_t>(bytes));
    r.sm = id_;
    r.warp = w;
    r.issued = now;
    const CacheAccess a = l1i_.access(r, now);
    if (a.status == CacheStatus::Hit) {
      fetch_buffer_ = FetchBuffer{true, w, hw.fetch_pc};
    } else if (a.status != CacheStatus::ReservationFail) {
      hw.imiss = true;
    }
    return;
  }
}

void Sm::decode() {
  if (!fetch_buffer_.valid) return;
  fetch_buffer_.valid = false;
  HwWarp& hw = warps_[fetch_buffer_.warp];
  if (!hw.live || hw.done) return;
  const std::uint32_t pc = fetch_buffer_.pc;
  hw.ibuf[0] = IbufEntry{pc, pc < kernel_->code_size};
  hw.ibuf[1] = IbufEntry{pc + 1, pc + 1 < kernel_->code_size};
}

UnitKind Sm::unit_for(sem::PipeClass pipe) const noexcept {
  switch (pipe) {
    case sem::PipeClass::Mem: return UnitKind::Mem;
    case sem::PipeClass::Sp: return UnitKind::Sp;
    case sem::PipeClass::Alu: return core_->integer.units > 0 ? UnitKind::Int : UnitKind::Sp;
    case sem::PipeClass::Dp: return core_->dp.units > 0 ? UnitKind::Dp : UnitKind::Sfu;
    case sem::PipeClass::Sfu: return UnitKind::Sfu;
    case sem::PipeClass::Tensor: return core_->tensor.units > 0 ? UnitKind::Tensor : UnitKind::Sp;
  }
  return UnitKind::Sp;
}

WarpState Sm::assess(std::uint32_t w, unsigned& key, UnitKind& unit, Cycle now) {
  HwWarp& hw = warps_[w];
  if (hw.done) return WarpState::Drain;
  if (hw.ready_at > now) return WarpState::Fetch;  // its warp-buffer entry is being written (sm_block.cpp)
  if (hw.fence) {
    if (hw.stores_pending != 0) return WarpState::Fence;
    hw.fence = false;
  }
  if (table_stall(hw)) return WarpState::Scoreboard;  // waits for its table spills or fills (sm_tables.cpp)
  const sem::Mask en = engine_->enabled(hw.sem);
  if (en == 0) {
    // A block-scope model's empty warp slot: its threads wait for the block's
    // other warps at a branch or reconvergence point, a block-wide synchronisation.
    if (kernel_->compacted_slots && engine_->unit(hw.sem, hw.sem % engine_->warps_per_block()).threads == 0) {
      return WarpState::Barrier;
    }
    return hw.last_role == sem::InstrRole::Barrier ? WarpState::Barrier : WarpState::WarpSync;
  }
  // Units in loose round robin from the one after the last issued: the
  // first whose instruction is decoded and passes the scoreboard issues; one
  // that would pass but is not decoded is fetched (the buffer holds one
  // unit's instructions). When none passes, the buffer keeps what it holds
  // if that is some unit's next instruction, else fetches for the first.
  const sem::Mask from_next = hw.next_key >= sem::kWarpSize ? 0 : en & ~((sem::Mask{1} << hw.next_key) - 1);
  const sem::Mask before = en & ~from_next;
  bool at_buffer = false;  // some unit's next instruction is the buffered one
  bool have_first = false;
  std::uint32_t first_pc = 0;
  for (const sem::Mask part : {from_next, before}) {
    for (sem::Mask m = part; m != 0; m &= m - 1) {
      const unsigned k = sem::lowest_lane(m);
      const sem::UnitView u = engine_->unit(hw.sem, k);
      const bool decoded = hw.ibuf[0].valid && u.pc == hw.ibuf[0].pc;
      at_buffer = at_buffer || decoded;
      if (!have_first) {
        have_first = true;
        first_pc = u.pc;
      }
      if (u.pc < kernel_->code_size && sb_collides(w, k, u)) continue;
      if (!decoded) {  // control hazard (or nothing decoded): refetch from the unit's PC
        hw.ibuf[0].valid = hw.ibuf[1].valid = false;
        hw.fetch_pc = u.pc;
        return WarpState::Fetch;
      }
      key = k;
      unit = unit_for(kernel_->decode->at(u.pc).pipe);
      return WarpState::Issued;
    }
  }
  if (at_buffer) return WarpState::Scoreboard;
  hw.ibuf[0].valid = hw.ibuf[1].valid = false;
  hw.fetch_pc = first_pc;
  return WarpState::Fetch;
}

void Sm::issue(Cycle now) {
  issued_last_ = false;
  const std::uint64_t before = stats_.warp_instructions;
  const auto nsched = static_cast<std::uint32_t>(schedulers_.size());
  for (std::uint32_t s = 0; s < nsched; ++s) {
    const std::uint32_t sched = (issue_priority_ + s) % nsched;
    schedulers_[sched]->begin_cycle(now);
    schedulers_[sched]->order(order_);
    bool valid = false;
    bool ready = false;
    bool issued = false;
    bool mem = false;  // a warp waits for a load or atomic (W0_Mem)
    for (const std::uint32_t w : order_) {
      if (!warps_[w].live) continue;
      unsigned key = 0;
      UnitKind unit = UnitKind::Sp;
      WarpState st = assess(w, key, unit, now);
      if (st == WarpState::Scoreboard) {
        valid = true;
        mem = mem || scoreboard_.long_pending(w);
      }
      if (st == WarpState::Scoreboard && table_stall(warps_[w])) ++stats_.table_stall_cycles;
      if (st == WarpState::Issued) {
        valid = ready = true;
        if (bows_ && bows_->held(w, now)) {
          st = WarpState::BackedOff;
        } else if (issued) {
          st = WarpState::NotSelected;
        } else if (!oc_.can_accept(unit)) {
          st = WarpState::Pipeline;
        } else {
          issue_one(sched, w, key, unit, now);
          issued = true;
          // A second instruction of the same warp (dual issue).
          for (std::uint32_t extra = 1; extra < core_->scheduler.max_issue_per_warp && !faulted_; ++extra) {
            if (!warps_[w].live || (bows_ && bows_->backed_off(w))) break;
            UnitKind second = UnitKind::Sp;
            if (assess(w, key, second, now) != WarpState::Issued) break;
            if (core_->scheduler.dual_issue_diff_units && second == unit) break;
            if (!oc_.can_accept(second)) break;
            issue_one(sched, w, key, second, now);
          }
        }
      }
      ++stats_.warp_states[static_cast<std::size_t>(st)];
      if (faulted_) return;
    }
    if (!issued) stats_.issue_distro[!valid ? 0 : !ready ? 1 : 2] += 1;
    if (!issued && valid && !ready && mem) ++stats_.w0_mem;
  }
  issue_priority_ = nsched == 0 ? 0 : (issue_priority_ + 1) % nsched;
  if (resident_ != 0) {
    ++stats_.issue_width[std::min<std::size_t>(stats_.warp_instructions - before, stats_.issue_width.size() - 1)];
  }
}

void Sm::issue_one(std::uint32_t sched, std::uint32_t w, unsigned key, UnitKind unit, Cycle now) {
  HwWarp& hw = warps_[w];
  const std::uint32_t pc = hw.ibuf[0].pc;
  engine_->step(hw.sem, key, report_);
  issued_last_ = true;
  if (kernel_->issues != nullptr) kernel_->issues->issued(hw.sem, key, pc, report_.threads);
  if (engine_->status() == sem::LaunchStatus::Error) faulted_ = true;
  const sem::TimingInstr& t = kernel_->decode->at(pc);
  ++stats_.warp_instructions;
  const auto active = static_cast<std::uint32_t>(sem::lane_count(report_.threads));
  stats_.thread_instructions += active;
  stats_.executed_instructions += sem::lane_count(report_.executed);
  ++stats_.issue_distro[2 + std::min<std::uint32_t>(active, 32)];
  const std::uint32_t instr = pool_.acquire();
  WarpInstr& wi = pool_[instr];
  wi.warp = w;
  wi.pc = pc;
  wi.active = report_.threads;
  wi.executed = report_.executed;
  wi.unit = unit;
  wi.timing = &t;
  wi.id = next_instr_id_++;
  wi.issued = now;
  wi.critical = unit == UnitKind::Mem && cacp_ && warp_critical(w, now);
  const OpTiming& lat = kernel_->timing[static_cast<std::size_t>(t.latency)];
  wi.latency = lat.latency;
  wi.initiation = lat.initiation;
  sb_reserve(w, key, wi, t.role == sem::InstrRole::Load || t.role == sem::InstrRole::Atomic);
  if (unit == UnitKind::Mem) build_memory_accesses(wi, report_, w);
  ++hw.in_flight;
  oc_.accept(unit, instr);
  hw.ibuf[0] = hw.ibuf[1];
  hw.ibuf[1].valid = false;
  hw.fetch_pc = pc + 1;
  hw.last_role = t.role;
  hw.next_key = key + 1;
  if (t.role == sem::InstrRole::Fence && hw.stores_pending != 0) hw.fence = true;
  if (engine_->warp_done(hw.sem)) {
    hw.done = true;
    hw.ibuf[0].valid = hw.ibuf[1].valid = false;
  }
  if (cpl_) criticality_issue(w, key, pc, now);
  if (ddos_) spin_aware_issue(w, t, now);
  if (observer_ != nullptr) observer_->issued(id_, sched, w, hw.block, pc, report_.threads, now);
  schedulers_[sched]->issued(w);
  if (timer_.on()) timer_.note(w, engine_->events(hw.sem), now);
  take_table_traffic(w, now);
  refresh_facts(w);
  if (block_scope_) block_stepped(w, now);
  // A barrier or warp sync that completed may have released other warps.
  if (report_.released) {
    for (std::size_t v = 0; v < warps_.size(); ++v) {
      if (!warps_[v].live) continue;
      if (timer_.on()) timer_.note(static_cast<std::uint32_t>(v), engine_->events(warps_[v].sem), now);
      take_table_traffic(static_cast<std::uint32_t>(v), now);
      refresh_facts(static_cast<std::uint32_t>(v));
    }
  }
}

void Sm::criticality_issue(std::uint32_t w, unsigned key, std::uint32_t pc, Cycle now) {
  // Where the warp goes on: the unit that issued if it may go on, else the
  // first unit that may; none (a barrier, the warp done): no branch
  // correction.
  std::optional<std::uint32_t> next;
  const sem::Mask en = warps_[w].done ? 0 : engine_->enabled(warps_[w].sem);
  if (en != 0) {
    const unsigned k = key < sem::kWarpSize && (en & sem::lane_bit(key)) != 0 ? key : sem::lowest_lane(en);
    next = engine_->unit(warps_[w].sem, k).pc;
  }
  cpl_->issued(w, pc, next, now);
}

bool Sm::warp_critical(std::uint32_t w, Cycle now) {
  live_scratch_.clear();
  for (std::uint32_t v = 0; v < warps_.size(); ++v) {
    if (facts_[v].active) live_scratch_.push_back(v);
  }
  return cpl_->critical(w, live_scratch_, core_->scheduler.cawa.cacp_critical_fraction, now);
}

void Sm::spin_aware_issue(std::uint32_t w, const sem::TimingInstr& t, Cycle now) {
  const SpinVerdict v = ddos_->observe(w, t, report_, now);
  census_->observe(w, t, report_, now);
  stats_.ddos_setps += v.profiled ? 1U : 0U;
  stats_.ddos_spinning_branches += v.spinning_branch ? 1U : 0U;
  stats_.sib_instructions += v.sib ? 1U : 0U;
  if (v.confirmed) {
    const HwWarp& hw = warps_[w];
    detections_.push_back(SpinDetection{report_.pc, now, id_, w, hw.block, hw.sem % engine_->warps_per_block()});
  }
  if (!bows_) return;
  if (const std::optional<std::uint64_t> delay = bows_->issued(w, now, v.sib)) {
    ++stats_.bows_delays;
    stats_.bows_delay_cycles += *delay;
    stats_.bows_delay_max = std::max(stats_.bows_delay_max, *delay);
  }
}

void Sm::build_memory_accesses(WarpInstr& wi, const sem::StepReport& r, std::uint32_t w) {
  const sem::AccessLog& log = r.access;
  const sem::InstrRole role = wi.role();
  if (role == sem::InstrRole::Atomic) ++stats_.atomic_instructions;
  if (log.lanes == 0) return;
  sem::Mask shared = 0, constant = 0, param = 0, global = 0, local = 0;
  sem::for_each_lane(log.lanes, [&](unsigned l) {
    switch (log.space[l]) {
      case ir::Space::Shared:
      case ir::Space::SharedCluster: shared |= sem::lane_bit(l); break;
      case ir::Space::Const: constant |= sem::lane_bit(l); break;
      case ir::Space::Param: param |= sem::lane_bit(l); break;
      case ir::Space::Local: local |= sem::lane_bit(l); break;
      default: global |= sem::lane_bit(l); break;
    }
  });
  stats_.shmem_instructions += sem::lane_count(shared);
  stats_.const_instructions += sem::lane_count(constant);
  stats_.param_instructions += sem::lane_count(param);
  (role == sem::InstrRole::Store ? stats_.store_instructions : stats_.load_instructions) +=
      sem::lane_count(global | local);
  if (shared != 0) {
    const SharedBankCost cost =
        shared_bank_cost(log, shared, core_->shared.banks, core_->memory_warp_parts, core_->shared.limited_broadcast);
    wi.shared_part = true;
    wi.shared_cycles = cost.cycles;
    ++stats_.shmem_accesses;
  }
  if (constant != 0) {
    constant_lines(log, constant, kConstBase, core_->l1c.line_bytes, wi.constant);
  }
  if (param != 0) constant_lines(log, param, kParamBase, core_->l1c.line_bytes, wi.constant);
  const bool atomic = role == sem::InstrRole::Atomic;
  // Requests through the L1D are cut to what it takes at once: a line, or a sector.
  const bool l1d = core_->l1d.enabled && !atomic;
  const std::uint32_t granule = core_->l1d.kind == CacheKind::Sector ? 32U : core_->l1d.line_bytes;
  if (global != 0) {
    coalescer_.coalesce(log, global, nullptr, atomic, wi.global);
    if (l1d && !core_->gmem_skip_l1d) split_accesses(wi.global, 0, granule);
  }
  if (local != 0) {
    const LocalLayout layout{std::uint64_t{id_} * core_->max_threads + std::uint64_t{w} * sem::kWarpSize,
                             std::uint64_t{kernel_->sm_count} * core_->max_threads};
    const std::size_t first = wi.global.size();
    coalescer_.coalesce(log, local, &layout, atomic, wi.global);
    if (l1d) split_accesses(wi.global, first, granule);
  }
}

}  // namespace lockstep::sim
