// make_engine_with<M> for ModelDwf (launch_engine_impl.hpp).
#include "semantics/launch/launch_engine_impl.hpp"
#include "semantics/model/model_dwf.hpp"

namespace lockstep::sem {

template std::unique_ptr<LaunchEngine> make_engine_with<ModelDwf>(const LaunchSetup&, ModelDwf, Residency);

}  // namespace lockstep::sem
