// The explorer for ModelAware (explore_model_impl.hpp).
#include "checker/explore/explore_model_impl.hpp"
#include "semantics/model/model_aware.hpp"

namespace lockstep::checker {

template Exploration explore_model<sem::ModelAware>(const sem::LaunchSetup&, sem::ModelAware, const ExploreRequest&);
template ReplayOutcome replay_model<sem::ModelAware>(const sem::LaunchSetup&, sem::ModelAware, std::span<const StepRecord>,
                                               std::optional<std::size_t>, bool);
template std::vector<StepRecord> rederive_model<sem::ModelAware>(const sem::LaunchSetup&, sem::ModelAware,
                                                         std::span<const StepRecord>, bool);

}  // namespace lockstep::checker
