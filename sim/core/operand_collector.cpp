#include "sim/core/operand_collector.hpp"

#include <algorithm>

namespace lockstep::sim {

const UnitClassConfig& unit_config(const CoreConfig& core, UnitKind u) noexcept {
  switch (u) {
    case UnitKind::Sp: return core.sp;
    case UnitKind::Dp: return core.dp;
    case UnitKind::Int: return core.integer;
    case UnitKind::Sfu: return core.sfu;
    case UnitKind::Tensor: return core.tensor;
    case UnitKind::Mem: return core.mem;
  }
  return core.sp;
}

OperandCollector::OperandCollector(const CoreConfig& core, const sem::TimingDecode& decode)
    : decode_(&decode),
      banks_(std::max<std::uint32_t>(1, core.operand_collector.register_banks)),
      ports_(std::max<std::uint32_t>(1, core.operand_collector.register_file_ports)),
      by_warp_(core.operand_collector.bank_by_warp_id) {
  bank_writes_.assign(banks_, 0);
  bank_reads_.assign(banks_, 0);
  for (std::size_t k = 0; k < kUnitKinds; ++k) {
    const UnitClassConfig& c = unit_config(core, static_cast<UnitKind>(k));
    id_oc_width_[k] = c.id_oc_width;
    oc_ex_width_[k] = c.oc_ex_width;
  }
  if (core.operand_collector.specialized) {
    for (std::size_t k = 0; k < kUnitKinds; ++k) {
      const UnitClassConfig& c = unit_config(core, static_cast<UnitKind>(k));
      if (c.units == 0 || c.collectors.units == 0) continue;
      Set s;
      s.units.resize(c.collectors.units);
      s.in_ports = std::max<std::uint32_t>(1, c.collectors.in_ports);
      s.out_ports = std::max<std::uint32_t>(1, c.collectors.out_ports);
      s.kinds = 1U << k;
      sets_.push_back(std::move(s));
    }
  } else {
    Set s;
    s.units.resize(std::max<std::uint32_t>(1, core.operand_collector.generic.units));
    s.in_ports = std::max<std::uint32_t>(1, core.operand_collector.generic.in_ports);
    s.out_ports = std::max<std::uint32_t>(1, core.operand_collector.generic.out_ports);
    s.kinds = (1U << kUnitKinds) - 1;
    sets_.push_back(std::move(s));
  }
}

void OperandCollector::note_write(std::uint32_t warp, std::span<const std::uint32_t> regs) noexcept {
  for (const std::uint32_t r : regs) ++bank_writes_[bank(r, warp)];
}

void OperandCollector::cycle(const WarpInstrPool& pool, std::uint64_t& bank_conflicts) {
  // 1. Dispatch ready collectors to the OC_EX registers.
  for (Set& s : sets_) {
    std::uint32_t sent = 0;
    const std::size_t n = s.units.size();
    for (std::size_t i = 0; i < n && sent < s.out_ports; ++i) {
      Unit& u = s.units[(s.next_dispatch + i) % n];
      if (!u.busy || !u.ready) continue;
      std::deque<std::uint32_t>& out = oc_ex_[idx(u.kind)];
      if (out.size() >= std::max<std::uint32_t>(1, oc_ex_width_[idx(u.kind)])) continue;
      out.push_back(u.instr);
      u.busy = false;
      u.ready = false;
      ++sent;
      s.next_dispatch = (s.next_dispatch + i + 1) % n;
    }
  }
  // 2. Register reads, banks shared with this cycle's writes.
  std::fill(bank_reads_.begin(), bank_reads_.end(), 0);
  std::size_t total = 0;
  for (const Set& s : sets_) total += s.units.size();
  for (std::size_t step = 0; step < total; ++step) {
    // Walk all collector units round robin from next_read_.
    std::size_t k = (next_read_ + step) % total;
    Set* set = nullptr;
    for (Set& s : sets_) {
      if (k < s.units.size()) {
        set = &s;
        break;
      }
      k -= s.units.size();
    }
    Unit& u = set->units[k];
    if (!u.busy || u.ready) continue;
    std::uint32_t kept = 0;
    for (std::uint32_t i = 0; i < u.n_pending; ++i) {
      const std::uint32_t b = u.pending[i];
      if (bank_reads_[b] + bank_writes_[b] < ports_) {
        ++bank_reads_[b];
      } else {
        u.pending[kept++] = b;
        ++bank_conflicts;
      }
    }
    u.n_pending = kept;
    u.ready = kept == 0;
  }
  if (total != 0) next_read_ = (next_read_ + 1) % total;
  std::fill(bank_writes_.begin(), bank_writes_.end(), 0);
  // 3. Allocate collectors to instructions waiting in the ID_OC registers.
  for (Set& s : sets_) {
    for (std::uint32_t port = 0; port < s.in_ports; ++port) {
      // The oldest instruction among the classes this set serves.
      std::size_t pick = kUnitKinds;
      for (std::size_t k = 0; k < kUnitKinds; ++k) {
        if ((s.kinds & (1U << k)) == 0 || id_oc_[k].empty()) continue;
        if (pick == kUnitKinds || pool[id_oc_[k].front()].id < pool[id_oc_[pick].front()].id) pick = k;
      }
      if (pick == kUnitKinds) break;
      auto free_unit = std::find_if(s.units.begin(), s.units.end(), [](const Unit& u) { return !u.busy; });
      if (free_unit == s.units.end()) break;
      const std::uint32_t instr = id_oc_[pick].front();
      id_oc_[pick].pop_front();
      const WarpInstr& wi = pool[instr];
      Unit& u = *free_unit;
      u.busy = true;
      u.instr = instr;
      u.kind = static_cast<UnitKind>(pick);
      u.warp = wi.warp;
      u.n_pending = 0;
      for (const std::uint32_t r : decode_->sources(wi.pc)) {
        if (u.n_pending < u.pending.size()) u.pending[u.n_pending++] = bank(r, wi.warp);
      }
      u.ready = u.n_pending == 0;
    }
  }
}

bool OperandCollector::empty() const noexcept {
  for (std::size_t k = 0; k < kUnitKinds; ++k) {
    if (!id_oc_[k].empty() || !oc_ex_[k].empty()) return false;
  }
  for (const Set& s : sets_) {
    for (const Unit& u : s.units) {
      if (u.busy) return false;
    }
  }
  return true;
}

}  // namespace lockstep::sim
