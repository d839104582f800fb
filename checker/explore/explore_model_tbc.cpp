// The explorer for ModelTbc (explore_model_impl.hpp).
#include "checker/explore/explore_model_impl.hpp"
#include "semantics/model/model_tbc.hpp"

namespace lockstep::checker {

template Exploration explore_model<sem::ModelTbc>(const sem::LaunchSetup&, sem::ModelTbc, const ExploreRequest&);
template ReplayOutcome replay_model<sem::ModelTbc>(const sem::LaunchSetup&, sem::ModelTbc, std::span<const StepRecord>,
                                               std::optional<std::size_t>, bool);
template std::vector<StepRecord> rederive_model<sem::ModelTbc>(const sem::LaunchSetup&, sem::ModelTbc,
                                                         std::span<const StepRecord>, bool);

}  // namespace lockstep::checker
