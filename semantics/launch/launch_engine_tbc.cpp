// make_engine_with<M> for ModelTbc (launch_engine_impl.hpp).
#include "semantics/launch/launch_engine_impl.hpp"
#include "semantics/model/model_tbc.hpp"

namespace lockstep::sem {

template std::unique_ptr<LaunchEngine> make_engine_with<ModelTbc>(const LaunchSetup&, ModelTbc, Residency);

}  // namespace lockstep::sem
