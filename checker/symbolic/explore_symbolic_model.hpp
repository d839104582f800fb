// The symbolic explorer for one model class (explore_symbolic.hpp dispatches
// to it by model name); defined in explore_symbolic_impl.hpp, instantiated
// in explore_symbolic_<model>.cpp.
#pragma once

#include "checker/symbolic/explore_symbolic.hpp"
#include "semantics/model/divergence_model.hpp"

namespace lockstep::checker {

template <sem::DivergenceModel M>
SymbolicExploration explore_symbolic_model(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec, M model,
                                           const ExploreRequest& req, const SymbolicLimits& limits);

}  // namespace lockstep::checker
