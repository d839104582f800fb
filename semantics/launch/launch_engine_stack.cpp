// make_engine_with<M> for ModelMimd and ModelStack (launch_engine_impl.hpp).
#include "semantics/launch/launch_engine_impl.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::sem {

template std::unique_ptr<LaunchEngine> make_engine_with<ModelMimd>(const LaunchSetup&, ModelMimd, Residency);
template std::unique_ptr<LaunchEngine> make_engine_with<ModelStack>(const LaunchSetup&, ModelStack, Residency);

}  // namespace lockstep::sem
