// The symbolic explorer for ModelIts (explore_symbolic_impl.hpp).
#include "checker/symbolic/explore_symbolic_impl.hpp"
#include "semantics/model/model_its.hpp"

namespace lockstep::checker {

template SymbolicExploration explore_symbolic_model<sem::ModelIts>(const sem::LaunchSetup&, const sem::LaunchSpec&,
                                                               sem::ModelIts, const ExploreRequest&,
                                                               const SymbolicLimits&);

}  // namespace lockstep::checker
