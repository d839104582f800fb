#include "semantics/launch/launch_engine.hpp"

#include <utility>

#include "semantics/launch/model_dispatch.hpp"

namespace lockstep::sem {

template <DivergenceModel M>
std::unique_ptr<LaunchEngine> make_engine_with(const LaunchSetup& setup, M model,
                                               Residency residency);  // launch_engine_<model>.cpp

std::unique_ptr<LaunchEngine> make_launch_engine(const LaunchSetup& setup, const ModelSpec& model, Residency residency) {
  return with_model(model, setup, [&](auto m) { return make_engine_with(setup, std::move(m), residency); });
}

}  // namespace lockstep::sem
