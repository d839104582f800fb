// Exploring a launch whose spec has symbolic inputs (`lockstep verify` on a
// symbolic spec): every schedule and every feasible combination of input
// values, with LaunchState<M, SymbolicDomain> states.
//
// For a finding, `inputs` are the values of every input (spec order, raw
// bits of the input's type) in a model of the finding state's path
// condition: the spec concretized with them (sem::concretize) replays the
// finding's schedule concretely (checker::replay_launch) to the same
// outcome. `constraints` states the input ranges the result holds under
// ("0 <= n <= 63"): a verdict without finding is "for all inputs
// satisfying" them. [expect] is not checked on symbolic launches.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "checker/explore/exploration.hpp"
#include "checker/explore/explore_launch.hpp"
#include "checker/symbolic/symbolic_generator.hpp"
#include "frontend/ir/module.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {

struct SymbolicExploration {
  Exploration exploration;
  std::vector<std::pair<std::string, std::uint64_t>> inputs;  ///< a model of the finding, in spec order
  std::string constraints;   ///< the input ranges, "0 <= n <= 63, flag"
  std::uint64_t forks = 0;   ///< decision points with more than one feasible alternative
  std::uint64_t widest_step = 0;  ///< the most successors one step had
  std::uint64_t solver_queries = 0;
  double solver_seconds = 0;
  std::string unsupported;   ///< set when an operation on symbolic values stopped the search
  /// Branch regions explored if-converted (if_conversion.hpp). When not 0 the
  /// finding's steps are the converted kernel's: re-derive them on the
  /// original (rederive_schedule) before replaying.
  std::uint32_t if_converted = 0;
};

/// Explores `setup` (prepared from `spec`, whose symbolic inputs it holds as zeros).
/// Throws std::invalid_argument when the kernel reads the clock.
[[nodiscard]] SymbolicExploration explore_symbolic(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                                   const ExploreRequest& request, const SymbolicLimits& limits = {});

/// Prepares the launch of `spec` for `module` and explores it.
[[nodiscard]] SymbolicExploration explore_symbolic(const ir::Module& module, const sem::LaunchSpec& spec,
                                                   const ExploreRequest& request, const SymbolicLimits& limits = {});

}  // namespace lockstep::checker
