// explore_symbolic_model<M> (explore_symbolic_model.hpp): the symbolic
// explorer for one model class, instantiated in
// explore_symbolic_<model>.cpp, one translation unit per model class.
#pragma once

#include <stdexcept>

#include <fmt/format.h>

#include "checker/explore/explorer.hpp"
#include "checker/symbolic/explore_symbolic_model.hpp"
#include "checker/symbolic/sym_inputs.hpp"
#include "checker/symbolic/symbolic_domain.hpp"
#include "semantics/launch/launch_state.hpp"

namespace lockstep::checker {

template <sem::DivergenceModel M>
SymbolicExploration explore_symbolic_model(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec, M model,
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

}  // namespace lockstep::checker
