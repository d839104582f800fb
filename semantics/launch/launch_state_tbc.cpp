// LaunchState<ModelTbc> over concrete values, compiled once (launch_state_instances.hpp).
#include "semantics/launch/launch_state.hpp"

namespace lockstep::sem {

template class LaunchState<ModelTbc>;

}  // namespace lockstep::sem
