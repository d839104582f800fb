// The evidence options shared by `lockstep detect --evidence` and `lockstep
// ssde` (--launch, --evidence-dir, --evidence-timeout,
// --evidence-max-states), and their translation into
// checker::EvidenceOptions. Every malformed value is a usage error
// (InputError, exit 1) raised before any search starts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "checker/evidence/evidence.hpp"
#include "frontend/ir/module.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::cli {

struct EvidenceCliOptions {
  std::string launch;                     ///< --launch SPEC ("": synthesised launches)
  std::string dir;                        ///< --evidence-dir ("": no files)
  std::string timeout = "60";             ///< seconds a loop, 0: none
  std::string max_states = "1000000";     ///< distinct states a launch
};

/// Adds --evidence-dir, --evidence-timeout and --evidence-max-states to
/// `cmd` (each needing `needs` when it is not null); --launch is the
/// command's own (ssde's also serves --verify).
void add_evidence_bounds(CLI::App* cmd, EvidenceCliOptions& o, CLI::Option* needs);

/// The parsed options with their launch spec, ready for gather_evidence.
struct EvidenceSettings {
  std::optional<sem::LaunchSpec> spec;  ///< --launch, checked against the module
  checker::EvidenceOptions options;     ///< spec left null: see for_kernel

  /// The options for kernel k: the spec when it is k's launch, else none
  /// (synthesised launches).
  [[nodiscard]] checker::EvidenceOptions for_kernel(const ir::Kernel& k) const;
};

/// Checks and translates `o` for `module` analysed with `detect` on the
/// kernels `selected`: the bounds (--evidence-timeout: finite seconds, 0 =
/// none; --evidence-max-states: at least 1), the directory (created when it
/// does not exist), and the launch spec, which must name (or, unnamed, be
/// the only) selected kernel and fit it as `run --launch` requires
/// (prepare_launch's errors, at their place in the spec).
[[nodiscard]] EvidenceSettings parse_evidence_options(const EvidenceCliOptions& o, const std::string& ptx,
                                                      const ir::Module& module,
                                                      const std::vector<const ir::Kernel*>& selected,
                                                      const checker::DetectOptions& detect);

}  // namespace lockstep::cli
