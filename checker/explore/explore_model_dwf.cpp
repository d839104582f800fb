// The explorer for ModelDwf (explore_model_impl.hpp).
#include "checker/explore/explore_model_impl.hpp"
#include "semantics/model/model_dwf.hpp"

namespace lockstep::checker {

template Exploration explore_model<sem::ModelDwf>(const sem::LaunchSetup&, sem::ModelDwf, const ExploreRequest&);
template ReplayOutcome replay_model<sem::ModelDwf>(const sem::LaunchSetup&, sem::ModelDwf, std::span<const StepRecord>,
                                                   std::optional<std::size_t>, bool);
template std::vector<StepRecord> rederive_model<sem::ModelDwf>(const sem::LaunchSetup&, sem::ModelDwf,
                                                               std::span<const StepRecord>, bool);

}  // namespace lockstep::checker
