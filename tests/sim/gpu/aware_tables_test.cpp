// AWARE's virtualised split and reconvergence tables in the simulator
// (research 000-aware-bows-ddos-mp.md §1.7; sim/core/sm_tables.cpp): with
// physical tables smaller than a kernel's divergence, spills and fills
// become memory traffic (requests, bytes) and cost cycles, the result stays
// the semantics' (the schedule replays under the same model), the GPU's
// table sizes apply unless the model's options override them, and small
// tables (4 split / 2 reconvergence entries) cost little on the bundled
// model kernels (the research's claim: limited performance impact).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "checker/explore/explore_launch.hpp"
#include "checker/trace/trace_replay.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

sem::ModelSpec aware(std::uint32_t st, std::uint32_t rt) {
  sem::ModelSpec m(sem::ModelKind::Aware);
  m.st_entries = st;
  m.rt_entries = rt;
  return m;
}

std::unique_ptr<SimLaunch> deep() {
  return load("tests/sim/kernels/deep_divergence.ptx", "tests/sim/kernels/deep_divergence.toml");
}

bool expectations_hold(const SimLaunch& l, const sem::GlobalMemory& memory) {
  return checker::expect_mismatch_text(*l.setup, l.spec, memory).empty();
}

TEST(AwareTables, NestedDivergenceDeeperThanTheTablesSpillsAndFills) {
  const auto l = deep();
  const sim::GpuConfig g = gpu("teslac2050");  // AWARE with full tables: nothing spills
  sim::SimOptions options;
  options.record_schedule = true;
  const sim::SimResult full = simulate(*l, g, sem::ModelKind::Aware);
  const sim::SimResult small = simulate(*l, g, aware(4, 2), options);
  ASSERT_EQ(full.run.status, sem::RunStatus::Completed);
  ASSERT_EQ(small.run.status, sem::RunStatus::Completed);
  EXPECT_TRUE(expectations_hold(*l, full.memory));
  EXPECT_TRUE(expectations_hold(*l, small.memory));
  EXPECT_TRUE(std::isnan(stat(full, g, "lockstep_aware_st_spills")));  // reported only for virtualised tables
  const double st_spills = stat(small, g, "lockstep_aware_st_spills");
  const double st_fills = stat(small, g, "lockstep_aware_st_fills");
  const double rt_spills = stat(small, g, "lockstep_aware_rt_spills");
  const double rt_fills = stat(small, g, "lockstep_aware_rt_fills");
  EXPECT_GT(st_spills, 0.0);
  EXPECT_GT(st_fills, 0.0);
  EXPECT_GT(rt_spills, 0.0);
  EXPECT_GT(rt_fills, 0.0);
  EXPECT_EQ(stat(small, g, "lockstep_aware_table_bytes"), 12 * (st_spills + st_fills) + 16 * (rt_spills + rt_fills));
  EXPECT_GT(stat(small, g, "lockstep_aware_table_stall_cycles"), 0.0);
  // The spills are global writes and the fills global reads through the memory system.
  EXPECT_GE(stat(small, g, "gpgpu_n_mem_write_global"), stat(full, g, "gpgpu_n_mem_write_global") + 1);
  EXPECT_GT(stat(small, g, "gpgpu_n_load_insn") + stat(small, g, "gpgpu_n_mem_read_global"),
            stat(full, g, "gpgpu_n_load_insn") + stat(full, g, "gpgpu_n_mem_read_global"));
  EXPECT_GT(small.cycles, full.cycles);
  // The virtual FIFO head's rotation is the model's: the schedule replays under aware:st=4,rt=2.
  EXPECT_EQ(sem::model_spec_name(small.model), "aware:st=4,rt=2");
  std::vector<checker::StepRecord> steps;
  const std::uint32_t wpb = l->setup->shape.warps_per_block();
  for (const sim::ScheduleStep& s : small.schedule) {
    steps.push_back(checker::StepRecord{s.block * wpb + s.warp_in_block, s.key, s.count, s.pc, s.lanes, false});
  }
  const checker::ReplayOutcome replay = checker::replay_launch(*l->setup, small.model, steps, std::nullopt);
  ASSERT_TRUE(replay.ok) << replay.error;
  EXPECT_EQ(replay.status, sem::LaunchStatus::Completed);
}

