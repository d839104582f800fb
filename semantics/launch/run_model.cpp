#include "semantics/launch/run_model.hpp"

#include "semantics/launch/model_dispatch.hpp"

namespace lockstep::sem {

template <DivergenceModel M>
RunOutcome run_with(const LaunchSetup& setup, M model, const RunOptions& options);  // run_model_<model>.cpp

RunOutcome run_model(const LaunchSetup& setup, const ModelSpec& model, const RunOptions& options) {
  return with_model(model, setup, [&](auto m) { return run_with(setup, std::move(m), options); });
}

}  // namespace lockstep::sem
