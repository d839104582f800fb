// run_with<M> for ModelMultiPath (run_model_impl.hpp).
#include "semantics/launch/run_model_impl.hpp"
#include "semantics/model/model_multipath.hpp"

namespace lockstep::sem {

template RunOutcome run_with<ModelMultiPath>(const LaunchSetup&, ModelMultiPath, const RunOptions&);

}  // namespace lockstep::sem
