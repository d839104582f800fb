// Independent thread scheduling with convergence barriers, after NVIDIA's
// patents US 10,067,768 ("Execution of divergent threads using a convergence
// barrier") and US 10,977,037 (the warp-synchronising instruction);
// docs/models/its.md.
//
// Per warp: a PC per thread and named convergence barriers {rpc,
// participants, arrived, yielded}, kept in creation order (a thread's
// innermost barrier is the last one it participates in).
//   - Units: the ready threads grouped by PC ("any non-blocked group of
//     threads at one PC"), named by their lowest lane; all are enabled.
//     Fairness is per unit key, which is per thread: a group that never
//     issues only grows, so its key stays enabled (docs/models/its.md).
//   - Divergent branch (the compiler's BSSY): the unit's threads whose
//     innermost barrier does not already wait at the branch's reconvergence
//     PC join a new barrier there; none when the PC only ends the thread
//     (kExitPc, an unguarded `exit` or kernel-level `ret`: the compiler
//     emits `@P EXIT` there, and exited threads wait for nobody).
//   - A thread reaching the RPC of its innermost barrier arrives and blocks
//     (BSYNC). Reaching the RPC of an outer barrier first (a table that does
//     not nest) arrives there and leaves the inner ones.
//   - Yield: a thread that takes a branch to an earlier or equal PC (every
//     loop iteration takes one, whatever the layout) is yielded in every
//     barrier it participates in at that moment.
//   - A barrier clears when each participant has arrived or yielded
//     (exited threads leave every barrier): the arrived threads continue
//     from the RPC, the yielded ones no longer wait for it.
//   - Aligned barriers (`bar.sync`, `bar.arrive`, `bar.red`): a unit that
//     executes one while lanes of the warp are in divergent code with it
//     (share an uncleared convergence barrier, or are in the unit with a
//     false guard) is undefined behaviour, a launch error: the hardware
//     counts the warp once (diverged_from; launch_sync.hpp).
//   - CTA barriers and warp-synchronous instructions (`bar.warp.sync`, the
//     `.sync` collectives) are the launch state's: a waiting thread is
//     blocked, and a thread blocked there is neither arrived nor yielded at
//     a convergence barrier, so `if (lane < 16) __syncwarp()` deadlocks.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "semantics/model/divergence_model.hpp"
#include "semantics/model/pc_groups.hpp"

namespace lockstep::sem {

class ModelIts {
 public:
  static constexpr ModelScope kScope = ModelScope::Warp;
  static constexpr UnitKind kUnits = UnitKind::Split;
  static constexpr bool kThreadUnits = false;

  struct Barrier {
    std::uint32_t rpc = 0;
    Mask participants = 0;
    Mask arrived = 0;
    Mask yielded = 0;
    friend bool operator==(const Barrier&, const Barrier&) = default;
  };
  static_assert(std::has_unique_object_representations_v<Barrier>);
  struct State {
    std::array<std::uint32_t, kWarpSize> pc{};  ///< 0 for lanes without a thread or whose thread exited
    Mask ready = 0;    ///< may issue
    Mask blocked = 0;  ///< at a CTA barrier or warp-synchronous instruction
    Mask waiting = 0;  ///< arrived at a convergence barrier
    std::vector<Barrier> barriers;  ///< creation order
    friend bool operator==(const State&, const State&) = default;
  };

  [[nodiscard]] State init(const ModelContext&, Mask live, std::uint32_t entry_pc) const {
    State s;
    for_each_lane(live, [&](unsigned l) { s.pc[l] = entry_pc; });
    s.ready = live;
    return s;
  }
  [[nodiscard]] Mask enabled(const State& s) const noexcept {
    Mask keys = 0;
    for (Mask rest = s.ready; rest != 0;) {
      const unsigned l = lowest_lane(rest);
      keys |= lane_bit(l);
      rest &= ~at_pc(s, rest, s.pc[l]);
    }
    return keys;
  }
  [[nodiscard]] UnitView unit(const State& s, unsigned key) const noexcept {
    return UnitView{s.pc[key], at_pc(s, s.ready, s.pc[key])};
  }
  void retire(const ModelContext& ctx, State& s, unsigned key, const Outcome& o) const;
  void release(const ModelContext&, State& s, Mask lanes, std::uint32_t pc) const;
  void explain(const State& s, std::vector<WaitInfo>& out) const;
  /// The lanes outside `lanes` that share an uncleared convergence barrier with one of them: the
  /// compiler's barriers still expect them to meet `lanes` again, so `lanes` run divergent code.
  [[nodiscard]] Mask diverged_from(const State& s, Mask lanes) const noexcept {
    Mask with = 0;
    for (const Barrier& b : s.barriers) {
      if ((b.participants & lanes) != 0) with |= b.participants;
    }
    return with & ~lanes;
  }
  void hash(const State& s, StateHasher& h) const {
    h.value(s.pc);
    h.value(s.ready);
    h.value(s.blocked);
    h.value(s.waiting);
    h.value(s.barriers.size());
    h.elements(s.barriers.data(), s.barriers.size());
  }

  /// The lanes of `among` whose PC is pc.
  [[nodiscard]] static Mask at_pc(const State& s, Mask among, std::uint32_t pc) noexcept {
    return lanes_at_pc(s.pc, among, pc);
  }

 private:
  /// True when the instruction at pc ends every thread that executes it: kExitPc, an unguarded
  /// `exit`, or an unguarded `ret` of the kernel's own body (not of an inlined function).
  [[nodiscard]] static bool ends_thread(const ModelContext& ctx, std::uint32_t pc) noexcept;
  /// Threads of `lanes` (ready, just moved) that reached a barrier's RPC arrive there.
  static void arrivals(State& s, Mask lanes);
  /// Clears every barrier whose participants all arrived or yielded (repeatedly).
  static void clear(State& s);
};

static_assert(DivergenceModel<ModelIts>);
static_assert(ModelWithAlignedBarriers<ModelIts>);

}  // namespace lockstep::sem
