// run_with<M> for ModelIts (run_model_impl.hpp).
#include "semantics/launch/run_model_impl.hpp"
#include "semantics/model/model_its.hpp"

namespace lockstep::sem {

template RunOutcome run_with<ModelIts>(const LaunchSetup&, ModelIts, const RunOptions&);

}  // namespace lockstep::sem
