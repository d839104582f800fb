#include "checker/trace/finding_trace.hpp"

#include <optional>

#include <fmt/format.h>

#include "checker/explore/explore_launch.hpp"
#include "checker/trace/trace_replay.hpp"

namespace lockstep::checker {
namespace {

std::optional<std::size_t> cycle_of(const Finding& f) {
  return f.kind == FindingKind::NonTermination ? std::optional<std::size_t>(f.cycle_start) : std::nullopt;
}

}  // namespace

Trace finding_trace(const FindingLaunch& launch, TraceOrigin origin, const Finding& finding) {
  const sem::LaunchSpec concrete =
      launch.inputs.empty() ? *launch.spec : sem::concretize(*launch.spec, launch.inputs);
  const auto setup =
      launch.prepare ? launch.prepare(concrete) : sem::prepare_launch(*launch.module, concrete, launch.table);
  setup->cuda_barrier_rule = launch.cuda_barrier_rule;
  setup->tm_serializable_check = launch.tm_serializable;
  setup->tm_protocol = launch.tm_protocol;
  Finding f = finding;
  if (launch.if_converted != 0) {
    try {
      f.steps = rederive_schedule(*setup, launch.model, f.steps, launch.merge);
    } catch (const std::runtime_error& x) {
      throw FindingCarryError(
          fmt::format("the counterexample does not carry over to the kernel before if-conversion: {}", x.what()));
    }
  }
  const ReplayOutcome r = replay_launch(*setup, launch.model, f.steps, cycle_of(f), launch.canonical);
  if (!launch.inputs.empty()) {
    // Symbolic states hold terms: the trace records the digest of the concrete replay.
    if (!r.ok) throw FindingCarryError(fmt::format("the counterexample does not replay with the model's input values: {}", r.error));
    if (cycle_of(f) && r.cycle_digest != r.digest)
      throw FindingCarryError("the counterexample's cycle does not close with the model's input values");
    f.digest = r.digest;
  } else if (!r.ok || r.digest != f.digest) {
    throw std::logic_error(fmt::format("the {} counterexample does not replay to the explored state{}{}",
                                       finding_kind_name(f.kind), r.ok ? "" : ": ", r.error));
  }
  origin.canonical = launch.canonical;
  origin.cuda_barrier_rule = launch.cuda_barrier_rule;
  origin.tm_serializable = launch.tm_serializable;
  origin.tm_protocol = launch.tm_protocol;
  for (const auto& [name, v] : launch.inputs) origin.inputs.push_back(TraceInput{name, std::to_string(v)});
  TraceEnd end{r.waits, r.fault, {}, r.events};
  if (f.kind == FindingKind::ExpectMismatch) end.mismatches = expect_mismatches(*setup, concrete, r.memory);
  Trace t = build_trace(*setup, origin, f, end);
  const TraceReplay check = replay_trace(*setup, &concrete, t);
  if (!check.ok) {
    throw std::logic_error(
        fmt::format("the {} counterexample's trace does not replay: {}", finding_kind_name(f.kind), check.error));
  }
  return t;
}

}  // namespace lockstep::checker
