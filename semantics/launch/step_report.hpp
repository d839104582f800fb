// What one step did, for a timing model: the dynamic part of an issued warp
// instruction (LaunchState::step with a report). The static part — the
// registers an instruction reads and writes, its unit and latency class —
// depends on the PC only and is decoded once per kernel
// (semantics/launch/timing_decode.hpp).
//
// The step has already had every functional effect when the report is
// read: the simulator executes at issue, in issue order (DESIGN.md, "The
// simulator"), and uses the report only to decide when the instruction's
// effects would have completed.
#pragma once

#include <array>
#include <cstdint>

#include "semantics/memory/access_log.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

struct StepReport {
  std::uint32_t pc = 0;  ///< the instruction issued
  Mask threads = 0;      ///< the unit's threads: the active mask at issue
  Mask executed = 0;     ///< those whose guard held (all of `threads` when unguarded)
  unsigned paths = 0;    ///< next-PC groups of the unit (> 1: a branch diverged)
  Mask exited = 0;       ///< threads that executed exit or ret
  Mask blocked = 0;      ///< threads that arrived at a barrier or warp sync and wait
  /// The step completed a barrier phase, a warp-synchronous rendezvous or a
  /// transaction region, so units of other warps may have become enabled.
  bool released = false;
  AccessLog access;      ///< memory accesses per lane (ld, st, atom, red)
  /// setp only: its two source operands (a, b) for the unit's first thread
  /// (its lowest lane), as bits: registers as they were before the step,
  /// immediates as written, other operand kinds 0. What DDOS's value
  /// history hashes (sim/core/ddos_history.hpp).
  std::array<std::uint64_t, 2> compared{};

  void clear() noexcept {
    pc = 0;
    threads = executed = exited = blocked = 0;
    paths = 0;
    released = false;
    compared = {};
    access.clear();
  }
};

}  // namespace lockstep::sem
