// The symbolic explorer for ModelAware (explore_symbolic_impl.hpp).
#include "checker/symbolic/explore_symbolic_impl.hpp"
#include "semantics/model/model_aware.hpp"

namespace lockstep::checker {

template SymbolicExploration explore_symbolic_model<sem::ModelAware>(const sem::LaunchSetup&, const sem::LaunchSpec&,
                                                               sem::ModelAware, const ExploreRequest&,
                                                               const SymbolicLimits&);

}  // namespace lockstep::checker
