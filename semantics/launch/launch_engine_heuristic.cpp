// make_engine_with<M> for ModelHeuristic (launch_engine_impl.hpp).
#include "semantics/launch/launch_engine_impl.hpp"
#include "semantics/model/model_heuristic.hpp"

namespace lockstep::sem {

template std::unique_ptr<LaunchEngine> make_engine_with<ModelHeuristic>(const LaunchSetup&, ModelHeuristic, Residency);

}  // namespace lockstep::sem
