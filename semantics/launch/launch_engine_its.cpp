// make_engine_with<M> for ModelIts (launch_engine_impl.hpp).
#include "semantics/launch/launch_engine_impl.hpp"
#include "semantics/model/model_its.hpp"

namespace lockstep::sem {

template std::unique_ptr<LaunchEngine> make_engine_with<ModelIts>(const LaunchSetup&, ModelIts, Residency);

}  // namespace lockstep::sem
