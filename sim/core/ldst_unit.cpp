#include "sim/core/ldst_unit.hpp"

#include <algorithm>

#include "sim/core/timing_addresses.hpp"

namespace lockstep::sim {
namespace {

constexpr std::uint64_t kCacheIdStride = std::uint64_t{1} << 36;

/// Ids of requests an SM's LD/ST unit makes: the SM in bits 44..59, a counter below.
std::uint64_t ldst_id(std::uint32_t sm, std::uint64_t n) noexcept {
  return (std::uint64_t{sm} << 44) | (n & ((std::uint64_t{1} << 43) - 1));
}

MemStage stage_of(bool local, bool write) noexcept {
  if (local) return write ? MemStage::LMemSt : MemStage::LMemLd;
  return write ? MemStage::GMemSt : MemStage::GMemLd;
}

}  // namespace

AccessType access_type_of(bool local, bool write) noexcept {
  if (local) return write ? AccessType::LocalWrite : AccessType::LocalRead;
  return write ? AccessType::GlobalWrite : AccessType::GlobalRead;
}

LdstUnit::LdstUnit(const CoreConfig& core, std::uint32_t sm, std::uint64_t first_cache_id)
    : core_(&core), sm_(sm), l1c_(core.l1c, CacheLevel::L1, first_cache_id + kCacheIdStride),
      response_capacity_(std::max<std::uint32_t>(1, core.ldst_response_buffer)) {
  const bool cacp = core.scheduler.policy == WarpScheduler::Cawa && core.scheduler.cawa.cacp;
  if (core.l1d.enabled) l1d_.emplace(core.l1d, CacheLevel::L1, first_cache_id, nullptr, cacp ? &core.scheduler.cawa : nullptr);
  l1_stages_.resize(std::max<std::uint32_t>(1, core.l1d_latency));
}

MemRequest LdstUnit::request_for(const WarpInstr& wi, std::uint32_t instr, const MemAccess& a, AccessType type,
                                 Cycle now) {
  MemRequest r = make_request(ldst_id(sm_, next_id_++), type, a.addr, a.bytes);
  r.sector_mask = a.sector_mask;
  r.byte_mask = a.byte_mask;
  r.sm = sm_;
  r.warp = wi.warp;
  r.instruction = instr;
  r.pc = wi.pc;
  r.critical = wi.critical;
  r.issued = now;
  return r;
}

void LdstUnit::dispatch(std::uint32_t instr, Cycle, WarpInstrPool& pool) {
  current_ = instr;
  shared_left_ = pool[instr].shared_part ? std::max<std::uint32_t>(1, pool[instr].shared_cycles) : 0;
}

void LdstUnit::finish_if_done(std::uint32_t instr, WarpInstrPool& pool, LdstEvents& events) {
  const WarpInstr& wi = pool[instr];
  if (wi.issued_all && wi.outstanding == 0) events.finished.push_back(instr);
}

void LdstUnit::finish_access(std::uint32_t instr, WarpInstrPool& pool, LdstEvents& events) {
  WarpInstr& wi = pool[instr];
  if (wi.outstanding > 0) --wi.outstanding;
  finish_if_done(instr, pool, events);
}

void LdstUnit::writeback(Cycle now, WarpInstrPool& pool, LdstEvents& events) {
  for (std::uint32_t k = 0; k < 4; ++k) {
    const auto client = static_cast<Client>((next_client_ + k) % 4);
    bool served = false;
    switch (client) {
      case Client::Shared:
        if (!shared_pipe_.empty() && shared_pipe_.front().at <= now) {
          const std::uint32_t instr = shared_pipe_.front().instr;
          shared_pipe_.pop_front();
          finish_access(instr, pool, events);
          served = true;
        }
        break;
      case Client::Uncached:
        if (!uncached_done_.empty()) {
          const std::uint32_t instr = static_cast<std::uint32_t>(uncached_done_.front().instruction);
          uncached_done_.pop_front();
          finish_access(instr, pool, events);
          served = true;
        }
        break;
      case Client::L1c:
        if (l1c_.access_ready()) {
          const MemRequest r = l1c_.next_access();
          finish_access(static_cast<std::uint32_t>(r.instruction), pool, events);
          served = true;
        }
        break;
      case Client::L1d:
        if (l1d_ && l1d_->access_ready()) {
          const MemRequest r = l1d_->next_access();
          if (!r.writes()) finish_access(static_cast<std::uint32_t>(r.instruction), pool, events);
          served = true;
        }
        break;
    }
    if (served) {
      next_client_ = (next_client_ + k + 1) % 4;
      return;
    }
  }
}

void LdstUnit::take_response(Cycle now, LdstEvents& events) {
  if (responses_.empty()) return;
  const MemRequest& r = responses_.front();
  if (r.type == AccessType::ConstRead) {
    if (!l1c_.fill_port_free()) return;
    l1c_.fill(r, now);
  } else if (r.writes()) {
    events.store_acked.push_back(r.warp);
  } else if (l1d_ && l1d_->waiting_for_fill(r)) {
    if (!l1d_->fill_port_free()) return;
    l1d_->fill(r, now);
  } else {
    uncached_done_.push_back(r);
  }
  responses_.pop_front();
}

void LdstUnit::latency_queue(Cycle now, WarpInstrPool& pool, LdstEvents& events) {
  if (!l1d_) return;
  if (std::optional<MemRequest>& head = l1_stages_.front()) {
    const CacheAccess a = l1d_->access(*head, now);
    if (a.status != CacheStatus::ReservationFail) {
      if (a.write_sent) events.store_sent.push_back(head->warp);
      if (a.status == CacheStatus::Hit && !head->writes()) {
        finish_access(static_cast<std::uint32_t>(head->instruction), pool, events);
      }
      head.reset();
    }
  }
  for (std::size_t s = 0; s + 1 < l1_stages_.size(); ++s) {
    if (!l1_stages_[s] && l1_stages_[s + 1]) {
      l1_stages_[s] = std::move(l1_stages_[s + 1]);
      l1_stages_[s + 1].reset();
    }
  }
}

std::optional<std::pair<MemStage, MemStall>> LdstUnit::process(Cycle now, WarpInstrPool& pool, ClusterPort& port,
                                                               SmStats& stats, LdstEvents& events) {
  if (!current_) return std::nullopt;
  const std::uint32_t instr = *current_;
  WarpInstr& wi = pool[instr];
  const bool write = wi.role() == sem::InstrRole::Store;
  // Shared memory: the bank-conflict cycles, then the shared pipeline.
  if (shared_left_ > 0) {
    if (--shared_left_ > 0) return std::make_pair(MemStage::SMem, MemStall::BkConf);
    ++wi.outstanding;
    shared_pipe_.push_back(Timed{now + std::max<std::uint32_t>(1, core_->shared.latency), instr});
  }
  // Constant and parameter reads, one line per cycle.
  if (wi.next_constant < wi.constant.size()) {
    if (core_->perfect_inst_const_cache) {
      wi.next_constant = wi.constant.size();
    } else {
      if (!l1c_.data_port_free()) return std::make_pair(MemStage::CMem, MemStall::DataPortStall);
      const MemAccess& a = wi.constant[wi.next_constant];
      const MemRequest r = request_for(wi, instr, a, AccessType::ConstRead, now);
      const CacheAccess res = l1c_.access(r, now);
      if (res.status == CacheStatus::ReservationFail) {
        ++stats.cmem_port_conflicts;
        return std::make_pair(MemStage::CMem, MemStall::BkConf);
      }
      ++wi.next_constant;
      if (res.status != CacheStatus::Hit) ++wi.outstanding;
      if (wi.next_constant < wi.constant.size()) {
        ++stats.cmem_port_conflicts;
        return std::make_pair(MemStage::CMem, MemStall::CoalStall);
      }
    }
  }
  // Global and local memory, one request per cycle.
  if (wi.next_global < wi.global.size()) {
    const MemAccess& a = wi.global[wi.next_global];
    const bool atomic = wi.role() == sem::InstrRole::Atomic;
    const bool bypass = atomic || !l1d_ || (!a.local && core_->gmem_skip_l1d);
    MemRequest r = request_for(wi, instr, a, access_type_of(a.local, write), now);
    if (atomic) r.atomic = AtomicOp::Add;  // the operation does not matter to timing
    const MemStage stage = stage_of(a.local, write);
    if (bypass) {
      if (!port.can_accept(r)) return std::make_pair(stage, MemStall::IcntRcFail);
      port.push(r, now);
      stats.count_injected(r);
      if (write) {
        events.store_sent.push_back(wi.warp);
      } else {
        ++wi.outstanding;
      }
    } else {
      std::optional<MemRequest>& tail = l1_stages_.back();
      if (tail) return std::make_pair(stage, MemStall::BkConf);
      tail = r;
      if (!write) ++wi.outstanding;
    }
    ++wi.next_global;
    if (wi.next_global < wi.global.size()) return std::make_pair(stage, MemStall::CoalStall);
  }
  // Everything has left the dispatch register.
  wi.issued_all = true;
  current_.reset();
  finish_if_done(instr, pool, events);
  return std::nullopt;
}

void LdstUnit::cycle(Cycle now, WarpInstrPool& pool, ClusterPort& port, SmStats& stats, LdstEvents& events) {
  writeback(now, pool, events);
  take_response(now, events);
  latency_queue(now, pool, events);
  l1c_.cycle();
  if (l1d_) l1d_->cycle();
  if (const auto stall = process(now, pool, port, stats, events)) {
    ++stats.stall_shd_mem;
    ++stats.stall_breakdown[static_cast<std::size_t>(stall->first)][static_cast<std::size_t>(stall->second)];
    if (stall->first == MemStage::SMem) ++stats.shmem_bank_conflict_cycles;
  }
}

void LdstUnit::send_outgoing(Cycle now, ClusterPort& port, SmStats& stats) {
  if (l1c_.has_outgoing() && port.can_accept(l1c_.outgoing())) {
    stats.count_injected(l1c_.outgoing());
    port.push(l1c_.outgoing(), now);
    l1c_.pop_outgoing();
  }
  if (l1d_ && l1d_->has_outgoing() && port.can_accept(l1d_->outgoing())) {
    stats.count_injected(l1d_->outgoing());
    port.push(l1d_->outgoing(), now);
    l1d_->pop_outgoing();
  }
}

bool LdstUnit::idle() const noexcept {
  if (current_ || !shared_pipe_.empty() || !responses_.empty() || !uncached_done_.empty()) return false;
  for (const auto& s : l1_stages_) {
    if (s) return false;
  }
  if (!l1c_.idle()) return false;
  return !l1d_ || l1d_->idle();
}

bool LdstUnit::quiet() const noexcept {
  if (current_ || !responses_.empty() || !uncached_done_.empty()) return false;
  for (const auto& s : l1_stages_) {
    if (s) return false;
  }
  if (l1c_.has_outgoing() || l1c_.access_ready()) return false;
  return !l1d_ || (!l1d_->has_outgoing() && !l1d_->access_ready());
}

void LdstUnit::skip_cycles(std::uint64_t n) noexcept {
  l1c_.skip_cycles(n);
  if (l1d_) l1d_->skip_cycles(n);
}

Cycle LdstUnit::next_shared_completion() const noexcept {
  return shared_pipe_.empty() ? kNever : shared_pipe_.front().at;
}

}  // namespace lockstep::sim
