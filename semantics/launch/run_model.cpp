#include "semantics/launch/run_model.hpp"

#include "semantics/launch/runner.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::sem {
namespace {

template <DivergenceModel M>
RunOutcome run_with(const LaunchSetup& setup, M model, const RunOptions& options) {
  LaunchState<M> state(setup, std::move(model));
  RunResult r = run_launch(state, options);
  return RunOutcome{std::move(r), state.global(), state.output()};
}

}  // namespace

RunOutcome run_model(const LaunchSetup& setup, ModelKind model, const RunOptions& options) {
  switch (model) {
    case ModelKind::Mimd: return run_with(setup, ModelMimd{}, options);
    case ModelKind::Stack: return run_with(setup, ModelStack{PushOrder::Nvidia}, options);
    case ModelKind::StackAmd: return run_with(setup, ModelStack{PushOrder::Amd}, options);
    case ModelKind::StackNt: return run_with(setup, ModelStack{PushOrder::NotTakenFirst}, options);
  }
  return run_with(setup, ModelMimd{}, options);
}

}  // namespace lockstep::sem
