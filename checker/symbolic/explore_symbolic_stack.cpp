// The symbolic explorer for ModelMimd and ModelStack (explore_symbolic_impl.hpp).
#include "checker/symbolic/explore_symbolic_impl.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::checker {

template SymbolicExploration explore_symbolic_model<sem::ModelMimd>(const sem::LaunchSetup&, const sem::LaunchSpec&,
                                                               sem::ModelMimd, const ExploreRequest&,
                                                               const SymbolicLimits&);
template SymbolicExploration explore_symbolic_model<sem::ModelStack>(const sem::LaunchSetup&, const sem::LaunchSpec&,
                                                               sem::ModelStack, const ExploreRequest&,
                                                               const SymbolicLimits&);

}  // namespace lockstep::checker
