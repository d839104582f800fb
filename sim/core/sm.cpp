#include "sim/core/sm.hpp"

#include <algorithm>
#include <bit>

namespace lockstep::sim {
namespace {

/// Ids of the requests the SM's caches make: bit 63, the SM, the cache.
std::uint64_t cache_ids(std::uint32_t sm) noexcept { return (std::uint64_t{1} << 63) | (std::uint64_t{sm} << 40); }
constexpr std::uint64_t kL1iIds = std::uint64_t{2} << 36;

CoalescingRules rules_of(const CoreConfig& core) noexcept {
  CoalescingRules r;
  r.warp_parts = core.memory_warp_parts;
  r.sectors = core.coalesce_arch >= 40 || (core.coalesce_arch >= 20 && core.gmem_skip_l1d);
  return r;
}

}  // namespace

Sm::Sm(std::uint32_t id, const CoreConfig& core, const KernelContext& kernel, SmObserver* observer)
    : id_(id), core_(&core), kernel_(&kernel), observer_(observer), engine_(kernel.engine),
      l1i_(core.l1i, CacheLevel::L1, cache_ids(id) + kL1iIds), ldst_(core, id, cache_ids(id)),
      oc_(core, *kernel.decode), simd_(core), coalescer_(rules_of(core)) {
  const std::uint32_t nwarps = kernel.ctas_per_sm * kernel.warps_per_cta;
  warps_.resize(nwarps);
  facts_.resize(nwarps);
  ctas_.resize(kernel.ctas_per_sm);
  scoreboard_ = Scoreboard(nwarps, kernel.decode->register_count());
  block_scope_ = engine_->scope() == sem::ModelScope::Block;
  core_slots_ = engine_->core_slots();
  masked_ = engine_->unit_kind() != sem::UnitKind::Warp || block_scope_;
  timer_ = EventTimer(nwarps, kernel.event_timeout);
  if (core.scheduler.ddos.enabled) {
    ddos_.emplace(core.scheduler.ddos, nwarps);
    census_.emplace(id, nwarps);
  }
  if (core.scheduler.bows.enabled) bows_.emplace(core.scheduler.bows, nwarps);
  if (core.scheduler.policy == WarpScheduler::Cawa) cpl_.emplace(nwarps);
  cacp_ = cpl_.has_value() && core.scheduler.cawa.cacp;
  const std::uint32_t nsched = std::max<std::uint32_t>(1, core.scheduler.per_core);
  for (std::uint32_t s = 0; s < nsched; ++s) {
    std::vector<std::uint32_t> supervised;
    for (std::uint32_t w = s; w < nwarps; w += nsched) supervised.push_back(w);
    schedulers_.push_back(make_scheduler(core.scheduler, std::move(supervised), facts_, bows_ ? &*bows_ : nullptr,
                                         cpl_ ? &*cpl_ : nullptr));
  }
  order_.reserve(nwarps);
}

bool Sm::can_launch_cta() const noexcept { return resident_ < ctas_.size(); }

void Sm::launch_cta(std::uint32_t block, Cycle now) {
  std::uint32_t c = 0;
  while (ctas_[c].used) ++c;
  const std::uint32_t slot = kernel_->slot_of(id_, c);
  engine_->admit(slot, block);
  if (kernel_->issues != nullptr) kernel_->issues->slot_changed(slot, block);
  ctas_[c] = Cta{true, block, kernel_->warps_per_cta};
  ++resident_;
  for (std::uint32_t i = 0; i < kernel_->warps_per_cta; ++i) {
    const std::uint32_t w = c * kernel_->warps_per_cta + i;
    HwWarp& hw = warps_[w];
    hw = HwWarp{};
    hw.live = true;
    hw.sem = slot * engine_->warps_per_block() + i;
    hw.cta = c;
    hw.block = block;
    facts_[w].age = next_age_++;
    facts_[w].block_age = next_cta_age_;
    if (kernel_->compacted_slots) hw.unit_threads = slot_unit(w, hw.unit_home);
    if (timer_.on()) timer_.reset(w, engine_->events(hw.sem), now);
    if (ddos_) ddos_->reset(w);
    if (census_) census_->reset(w);
    if (bows_) bows_->reset(w);
    if (cpl_) cpl_->launch(w, kernel_->code_size, now);
    refresh_facts(w);
    ++live_warps_;
  }
  ++next_cta_age_;
  if (observer_ != nullptr) observer_->cta_started(id_, block, now);
}

void Sm::refresh_facts(std::uint32_t w) {
  const HwWarp& hw = warps_[w];
  WarpFacts& f = facts_[w];
  f.active = hw.live && !hw.done;
  const sem::Mask en = f.active ? engine_->enabled(hw.sem) : 0;
  f.blocked = f.active && (hw.fence || table_stall(hw) || en == 0);
  f.long_pending = scoreboard_.long_pending(w);
  f.threads = 0;
  // The next PC and its threads: only the majority policy reads them.
  if (en != 0 && core_->scheduler.policy == WarpScheduler::Majority) {
    const sem::UnitView u = engine_->unit(hw.sem, sem::lowest_lane(en));
    f.pc = u.pc;
    f.threads = static_cast<std::uint32_t>(sem::lane_count(u.threads));
  }
}

bool Sm::can_take_reply(const MemRequest& reply) const noexcept {
  return reply.type == AccessType::InstRead || !ldst_.response_full();
}

void Sm::take_reply(const MemRequest& reply, Cycle now) {
  if (observer_ != nullptr) observer_->reply_arrived(id_, reply);
  if (reply.type == AccessType::InstRead) {
    l1i_.fill(reply, now);
  } else {
    ldst_.accept_response(reply);
  }
}

void Sm::finish(std::uint32_t instr, Cycle now) {
  WarpInstr& wi = pool_[instr];
  if (wi.table_access) {
    table_access_done(instr, now);
    return;
  }
  const std::uint32_t w = wi.warp;
  sb_release(wi);
  oc_.note_write(w, kernel_->decode->destinations(wi.pc));
  if (wi.loads()) {
    const Cycle latency = now - wi.issued;
    const auto bucket = std::min<std::size_t>(kLatencyBuckets - 1,
                                              latency == 0 ? 0 : static_cast<std::size_t>(std::bit_width(latency) - 1));
    ++stats_.load_latency[bucket];
    stats_.load_latency_sum += latency;
    ++stats_.load_latency_count;
    if (observer_ != nullptr) observer_->load_finished(id_, w, wi.pc, wi.issued, now);
  }
  pool_.release(instr);
  --warps_[w].in_flight;
  facts_[w].long_pending = scoreboard_.long_pending(w);
  warp_may_end(w, now);
}

void Sm::warp_may_end(std::uint32_t w, Cycle now) {
  HwWarp& hw = warps_[w];
  if (!hw.live || !hw.done || hw.in_flight != 0 || hw.stores_pending != 0) return;
  hw.live = false;
  facts_[w].active = false;
  --live_warps_;
  Cta& cta = ctas_[hw.cta];
  if (--cta.warps_left != 0) return;
  engine_->retire(kernel_->slot_of(id_, hw.cta));
  if (kernel_->issues != nullptr) kernel_->issues->slot_changed(kernel_->slot_of(id_, hw.cta), sem::kNoBlock);
  cta.used = false;
  --resident_;
  // Core scope: the entries the CTA's warps held moved to the other CTAs' warps.
  if (core_slots_ > 1) {
    for (std::uint32_t v = 0; v < warps_.size(); ++v) {
      if (warps_[v].live) refresh_facts(v);
    }
  }
  ++stats_.ctas_completed;
  if (observer_ != nullptr) observer_->cta_finished(id_, cta.block, now);
}

void Sm::writeback(Cycle now) {
  due_.clear();
  simd_.take_completed(now, due_);
  for (const std::uint32_t instr : due_) finish(instr, now);
}

void Sm::cycle(Cycle now, ClusterPort& port) {
  if (resident_ != 0) ++stats_.cycles_active;
  writeback(now);
  // Execute: the LD/ST unit works on what it holds, then the units take new instructions.
  ldst_events_.clear();
  ldst_.cycle(now, pool_, port, stats_, ldst_events_);
  for (const std::uint32_t w : ldst_events_.store_sent) ++warps_[w].stores_pending;
  for (const std::uint32_t w : ldst_events_.store_acked) {
    HwWarp& hw = warps_[w];
    if (hw.stores_pending > 0) --hw.stores_pending;
    if (hw.stores_pending == 0 && hw.fence) {
      hw.fence = false;
      refresh_facts(w);
    }
    warp_may_end(w, now);
  }
  for (const std::uint32_t instr : ldst_events_.finished) finish(instr, now);
  std::deque<std::uint32_t>& mem_ready = oc_.ready(UnitKind::Mem);
  if (!mem_ready.empty() && ldst_.can_dispatch()) {
    ldst_.dispatch(mem_ready.front(), now, pool_);
    mem_ready.pop_front();
  }
  simd_.dispatch(now, oc_, pool_);
  ldst_.send_outgoing(now, port, stats_);
  if (l1i_.has_outgoing() && port.can_accept(l1i_.outgoing())) {
    stats_.count_injected(l1i_.outgoing());
    port.push(l1i_.outgoing(), now);
    l1i_.pop_outgoing();
  }
  oc_.cycle(pool_, stats_.reg_bank_conflict_stalls);
  if (timer_.on()) fire_timeouts(now);
  issue(now);
  for (std::uint32_t i = 0; i < std::max<std::uint32_t>(1, core_->fetch_per_cycle); ++i) {
    decode();
    fetch(now, port);
  }
  l1i_.cycle();
}

void Sm::fire_timeouts(Cycle now) {
  for (std::uint32_t w = 0; w < warps_.size(); ++w) {
    const HwWarp& hw = warps_[w];
    if (!hw.live || hw.done || timer_.due(w) > now) continue;
    const sem::Mask events = engine_->events(hw.sem);
    if (events == 0) {  // nothing waits any more (not noted yet)
      timer_.note(w, events, now);
      continue;
    }
    const unsigned e = sem::lowest_lane(events);
    engine_->fire(hw.sem, e);
    ++stats_.model_timeouts;
    if (kernel_->issues != nullptr) kernel_->issues->fired(hw.sem, e);
    timer_.fired(w, engine_->events(hw.sem), now);
    take_table_traffic(w, now);
    refresh_facts(w);
  }
}

bool Sm::drained() const noexcept {
  return pool_.in_use() == 0 && ldst_.idle() && l1i_.idle() && oc_.empty() && simd_.empty() && !fetch_buffer_.valid;
}

bool Sm::idle() const noexcept { return resident_ == 0 && drained(); }

Cycle Sm::next_event(Cycle now) const noexcept {
  if (resident_ == 0 && idle()) return kNever;
  // Anything that moves on its own this cycle: work is now.
  if (issued_last_ || fetch_buffer_.valid || !oc_.empty() || l1i_.access_ready() || l1i_.has_outgoing()) {
    return now;
  }
  if (!ldst_.quiet()) return now;
  Cycle next = std::min(simd_.next_completion(), ldst_.next_shared_completion());
  for (std::size_t w = 0; w < warps_.size(); ++w) {
    const HwWarp& hw = warps_[w];
    if (!hw.live) continue;
    if (hw.done) continue;  // drains: waits for completions or acknowledgements
    next = std::min(next, timer_.due(static_cast<std::uint32_t>(w)));
    if (hw.imiss) continue;
    if (!hw.ibuf[0].valid) return now;  // can fetch
    if (hw.fence) continue;
    if (engine_->enabled(hw.sem) == 0) continue;
    if (bows_ && bows_->held(static_cast<std::uint32_t>(w), now)) {
      next = std::min(next, bows_->ready_at(static_cast<std::uint32_t>(w)));
      continue;
    }
    if (hw.ready_at > now) {  // leaves the compactor then
      next = std::min(next, hw.ready_at);
      continue;
    }
    if (!sb_waits(static_cast<std::uint32_t>(w))) return now;
  }
  return std::max(next, now);
}

void Sm::skip_cycles(std::uint64_t n) noexcept {
  if (n == 0) return;
  if (resident_ != 0) {
    stats_.cycles_active += n;
    stats_.issue_width[0] += n;
  }
  // Every scheduler finds nothing to issue in these cycles, for the reasons it found in the last one.
  for (std::size_t w = 0; w < warps_.size(); ++w) {
    const HwWarp& hw = warps_[w];
    if (!hw.live) continue;
    WarpState s = WarpState::Scoreboard;
    if (hw.done) {
      s = WarpState::Drain;
    } else if (hw.imiss || !hw.ibuf[0].valid) {
      s = WarpState::Fetch;
    } else if (hw.fence) {
      s = WarpState::Fence;
    } else if (table_stall(hw)) {
      stats_.table_stall_cycles += n;  // as assess() finds it (Scoreboard)
    } else if (engine_->enabled(hw.sem) == 0) {
      s = WarpState::Barrier;
    } else if (const auto v = static_cast<std::uint32_t>(w); bows_ && bows_->backed_off(v) && !scoreboard_.any_pending(v)) {
      s = WarpState::BackedOff;  // held by its pending delay (else the SM would not skip)
    }
    stats_.warp_states[static_cast<std::size_t>(s)] += n;
  }
  for (const auto& sched : schedulers_) {
    bool valid = false;
    bool mem = false;
    for (const std::uint32_t w : sched->supervised()) {
      const HwWarp& hw = warps_[w];
      if (hw.live && !hw.done && hw.ibuf[0].valid && !hw.fence && engine_->enabled(hw.sem) != 0) {
        valid = true;
        mem = mem || scoreboard_.long_pending(w);
      }
    }
    stats_.issue_distro[valid ? 1 : 0] += n;
    if (mem) stats_.w0_mem += n;
  }
  l1i_.skip_cycles(n);
  ldst_.skip_cycles(n);
}

}  // namespace lockstep::sim
