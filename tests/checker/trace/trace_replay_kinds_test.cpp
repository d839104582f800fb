// Every kind of counterexample replays: for a launch of each kind (deadlock,
// non-termination, error, [expect] mismatch) under each model that finds
// it, the explorer's finding becomes a trace, goes through its JSON form and
// back, and `replay_trace` (what `run --replay` runs) reaches the trace's
// outcome with the exit status of its kind. And the replay refuses what the
// trace does not show: a "deadlock" whose last state can still issue, and a
// cycle that closes but is not weakly fair.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checker/explore/concrete_generator.hpp"
#include "checker/explore/explore_launch.hpp"
#include "checker/trace/trace_build.hpp"
#include "checker/trace/trace_json.hpp"
#include "checker/trace/trace_replay.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/launch/model_kind.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {
namespace {

std::string path(const std::string& rel) { return std::string(LOCKSTEP_SOURCE_DIR) + "/" + rel; }

struct Case {
  const char* name;
  const char* ptx;     ///< relative to the source tree
  const char* launch;  ///< relative to the source tree
  sem::ModelKind model;
  FindingKind kind;
};

struct Launch {
  ir::Module module;
  sem::LaunchSpec spec;
  std::unique_ptr<sem::LaunchSetup> setup;
  explicit Launch(const Case& c)
      : module(load_ptx_file(path(c.ptx))),
        spec(sem::parse_launch_spec_file(path(c.launch))),
        setup(sem::prepare_launch(module, spec)) {}
};

/// The finding as `verify` turns it into a trace: replayed for the end state.
Trace trace_of(const Launch& l, const Case& c, const Finding& f) {
  const bool cycle = f.kind == FindingKind::NonTermination;
  const ReplayOutcome r =
      replay_launch(*l.setup, c.model, f.steps, cycle ? std::optional<std::size_t>(f.cycle_start) : std::nullopt);
  EXPECT_TRUE(r.ok) << r.error;
  TraceOrigin origin;
  origin.ptx = c.ptx;
  origin.launch = c.launch;
  origin.model = std::string(sem::model_kind_name(c.model));
  origin.reconvergence = "nvidia";
  TraceEnd end{r.waits, r.fault, {}, {}};
  if (f.kind == FindingKind::ExpectMismatch) end.mismatches = expect_mismatches(*l.setup, l.spec, r.memory);
  return build_trace(*l.setup, origin, f, end);
}

class EveryKindReplays : public ::testing::TestWithParam<Case> {};

TEST_P(EveryKindReplays, ThroughJsonToItsOutcome) {
  const Case& c = GetParam();
  const Launch l(c);
  ExploreRequest req;
  req.model = c.model;
  req.spec = &l.spec;
  const Exploration e = explore_launch(*l.setup, req);
  ASSERT_TRUE(e.finding);
  ASSERT_EQ(e.finding->kind, c.kind) << finding_kind_name(e.finding->kind);
  const Trace written = trace_of(l, c, *e.finding);
  const Trace read = parse_trace(trace_json(written).dump(1), "t.json");
  const TraceReplay r = replay_trace(*l.setup, &l.spec, read);
  ASSERT_TRUE(r.ok) << r.error;
  const int expected = c.kind == FindingKind::Error            ? 5
                       : c.kind == FindingKind::ExpectMismatch ? 2
                                                               : 3;
  EXPECT_EQ(r.exit_status(read.kind), expected);
}

const Case kCases[] = {
    {"deadlock_stack", "models/kernels/divergent_barrier/divergent_barrier.ptx",
     "models/kernels/divergent_barrier/launch.toml", sem::ModelKind::Stack, FindingKind::Deadlock},
    {"deadlock_stack_amd", "models/kernels/divergent_barrier/divergent_barrier.ptx",
     "models/kernels/divergent_barrier/launch.toml", sem::ModelKind::StackAmd, FindingKind::Deadlock},
    {"livelock_stack", "models/kernels/spin_lock/spin_lock.ptx", "models/kernels/spin_lock/launch.toml",
     sem::ModelKind::Stack, FindingKind::NonTermination},
    {"livelock_stack_nt", "models/kernels/spin_lock/spin_lock.ptx", "models/kernels/spin_lock/launch.toml",
     sem::ModelKind::StackNt, FindingKind::NonTermination},
    {"livelock_ticket_stack", "tests/cli/verify_inputs/faults/faults.ptx",
     "tests/cli/verify_inputs/faults/ticket_then_trap.toml", sem::ModelKind::Stack, FindingKind::NonTermination},
    {"error_mimd", "tests/cli/verify_inputs/faults/faults.ptx",
     "tests/cli/verify_inputs/faults/ticket_then_trap.toml", sem::ModelKind::Mimd, FindingKind::Error},
    {"error_assert_stack", "tests/cli/verify_inputs/faults/faults_g.ptx",
     "tests/cli/verify_inputs/faults/wait_then_check.toml", sem::ModelKind::Stack, FindingKind::Error},
    {"error_oob_mimd", "tests/cli/verify_inputs/faults/faults.ptx",
     "tests/cli/verify_inputs/faults/store_past_end.toml", sem::ModelKind::Mimd, FindingKind::Error},
    {"expect_stack", "models/kernels/vector_add/vector_add.ptx", "tests/cli/run_inputs/vector_add_mismatch.toml",
     sem::ModelKind::Stack, FindingKind::ExpectMismatch},
};

INSTANTIATE_TEST_SUITE_P(Kinds, EveryKindReplays, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

TEST(ReplayRefuses, ADeadlockWhoseLastStateCanStillIssue) {
  const Case c = kCases[0];
  const Launch l(c);
  ExploreRequest req;
  req.model = c.model;
  const Exploration e = explore_launch(*l.setup, req);
  ASSERT_TRUE(e.finding && e.finding->kind == FindingKind::Deadlock);
  Finding f = *e.finding;
  f.steps.pop_back();
  const ReplayOutcome r = replay_launch(*l.setup, c.model, f.steps, std::nullopt);
  ASSERT_TRUE(r.ok) << r.error;
  f.digest = r.digest;  // the digest matches: only the deadlock claim is false
  Trace t = trace_of(l, c, f);
  const TraceReplay check = replay_trace(*l.setup, &l.spec, t);
  EXPECT_FALSE(check.ok);
  EXPECT_EQ(check.error, "the launch did not deadlock: a unit may still issue at the end");
}

/// Under mimd, two threads: thread 0 takes the spin lock, thread 1 fails and
/// spins; a cycle of thread 1 alone closes (canonical states), but thread 0
/// is enabled throughout and never issues: not a weakly fair cycle.
TEST(ReplayRefuses, ACycleThatStarvesAnEnabledUnit) {
  const Case c{"unfair", "models/kernels/spin_lock/spin_lock.ptx", "models/kernels/spin_lock/launch.verify.toml",
               sem::ModelKind::Mimd, FindingKind::NonTermination};
  ir::Module module = load_ptx_file(path(c.ptx));
  sem::LaunchSpec spec = sem::parse_launch_spec_file(path(c.launch));
  spec.block = {2, 1, 1};
  spec.expects.clear();
  const auto setup = sem::prepare_launch(module, spec);
  using S = sem::LaunchState<sem::ModelMimd>;
  ConcreteGenerator<S> gen(*setup, ExploreOptions{});
  S s(*setup, sem::ModelMimd{});
  Finding f;
  f.kind = FindingKind::NonTermination;
  gen.prefix(s, f.steps);
  gen.canonicalize(s);
  std::vector<Successor<S>> out;
  const auto step = [&](unsigned lane) {
    ASSERT_EQ(gen.successors(s, 0, lane, out), 1U);
    s = out[0].state;
    f.steps.push_back(out[0].record);
  };
  step(0);  // thread 0 takes the lock
  step(1);  // thread 1 fails and is back at the CAS
  f.cycle_start = f.steps.size();
  step(1);  // and again: the same state
  const ReplayOutcome r = replay_launch(*setup, c.model, f.steps, f.cycle_start);
  ASSERT_TRUE(r.ok) << r.error;
  ASSERT_EQ(r.cycle_digest, r.digest);
  ASSERT_EQ(r.starved, std::vector<std::uint32_t>{0});
  f.digest = r.digest;
  TraceOrigin origin;
  origin.model = "mimd";
  const Trace t = build_trace(*setup, origin, f, TraceEnd{r.waits, r.fault, {}, {}});
  const TraceReplay check = replay_trace(*setup, &spec, t);
  EXPECT_FALSE(check.ok);
  EXPECT_EQ(check.error, "the cycle is not weakly fair: unit 0 is enabled in every state of it and never issues");
}

}  // namespace
}  // namespace lockstep::checker
