// The explorer for ModelIts (explore_model_impl.hpp).
#include "checker/explore/explore_model_impl.hpp"
#include "semantics/model/model_its.hpp"

namespace lockstep::checker {

template Exploration explore_model<sem::ModelIts>(const sem::LaunchSetup&, sem::ModelIts, const ExploreRequest&);
template ReplayOutcome replay_model<sem::ModelIts>(const sem::LaunchSetup&, sem::ModelIts, std::span<const StepRecord>,
                                               std::optional<std::size_t>, bool);
template std::vector<StepRecord> rederive_model<sem::ModelIts>(const sem::LaunchSetup&, sem::ModelIts,
                                                         std::span<const StepRecord>, bool);

}  // namespace lockstep::checker
