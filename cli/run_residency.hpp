// How many blocks `lockstep run` keeps resident at once (--residency,
// --memory-budget, --gpu): every block, a number, as many as a memory
// budget holds (the default), or a GPU's occupancy as `lockstep sim`
// computes it. Later blocks are admitted as earlier ones retire
// (semantics/launch/residency.hpp, runner.hpp).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/residency.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::cli {

struct RunResidencyOptions {
  std::string residency = "auto";  ///< auto, all or a number of blocks
  std::string memory_budget = std::to_string(sem::kDefaultMemoryBudgetMiB);  ///< MiB of block state, for auto
  std::string gpu;                 ///< NAME or FILE: the GPU's occupancy
};

struct RunResidency {
  std::uint32_t resident_blocks = 0;  ///< 0: every block of the launch
  std::string limit;                  ///< what limits it, for reports
};

/// The residency of `setup`'s launch. Usage errors for malformed values;
/// an input error for a launch whose blocks cannot be held (a block larger
/// than the budget, a cooperative launch that does not fit, a CTA no SM of
/// the GPU holds). GPU import warnings go to `err`.
[[nodiscard]] RunResidency plan_run_residency(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                              const RunResidencyOptions& options, std::ostream& err);

}  // namespace lockstep::cli
