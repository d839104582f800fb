// One semantics: for every bundled model, on `tiny` under every divergence
// model of the catalog (sem::model_catalog(), default options) and on
// `gtx480` under the SIMT stacks, the simulation ends as `run` does
// (completed with [expect] met or not in the same way, or the same hang
// verdict), the final memory is byte-identical to run's for kernels without
// data races, and the simulation's issue order replays on the semantics
// (the checker's replay, every block resident) to the same outcome and
// final memory; AWARE also with virtualised tables (aware:st=4,rt=2), and
// thread block compaction with its compactor off. Dynamic warp formation
// runs at core scope in the simulator (one warp pool per SM, docs/models/
// dwf.md) and at block scope in `run`, so its issue order is replayed on a
// launch engine with the simulator's residency, admissions and retirements
// (sim::SlotEvent) instead of the checker's block-resident replay.
// (gtx480 and the models beyond the stacks, AWARE and Multi-Path only in
// the Release build: sanitizer builds run those on tiny.)
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <string>

#include "checker/explore/explore_launch.hpp"
#include "semantics/launch/launch_engine.hpp"
#include "semantics/launch/step_report.hpp"
#include "checker/trace/trace_replay.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/spec/expect.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

/// Models whose final memory depends on the schedule (their [expect] names
/// only the schedule-independent buffers): run's round-robin order and the
/// simulator's may legitimately leave different bytes.
const std::vector<std::string> kRacy = {
    "hashtable_v1",  // entries are linked into their buckets in lock-acquisition order
    "hashtable_v2",  // the same
    "hashtable_lock",  // the same (it completes under the models without SIMT deadlock: mimd, its)
};

bool racy(const std::string& name) { return std::find(kRacy.begin(), kRacy.end(), name) != kRacy.end(); }

/// Under dynamic warp formation a warp-level instruction (vote, ballot,
/// shuffle) sees the dynamic warp the schedule formed, so these models'
/// results depend on the schedule (docs/models/dwf.md): run's round robin
/// and the simulator's issue order may legitimately leave different bytes.
const std::vector<std::string> kWarpLevel = {"tree_walk_lane", "tree_walk_vote"};

bool dwf(const sem::ModelSpec& model) {
  return model.kind == sem::ModelKind::Dwf || model.kind == sem::ModelKind::DwfWb;
}

/// Also whether the [expect] holds, for the DWF kernels with warp-level
/// instructions: the simulator's pool mixes the blocks of an SM.
bool schedule_dependent(const std::string& name, const sem::ModelSpec& model) {
  return racy(name) || (dwf(model) && std::find(kWarpLevel.begin(), kWarpLevel.end(), name) != kWarpLevel.end());
}

