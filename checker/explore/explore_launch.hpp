// Exploring and replaying a prepared concrete launch under a named
// divergence model: the entry points of `lockstep verify`, `equiv` and
// `run --replay` (the template machinery stays behind these calls).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "checker/explore/exploration.hpp"
#include "checker/explore/explore_options.hpp"
#include "checker/explore/finding_filter.hpp"
#include "semantics/launch/launch_fault.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/model/wait_info.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {

struct ExploreRequest {
  sem::ModelSpec model;
  ExploreOptions options;
  /// When set, its [expect] entries are checked at every completed state.
  const sem::LaunchSpec* spec = nullptr;
  /// When set, decides which counterexamples are reported (finding_filter.hpp).
  FindingFilter filter;
};

/// Explores every schedule of the launch. Throws std::invalid_argument when
/// the kernel reads the clock (the state space would be unbounded).
[[nodiscard]] Exploration explore_launch(const sem::LaunchSetup& setup, const ExploreRequest& request);

/// Digest of the launch's buffers (in spec order) in `memory`.
[[nodiscard]] Digest final_memory_digest(const sem::LaunchSetup& setup, const sem::GlobalMemory& memory);

/// The [expect] mismatches of `memory`, as one line of text ("" when every expectation holds).
[[nodiscard]] std::string expect_mismatch_text(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                               const sem::GlobalMemory& memory);

struct ReplayOutcome {
  bool ok = false;    ///< every step's unit was enabled when it was due
  std::string error;  ///< why not, when !ok
  sem::LaunchStatus status = sem::LaunchStatus::Running;
  Digest digest{};    ///< canonical digest of the state after the steps
  std::optional<Digest> cycle_digest;  ///< after steps[0, cycle_start), when cycle_start was given
  std::optional<sem::LaunchFault> fault;
  std::vector<std::pair<std::uint32_t, sem::WaitInfo>> waits;  ///< where every unfinished thread is, by warp
  bool any_enabled = false;  ///< some unit may issue in the state reached (false at a deadlock)
  /// With a cycle: the fairness units (fairness_units.hpp: warp, or
  /// warp * 32 + key under a keyed model, with a model's event unit after
  /// its warp's) enabled in every state of the cycle that never issue in
  /// it. Empty for a weakly fair cycle.
  std::vector<std::uint32_t> starved;
  std::string output;  ///< printf output
  sem::GlobalMemory memory;
  std::uint64_t instructions = 0;
  std::vector<std::string> events;  ///< what each model event of the steps did, in order
};

/// Re-executes a schedule (the steps of a Finding) from the initial state,
/// canonicalising exactly as the explorer does, so digests compare.
[[nodiscard]] ReplayOutcome replay_launch(const sem::LaunchSetup& setup, const sem::ModelSpec& model,
                                          std::span<const StepRecord> steps, std::optional<std::size_t> cycle_start,
                                          bool canonical = true);

/// The schedule of `steps` re-derived on `setup`: each step's unit takes one
/// merged step there (macro_step.hpp), whatever the recorded instruction
/// count. For a finding of a kernel whose private code was rewritten
/// (if_conversion.hpp): the visible actions are the same, the counts are the
/// original kernel's. Throws std::runtime_error when a unit is not enabled
/// when its step is due.
[[nodiscard]] std::vector<StepRecord> rederive_schedule(const sem::LaunchSetup& setup, const sem::ModelSpec& model,
                                                        std::span<const StepRecord> steps, bool merge);

}  // namespace lockstep::checker
