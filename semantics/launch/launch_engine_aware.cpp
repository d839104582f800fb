// make_engine_with<M> for ModelAware (launch_engine_impl.hpp).
#include "semantics/launch/launch_engine_impl.hpp"
#include "semantics/model/model_aware.hpp"

namespace lockstep::sem {

template std::unique_ptr<LaunchEngine> make_engine_with<ModelAware>(const LaunchSetup&, ModelAware, Residency);

}  // namespace lockstep::sem
