// Model events timed in cycles: AWARE's reconvergence timeout as the
// simulator counts it (research 000-aware-bows-ddos-mp.md §1.5(c);
// docs/sim.md, "Divergence models").
//
// The semantics offers a timed-out reconvergence as a model event of the
// warp (ModelAware with timeout=any: event e is reconvergence entry e having
// arrived threads; LaunchEngine::events) and never fires it itself; the SM
// fires it when its timer runs out. A timer per event of each hardware warp
// starts when the event becomes enabled (the entry's first threads arrive,
// as research §1.5(c) starts its delay counter) and stops when it is no
// longer enabled (the entry completed or timed out); the event whose timer
// has run `timeout` cycles fires (the oldest first). The research also
// resets an entry's counter at every pending-mask update that leaves it
// waiting; the semantics names entries by index only, so those updates are
// not seen here and a timeout can come earlier than the research's counter
// would fire. Entry indices are canonical (numbered from the FIFO), so an
// entry that is renumbered keeps the age of the index it takes: a timing
// approximation, never a wrong step (every timeout is a step the model
// admits).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "semantics/value/mask.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

class EventTimer {
 public:
  EventTimer() = default;
  /// `timeout`: cycles an event stays enabled before it fires (0: never).
  EventTimer(std::uint32_t warps, std::uint64_t timeout)
      : timeout_(timeout), events_(warps, 0), since_(std::size_t{warps} * sem::kWarpSize, 0) {}

  [[nodiscard]] bool on() const noexcept { return timeout_ != 0; }
  /// Warp w's enabled events are now `events` (after anything that may change
  /// them): newly enabled ones start their timers.
  void note(std::uint32_t w, sem::Mask events, Cycle now) noexcept {
    sem::for_each_lane(events & ~events_[w], [&](unsigned e) { since_[slot(w, e)] = now; });
    events_[w] = events;
  }
  /// Warp w is new (a CTA started): its events start now.
  void reset(std::uint32_t w, sem::Mask events, Cycle now) noexcept {
    events_[w] = 0;
    note(w, events, now);
  }
  /// Event e of warp w fired; `events` are the ones enabled now (e, if
  /// enabled again, is another entry: its timer starts now).
  void fired(std::uint32_t w, unsigned e, sem::Mask events, Cycle now) noexcept {
    events_[w] &= ~sem::lane_bit(e);
    note(w, events, now);
  }
  /// The cycle at which warp w's first timer runs out (kNever when no event is enabled).
  [[nodiscard]] Cycle due(std::uint32_t w) const noexcept {
    if (!on() || events_[w] == 0) return kNever;
    return since_[slot(w, oldest(w))] + timeout_;
  }
  /// The event whose timer runs out first (warp w has one enabled).
  [[nodiscard]] unsigned oldest(std::uint32_t w) const noexcept {
    unsigned best = sem::lowest_lane(events_[w]);
    sem::for_each_lane(events_[w], [&](unsigned e) {
      if (since_[slot(w, e)] < since_[slot(w, best)]) best = e;
    });
    return best;
  }

 private:
  [[nodiscard]] static std::size_t slot(std::uint32_t w, unsigned e) noexcept {
    return std::size_t{w} * sem::kWarpSize + e;
  }

  std::uint64_t timeout_ = 0;
  std::vector<sem::Mask> events_;  ///< per warp: its enabled events when last noted
  std::vector<Cycle> since_;       ///< per warp and event: when its timer started
};

}  // namespace lockstep::sim
