// The explorer for ModelMimd and ModelStack (explore_model_impl.hpp).
#include "checker/explore/explore_model_impl.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::checker {

template Exploration explore_model<sem::ModelMimd>(const sem::LaunchSetup&, sem::ModelMimd, const ExploreRequest&);
template ReplayOutcome replay_model<sem::ModelMimd>(const sem::LaunchSetup&, sem::ModelMimd, std::span<const StepRecord>,
                                               std::optional<std::size_t>, bool);
template std::vector<StepRecord> rederive_model<sem::ModelMimd>(const sem::LaunchSetup&, sem::ModelMimd,
                                                         std::span<const StepRecord>, bool);
template Exploration explore_model<sem::ModelStack>(const sem::LaunchSetup&, sem::ModelStack, const ExploreRequest&);
template ReplayOutcome replay_model<sem::ModelStack>(const sem::LaunchSetup&, sem::ModelStack, std::span<const StepRecord>,
                                               std::optional<std::size_t>, bool);
template std::vector<StepRecord> rederive_model<sem::ModelStack>(const sem::LaunchSetup&, sem::ModelStack,
                                                         std::span<const StepRecord>, bool);

}  // namespace lockstep::checker