std::vector<std::string> model_names() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(repo("models/kernels"))) {
    if (std::filesystem::exists(e.path() / "launch.toml")) out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool expectations_hold(const SimLaunch& l, const sem::GlobalMemory& memory) {
  for (const sem::ExpectSpec& e : l.spec.expects) {
    const sem::BufferBinding& b = l.setup->buffers[e.buffer];
    std::vector<std::uint8_t> bytes(b.bytes());
    if (!bytes.empty()) memory.read(b.address, bytes.size(), bytes.data());
    if (!sem::compare_expect(e, b.type, bytes, 1).empty()) return false;
  }
  return true;
}

struct Param {
  std::string model;
  std::string gpu;
  sem::ModelSpec kind;
};

void PrintTo(const Param& p, std::ostream* os) {
  *os << p.model << " on " << p.gpu << " under " << sem::model_spec_name(p.kind);
}

std::string param_name(const testing::TestParamInfo<Param>& p) {
  std::string n = p.param.model + "_" + p.param.gpu + "_" + sem::model_spec_name(p.param.kind);
  std::replace_if(n.begin(), n.end(), [](char c) { return c == '-' || c == ':' || c == '=' || c == ','; }, '_');
  return n;
}

std::vector<Param> params() {
  std::vector<Param> out;
  std::vector<std::string> gpus = {"tiny"};
#ifndef LOCKSTEP_SANITIZED_TESTS
  gpus.push_back("gtx480");
#endif
  const auto stack = [](sem::ModelKind k) {
    return k == sem::ModelKind::Stack || k == sem::ModelKind::StackAmd || k == sem::ModelKind::StackNt;
  };
  for (const std::string& m : model_names()) {
    for (const std::string& g : gpus) {
      for (const sem::ModelInfo& info : sem::model_catalog()) {
        if (stack(info.kind)) out.push_back(Param{m, g, info.kind});
      }
    }
    for (const sem::ModelInfo& info : sem::model_catalog()) {
      if (stack(info.kind)) continue;
#ifdef LOCKSTEP_SANITIZED_TESTS
      if (info.kind != sem::ModelKind::Aware && info.kind != sem::ModelKind::Mp) continue;
#endif
      out.push_back(Param{m, "tiny", info.kind});
    }
    // AWARE's virtualised tables (docs/models/aware.md): the research's 4 split / 2 reconvergence entries.
    sem::ModelSpec small(sem::ModelKind::Aware);
    small.st_entries = 4;
    small.rt_entries = 2;
    out.push_back(Param{m, "tiny", small});
    sem::ModelSpec static_warps(sem::ModelKind::Tbc);
    static_warps.compactor = false;
    out.push_back(Param{m, "tiny", static_warps});
  }
  return out;
}

/// Replays the simulation's issue order on a launch engine with the
/// simulator's block slots, pooled per SM as it ran them, admitting and
/// retiring blocks where it did. Returns "" or what went wrong; `memory`
/// and `status` are the engine's at the end.
std::string replay_with_slots(const sem::LaunchSetup& setup, const sim::SimResult& sim, sem::GlobalMemory& memory,
                              sem::LaunchStatus& status) {
  const auto engine = sem::make_launch_engine(setup, sim.model, sem::Residency{sim.engine_slots, sim.core_slots});
  const std::uint32_t wpb = engine->warps_per_block();
  std::size_t ev = 0;
  const auto events_until = [&](std::size_t i) {
    for (; ev < sim.slot_events.size() && sim.slot_events[ev].before <= i; ++ev) {
      const sim::SlotEvent& e = sim.slot_events[ev];
      if (e.block == sem::kNoBlock) {
        engine->retire(e.slot);
      } else {
        engine->admit(e.slot, e.block);
      }
    }
  };
  sem::StepReport report;
  for (std::size_t i = 0; i < sim.schedule.size(); ++i) {
    events_until(i);
    const sim::ScheduleStep& st = sim.schedule[i];
    const std::uint32_t w = st.slot * wpb + st.warp_in_block;
    for (std::uint32_t c = 0; c < st.count; ++c) {
      if (engine->slot_block(st.slot) != st.block) return "step " + std::to_string(i) + ": the slot holds another block";
      if (!sem::has_lane(engine->enabled(w), st.key)) {
        return "step " + std::to_string(i) + ": unit " + std::to_string(st.key) + " of warp " + std::to_string(w) +
               " is not enabled";
      }
      engine->step(w, st.key, report);
    }
  }
  events_until(sim.schedule.size());
  memory = engine->global();
  status = engine->status();
  return {};
}

class OneSemantics : public testing::TestWithParam<Param> {};

TEST_P(OneSemantics, SimEndsAsRunAndReplays) {
  const Param& p = GetParam();
  const auto l = load("models/kernels/" + p.model + "/" + p.model + ".ptx", "models/kernels/" + p.model + "/launch.toml");
  const sem::RunOutcome run = sem::run_model(*l->setup, p.kind, sem::RunOptions{});
  sim::SimOptions options;
  options.record_schedule = true;
  const sim::SimResult sim = simulate(*l, gpu(p.gpu), p.kind, options);
  ASSERT_NE(sim.run.status, sem::RunStatus::StepLimit) << "cycle cap";
  EXPECT_EQ(sem::run_status_name(sim.run.status), sem::run_status_name(run.result.status));
  if (run.result.status == sem::RunStatus::Livelock) {
    EXPECT_EQ(sim.run.fair, run.result.fair);
  }
  if (sim.run.status == sem::RunStatus::Completed && run.result.status == sem::RunStatus::Completed) {
    if (!schedule_dependent(p.model, p.kind) || racy(p.model)) {
      EXPECT_EQ(expectations_hold(*l, sim.memory), expectations_hold(*l, run.memory));
    }
    if (!schedule_dependent(p.model, p.kind)) {
      EXPECT_EQ(checker::final_memory_digest(*l->setup, sim.memory),
                checker::final_memory_digest(*l->setup, run.memory))
          << "final memory differs from run's";
    }
    EXPECT_EQ(sim.output.size(), run.output.size());
  }
  if (dwf(p.kind)) {  // core scope: replayed with the simulator's slots
    sem::GlobalMemory memory = l->setup->initial_global;
    sem::LaunchStatus status = sem::LaunchStatus::Running;
    const std::string problem = replay_with_slots(*l->setup, sim, memory, status);
    ASSERT_TRUE(problem.empty()) << problem;
    EXPECT_EQ(checker::final_memory_digest(*l->setup, memory), checker::final_memory_digest(*l->setup, sim.memory));
    if (sim.run.status == sem::RunStatus::Completed) {
      EXPECT_EQ(status, sem::LaunchStatus::Completed);
    }
    if (sim.run.status == sem::RunStatus::Deadlock || sim.run.status == sem::RunStatus::Livelock) {
      EXPECT_EQ(status, sem::LaunchStatus::Running);
    }
    return;
  }
  // The issue order is a schedule of the semantics.
  std::vector<checker::StepRecord> steps;
  const std::uint32_t wpb = l->setup->shape.warps_per_block();
  for (const sim::ScheduleStep& s : sim.schedule) {
    steps.push_back(checker::StepRecord{s.block * wpb + s.warp_in_block, s.key, s.count, s.pc, s.lanes, false});
  }
  const bool cycle = sim.run.status == sem::RunStatus::Livelock;
  const checker::ReplayOutcome r = checker::replay_launch(*l->setup, sim.model, steps,
                                                          cycle ? sim.schedule_cycle_start : std::nullopt);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(checker::final_memory_digest(*l->setup, r.memory), checker::final_memory_digest(*l->setup, sim.memory));
  switch (sim.run.status) {
    case sem::RunStatus::Completed: EXPECT_EQ(r.status, sem::LaunchStatus::Completed); break;
    case sem::RunStatus::Deadlock:
      EXPECT_EQ(r.status, sem::LaunchStatus::Running);
      EXPECT_FALSE(r.any_enabled);
      break;
    case sem::RunStatus::Livelock:
      ASSERT_TRUE(r.cycle_digest.has_value());
      EXPECT_EQ(*r.cycle_digest, r.digest) << "the cycle does not return to its state";
      EXPECT_TRUE(r.starved.empty()) << "the cycle is not weakly fair";
      break;
    case sem::RunStatus::Error:  // divergent_barrier under its: an aligned barrier in divergent code
      EXPECT_EQ(r.status, sem::LaunchStatus::Error);
      break;
    default: ADD_FAILURE() << "unexpected status"; break;
  }
}

INSTANTIATE_TEST_SUITE_P(Models, OneSemantics, testing::ValuesIn(params()), param_name);

}  // namespace
}  // namespace lockstep::test
