// AWARE's reconvergence timeout counted in cycles (sim/core/event_timer.hpp;
// research 000-aware-bows-ddos-mp.md §1.5(c), claim 4): the spin lock, a
// livelock under aware without a timeout, completes with [expect] met when
// the GPU's aware_timeout (or aware:timeout=N) times reconvergence out; the
// simulation's schedule, with the timeouts as model events, replays under
// aware:timeout=any to the same final memory; a longer timeout takes longer.
// With a 500-cycle timeout every model kernel completes on tiny, its
// [expect] met as under mimd (the lock kernels, nested ones included, that
// livelock without a timeout), and replays.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "checker/explore/explore_launch.hpp"
#include "checker/trace/trace_replay.hpp"
#include "semantics/launch/run_model.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

std::unique_ptr<SimLaunch> spin_lock() {
  return load("models/kernels/spin_lock/spin_lock.ptx", "models/kernels/spin_lock/launch.toml");
}

bool expectations_hold(const SimLaunch& l, const sem::GlobalMemory& memory) {
  return checker::expect_mismatch_text(*l.setup, l.spec, memory).empty();
}

/// The simulation's schedule replayed under its model: true when it completes to the same memory.
void expect_replays(const SimLaunch& l, const sim::SimResult& r) {
  std::vector<checker::StepRecord> steps;
  const std::uint32_t wpb = l.setup->shape.warps_per_block();
  for (const sim::ScheduleStep& s : r.schedule) {
    steps.push_back(checker::StepRecord{s.block * wpb + s.warp_in_block, s.key, s.count, s.pc, s.lanes, false});
  }
  const checker::ReplayOutcome replay = checker::replay_launch(*l.setup, r.model, steps, std::nullopt);
  ASSERT_TRUE(replay.ok) << replay.error;
  EXPECT_EQ(replay.status, sem::LaunchStatus::Completed);
  EXPECT_EQ(checker::final_memory_digest(*l.setup, replay.memory), checker::final_memory_digest(*l.setup, r.memory));
}

std::vector<std::string> model_kernels() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(repo("models/kernels"))) {
    if (std::filesystem::exists(e.path() / "launch.toml")) out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(AwareTimeout, WithoutATimeoutTheSpinLockLivelocks) {
  const auto l = spin_lock();
  const sim::SimResult r = simulate(*l, gpu("tiny"), sem::ModelKind::Aware);
  EXPECT_EQ(r.run.status, sem::RunStatus::Livelock);
  EXPECT_EQ(stat(r, gpu("tiny"), "lockstep_model_timeouts"), 0.0);
}

TEST(AwareTimeout, TheGpusTimeoutCompletesTheSpinLockAndReplays) {
  const auto l = spin_lock();
  sim::GpuConfig g = gpu("tiny");
  g.divergence.aware_timeout = 1000;
  sim::SimOptions options;
  options.record_schedule = true;
  const sim::SimResult r = simulate(*l, g, sem::ModelKind::Aware, options);
  ASSERT_EQ(r.run.status, sem::RunStatus::Completed);
  EXPECT_TRUE(expectations_hold(*l, r.memory));
  EXPECT_GT(stat(r, g, "lockstep_model_timeouts"), 0.0);
  EXPECT_EQ(r.model.timeout, sem::ModelSpec::kTimeoutAny);
  const auto events = std::count_if(r.schedule.begin(), r.schedule.end(),
                                    [](const sim::ScheduleStep& s) { return s.key >= sim::kEventKey; });
  EXPECT_EQ(static_cast<double>(events), stat(r, g, "lockstep_model_timeouts"));
  expect_replays(*l, r);
}

class EveryModelKernel : public testing::TestWithParam<std::string> {};

TEST_P(EveryModelKernel, CompletesUnderAwareWithATimeoutAsUnderMimd) {
  const std::string& k = GetParam();
  const auto l = load("models/kernels/" + k + "/" + k + ".ptx", "models/kernels/" + k + "/launch.toml");
  sem::ModelSpec aware(sem::ModelKind::Aware);
  aware.timeout = 500;
  sim::SimOptions options;
  options.record_schedule = true;
  const sim::SimResult r = simulate(*l, gpu("tiny"), aware, options);
  ASSERT_EQ(r.run.status, sem::RunStatus::Completed);
  const sem::RunOutcome mimd = sem::run_model(*l->setup, sem::ModelKind::Mimd, sem::RunOptions{});
  ASSERT_EQ(mimd.result.status, sem::RunStatus::Completed);
  // tm_markers' lanes race inside a transaction under AWARE, which has no TM extension (docs/tm.md).
  if (k.starts_with("tm_markers")) {
    EXPECT_FALSE(expectations_hold(*l, r.memory));
  } else {
    EXPECT_EQ(expectations_hold(*l, r.memory), expectations_hold(*l, mimd.memory));
  }
  expect_replays(*l, r);
}

INSTANTIATE_TEST_SUITE_P(Models, EveryModelKernel, testing::ValuesIn(model_kernels()),
                         [](const testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(AwareTimeout, TheOptionCountsCyclesAndOverridesTheGpu) {
  const auto l = spin_lock();
  sim::GpuConfig g = gpu("tiny");
  g.divergence.aware_timeout = 2000;
  sem::ModelSpec shorter(sem::ModelKind::Aware);
  shorter.timeout = 200;  // cycles, instead of the GPU's 2000
  const sim::SimResult a = simulate(*l, g, shorter);
  const sim::SimResult b = simulate(*l, g, sem::ModelKind::Aware);
  ASSERT_EQ(a.run.status, sem::RunStatus::Completed);
  ASSERT_EQ(b.run.status, sem::RunStatus::Completed);
  EXPECT_TRUE(expectations_hold(*l, a.memory));
  EXPECT_TRUE(expectations_hold(*l, b.memory));
  // Each timed-out entry waited its timeout: ten times the timeout, several times the cycles.
  EXPECT_GT(b.cycles, 3 * a.cycles);
}

TEST(AwareTimeout, TimeoutAnyIsRefused) {
  const auto l = spin_lock();
  sem::ModelSpec any(sem::ModelKind::Aware);
  any.timeout = sem::ModelSpec::kTimeoutAny;
  EXPECT_THROW((void)simulate(*l, gpu("tiny"), any), std::invalid_argument);
}

}  // namespace
}  // namespace lockstep::test
