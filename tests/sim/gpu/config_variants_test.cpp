// The SM under configurations the bundled GPUs do not all exercise: L1D
// lines of 64 bytes and sector L1Ds fed 128-byte requests (split to what
// the cache takes), no L1D, global accesses skipping it, INT and DP units,
// generic operand collectors, dual issue, every scheduler policy. Each
// still ends every model as `run` does, with the same final memory.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "checker/explore/explore_launch.hpp"
#include "semantics/launch/run_model.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

struct Variant {
  const char* name;
  std::function<void(sim::GpuConfig&)> change;
};

const Variant kVariants[] = {
    {"l1d_64_byte_lines", [](sim::GpuConfig& g) { g.core.l1d.line_bytes = 64; g.core.l1d.sets = 16; }},
    {"sector_l1d_fermi_coalescing", [](sim::GpuConfig& g) { g.core.l1d.kind = sim::CacheKind::Sector; }},
    {"no_l1d", [](sim::GpuConfig& g) { g.core.l1d.enabled = false; }},
    {"global_skips_l1d", [](sim::GpuConfig& g) { g.core.gmem_skip_l1d = true; }},
    {"int_and_dp_units",
     [](sim::GpuConfig& g) {
       g.core.integer = g.core.sp;
       g.core.dp = g.core.sp;
     }},
    {"generic_collectors",
     [](sim::GpuConfig& g) {
       g.core.operand_collector.specialized = false;
       g.core.operand_collector.generic = sim::CollectorSet{4, 2, 2};
     }},
    {"dual_issue", [](sim::GpuConfig& g) { g.core.scheduler.max_issue_per_warp = 2; }},
    {"gto", [](sim::GpuConfig& g) { g.core.scheduler.policy = sim::WarpScheduler::Gto; }},
    {"glrr", [](sim::GpuConfig& g) { g.core.scheduler.policy = sim::WarpScheduler::Glrr; }},
    {"oldest", [](sim::GpuConfig& g) { g.core.scheduler.policy = sim::WarpScheduler::Oldest; }},
    {"two_level",
     [](sim::GpuConfig& g) {
       g.core.scheduler.policy = sim::WarpScheduler::TwoLevel;
       g.core.scheduler.two_level_active = 2;
     }},
    {"one_scheduler_warp_banks",
     [](sim::GpuConfig& g) {
       g.core.scheduler.per_core = 1;
       g.core.operand_collector.bank_by_warp_id = true;
     }},
};

TEST(ConfigVariants, EveryVariantEndsAsRun) {
  for (const char* model : {"matmul_tiled", "histogram_atomic", "reduce_shared", "math_mix", "nested_ifelse",
                            "printf_kernel", "warp_vote_shuffle", "divergent_barrier"}) {
    const auto l = load(std::string("models/kernels/") + model + "/" + model + ".ptx",
                        std::string("models/kernels/") + model + "/launch.toml");
    const sem::RunOutcome run = sem::run_model(*l->setup, sem::ModelKind::Stack, sem::RunOptions{});
    for (const Variant& v : kVariants) {
      sim::GpuConfig g = gpu("tiny");
      v.change(g);
      const sim::SimResult r = simulate(*l, g);
      EXPECT_EQ(sem::run_status_name(r.run.status), sem::run_status_name(run.result.status)) << model << " " << v.name;
      if (r.run.status == sem::RunStatus::Completed) {
        EXPECT_EQ(checker::final_memory_digest(*l->setup, r.memory),
                  checker::final_memory_digest(*l->setup, run.memory))
            << model << " " << v.name;
      }
    }
  }
}

TEST(ConfigVariants, RequestsAreCutToTheL1dLine) {
  // A coalesced warp load of 128 bytes is two accesses to an L1D of 64-byte lines.
  sim::GpuConfig g = gpu("tiny");
  g.core.perfect_inst_const_cache = true;
  g.core.l1d.line_bytes = 64;
  g.core.l1d.sets = 16;
  const auto l = load("tests/sim/kernels/strided_load.ptx", "tests/sim/kernels/strided_load.toml");
  const sim::SimResult r = simulate(*l, g);
  ASSERT_EQ(r.run.status, sem::RunStatus::Completed);
  EXPECT_EQ(stat(r, g, "L1D_cache_stats_breakdown[GLOBAL_ACC_R][MISS]"), 2.0);
}

}  // namespace
}  // namespace lockstep::test
