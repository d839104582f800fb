// The symbolic explorer for ModelHeuristic (explore_symbolic_impl.hpp).
#include "checker/symbolic/explore_symbolic_impl.hpp"
#include "semantics/model/model_heuristic.hpp"

namespace lockstep::checker {

template SymbolicExploration explore_symbolic_model<sem::ModelHeuristic>(const sem::LaunchSetup&, const sem::LaunchSpec&,
                                                               sem::ModelHeuristic, const ExploreRequest&,
                                                               const SymbolicLimits&);

}  // namespace lockstep::checker
