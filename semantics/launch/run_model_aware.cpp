// run_with<M> for ModelAware (run_model_impl.hpp).
#include "semantics/launch/run_model_impl.hpp"
#include "semantics/model/model_aware.hpp"

namespace lockstep::sem {

template RunOutcome run_with<ModelAware>(const LaunchSetup&, ModelAware, const RunOptions&);

}  // namespace lockstep::sem
