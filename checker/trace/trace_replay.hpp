// Replaying a counterexample trace on a prepared launch
// (`lockstep run --replay`, docs/trace-format.md): the launch must have the
// trace's kernel and shape; every step's unit must be enabled when it is due;
// then the outcome must be the trace's:
//
//   deadlock         the launch is still running and its canonical digest is the trace's
//   error            the launch faulted and the digest is the trace's
//   expect           the launch completed with [expect] mismatches, digest the trace's
//   completed        the launch completed (a simulation's issue order), digest the trace's
//   non-termination  the digest after the cycle equals the digest at the cycle's
//                    start, and both equal the trace's: the cycle returns to the same state
#pragma once

#include <string>
#include <vector>

#include "checker/explore/explore_launch.hpp"
#include "checker/trace/trace.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {

struct TraceReplay {
  bool ok = false;     ///< the trace replays to its outcome
  std::string error;   ///< why not
  ReplayOutcome outcome;
  std::vector<TraceStuck> stuck;           ///< where the unfinished threads are at the end
  std::vector<TraceMismatch> mismatches;   ///< [expect] mismatches at the end (completed launches)
  /// `run`'s exit statuses: 3 deadlock or non-termination, 5 error, 2 expect
  /// mismatch, completed 0 (2 with [expect] mismatches); 1 when the trace
  /// does not replay.
  [[nodiscard]] int exit_status(FindingKind kind) const noexcept;
};

/// Replays `trace` on `setup`; `spec` supplies [expect] (may be null).
[[nodiscard]] TraceReplay replay_trace(const sem::LaunchSetup& setup, const sem::LaunchSpec* spec, const Trace& trace);

/// The [expect] mismatches of `memory`, at most `limit`.
[[nodiscard]] std::vector<TraceMismatch> expect_mismatches(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                                           const sem::GlobalMemory& memory, std::size_t limit = 20);

}  // namespace lockstep::checker