TEST(AwareTables, TheGpusSizesApplyUnlessTheModelOverrides) {
  const auto l = deep();
  sim::GpuConfig g = gpu("teslac2050");
  g.divergence.split_table_entries = 4;
  g.divergence.reconvergence_table_entries = 2;
  const sim::SimResult from_gpu = simulate(*l, g, sem::ModelKind::Aware);
  EXPECT_EQ(sem::model_spec_name(from_gpu.model), "aware:st=4,rt=2");
  EXPECT_GT(stat(from_gpu, g, "lockstep_aware_st_spills"), 0.0);
  const sim::SimResult one = simulate(*l, g, aware(1, 1));
  EXPECT_EQ(sem::model_spec_name(one.model), "aware:st=1,rt=1");
  EXPECT_GT(stat(one, g, "lockstep_aware_st_fills"), stat(from_gpu, g, "lockstep_aware_st_fills"));
  const sim::SimResult unbounded = simulate(*l, g, aware(32, 32));  // 32 entries hold everything
  EXPECT_EQ(sem::model_spec_name(unbounded.model), "aware");
  EXPECT_TRUE(std::isnan(stat(unbounded, g, "lockstep_aware_st_spills")));
  EXPECT_LT(unbounded.cycles, from_gpu.cycles);
  EXPECT_LT(from_gpu.cycles, one.cycles);
}

// The research reports 5% mean and 16% worst slowdown for 4/2 tables on its
// benchmarks (§4.1, Fig 5.13); these bounds hold the model kernels (small
// launches, where a fill's memory latency weighs more) near that.
constexpr double kMeanBound = 0.10;
constexpr double kWorstBound = 0.30;

std::vector<std::string> model_kernels() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(repo("models/kernels"))) {
    if (std::filesystem::exists(e.path() / "launch.toml")) out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(AwareTables, SmallTablesCostLittleOnTheModelKernels) {
  // Every bundled model kernel on teslac2050 under aware and aware:st=4,rt=2:
  // the same outcome, and (over the ones that complete) a small slowdown.
  const sim::GpuConfig g = gpu("teslac2050");
  double sum = 0, worst = 0;
  int n = 0;
  for (const std::string& k : model_kernels()) {
    const auto l = load("models/kernels/" + k + "/" + k + ".ptx", "models/kernels/" + k + "/launch.toml");
    const sim::SimResult full = simulate(*l, g, sem::ModelKind::Aware);
    const sim::SimResult small = simulate(*l, g, aware(4, 2));
    EXPECT_EQ(sem::run_status_name(small.run.status), sem::run_status_name(full.run.status)) << k;
    if (full.run.status != sem::RunStatus::Completed || small.run.status != sem::RunStatus::Completed) continue;
    EXPECT_EQ(expectations_hold(*l, small.memory), expectations_hold(*l, full.memory)) << k;
    const double slowdown = static_cast<double>(small.cycles) / static_cast<double>(full.cycles) - 1;
    RecordProperty(k, std::to_string(full.cycles) + " -> " + std::to_string(small.cycles));
    sum += slowdown;
    worst = std::max(worst, slowdown);
    ++n;
  }
  ASSERT_GT(n, 10);
  RecordProperty("mean_slowdown", std::to_string(sum / n));
  RecordProperty("worst_slowdown", std::to_string(worst));
  EXPECT_LT(sum / n, kMeanBound);
  EXPECT_LT(worst, kWorstBound);
}

}  // namespace
}  // namespace lockstep::test
