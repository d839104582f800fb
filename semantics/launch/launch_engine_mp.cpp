// make_engine_with<M> for ModelMultiPath (launch_engine_impl.hpp).
#include "semantics/launch/launch_engine_impl.hpp"
#include "semantics/model/model_multipath.hpp"

namespace lockstep::sem {

template std::unique_ptr<LaunchEngine> make_engine_with<ModelMultiPath>(const LaunchSetup&, ModelMultiPath, Residency);

}  // namespace lockstep::sem
