#include "semantics/launch/launch_engine.hpp"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "semantics/launch/model_dispatch.hpp"

namespace lockstep::sem {

template <DivergenceModel M>
std::unique_ptr<LaunchEngine> make_engine_with(const LaunchSetup& setup, M model,
                                               Residency residency);  // launch_engine_<model>.cpp

std::unique_ptr<LaunchEngine> make_launch_engine(const LaunchSetup& setup, const ModelSpec& model, Residency residency) {
  return with_model(model, setup, [&](auto m) -> std::unique_ptr<LaunchEngine> {
    if constexpr (decltype(m)::kScope == ModelScope::Core) {
      throw std::invalid_argument(fmt::format("model '{}' is not supported in the simulator yet (run and verify "
                                              "support it)",
                                              model_spec_name(model)));
    } else {
      return make_engine_with(setup, std::move(m), residency);
    }
  });
}

}  // namespace lockstep::sem
