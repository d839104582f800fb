// One explorer transition: a unit's next instruction followed by the private
// instructions after it (step_plan.hpp), as one step. The step goes on with
// the same unit (under a warp-unit model such as the SIMT stack: the warp's
// single enabled unit, whose key changes when a branch diverges or a path
// reconverges) while its next instruction is private and not a loop start
// the step has already passed (so a loop of private instructions is cut
// after one iteration and shows as a cycle of the state graph, while a spin
// loop's private tail and head join the visible instruction before them),
// it is still enabled, the launch is still running, and fewer than
// kMaxMerged instructions were issued (a split there loses no state).
//
// Soundness: private instructions touch only the unit's registers, local
// memory and its warp's model state; they commute with every action of every
// other unit and disable no other unit's step. Merging them is an ample-set
// reduction with singleton sets whose cycle proviso holds because a step
// never runs into a loop start; deadlocks, completed states, errors and
// weakly fair cycles are all kept (docs/explorer.md). Two model kinds need
// more: a step stops as soon as one of its warp's model events is enabled
// (an AWARE timeout: the next private instruction may disable it), and under
// Multi-Path IPDOM with OREC no step merges (model_merges: a split entering
// a block can end another split), nor under dynamic warp formation (the
// order of two dynamic warps' steps decides how their threads regroup). Under the keyed models (MP, ITS) a private
// step may release or regroup another unit's threads (a reconvergence entry
// or a convergence barrier completes, two groups meet at one PC); it never
// changes what their next instruction does, so the reduction keeps every
// visible behaviour (docs/models/its.md, mp.md).
//
// `replay_step` re-executes a recorded step without the plan: the same unit
// rule, `count` instructions.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

#include "checker/explore/exploration.hpp"
#include "checker/explore/fairness_units.hpp"
#include "checker/explore/step_plan.hpp"
#include "semantics/launch/launch_state.hpp"

namespace lockstep::checker {

inline constexpr std::uint32_t kMaxMerged = 4096;

/// The unit that continues a step of unit `key` of warp `w`, or -1 when none may.
template <class S>
[[nodiscard]] int continuing_unit(const S& s, std::uint32_t w, unsigned key) noexcept {
  if (s.status() != sem::LaunchStatus::Running) return -1;
  const sem::Mask en = s.enabled(w);
  if (sem::has_lane(en, key)) return static_cast<int>(key);
  if constexpr (!kKeyedUnits<S>) {
    if (sem::lane_count(en) == 1) return static_cast<int>(sem::lowest_lane(en));
  }
  return -1;
}

/// False when a model's private steps may change its other units (Multi-Path
/// IPDOM with early reconvergence: a split entering the table can end
/// another one, so no step merges instructions under it).
template <class S>
[[nodiscard]] bool model_merges(const S& s) noexcept {
  if constexpr (requires { s.model().orec(); }) return !s.model().orec();
  // Dynamic warp formation: the order of two dynamic warps' steps decides
  // which threads share a warp afterwards, so no step is private.
  if constexpr (sem::kRegroupingModel<std::remove_cvref_t<decltype(s.model())>>) return false;
  return true;
}

/// Pseudo PC of a model event's record (it executes no instruction).
inline constexpr std::uint32_t kEventPc = 0xffffffffU;

/// Executes the step of unit `key` of warp `w` (which must be enabled) and
/// returns its record. With `merge` false the step is one instruction. A key
/// from kEventKey on fires that model event instead (a step of its own).
template <class S>
StepRecord macro_step(S& s, std::uint32_t w, unsigned key, const StepPlan& plan, bool merge) {
  if (is_event_key(key)) {
    s.fire(w, key - kEventKey);
    return StepRecord{w, key, 1, kEventPc, 0, false};
  }
  const sem::UnitView u = s.unit(w, key);
  StepRecord rec{w, key, 1, u.pc, u.threads, false};
  s.step(w, key);
  if (!merge || !model_merges(s)) return rec;
  constexpr std::size_t kStops = 8;
  std::array<std::uint32_t, kStops> stops{};  // loop starts passed in this step
  std::size_t nstops = 0;
  if (plan.is_stop(u.pc)) stops[nstops++] = u.pc;
  while (rec.count < kMaxMerged) {
    // An enabled model event (an AWARE timeout) may be disabled by the next
    // private instruction (the late threads arrive): the step ends here so
    // that the event can fire in between.
    if constexpr (kModelEvents<S>) {
      if (s.events(w) != 0) break;
    }
    const int next = continuing_unit(s, w, key);
    if (next < 0) break;
    key = static_cast<unsigned>(next);
    const std::uint32_t pc = s.unit(w, key).pc;
    if (!plan.is_private(pc)) break;
    if (plan.is_stop(pc)) {
      if (nstops == kStops || std::find(stops.begin(), stops.begin() + static_cast<std::ptrdiff_t>(nstops), pc) !=
                                  stops.begin() + static_cast<std::ptrdiff_t>(nstops)) {
        break;
      }
      stops[nstops++] = pc;
    }
    s.step(w, key);
    ++rec.count;
  }
  return rec;
}

/// Re-executes a recorded step; false when a unit it needs is not enabled.
template <class S>
bool replay_step(S& s, const StepRecord& rec) {
  if (!action_enabled(s, rec.warp, rec.key)) return false;
  if (is_event_key(rec.key)) {
    s.fire(rec.warp, rec.key - kEventKey);
    return rec.count == 1;
  }
  unsigned key = rec.key;
  s.step(rec.warp, key);
  for (std::uint32_t i = 1; i < rec.count; ++i) {
    const int next = continuing_unit(s, rec.warp, key);
    if (next < 0) return false;
    key = static_cast<unsigned>(next);
    s.step(rec.warp, key);
  }
  return true;
}

}  // namespace lockstep::checker
