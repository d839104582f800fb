// `lockstep equiv`: is a transformed kernel (an SSDE output) correct for a
// launch? Three parts (docs/equiv.md, docs/explorer-plan.md §5):
//  (a) per-thread refinement, launch-independent (refinement.hpp), with the
//      origin map given or recovered (origin_recover.hpp);
//  (b) SIMT termination: the transformed kernel explored under the SIMT
//      stack (or the model EquivOptions::model names) with fairness: no
//      deadlock, no fair non-terminating cycle, no error;
//  (c) final-memory inclusion: every final memory state of the transformed
//      kernel under that model is one of the original's under MIMD. Its
//      precondition (SSDE §2.1): the original terminates under every fair
//      MIMD schedule, checked by exploring it under MIMD with fairness.
// Verdict: proved (every part selected proved), counterexample (some part
// refuted; the first in order a, b, c is named), inconclusive (a bound, an
// unknown solver answer, a failed precondition, or a failed check under a
// recovered origin map).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checker/equiv/refinement.hpp"
#include "checker/explore/exploration.hpp"
#include "checker/explore/explore_options.hpp"
#include "frontend/ir/module.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker::equiv {

enum class Verdict : std::uint8_t { Proved, Counterexample, Inconclusive };

/// "proved", "counterexample", "inconclusive".
[[nodiscard]] const char* verdict_name(Verdict v) noexcept;
/// The exit status of a verdict: 0, 3, 4.
[[nodiscard]] int verdict_exit_code(Verdict v) noexcept;

enum class PartStatus : std::uint8_t { Proved, Counterexample, Inconclusive, Skipped };
[[nodiscard]] const char* part_status_name(PartStatus s) noexcept;

/// One exploration run of parts (b) and (c).
struct ExploreRun {
  std::string what;  ///< e.g. "transformed under stack, fair"
  sem::ModelSpec model;
  bool fairness = false;
  Exploration result;
};

struct PartResult {
  std::string name;   ///< "a", "b", "c"
  PartStatus status = PartStatus::Skipped;
  std::string check;  ///< counterexample/inconclusive: the failing check ("copy", ..., "termination", "inclusion", "precondition")
  std::string detail; ///< one line: why
};

struct EquivOptions {
  bool part_a = true;
  bool part_b = true;
  bool part_c = true;
  ExploreOptions bounds;  ///< max_states, max_depth, max_memory_mib, timeout_seconds are used
  /// The divergence model the transformed kernel must terminate under (parts
  /// b and c): the SIMT stack SSDE targets, or any other (`equiv --model`).
  sem::ModelSpec model = sem::ModelKind::Stack;
};

struct EquivInput {
  const ir::Module* original = nullptr;
  const ir::Module* transformed = nullptr;
  /// Per output PC of the transformed kernel; nullopt: recover it.
  std::optional<std::vector<std::uint32_t>> origin;
  const sem::LaunchSpec* spec = nullptr;
};

struct EquivResult {
  Verdict verdict = Verdict::Proved;
  std::string kernel;
  bool origin_recovered = false;
  std::string origin_error;           ///< recovery failed: why
  RefinementResult refinement;        ///< part (a)'s checks
  std::vector<PartResult> parts;      ///< a, b, c in order
  std::vector<ExploreRun> runs;       ///< the explorations, in the order they ran
  std::size_t original_finals = 0;    ///< |F_i|
  std::size_t transformed_finals = 0; ///< |F_o|
  std::vector<Digest> missing;        ///< F_o \ F_i
  /// The part that decided a counterexample or inconclusive verdict (nullptr: proved).
  [[nodiscard]] const PartResult* deciding() const noexcept;
};

/// Runs the selected parts. The launch spec's kernel (or the module's only
/// kernel) is compared. Throws InputError for inputs that do not fit (no such
/// kernel in either module, a spec that does not fit, an origin map of the
/// wrong length) and std::invalid_argument for a kernel that cannot be
/// explored (the clock).
[[nodiscard]] EquivResult run_equiv(const EquivInput& input, const EquivOptions& options);

}  // namespace lockstep::checker::equiv
