// MIMD: every thread has its own PC and issues alone (research
// 000-deadlock-ssde.md §1.6). Threads never wait for each other except at
// explicit synchronisation; loose fairness is a property of the schedule
// (round-robin guarantees it), not of this state.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "semantics/model/divergence_model.hpp"

namespace lockstep::sem {

class ModelMimd {
 public:
  static constexpr ModelScope kScope = ModelScope::Warp;
  static constexpr UnitKind kUnits = UnitKind::Thread;
  static constexpr bool kThreadUnits = kUnits == UnitKind::Thread;
  /// Transactions are per-thread retry loops: a thread's next PC (the
  /// restart PC after a failed commit or an abort) is in the outcome's groups.
  static constexpr bool kTransactions = true;

  struct State {
    std::array<std::uint32_t, kWarpSize> pc{};
    Mask ready = 0;    ///< live, not blocked
    Mask blocked = 0;  ///< waiting at a barrier or warp sync
    friend bool operator==(const State&, const State&) = default;
  };

  [[nodiscard]] State init(const ModelContext&, Mask live, std::uint32_t entry_pc) const {
    State s;
    for_each_lane(live, [&](unsigned l) { s.pc[l] = entry_pc; });
    s.ready = live;
    return s;
  }
  [[nodiscard]] Mask enabled(const State& s) const noexcept { return s.ready; }
  [[nodiscard]] UnitView unit(const State& s, unsigned key) const noexcept {
    return UnitView{s.pc[key], lane_bit(key)};
  }
  void retire(const ModelContext&, State& s, unsigned key, const Outcome& o) const {
    const Mask me = lane_bit(key);
    if ((o.exited & me) != 0) {
      s.ready &= ~me;
      s.pc[key] = 0;
      return;
    }
    if ((o.blocked & me) != 0) {
      s.ready &= ~me;
      s.blocked |= me;
      return;
    }
    for (unsigned i = 0; i < o.count; ++i) {
      if ((o.groups[i].mask & me) != 0) s.pc[key] = o.groups[i].pc;
    }
  }
  void release(const ModelContext&, State& s, Mask lanes, std::uint32_t pc) const {
    for_each_lane(lanes & s.blocked, [&](unsigned l) { s.pc[l] = pc; });
    s.ready |= lanes & s.blocked;
    s.blocked &= ~lanes;
  }
  void explain(const State& s, std::vector<WaitInfo>& out) const {
    for_each_lane(s.ready | s.blocked, [&](unsigned l) {
      const bool b = has_lane(s.blocked, l);
      out.push_back(WaitInfo{lane_bit(l), s.pc[l], b ? WaitKind::Barrier : WaitKind::Ready, 0});
    });
  }
  void hash(const State& s, StateHasher& h) const { h.value(s); }
};

static_assert(DivergenceModel<ModelMimd>);

}  // namespace lockstep::sem
