// Model events timed in cycles: AWARE's reconvergence timeout as the
// simulator counts it (research 000-aware-bows-ddos-mp.md §1.5(c);
// docs/sim.md, "Divergence models").
//
// The semantics offers a timed-out reconvergence as a model event of the
// warp (ModelAware with timeout=any: an event per reconvergence entry that
// has arrived threads; LaunchEngine::events) and never fires it itself; the
// SM fires it when the warp's timer runs out. One timer per hardware warp:
// it starts when one of the warp's events becomes enabled and restarts
// whenever the set of enabled events changes (an entry gains its first
// arrived threads, completes, or times out). The research keeps a delay
// counter per reconvergence entry, reset also when a pending-mask update
// leaves the entry waiting; lockstep's per-warp timer does not see those
// updates (the entry's index is all the semantics names), so a timeout
// here can come earlier than a per-entry counter's (a pending update would
// have reset it) or later (another entry's change restarted the warp's
// timer). When it runs out the lowest enabled event fires (the entry first
// reached from the FIFO head) and the timer restarts.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/value/mask.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

class EventTimer {
 public:
  EventTimer() = default;
  /// `timeout`: cycles an event stays enabled before it fires (0: never).
  EventTimer(std::uint32_t warps, std::uint64_t timeout) : timeout_(timeout), events_(warps, 0), since_(warps, 0) {}

  [[nodiscard]] bool on() const noexcept { return timeout_ != 0; }
  /// Warp w's enabled events are now `events` (after anything that may change them).
  void note(std::uint32_t w, sem::Mask events, Cycle now) noexcept {
    if (events != events_[w]) since_[w] = now;
    events_[w] = events;
  }
  /// An event of warp w fired: its timer restarts with the events enabled now.
  void restart(std::uint32_t w, sem::Mask events, Cycle now) noexcept {
    events_[w] = events;
    since_[w] = now;
  }
  /// The cycle at which warp w's timer runs out (kNever when no event is enabled).
  [[nodiscard]] Cycle due(std::uint32_t w) const noexcept {
    return !on() || events_[w] == 0 ? kNever : since_[w] + timeout_;
  }
  /// The event to fire when the timer runs out.
  [[nodiscard]] unsigned next_event(std::uint32_t w) const noexcept { return sem::lowest_lane(events_[w]); }

 private:
  std::uint64_t timeout_ = 0;
  std::vector<sem::Mask> events_;  ///< per warp: its enabled events when last noted
  std::vector<Cycle> since_;       ///< per warp: when its timer started
};

}  // namespace lockstep::sim
