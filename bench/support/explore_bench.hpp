// What the explorer benchmarks share: a launch held together with its
// module and spec (the setup points into both), the bundled models with
// their geometry shrunk to a small launch, the reduction configurations
// compared, and one timed exploration with its verdict.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "checker/explore/exploration.hpp"
#include "checker/explore/explore_options.hpp"
#include "frontend/ir/module.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/model_kind.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::bench {

/// A prepared launch; not movable once built (the setup points into it).
struct HeldLaunch {
  ir::Module module;
  sem::LaunchSpec spec;
  std::unique_ptr<sem::LaunchSetup> setup;
};

/// Loads PTX text and spec text and prepares the launch; throws on any error.
[[nodiscard]] std::unique_ptr<HeldLaunch> hold_launch(const std::string& ptx, const std::string& ptx_name,
                                                      const std::string& spec_text);

/// The bundled models that have a launch spec (models/kernels/NAME/launch.toml), by name.
[[nodiscard]] std::vector<std::string> bundled_models(const std::string& root);

/// Model NAME's launch with the given geometry and without its [expect]
/// entries (they describe the full launch); throws on any error.
[[nodiscard]] std::unique_ptr<HeldLaunch> hold_model_launch(const std::string& root, const std::string& name,
                                                            std::array<std::uint32_t, 3> grid,
                                                            std::array<std::uint32_t, 3> block);

/// Model NAME's launch.toml geometry.
struct Geometry {
  std::array<std::uint32_t, 3> grid{1, 1, 1};
  std::array<std::uint32_t, 3> block{1, 1, 1};
};
[[nodiscard]] Geometry model_geometry(const std::string& root, const std::string& name);

/// A small launch for exhaustive exploration: under mimd one block of
/// `mimd_threads` threads; under a warp-unit model the model's own geometry
/// when it has at most `max_threads` threads, else one block of at most
/// `max_threads` threads (x only).
[[nodiscard]] Geometry small_geometry(const Geometry& own, sem::ModelKind model, std::uint32_t mimd_threads,
                                      std::uint32_t max_threads);

/// One reduction configuration of the comparison table.
struct Reduction {
  std::string name;  ///< "none", "merge", "merge+canonical", "merge+canonical+sleep", "merge+canonical+por"
  checker::ExploreOptions options;
};

/// The four configurations over `base` (whose fairness and race report are
/// switched off in all four, so that they search the same graph).
[[nodiscard]] std::vector<Reduction> reductions(const checker::ExploreOptions& base);

struct TimedExploration {
  checker::Exploration result;
  double wall_seconds = 0;
  double cpu_seconds = 0;
};

[[nodiscard]] TimedExploration timed_explore(const sem::LaunchSetup& setup, sem::ModelKind model,
                                             const checker::ExploreOptions& options,
                                             const sem::LaunchSpec* spec = nullptr);

/// "verified" (exhaustive, nothing found), the finding's kind, or
/// "bound:KIND" when a bound stopped the search first.
[[nodiscard]] std::string verdict(const checker::Exploration& e);

/// CPU seconds of this process.
[[nodiscard]] double process_cpu_seconds();

}  // namespace lockstep::bench
