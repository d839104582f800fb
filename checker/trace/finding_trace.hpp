// The trace of an explorer finding, made so that it is what it claims: the
// finding's schedule is replayed on the concrete launch (for a symbolic
// launch: the spec concretized with the model's input values, the schedule
// re-derived on the original kernel when the explored one was if-converted),
// the trace is built from the state the replay reached, and the trace itself
// is replayed exactly as `lockstep run --replay` replays it. `lockstep
// verify` and `lockstep detect --evidence` report counterexamples through it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "checker/explore/exploration.hpp"
#include "checker/trace/trace.hpp"
#include "checker/trace/trace_build.hpp"
#include "frontend/ir/module.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {

/// The launch a finding was explored on.
struct FindingLaunch {
  const ir::Module* module = nullptr;
  const sem::LaunchSpec* spec = nullptr;  ///< as explored (symbolic inputs allowed)
  sem::ReconvergenceChoice table = sem::ReconvergenceChoice::Nvidia;
  /// How the explored launch was prepared, when not by prepare_launch with
  /// `table` (a SafePDom table put in by the caller, for instance).
  std::function<std::unique_ptr<sem::LaunchSetup>(const sem::LaunchSpec&)> prepare;
  bool cuda_barrier_rule = false;
  bool tm_serializable = false;  ///< the serializability check (LaunchSetup::tm_serializable_check)
  sem::TmProtocolConfig tm_protocol{};  ///< LaunchSetup::tm_protocol
  sem::ModelSpec model = sem::ModelKind::Stack;
  bool canonical = true;
  bool merge = true;
  /// A symbolic launch: the values of its inputs in a model of the finding.
  std::vector<std::pair<std::string, std::uint64_t>> inputs;
  /// Branch regions the explored kernel had if-converted (0: none).
  std::uint32_t if_converted = 0;
};

/// The finding does not carry over to the concrete launch of its input
/// values (a symbolic launch whose model does not reproduce it).
class FindingCarryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The checked trace of `finding` (origin.inputs is filled from
/// launch.inputs). Throws FindingCarryError as above, and std::logic_error
/// when the concrete finding's trace does not replay (an internal error:
/// never a reported counterexample).
[[nodiscard]] Trace finding_trace(const FindingLaunch& launch, TraceOrigin origin, const Finding& finding);

}  // namespace lockstep::checker
