// Building a Trace from an explorer finding: the schedule's records get
// their block, warp-in-block, instruction text and source lines from the
// launch setup; the stuck threads come from the state the replay reached
// (LaunchState::explain of every warp), the fault from the replay too.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "checker/explore/exploration.hpp"
#include "checker/trace/trace.hpp"
#include "semantics/launch/launch_fault.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/model/wait_info.hpp"

namespace lockstep::checker {

/// What the trace says about where it came from.
struct TraceOrigin {
  std::string ptx;              ///< the PTX path as given
  std::string ptx_bytes;        ///< its contents (for the digest)
  std::string launch;           ///< the spec path as given
  std::string launch_bytes;
  std::string model;            ///< command-line model name
  std::string reconvergence;    ///< "nvidia" / "ipdom"
  std::vector<TraceInput> inputs;
  bool canonical = true;
  bool cuda_barrier_rule = false;
  bool tm_serializable = false;
  sem::TmProtocolConfig tm_protocol{};
};

/// The origin of a trace recorded on the files `ptx` and `launch` (read now
/// for their digests) under `model` with `reconvergence`.
[[nodiscard]] TraceOrigin trace_origin_of_files(const std::string& ptx, const std::string& launch, std::string model,
                                                std::string reconvergence);

/// What replaying the finding showed: the waits of every unfinished thread
/// at the end (warp, wait) and the fault, if any.
struct TraceEnd {
  std::span<const std::pair<std::uint32_t, sem::WaitInfo>> waits;
  std::optional<sem::LaunchFault> fault;
  std::vector<TraceMismatch> mismatches;
  /// What each model event of the steps did, in order (ReplayOutcome::events).
  std::span<const std::string> events{};
};

[[nodiscard]] Trace build_trace(const sem::LaunchSetup& setup, const TraceOrigin& origin, const Finding& finding,
                                const TraceEnd& end);

/// The steps of a trace as the explorer's step records (for replay).
[[nodiscard]] std::vector<StepRecord> trace_records(const Trace& trace);

}  // namespace lockstep::checker
