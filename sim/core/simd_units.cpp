#include "sim/core/simd_units.hpp"

#include <algorithm>

namespace lockstep::sim {

SimdUnits::SimdUnits(const CoreConfig& core) : buses_(std::max<std::uint32_t>(1, core.writeback_width)) {
  for (std::size_t k = 0; k < kUnitKinds; ++k) {
    if (static_cast<UnitKind>(k) == UnitKind::Mem) continue;
    free_at_[k].assign(unit_config(core, static_cast<UnitKind>(k)).units, 0);
  }
  std::uint32_t longest = 1;
  for (const OpTiming& t : core.ops.by_class) longest = std::max(longest, t.latency);
  bus_.assign(longest + 2, 0);
}

void SimdUnits::dispatch(Cycle now, OperandCollector& oc, const WarpInstrPool& pool) {
  // Forget the result-bus counts of cycles that have passed.
  const auto size = static_cast<Cycle>(bus_.size());
  if (now > bus_base_) {
    const Cycle passed = std::min<Cycle>(now - bus_base_, size);
    for (Cycle c = 0; c < passed; ++c) bus_[(bus_base_ + c) % size] = 0;
    bus_base_ = now;
  }
  for (std::size_t k = 0; k < kUnitKinds; ++k) {
    if (static_cast<UnitKind>(k) == UnitKind::Mem) continue;
    std::deque<std::uint32_t>& q = oc.ready(static_cast<UnitKind>(k));
    std::vector<Cycle>& units = free_at_[k];
    while (!q.empty()) {
      const WarpInstr& wi = pool[q.front()];
      const Cycle due = now + std::max<std::uint32_t>(1, wi.latency);
      std::uint32_t& bus = bus_[due % size];
      if (bus >= buses_) break;
      auto unit = std::find_if(units.begin(), units.end(), [now](Cycle f) { return f <= now; });
      if (unit == units.end()) break;
      *unit = now + std::max<std::uint32_t>(1, wi.initiation);
      ++bus;
      done_.push(Due{due, seq_++, q.front()});
      q.pop_front();
    }
  }
}

void SimdUnits::take_completed(Cycle now, std::vector<std::uint32_t>& out) {
  while (!done_.empty() && done_.top().at <= now) {
    out.push_back(done_.top().instr);
    done_.pop();
  }
}

}  // namespace lockstep::sim
