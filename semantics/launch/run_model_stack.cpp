// run_with<M> for ModelMimd and ModelStack (run_model_impl.hpp).
#include "semantics/launch/run_model_impl.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::sem {

template RunOutcome run_with<ModelMimd>(const LaunchSetup&, ModelMimd, const RunOptions&);
template RunOutcome run_with<ModelStack>(const LaunchSetup&, ModelStack, const RunOptions&);

}  // namespace lockstep::sem
