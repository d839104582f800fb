// The explorer for ModelHeuristic (explore_model_impl.hpp).
#include "checker/explore/explore_model_impl.hpp"
#include "semantics/model/model_heuristic.hpp"

namespace lockstep::checker {

template Exploration explore_model<sem::ModelHeuristic>(const sem::LaunchSetup&, sem::ModelHeuristic, const ExploreRequest&);
template ReplayOutcome replay_model<sem::ModelHeuristic>(const sem::LaunchSetup&, sem::ModelHeuristic, std::span<const StepRecord>,
                                               std::optional<std::size_t>, bool);
template std::vector<StepRecord> rederive_model<sem::ModelHeuristic>(const sem::LaunchSetup&, sem::ModelHeuristic,
                                                         std::span<const StepRecord>, bool);

}  // namespace lockstep::checker
