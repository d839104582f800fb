// Timing microbenchmarks with known answers (tests/sim/kernels/, written by
// generate.py), on `tiny` with every I-cache access a hit (fetch does not
// disturb the counts):
//   - a chain of dependent adds costs latency + 4 cycles per add (issue,
//     collector allocation, register read, dispatch; docs/sim.md): the slope
//     follows the configured latency exactly;
//   - a pointer chase that hits the L1D costs l1d_latency + 5 per hop;
//   - a DRAM-bound chase costs the configured DRAM path within 15%;
//   - k-way shared-memory bank conflicts serialise k-fold, a broadcast not;
//   - a coalesced warp load is one request, a 128-byte-strided one 32;
//   - a streaming copy keeps the DRAM data buses at least 75% busy;
//   - occupancy per SM matches the hand computation for thread-,
//     register- and shared-memory-limited launches;
//   - two schedulers issue two warps per cycle when there is independent
//     work and two SP units.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

sim::GpuConfig tiny() {
  sim::GpuConfig g = gpu("tiny");
  g.core.perfect_inst_const_cache = true;
  return g;
}

sim::SimResult run(const std::string& kernel, const std::vector<std::pair<std::string, std::string>>& edits,
                   const sim::GpuConfig& g, sim::SimOptions options = {}) {
  const auto l = load("tests/sim/kernels/" + kernel + ".ptx", "tests/sim/kernels/" + kernel + ".toml", edits);
  sim::SimResult r = simulate(*l, g, sem::ModelKind::Stack, std::move(options));
  EXPECT_EQ(r.run.status, sem::RunStatus::Completed) << kernel;
  return r;
}

std::int64_t cycles(const sim::SimResult& r) { return static_cast<std::int64_t>(r.cycles); }

TEST(Timing, DependentAddChainTakesTheConfiguredLatency) {
  for (const std::uint32_t latency : {4U, 12U, 20U}) {
    sim::GpuConfig g = tiny();
    g.core.ops[sim::OpClass::IntAdd].latency = latency;
    const auto a = run("dep_chain", {}, g);
    const auto b = run("dep_chain", {{"dep_chain_64", "dep_chain_128"}}, g);
    EXPECT_EQ(cycles(b) - cycles(a), 64 * (static_cast<std::int64_t>(latency) + 4)) << "latency " << latency;
  }
}

TEST(Timing, L1HittingChaseTakesTheL1Latency) {
  for (const std::uint32_t latency : {10U, 20U}) {
    sim::GpuConfig g = tiny();
    g.core.l1d_latency = latency;
    const auto a = run("chase", {}, g);
    const auto b = run("chase", {{"chase_32", "chase_64"}}, g);
    EXPECT_EQ(cycles(b) - cycles(a), 32 * (static_cast<std::int64_t>(latency) + 5)) << "l1d_latency " << latency;
    EXPECT_EQ(stat(b, g, "L1D_total_cache_misses") - stat(a, g, "L1D_total_cache_misses"), 0.0);
  }
}

TEST(Timing, DramBoundChaseTakesTheDramPath) {
  const sim::GpuConfig g = tiny();
  const std::vector<std::pair<std::string, std::string>> far = {{"value = 1}", "value = 64}"}};
  const auto a = run("chase", far, g);
  auto far64 = far;
  far64.emplace_back("chase_32", "chase_64");
  const auto b = run("chase", far64, g);
  // Every hop misses the L1D and the L2 (64 lines 1 KiB apart map onto one L1 set and one channel).
  const std::string l1 = "L1D_cache_stats_breakdown[GLOBAL_ACC_R][MISS]";
  const std::string l2 = "L2_cache_stats_breakdown[GLOBAL_ACC_R][MISS]";
  EXPECT_EQ(stat(b, g, l1) - stat(a, g, l1), 32.0);
  EXPECT_EQ(stat(b, g, l2) - stat(a, g, l2), 32.0);
  const double per_hop = static_cast<double>(cycles(b) - cycles(a)) / 32.0;
  // The path: the L1D pipeline, the interconnect both ways, the ROP delay, the DRAM
  // pipeline, a row miss (precharge, activate, read) and the SM's 5-cycle overhead.
  const auto& t = g.memory.dram.timing;
  const double expected = g.core.l1d_latency + 2.0 * g.interconnect.latency + g.memory.rop_latency +
                          g.memory.dram.latency + t.rp + t.rcd + t.cl + 5.0;
  EXPECT_NEAR(per_hop, expected, 0.15 * expected) << "per hop " << per_hop << ", path " << expected;
}

TEST(Timing, BankConflictsSerialiseKFold) {
  const sim::GpuConfig g = tiny();
  ASSERT_EQ(g.core.shared.banks, 32U);
  const auto with = [&](std::uint32_t k) {
    return run("shared_stride", {{"value = 1}", "value = " + std::to_string(k) + "}"}}, g);
  };
  const auto one = with(1);
  const double accesses = 65;  // 64 loads and the store
  EXPECT_EQ(stat(one, g, "gpgpu_n_shmem_bkconflict"), 0.0);
  const auto broadcast = with(0);
  EXPECT_EQ(stat(broadcast, g, "gpgpu_n_shmem_bkconflict"), 0.0);
  EXPECT_EQ(cycles(broadcast), cycles(one));
  std::int64_t previous = 0;
  for (const std::uint32_t k : {2U, 4U, 8U, 16U, 32U}) {
    const auto r = with(k);
    EXPECT_EQ(stat(r, g, "gpgpu_n_shmem_bkconflict"), accesses * (k - 1)) << "stride " << k;
    // Once the LD/ST unit is the bottleneck (k >= 4), each access costs k cycles:
    // doubling k adds k cycles per access.
    if (k >= 8) {
      const double extra = static_cast<double>(cycles(r) - previous);
      EXPECT_NEAR(extra, accesses * (k / 2), 0.1 * accesses * (k / 2)) << "stride " << k;
    }
    previous = cycles(r);
  }
}

