#include "checker/symbolic/explore_symbolic.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "checker/explore/explorer.hpp"
#include "checker/symbolic/if_conversion.hpp"
#include "checker/symbolic/sym_inputs.hpp"
#include "checker/symbolic/symbolic_domain.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::checker {
namespace {

template <sem::DivergenceModel M>
SymbolicExploration explore_with(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec, M model,
                                 const ExploreRequest& req, const SymbolicLimits& limits) {
  using S = sem::LaunchState<M, SymbolicDomain>;
  SymContext ctx(limits.solver_timeout_ms);
  SymbolicStart start = declare_inputs(ctx, spec, setup);
  SymbolicGenerator<S> gen(setup, req.options, limits, start.path_condition);
  if (const auto pc = gen.plan().clock_pc()) {
    throw std::invalid_argument(fmt::format(
        "the kernel reads the clock at pc {}: the clock is the step counter, so the state space is unbounded "
        "and cannot be explored",
        *pc));
  }
  const FinalHook<S> hook = [&setup](const S& s) {
    FinalCheck c;
    c.memory = final_memory_digest(setup, s.global());
    return c;
  };
  const S initial(setup, std::move(model), SymbolicDomain(&ctx, start.path_condition, start.shadow));
  // A filter sees the input values of the candidate's path condition.
  FindingFilter with_inputs;
  if (req.filter) {
    with_inputs = [&req, &ctx, &gen](const FindingCandidate& c) {
      FindingCandidate named = c;
      if (auto values = ctx.model_inputs(gen.path_condition(c.finding->digest))) named.inputs = std::move(*values);
      return req.filter(named);
    };
  }
  SymbolicExploration r;
  r.exploration = explore(initial, gen, req.options, hook, &with_inputs);
  r.constraints = constraints_text(ctx);
  r.forks = gen.forks();
  r.widest_step = gen.widest_step();
  r.unsupported = gen.unsupported();
  if (r.exploration.finding) {
    const auto model_inputs = ctx.model_inputs(gen.path_condition(r.exploration.finding->digest));
    if (model_inputs) r.inputs = *model_inputs;
  }
  r.solver_queries = ctx.queries();
  r.solver_seconds = ctx.solver_seconds();
  r.exploration.stats.solver_queries = r.solver_queries;
  r.exploration.stats.solver_seconds = r.solver_seconds;
  return r;
}

SymbolicExploration explore_model(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                  const ExploreRequest& request, const SymbolicLimits& limits) {
  switch (request.model) {
    case sem::ModelKind::Mimd: return explore_with(setup, spec, sem::ModelMimd{}, request, limits);
    case sem::ModelKind::Stack:
      return explore_with(setup, spec, sem::ModelStack{sem::PushOrder::Nvidia}, request, limits);
    case sem::ModelKind::StackAmd:
      return explore_with(setup, spec, sem::ModelStack{sem::PushOrder::Amd}, request, limits);
    case sem::ModelKind::StackNt:
      return explore_with(setup, spec, sem::ModelStack{sem::PushOrder::NotTakenFirst}, request, limits);
  }
  throw std::invalid_argument("unknown model");
}

}  // namespace

SymbolicExploration explore_symbolic(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                     const ExploreRequest& request, const SymbolicLimits& limits) {
  IfConversion conv = if_convert(*setup.kernel, setup.table);
  if (conv.regions == 0) return explore_model(setup, spec, request, limits);
  // The same module with the converted kernel: the layout (variables,
  // buffers, parameters) and every PC before the appended code are unchanged.
  ir::Module converted = *setup.module;
  for (ir::Kernel& k : converted.kernels) {
    if (k.name == setup.kernel->name) k = std::move(conv.kernel);
  }
  sem::LaunchSpec named = spec;
  named.kernel = setup.kernel->name;
  const auto setup2 = sem::prepare_launch(converted, named);
  setup2->use_table(setup.table);
  setup2->cuda_barrier_rule = setup.cuda_barrier_rule;
  SymbolicExploration r = explore_model(*setup2, spec, request, limits);
  r.if_converted = conv.regions;
  return r;
}

SymbolicExploration explore_symbolic(const ir::Module& module, const sem::LaunchSpec& spec,
                                     const ExploreRequest& request, const SymbolicLimits& limits) {
  const auto setup = sem::prepare_launch(module, spec);
  return explore_symbolic(*setup, spec, request, limits);
}

}  // namespace lockstep::checker
