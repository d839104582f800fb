// The explorer for ModelMultiPath (explore_model_impl.hpp).
#include "checker/explore/explore_model_impl.hpp"
#include "semantics/model/model_multipath.hpp"

namespace lockstep::checker {

template Exploration explore_model<sem::ModelMultiPath>(const sem::LaunchSetup&, sem::ModelMultiPath, const ExploreRequest&);
template ReplayOutcome replay_model<sem::ModelMultiPath>(const sem::LaunchSetup&, sem::ModelMultiPath, std::span<const StepRecord>,
                                               std::optional<std::size_t>, bool);
template std::vector<StepRecord> rederive_model<sem::ModelMultiPath>(const sem::LaunchSetup&, sem::ModelMultiPath,
                                                         std::span<const StepRecord>, bool);

}  // namespace lockstep::checker