TEST(Timing, CoalescedLoadIsOneRequestAndStridedIs32) {
  const sim::GpuConfig g = tiny();
  const auto coalesced = run("strided_load", {}, g);
  EXPECT_EQ(stat(coalesced, g, "gpgpu_n_mem_read_global"), 1.0);
  EXPECT_EQ(stat(coalesced, g, "L1D_cache_stats_breakdown[GLOBAL_ACC_R][MISS]"), 1.0);
  const auto strided = run("strided_load", {{"value = 1}", "value = 32}"}}, g);
  EXPECT_EQ(stat(strided, g, "gpgpu_n_mem_read_global"), 32.0);
  EXPECT_EQ(stat(strided, g, "L1D_cache_stats_breakdown[GLOBAL_ACC_R][MISS]"), 32.0);
}

TEST(Timing, StreamingReachesTheDramBandwidth) {
  const sim::GpuConfig g = tiny();
  const auto r = run("stream_copy", {}, g);
  // 512 KiB read and 512 KiB written through 2 channels of 4 bytes x 4 beats per DRAM cycle.
  const double peak = g.memory.channels * g.memory.dram.chips_per_channel * g.memory.dram.bus_width_bytes *
                      g.memory.dram.data_command_freq_ratio * g.clocks.dram_mhz / g.clocks.core_mhz;
  const double achieved = 2.0 * 131072 * 4 / static_cast<double>(r.cycles);
  EXPECT_GE(achieved / peak, 0.75) << achieved << " of " << peak << " bytes per cycle";
  EXPECT_LE(achieved / peak, 1.0);
  const double busy = static_cast<double>(r.memory_counters.dram_busy_cycles) /
                      static_cast<double>(r.memory_counters.dram_cycles);
  EXPECT_GE(busy, 0.75);
}

TEST(Timing, OccupancyMatchesTheHandComputation) {
  const sim::GpuConfig g = tiny();  // 2 SMs, 512 threads, 4 CTA slots, 16384 registers, 16 KiB shared
  struct Case {
    std::vector<std::pair<std::string, std::string>> edits;
    std::uint32_t ctas;
    sim::OccupancyLimit limit;
  };
  const std::vector<Case> cases = {
      {{{"grid = [1]", "grid = [16]"}, {"block = [128]", "block = [256]"}, {"count = 128", "count = 256"}},
       2, sim::OccupancyLimit::Threads},  // 512 / 256
      {{{"grid = [1]", "grid = [16]"}, {"block = [128]", "block = [64]"}, {"registers = 24", "registers = 96"}},
       2, sim::OccupancyLimit::Registers},  // 16384 / (64 x 96) = 2.67
      {{{"grid = [1]", "grid = [16]"}, {"block = [128]", "block = [64]"}, {"registers = 24", "registers = 8\nshared_bytes = 6000"}},
       2, sim::OccupancyLimit::SharedMemory},  // 16384 / 6000 = 2.73
      {{{"grid = [1]", "grid = [16]"}, {"block = [128]", "block = [32]"}, {"registers = 24", "registers = 8"}},
       4, sim::OccupancyLimit::CtaSlots},
  };
  for (const Case& c : cases) {
    sim::SimOptions options;
    options.sample_interval = 1;
    const auto r = run("independent", c.edits, g, options);
    EXPECT_EQ(r.occupancy.ctas, c.ctas) << r.occupancy_text;
    EXPECT_EQ(r.occupancy.limit, c.limit) << r.occupancy_text;
    std::uint32_t most = 0;
    for (const sim::CounterSample& s : r.samples) most = std::max(most, s.resident_ctas);
    EXPECT_EQ(most, c.ctas * g.core.sm_count()) << r.occupancy_text;
  }
}

TEST(Timing, TwoSchedulersIssueTwoWarpsPerCycle) {
  sim::GpuConfig g = tiny();
  ASSERT_EQ(g.core.scheduler.per_core, 2U);
  g.core.sp.units = 2;
  g.core.sp.id_oc_width = g.core.sp.oc_ex_width = 2;
  g.core.sp.collectors.units = 4;
  g.core.sp.collectors.in_ports = g.core.sp.collectors.out_ports = 2;
  g.core.writeback_width = 2;
  g.core.operand_collector.register_banks = 16;
  g.core.operand_collector.register_file_ports = 2;
  const auto two = run("independent", {}, g);
  const double active = stat(two, g, "lockstep_sm[0].cycles_active");
  EXPECT_GE(stat(two, g, "lockstep_issue_cycles[2]"), 0.8 * active);
  g.core.scheduler.per_core = 1;
  const auto one = run("independent", {}, g);
  EXPECT_EQ(stat(one, g, "lockstep_issue_cycles[2]"), 0.0);
  EXPECT_GT(cycles(one), cycles(two) * 3 / 2);
}

}  // namespace
}  // namespace lockstep::test
