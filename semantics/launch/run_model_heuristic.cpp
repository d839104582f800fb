// run_with<M> for ModelHeuristic (run_model_impl.hpp).
#include "semantics/launch/run_model_impl.hpp"
#include "semantics/model/model_heuristic.hpp"

namespace lockstep::sem {

template RunOutcome run_with<ModelHeuristic>(const LaunchSetup&, ModelHeuristic, const RunOptions&);

}  // namespace lockstep::sem
