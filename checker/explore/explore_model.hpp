// The explorer, the replay and the schedule re-derivation for one model
// class (explore_launch.hpp dispatches to them by model name). Defined in
// explore_model_impl.hpp and instantiated in explore_model_<model>.cpp, so
// each model's explorer compiles in a translation unit of its own.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "checker/explore/explore_launch.hpp"
#include "semantics/model/divergence_model.hpp"

namespace lockstep::checker {

template <sem::DivergenceModel M>
Exploration explore_model(const sem::LaunchSetup& setup, M model, const ExploreRequest& req);

template <sem::DivergenceModel M>
ReplayOutcome replay_model(const sem::LaunchSetup& setup, M model, std::span<const StepRecord> steps,
                           std::optional<std::size_t> cycle_start, bool canonical);

template <sem::DivergenceModel M>
std::vector<StepRecord> rederive_model(const sem::LaunchSetup& setup, M model, std::span<const StepRecord> steps,
                                       bool merge);

}  // namespace lockstep::checker
