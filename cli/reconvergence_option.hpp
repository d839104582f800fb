// The --reconvergence option of `run` and `sim`: which table the SIMT-stack
// models take. nvidia and ipdom are the frontend's tables; safe and
// safe-aware are the SafePDom tables of refined detection (Algorithms 2 + 3
// on the NVIDIA table; Algorithm 5), which delay reconvergence without
// changing the code.
#pragma once

#include <optional>
#include <string>

#include "semantics/launch/launch_setup.hpp"

namespace lockstep::cli {

struct ReconvergenceOption {
  sem::ReconvergenceChoice table = sem::ReconvergenceChoice::Nvidia;  ///< what prepare_launch takes
  bool safe = false;        ///< then replace it by a SafePDom table
  bool safe_aware = false;  ///< Algorithm 5 rather than 2 + 3
};

/// nullopt for an unknown name.
[[nodiscard]] std::optional<ReconvergenceOption> parse_reconvergence(const std::string& name);

/// Puts the SafePDom table into `setup` when the option asks for one.
void apply_reconvergence(const ReconvergenceOption& option, sem::LaunchSetup& setup);

}  // namespace lockstep::cli
