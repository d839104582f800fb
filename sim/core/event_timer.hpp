// Model events timed in cycles: AWARE's reconvergence timeout as the
// simulator counts it (research 000-aware-bows-ddos-mp.md §1.5(c);
// docs/sim.md, "Divergence models").
//
// The semantics offers a timed-out reconvergence as a model event of the
// warp (ModelAware with timeout=any: event e is reconvergence entry e having
// arrived threads; LaunchEngine::events) and never fires it itself; the SM
// fires it when a timer runs out. Research §1.5(c) keeps a delay counter
// per entry, started when its first threads arrive. The semantics names
// entries by their canonical index, which changes as other entries come and
// go (numbered from the FIFO), so timers are kept by count, per hardware
// warp: an entry that starts waiting starts a timer, an entry that stops
// waiting (it completed) stops the newest timer (nested divergence: the
// inner entries complete first), and when the oldest timer has run
// `timeout` cycles the warp's first waiting entry in canonical order times
// out and that timer stops. The research also resets a counter at every
// pending-mask update that leaves its entry waiting; those updates are not
// seen here, so a timeout can come earlier than the research's would. All
// of this is timing: every timeout is a step the model admits.
#pragma once

#include <algorithm>
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
      : timeout_(timeout), count_(warps, 0), started_(std::size_t{warps} * sem::kWarpSize, 0) {}

  [[nodiscard]] bool on() const noexcept { return timeout_ != 0; }
  /// Warp w's enabled events are now `events` (after anything that may change
  /// them): timers start or stop to match their number.
  void note(std::uint32_t w, sem::Mask events, Cycle now) noexcept {
    const unsigned n = sem::lane_count(events);
    Cycle* t = started_.data() + std::size_t{w} * sem::kWarpSize;
    while (count_[w] < n) t[count_[w]++] = now;
    count_[w] = std::min(count_[w], n);
  }
  /// Warp w is new (a CTA started).
  void reset(std::uint32_t w, sem::Mask events, Cycle now) noexcept {
    count_[w] = 0;
    note(w, events, now);
  }
  /// An event of warp w fired (the oldest timer stops); `events` are enabled now.
  void fired(std::uint32_t w, sem::Mask events, Cycle now) noexcept {
    Cycle* t = started_.data() + std::size_t{w} * sem::kWarpSize;
    if (count_[w] != 0) {
      std::copy(t + 1, t + count_[w], t);
      --count_[w];
    }
    note(w, events, now);
  }
  /// The cycle at which warp w's oldest timer runs out (kNever when none runs).
  [[nodiscard]] Cycle due(std::uint32_t w) const noexcept {
    return !on() || count_[w] == 0 ? kNever : started_[std::size_t{w} * sem::kWarpSize] + timeout_;
  }

 private:
  std::uint64_t timeout_ = 0;
  std::vector<unsigned> count_;  ///< per warp: timers running (= events enabled when last noted)
  std::vector<Cycle> started_;   ///< per warp: when each running timer started, oldest first
};

}  // namespace lockstep::sim
