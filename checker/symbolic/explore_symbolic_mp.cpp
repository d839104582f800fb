// The symbolic explorer for ModelMultiPath (explore_symbolic_impl.hpp).
#include "checker/symbolic/explore_symbolic_impl.hpp"
#include "semantics/model/model_multipath.hpp"

namespace lockstep::checker {

template SymbolicExploration explore_symbolic_model<sem::ModelMultiPath>(const sem::LaunchSetup&, const sem::LaunchSpec&,
                                                               sem::ModelMultiPath, const ExploreRequest&,
                                                               const SymbolicLimits&);

}  // namespace lockstep::checker
