// Thread block compaction in the simulator (docs/models/tbc.md "In sim"):
// a compacted warp that mixes two static warps runs as one full warp whose
// accesses span both warps' segments (research 001 claim 9, for TBC); the
// compactor emits the warps it forms one per cycle; the statistics count
// compactions and the block-wide stack.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

const char* const kPtx = "tests/sim/kernels/interleave.ptx";
const char* const kSpec = "tests/sim/kernels/interleave.toml";

sem::ModelSpec model(const char* text) { return *sem::parse_model_spec(text).spec; }

/// Records every issue: cycle, hardware warp, PC, threads.
class Issues final : public sim::SmObserver {
 public:
  struct Issue {
    sim::Cycle cycle;
    std::uint32_t warp;
    std::uint32_t pc;
    sem::Mask threads;
  };
  void issued(std::uint32_t, std::uint32_t, std::uint32_t warp, std::uint32_t, std::uint32_t pc, sem::Mask threads,
              sim::Cycle now) override {
    log.push_back(Issue{now, warp, pc, threads});
  }
  void cta_started(std::uint32_t, std::uint32_t, sim::Cycle) override {}
  void cta_finished(std::uint32_t, std::uint32_t, sim::Cycle) override {}
  void reply_arrived(std::uint32_t, const sim::MemRequest&) override {}
  void load_finished(std::uint32_t, std::uint32_t, std::uint32_t, sim::Cycle, sim::Cycle) override {}
  std::vector<Issue> log;
};

TEST(TbcSim, InterleavedLanesRunAsOneCompactedWarp) {
  const auto l = load(kPtx, kSpec);
  const sim::GpuConfig g = gpu("tiny");
  const sim::SimResult stack = simulate(*l, g, model("stack"));
  const sim::SimResult tbc = simulate(*l, g, model("tbc"));
  ASSERT_EQ(stack.run.status, sem::RunStatus::Completed);
  ASSERT_EQ(tbc.run.status, sem::RunStatus::Completed);
  EXPECT_EQ(buffer(tbc, *l->setup, 1), buffer(stack, *l->setup, 1));
  // The branch path's 7 instructions: two half warps under the stack, one full compacted warp under TBC.
  EXPECT_EQ(stat(stack, g, "W16"), 14.0);
  EXPECT_EQ(stat(tbc, g, "W16"), 0.0);
  EXPECT_EQ(stat(stack, g, "gpgpu_n_tot_w_icount") - stat(tbc, g, "gpgpu_n_tot_w_icount"), 7.0);
  EXPECT_EQ(stat(tbc, g, "lockstep_simd_efficiency"), 1.0);
  // The same two 128-byte segments are read: one request per warp under the
  // stack, both by the one compacted warp under TBC.
  EXPECT_EQ(stat(stack, g, "gpgpu_n_mem_read_global"), 2.0);
  EXPECT_EQ(stat(tbc, g, "gpgpu_n_mem_read_global"), 2.0);
  // Formed: the compacted warp at the branch; the two static warps at the reconvergence point.
  EXPECT_EQ(stat(tbc, g, "lockstep_tbc_compactions"), 2.0);
  EXPECT_EQ(stat(tbc, g, "lockstep_tbc_compacted_warps"), 3.0);
  EXPECT_EQ(stat(tbc, g, "lockstep_tbc_stack_depth_max"), 3.0);  // the bottom entry and the branch's two targets
  EXPECT_TRUE(std::isnan(stat(stack, g, "lockstep_tbc_compactions")));  // only under block-scope models
}

TEST(TbcSim, CompactorEmitsOneWarpPerCycle) {
  // Four warps; at the reconvergence point the compactor forms the four
  // static warps again. Fetch is no bottleneck (perfect instruction cache,
  // eight fetches per cycle).
  const auto l = load(kPtx, kSpec, {{"block = [64]", "block = [128]"}, {"count = 64", "count = 128"}});
  sim::GpuConfig g = gpu("tiny");
  g.core.perfect_inst_const_cache = true;
  g.core.fetch_per_cycle = 8;
  ASSERT_GE(g.core.scheduler.per_core, 2U);
  Issues issues;
  sim::SimOptions options;
  options.observer = &issues;
  l->spec.expects.clear();
  const sim::SimResult r = simulate(*l, g, model("tbc"), options);
  ASSERT_EQ(r.run.status, sem::RunStatus::Completed);
  // The last instruction before the reconvergence point (the store), then each warp's `ret`.
  const std::uint32_t store_pc = 13;
  const std::uint32_t ret_pc = 14;
  sim::Cycle last_store = 0;
  std::map<std::uint32_t, sim::Cycle> first_ret;
  for (const auto& i : issues.log) {
    if (i.pc == store_pc) last_store = std::max(last_store, i.cycle);
    if (i.pc == ret_pc && !first_ret.contains(i.warp)) first_ret[i.warp] = i.cycle;
  }
  ASSERT_EQ(first_ret.size(), 4U);
  // The compactor emits the warps in slot order, one per cycle, the first
  // in the cycle after the last warp reached the reconvergence point: slot
  // k's warp cannot issue before that cycle + 1 + k (without the compactor's
  // pace, slot 2 issues before slot 1 here).
  std::uint32_t k = 0;
  for (const auto& [w, c] : first_ret) {
    EXPECT_GE(c, last_store + 1 + k) << "the warp in slot " << k << " left the compactor early";
    ++k;
  }
}

}  // namespace
}  // namespace lockstep::test
