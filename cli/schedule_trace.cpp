#include "cli/schedule_trace.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "checker/explore/explore_launch.hpp"
#include "checker/trace/trace_build.hpp"
#include "checker/trace/trace_json.hpp"
#include "checker/trace/trace_replay.hpp"
#include "semantics/launch/model_spec.hpp"

namespace lockstep::cli {

std::string write_schedule_trace(const std::string& path, const sem::LaunchSetup& setup, const sem::LaunchSpec& spec,
                                 const ScheduleOrigin& origin, const sim::SimResult& result) {
  checker::Finding f;
  switch (result.run.status) {
    case sem::RunStatus::Completed: f.kind = checker::FindingKind::Completed; break;
    case sem::RunStatus::Deadlock:
      f.kind = result.schedule_cycle_start ? checker::FindingKind::NonTermination : checker::FindingKind::Deadlock;
      break;
    case sem::RunStatus::Livelock: f.kind = checker::FindingKind::NonTermination; break;
    case sem::RunStatus::Error: f.kind = checker::FindingKind::Error; break;
    case sem::RunStatus::StepLimit:
      return fmt::format("{}: not written: the simulation reached the cycle limit, so its schedule has no outcome to "
                         "replay",
                         path);
  }
  const std::uint32_t wpb = setup.shape.warps_per_block();
  f.steps.reserve(result.schedule.size());
  for (const sim::ScheduleStep& s : result.schedule) {
    f.steps.push_back(checker::StepRecord{s.block * wpb + s.warp_in_block, s.key, s.count, s.pc, s.lanes, false});
  }
  if (f.kind == checker::FindingKind::NonTermination) f.cycle_start = result.schedule_cycle_start.value_or(0);
  const sem::ModelSpecParse model = sem::parse_model_spec(origin.model);
  if (!model.spec) throw std::logic_error("unknown model " + origin.model);
  const bool cycle = f.kind == checker::FindingKind::NonTermination;
  const checker::ReplayOutcome r =
      checker::replay_launch(setup, *model.spec, f.steps, cycle ? std::optional<std::size_t>(f.cycle_start) : std::nullopt);
  if (!r.ok) throw std::logic_error(fmt::format("the simulation's schedule does not replay: {}", r.error));
  if (checker::final_memory_digest(setup, r.memory) != checker::final_memory_digest(setup, result.memory)) {
    throw std::logic_error("the simulation's schedule replays to a different final memory");
  }
  f.digest = r.digest;
  if (f.kind == checker::FindingKind::Completed) {
    const auto mismatches = checker::expect_mismatches(setup, spec, r.memory);
    if (!mismatches.empty()) f.kind = checker::FindingKind::ExpectMismatch;
  }
  checker::TraceOrigin o =
      checker::trace_origin_of_files(origin.ptx, origin.launch, origin.model, origin.reconvergence);
  o.canonical = true;
  o.cuda_barrier_rule = setup.cuda_barrier_rule;
  o.tm_serializable = setup.tm_serializable_check;
  o.tm_protocol = setup.tm_protocol;
  checker::TraceEnd end{r.waits, r.fault, {}, r.events};
  if (f.kind == checker::FindingKind::ExpectMismatch) end.mismatches = checker::expect_mismatches(setup, spec, r.memory);
  const checker::Trace t = checker::build_trace(setup, o, f, end);
  checker::write_trace_file(t, path);
  return {};
}

}  // namespace lockstep::cli
