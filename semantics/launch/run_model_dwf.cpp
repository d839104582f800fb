// run_with<M> for ModelDwf (run_model_impl.hpp).
#include "semantics/launch/run_model_impl.hpp"
#include "semantics/model/model_dwf.hpp"

namespace lockstep::sem {

template RunOutcome run_with<ModelDwf>(const LaunchSetup&, ModelDwf, const RunOptions&);

}  // namespace lockstep::sem
