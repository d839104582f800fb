// run_with<M>: a launch run under one model class. Defined here, explicitly
// instantiated once per model class in run_model_<model>.cpp (so each
// model's LaunchState and Runner compile in a translation unit of their own)
// and called through run_model (run_model.cpp).
#pragma once

#include "semantics/launch/run_model.hpp"
#include "semantics/launch/runner.hpp"

namespace lockstep::sem {

template <DivergenceModel M>
RunOutcome run_with(const LaunchSetup& setup, M model, const RunOptions& options) {
  const bool slots = options.resident_blocks != 0 && options.resident_blocks < setup.shape.blocks();
  LaunchState<M> state(setup, std::move(model), ConcreteDomain{}, Residency{slots ? options.resident_blocks : 0});
  RunResult r = run_launch(state, options);
  return RunOutcome{std::move(r), state.global(), state.output()};
}

}  // namespace lockstep::sem
