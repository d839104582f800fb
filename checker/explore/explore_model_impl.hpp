// explore_model / replay_model / rederive_model (explore_model.hpp): the
// explorer, the replay and the schedule re-derivation for one model class.
// Explicitly instantiated in explore_model_<model>.cpp, one translation
// unit per model class.
#pragma once

#include <stdexcept>

#include <fmt/format.h>

#include "checker/explore/concrete_generator.hpp"
#include "checker/explore/explore_model.hpp"
#include "checker/explore/explorer.hpp"
#include "checker/explore/fairness_units.hpp"
#include "semantics/launch/grid_barrier_wait.hpp"

namespace lockstep::checker {

template <sem::DivergenceModel M>
Exploration explore_model(const sem::LaunchSetup& setup, M model, const ExploreRequest& req) {
  using S = sem::LaunchState<M>;
  ConcreteGenerator<S> gen(setup, req.options);
  if (const auto pc = gen.plan().clock_pc()) {
    throw std::invalid_argument(fmt::format(
        "the kernel reads the clock at pc {}: the clock is the step counter, so the state space is unbounded "
        "and cannot be explored",
        *pc));
  }
  const FinalHook<S> hook = [&setup, &req](const S& s) {
    FinalCheck c;
    c.memory = final_memory_digest(setup, s.global());
    if (req.spec != nullptr) c.mismatch = expect_mismatch_text(setup, *req.spec, s.global());
    return c;
  };
  const S initial(setup, std::move(model));
  return explore(initial, gen, req.options, hook, &req.filter);
}

template <sem::DivergenceModel M>
ReplayOutcome replay_model(const sem::LaunchSetup& setup, M model, std::span<const StepRecord> steps,
                          std::optional<std::size_t> cycle_start, bool canonical) {
  using S = sem::LaunchState<M>;
  // As the explorer: a regrouping model's states keep their dead registers
  // (concrete_generator.hpp), so the replayed digests must too.
  if constexpr (sem::kRegroupingModel<M>) canonical = false;
  ExploreOptions options;
  options.canonical = canonical;
  ConcreteGenerator<S> gen(setup, options);
  S s(setup, std::move(model));
  ReplayOutcome r;
  r.ok = true;
  std::vector<sem::WaitInfo> scratch;
  bool canonical_yet = false;
  // Weak fairness of the cycle: units enabled in every state of it, units that issue in it.
  const std::uint32_t units = unit_count(s);
  std::vector<std::uint64_t> always(unit_words(units), ~std::uint64_t{0});
  std::vector<std::uint64_t> issued(unit_words(units), 0);
  const auto keep_enabled = [&] {
    std::vector<std::uint64_t> now(always.size(), 0);
    for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
      for_each_action(s, w, [&](unsigned key) { set_bit(now, unit_of<S>(w, key)); });
    }
    for (std::size_t k = 0; k < always.size(); ++k) always[k] &= now[k];
  };
  const auto settle_prefix = [&] {
    if (!canonical_yet) gen.canonicalize(s);
    canonical_yet = true;
  };
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const StepRecord& rec = steps[i];
    if (!rec.prefix) settle_prefix();
    if (cycle_start && *cycle_start == i) r.cycle_digest = digest_of(s);
    if (cycle_start && i >= *cycle_start) {
      keep_enabled();
      set_bit(issued, unit_of<S>(rec.warp, rec.key));
    }
    if (is_event_key(rec.key) && action_enabled(s, rec.warp, rec.key)) {
      r.events.push_back(s.event_text(rec.warp, rec.key - kEventKey));
    }
    if (!replay_step(s, rec)) {
      r.ok = false;
      r.error = fmt::format("step {}: unit {} of warp {} is not enabled (the trace does not replay)", i, rec.key,
                            rec.warp);
      break;
    }
    r.instructions += rec.count;
    if (!rec.prefix && canonical) canonicalize_warp(s, rec.warp, gen.live(), scratch);
  }
  settle_prefix();
  if (cycle_start && *cycle_start == steps.size()) r.cycle_digest = digest_of(s);
  if (cycle_start && r.ok) {
    keep_enabled();
    for (std::uint32_t u = 0; u < units; ++u) {
      if (test_bit(always, u) && !test_bit(issued, u)) r.starved.push_back(u);
    }
  }
  r.digest = digest_of(s);
  r.status = s.status();
  r.fault = s.fault();
  for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
    scratch.clear();
    s.explain(w, scratch);
    sem::mark_grid_barrier_waits(s, w, scratch);
    for (const sem::WaitInfo& wi : scratch) r.waits.emplace_back(w, wi);
  }
  for (std::uint32_t w = 0; w < s.warp_count() && !r.any_enabled; ++w) r.any_enabled = (s.enabled(w) | s.events(w)) != 0;
  r.output = s.output();
  r.memory = s.global();
  return r;
}

template <sem::DivergenceModel M>
std::vector<StepRecord> rederive_model(const sem::LaunchSetup& setup, M model, std::span<const StepRecord> steps,
                                      bool merge) {
  using S = sem::LaunchState<M>;
  const StepPlan plan(*setup.kernel, setup.analysis);
  S s(setup, std::move(model));
  std::vector<StepRecord> out;
  out.reserve(steps.size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const StepRecord& rec = steps[i];
    if (!action_enabled(s, rec.warp, rec.key)) {
      throw std::runtime_error(fmt::format("step {}: unit {} of warp {} is not enabled", i, rec.key, rec.warp));
    }
    StepRecord r = macro_step(s, rec.warp, rec.key, plan, merge);
    r.prefix = rec.prefix;
    out.push_back(r);
  }
  return out;
}

}  // namespace lockstep::checker
