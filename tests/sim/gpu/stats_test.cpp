// Statistics under GPGPU-Sim's names: gpu_sim_insn counts what GPGPU-Sim's
// performance mode counts (the threads whose guard held: the bounds check's
// branch, false everywhere, counts zero), lockstep keeps the full count
// beside it; the warp-issue distribution adds up; every name docs/sim.md
// promises is there.
#include <gtest/gtest.h>

#include <string>

#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

TEST(Stats, GpuSimInsnLeavesOutGuardFalseThreads) {
  // vector_add over 2^14 floats in blocks of 256: 22 instructions per thread,
  // of which the `@%p1 bra` of the bounds check executes for none.
  const auto l = load("models/kernels/vector_add/vector_add.ptx", "bench/launches/vector_add_1m.toml",
                      {{"grid = [4096]", "grid = [64]"}, {"value = 1048576", "value = 16384"}});
  const sim::GpuConfig g = gpu("tiny");
  const sim::SimResult r = simulate(*l, g);
  ASSERT_EQ(r.run.status, sem::RunStatus::Completed);
  EXPECT_EQ(stat(r, g, "gpu_sim_insn"), 21.0 * 16384);
  EXPECT_EQ(stat(r, g, "lockstep_thread_instructions"), 22.0 * 16384);
  EXPECT_EQ(stat(r, g, "gpu_tot_sim_insn"), stat(r, g, "gpu_sim_insn"));
  EXPECT_EQ(stat(r, g, "gpgpu_n_tot_w_icount"), 22.0 * 16384 / 32);
  EXPECT_EQ(stat(r, g, "W32"), 22.0 * 16384 / 32);  // every warp full
  EXPECT_EQ(stat(r, g, "gpu_tot_issued_cta"), 64.0);
  EXPECT_DOUBLE_EQ(stat(r, g, "gpu_ipc"), 21.0 * 16384 / static_cast<double>(r.cycles));
  EXPECT_EQ(stat(r, g, "gpgpu_n_load_insn"), 2.0 * 16384);   // two global loads per thread
  EXPECT_EQ(stat(r, g, "gpgpu_n_store_insn"), 16384.0);
  EXPECT_EQ(stat(r, g, "gpgpu_n_param_mem_insn"), 4.0 * 16384);
  EXPECT_EQ(stat(r, g, "gpgpu_n_mem_read_global"), 2.0 * 16384 / 32);  // one 128-byte request per warp load
  EXPECT_EQ(stat(r, g, "lockstep_simd_efficiency"), 1.0);
}

TEST(Stats, IssueDistributionAndWarpStatesAddUp) {
  const auto l = load("models/kernels/nested_ifelse/nested_ifelse.ptx", "models/kernels/nested_ifelse/launch.toml");
  const sim::GpuConfig g = gpu("tiny");
  const sim::SimResult r = simulate(*l, g);
  ASSERT_EQ(r.run.status, sem::RunStatus::Completed);
  double issued = 0;
  for (unsigned n = 1; n <= 32; ++n) issued += stat(r, g, "W" + std::to_string(n));
  EXPECT_EQ(issued, stat(r, g, "gpgpu_n_tot_w_icount"));
  EXPECT_EQ(stat(r, g, "lockstep_warp_cycles[issued]"), issued);
  EXPECT_LT(stat(r, g, "lockstep_simd_efficiency"), 1.0);  // it diverges
  // Every cycle of an active SM, each of its two schedulers issued or gave one of the three reasons.
  const double active = stat(r, g, "lockstep_sm[0].cycles_active") + stat(r, g, "lockstep_sm[1].cycles_active");
  EXPECT_GE(stat(r, g, "W0_Idle") + stat(r, g, "W0_Scoreboard") + stat(r, g, "Stall") + issued, 2 * active);
}

TEST(Stats, TheDocumentedNamesAreThere) {
  const auto l = load("models/kernels/histogram_atomic/histogram_atomic.ptx",
                      "models/kernels/histogram_atomic/launch.toml");
  const sim::GpuConfig g = gpu("gtx480");
  const sim::SimResult r = simulate(*l, g);
  for (const char* name :
       {"gpu_sim_cycle", "gpu_sim_insn", "gpu_ipc", "gpu_tot_sim_cycle", "gpu_tot_sim_insn", "gpu_tot_ipc",
        "gpgpu_n_stall_shd_mem", "gpgpu_stall_shd_mem[gl_mem_ld][bk_conf]", "gpgpu_n_shmem_bkconflict",
        "gpu_reg_bank_conflict_stalls", "W0_Idle", "W0_Scoreboard", "Stall", "W1", "W32",
        "L1I_total_cache_accesses", "L1D_total_cache_misses", "L1C_total_cache_reservation_fails",
        "L2_total_cache_accesses", "L2_total_cache_misses", "lockstep_simd_efficiency",
        "lockstep_thread_instructions", "lockstep_load_latency_mean", "lockstep_warp_cycles[scoreboard]"}) {
    EXPECT_FALSE(std::isnan(stat(r, g, name))) << name;
  }
  EXPECT_GT(stat(r, g, "lockstep_mem_atomic"), 0.0);
}

}  // namespace
}  // namespace lockstep::test
