// run_with<M> for ModelTbc (run_model_impl.hpp).
#include "semantics/launch/run_model_impl.hpp"
#include "semantics/model/model_tbc.hpp"

namespace lockstep::sem {

template RunOutcome run_with<ModelTbc>(const LaunchSetup&, ModelTbc, const RunOptions&);

}  // namespace lockstep::sem
