// `lockstep sim --schedule-out TRACE`: a simulation's issue order written as
// a trace (docs/trace-format.md) that `lockstep run --replay` replays.
//
// Every issued instruction was a step of the semantics; the issue order is
// one schedule of the launch. The trace's kind follows how the simulation
// ended: completed (the new `completed` kind, or `expect` with [expect]
// mismatches), deadlock, error, or non-termination for a livelock (its
// cycle the instructions issued while the simulator confirmed it). Before
// writing, the schedule is replayed on the semantics with every block
// resident (checker's replay, canonical digests): the trace records the
// state digest that replay reaches, and the final memory must equal the
// simulation's byte for byte (an internal error otherwise: the simulator
// would have given the semantics a meaning of its own).
#pragma once

#include <string>

#include "semantics/launch/launch_setup.hpp"
#include "semantics/spec/launch_spec.hpp"
#include "sim/gpu/sim_result.hpp"

namespace lockstep::cli {

struct ScheduleOrigin {
  std::string ptx;        ///< as given on the command line
  std::string launch;     ///< the launch spec path
  std::string model;      ///< "stack", ...
  std::string reconvergence;  ///< "nvidia" or "ipdom"
};

/// Writes the trace to `path`. Returns a warning to print ("" when none):
/// a cycle-limited simulation has no outcome to replay, so nothing is written.
[[nodiscard]] std::string write_schedule_trace(const std::string& path, const sem::LaunchSetup& setup,
                                               const sem::LaunchSpec& spec, const ScheduleOrigin& origin,
                                               const sim::SimResult& result);

}  // namespace lockstep::cli
