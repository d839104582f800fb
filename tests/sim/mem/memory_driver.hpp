// A stand-in for the cycle loop and the SMs in the memory system's tests
// and benchmark: steps the clock schedule, pops replies at each core cycle
// before the memory side's tick, and pushes the requests of a core cycle
// after it, as the loop of memory_system.hpp describes; optionally jumps
// over cycles the memory system says nothing happens in.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

#include "sim/config/gpu_config.hpp"
#include "sim/gpu/clock_domains.hpp"
#include "sim/mem/memory_system.hpp"

namespace lockstep::sim::test {

class MemoryDriver {
 public:
  explicit MemoryDriver(const GpuConfig& c) : clocks_(c.clocks), mem_(c), pending_(c.core.clusters) {}

  /// Queues a request for injection from its SM's cluster at the first core
  /// cycle >= `at` with room.
  void send(MemRequest r, Cycle at = 0) {
    r.issued = at;
    pending_[mem_.cluster_of(r.sm)].push_back(r);
  }

  /// One step of the clock schedule.
  void step() {
    const DomainMask m = clocks_.step();
    if (m.has(ClockDomain::Core)) {
      for (std::uint32_t c = 0; c < mem_.clusters(); ++c) {
        if (auto r = mem_.pop_reply(c, cycle_)) replies_.push_back(*r);
      }
    }
    mem_.tick(m, cycle_);
    if (m.has(ClockDomain::Core)) {
      for (std::uint32_t c = 0; c < mem_.clusters(); ++c) {
        auto& q = pending_[c];
        if (!q.empty() && q.front().issued <= cycle_ && mem_.can_accept(c, q.front())) {
          mem_.push(c, q.front(), cycle_);
          q.pop_front();
        }
      }
      ++cycle_;
    }
  }

  [[nodiscard]] bool done() const {
    for (const auto& q : pending_) {
      if (!q.empty()) return false;
    }
    return mem_.idle();
  }

  /// Steps until nothing is left (or `limit` core cycles), jumping when
  /// `jump` and the memory system allows.
  void run(bool jump = false, Cycle limit = 1000000) {
    while (!done() && cycle_ < limit) {
      if (jump) {
        const Cycle e = std::min(mem_.next_event_cycle(cycle_), next_send());
        if (e != kNever && e > cycle_) {
          const DomainTicks t = clocks_.advance_core_to(e);
          mem_.skip(t, cycle_);
          cycle_ = e;
          ++jumps_;
          continue;
        }
      }
      step();
    }
  }

  [[nodiscard]] MemorySystem& mem() { return mem_; }
  [[nodiscard]] const std::vector<MemRequest>& replies() const { return replies_; }
  [[nodiscard]] Cycle cycle() const { return cycle_; }
  [[nodiscard]] std::uint64_t jumps() const { return jumps_; }

 private:
  /// The first core cycle at which a queued request may be sent.
  [[nodiscard]] Cycle next_send() const {
    Cycle e = kNever;
    for (const auto& q : pending_) {
      if (!q.empty()) e = std::min(e, std::max(q.front().issued, cycle_));
    }
    return e;
  }

  ClockSchedule clocks_;
  MemorySystem mem_;
  std::vector<std::deque<MemRequest>> pending_;
  std::vector<MemRequest> replies_;
  Cycle cycle_ = 0;
  std::uint64_t jumps_ = 0;
};

}  // namespace lockstep::sim::test
