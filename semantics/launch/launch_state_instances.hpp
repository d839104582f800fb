// The launch states of the bundled divergence models over concrete values
// are compiled once each, in launch_state_<model>.cpp; these explicit
// instantiation declarations make every other translation unit (the runner,
// the engine, the explorer, tests) link to them instead of compiling
// LaunchState<M> again. The small per-step members (enabled, events,
// slot_done) are inline and stay inlinable. Included at the end of
// launch_state.hpp; a model added here needs its launch_state_<model>.cpp.
#pragma once

#include "semantics/launch/launch_state.hpp"
#include "semantics/model/model_aware.hpp"
#include "semantics/model/model_dwf.hpp"
#include "semantics/model/model_heuristic.hpp"
#include "semantics/model/model_its.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_multipath.hpp"
#include "semantics/model/model_stack.hpp"
#include "semantics/model/model_tbc.hpp"

namespace lockstep::sem {

extern template class LaunchState<ModelAware>;
extern template class LaunchState<ModelDwf>;
extern template class LaunchState<ModelHeuristic>;
extern template class LaunchState<ModelIts>;
extern template class LaunchState<ModelMimd>;
extern template class LaunchState<ModelMultiPath>;
extern template class LaunchState<ModelStack>;
extern template class LaunchState<ModelTbc>;

}  // namespace lockstep::sem
