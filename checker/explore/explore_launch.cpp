#include "checker/explore/explore_launch.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "checker/explore/concrete_generator.hpp"
#include "checker/explore/explorer.hpp"
#include "checker/explore/fairness_units.hpp"
#include "semantics/launch/grid_barrier_wait.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"
#include "semantics/spec/expect.hpp"

namespace lockstep::checker {
namespace {

std::vector<std::uint8_t> buffer_bytes(const sem::BufferBinding& b, const sem::GlobalMemory& memory) {
  std::vector<std::uint8_t> bytes(b.bytes());
  if (!bytes.empty()) memory.read(b.address, bytes.size(), bytes.data());
  return bytes;
}

template <sem::DivergenceModel M>
Exploration explore_with(const sem::LaunchSetup& setup, M model, const ExploreRequest& req) {
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
ReplayOutcome replay_with(const sem::LaunchSetup& setup, M model, std::span<const StepRecord> steps,
                          std::optional<std::size_t> cycle_start, bool canonical) {
  using S = sem::LaunchState<M>;
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
      for (sem::Mask m = s.enabled(w); m != 0; m &= m - 1) set_bit(now, unit_of<S>(w, sem::lowest_lane(m)));
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
  for (std::uint32_t w = 0; w < s.warp_count() && !r.any_enabled; ++w) r.any_enabled = s.enabled(w) != 0;
  r.output = s.output();
  r.memory = s.global();
  return r;
}

template <sem::DivergenceModel M>
std::vector<StepRecord> rederive_with(const sem::LaunchSetup& setup, M model, std::span<const StepRecord> steps,
                                      bool merge) {
  using S = sem::LaunchState<M>;
  const StepPlan plan(*setup.kernel, setup.analysis);
  S s(setup, std::move(model));
  std::vector<StepRecord> out;
  out.reserve(steps.size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const StepRecord& rec = steps[i];
    if (rec.warp >= s.warp_count() || !sem::has_lane(s.enabled(rec.warp), rec.key)) {
      throw std::runtime_error(fmt::format("step {}: unit {} of warp {} is not enabled", i, rec.key, rec.warp));
    }
    StepRecord r = macro_step(s, rec.warp, rec.key, plan, merge);
    r.prefix = rec.prefix;
    out.push_back(r);
  }
  return out;
}

}  // namespace

std::vector<StepRecord> rederive_schedule(const sem::LaunchSetup& setup, sem::ModelKind model,
                                          std::span<const StepRecord> steps, bool merge) {
  switch (model) {
    case sem::ModelKind::Mimd: return rederive_with(setup, sem::ModelMimd{}, steps, merge);
    case sem::ModelKind::Stack: return rederive_with(setup, sem::ModelStack{sem::PushOrder::Nvidia}, steps, merge);
    case sem::ModelKind::StackAmd: return rederive_with(setup, sem::ModelStack{sem::PushOrder::Amd}, steps, merge);
    case sem::ModelKind::StackNt:
      return rederive_with(setup, sem::ModelStack{sem::PushOrder::NotTakenFirst}, steps, merge);
  }
  throw std::invalid_argument("unknown model");
}

Exploration explore_launch(const sem::LaunchSetup& setup, const ExploreRequest& request) {
  switch (request.model) {
    case sem::ModelKind::Mimd: return explore_with(setup, sem::ModelMimd{}, request);
    case sem::ModelKind::Stack: return explore_with(setup, sem::ModelStack{sem::PushOrder::Nvidia}, request);
    case sem::ModelKind::StackAmd: return explore_with(setup, sem::ModelStack{sem::PushOrder::Amd}, request);
    case sem::ModelKind::StackNt: return explore_with(setup, sem::ModelStack{sem::PushOrder::NotTakenFirst}, request);
  }
  throw std::invalid_argument("unknown model");
}

ReplayOutcome replay_launch(const sem::LaunchSetup& setup, sem::ModelKind model, std::span<const StepRecord> steps,
                            std::optional<std::size_t> cycle_start, bool canonical) {
  switch (model) {
    case sem::ModelKind::Mimd: return replay_with(setup, sem::ModelMimd{}, steps, cycle_start, canonical);
    case sem::ModelKind::Stack:
      return replay_with(setup, sem::ModelStack{sem::PushOrder::Nvidia}, steps, cycle_start, canonical);
    case sem::ModelKind::StackAmd:
      return replay_with(setup, sem::ModelStack{sem::PushOrder::Amd}, steps, cycle_start, canonical);
    case sem::ModelKind::StackNt:
      return replay_with(setup, sem::ModelStack{sem::PushOrder::NotTakenFirst}, steps, cycle_start, canonical);
  }
  throw std::invalid_argument("unknown model");
}

Digest final_memory_digest(const sem::LaunchSetup& setup, const sem::GlobalMemory& memory) {
  sem::StateHasher h;
  for (const sem::BufferBinding& b : setup.buffers) {
    const std::vector<std::uint8_t> bytes = buffer_bytes(b, memory);
    h.value(bytes.size());
    if (!bytes.empty()) h.bytes(bytes.data(), bytes.size());
  }
  return h.digest();
}

std::string expect_mismatch_text(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                 const sem::GlobalMemory& memory) {
  std::string text;
  for (const sem::ExpectSpec& e : spec.expects) {
    const sem::BufferBinding& b = setup.buffers[e.buffer];
    const std::vector<std::uint8_t> bytes = buffer_bytes(b, memory);
    const auto mism = sem::compare_expect(e, b.type, bytes, 4);
    for (const sem::Mismatch& m : mism) {
      if (!text.empty()) text += "; ";
      text += fmt::format("{}[{}] = {}, expected {}", b.name, m.index, m.actual, m.expected);
    }
  }
  return text;
}

}  // namespace lockstep::checker
