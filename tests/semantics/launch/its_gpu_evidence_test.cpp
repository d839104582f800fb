// ITS against what an NVIDIA H100 (sm_90) does (docs/models/its.md,
// "Evidence from an H100"):
//   - a branch whose reconvergence point only exits gets no convergence
//     barrier (ptxas: `@P0 EXIT`): the leader of device_barrier's
//     leader_total passes its __syncthreads() once the others have exited;
//   - an aligned barrier (`bar.sync`) in divergent code is undefined
//     behaviour, a launch error; the non-aligned `barrier.sync` keeps the
//     per-thread count (the H100 gives exactly that result);
//   - a converged `bar.sync` after a loop whose early leavers went on
//     (yields) is not divergent code.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_kit.hpp"

namespace lockstep::test {
namespace {

namespace fs = std::filesystem;

const sem::RunOptions kRoundRobin{};

TEST(ItsGpuEvidence, TheLeaderPassesItsBarrierOnceTheOthersExited) {
  const fs::path dir = fs::path(LOCKSTEP_SOURCE_DIR) / "models" / "barriers" / "device_barrier";
  for (const char* ptx : {"device_barrier.O3.ptx", "device_barrier.G.ptx"}) {
    const auto p = prepare_from_files(dir / ptx, dir / "launch.leader.toml");
    const RunCapture mimd = run_capture(*p, sem::ModelKind::Mimd, kRoundRobin);
    ASSERT_EQ(mimd.status, sem::RunStatus::Completed) << ptx << ": " << mimd.description;
    ASSERT_EQ(mimd.buffers.size(), 2U);
    EXPECT_EQ(element_bits(mimd.buffers[1], 0, 4), 0U) << ptx;  // only thread 0 filled the tile: in[0]
    for (const auto& [schedule, options] : standard_schedules()) {
      const RunCapture c = run_capture(*p, sem::ModelKind::Its, options);
      ASSERT_EQ(c.status, sem::RunStatus::Completed) << ptx << " / " << schedule << ": " << c.description;
      EXPECT_EQ(c.buffers, mimd.buffers) << ptx << " / " << schedule;
    }
  }
}

// Each warp split 16/16 across two different barrier instructions (the
// shape of models/kernels/divergent_barrier): each half stores its thread
// index and waits; lanes 0-15 then store their partner's. With `join` the
// arms meet at a shared store (a convergence barrier there: the first half
// at its barrier is in divergent code with the other); without, each arm
// stores and the join point only exits (no convergence barrier: the second
// half reaches its barrier while the first waits at the other).
std::string split_barrier_ptx(const std::string& bar, bool join) {
  return R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .pred %p;
  .reg .b32 %r<6>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  and.b32 %r2, %r1, 31;
  setp.ge.u32 %p, %r2, 16;
  @%p bra HIGH;
  st.global.u32 [%rd3], %r1;
  )" + bar + R"(;
  ld.global.u32 %r4, [%rd3+64];
  )" + (join ? "" : "st.global.u32 [%rd3], %r4;\n  ") +
         R"(bra DONE;
HIGH:
  st.global.u32 [%rd3], %r1;
  )" + bar + R"(;
  mov.u32 %r4, %r1;
DONE:
  )" + (join ? "st.global.u32 [%rd3], %r4;\n  " : "") + R"(ret;
}
)";
}

std::string spec(unsigned threads) {
  return "kernel = \"k\"\ngrid = [1]\nblock = [" + std::to_string(threads) +
         "]\nparams = [\"out\"]\n[[buffer]]\nname = \"out\"\ntype = \"u32\"\ncount = " + std::to_string(threads) +
         "\ninit = \"zeros\"\n";
}

TEST(ItsGpuEvidence, AnAlignedBarrierInDivergentCodeIsAnError) {
  for (const bool join : {true, false}) {
    for (const char* bar : {"bar.sync 0", "barrier.sync.aligned 0", "bar.red.popc.u32 %r5, 0, 1"}) {
      const auto p = prepare_from_text(split_barrier_ptx(bar, join), spec(64));
      for (const auto& [schedule, options] : standard_schedules()) {
        const RunCapture c = run_capture(*p, sem::ModelKind::Its, options);
        ASSERT_EQ(c.status, sem::RunStatus::Error) << bar << " / " << schedule << ": " << c.description;
        EXPECT_NE(c.description.find("aligned-barrier: undefined behaviour: aligned barrier"), std::string::npos)
            << c.description;
        EXPECT_NE(c.description.find("while lanes "), std::string::npos) << c.description;
        EXPECT_NE(c.description.find("in divergent code"), std::string::npos) << c.description;
      }
    }
  }
  // The message names both halves and where the others are.
  for (const bool join : {true, false}) {
    const auto p = prepare_from_text(split_barrier_ptx("bar.sync 0", join), spec(32));
    const RunCapture c = run_capture(*p, sem::ModelKind::Its, kRoundRobin);
    // With the join, the first half to arrive is in divergent code with the other (still running); without,
    // the second half arrives while the first waits at the other barrier.
    EXPECT_NE(c.description.find(join ? "executed by lanes 0-15 of warp 0 while lanes 16-31 are at pc 12 ("
                                      : "executed by lanes 16-31 of warp 0 while lanes 0-15 are at pc 8 (barrier)"),
              std::string::npos)
        << c.description;
    EXPECT_NE(c.description.find("bar.sync is barrier.sync.aligned"), std::string::npos) << c.description;
  }
}

TEST(ItsGpuEvidence, TheNonAlignedBarrierCountsThreads) {
  for (const bool join : {true, false}) {
    const auto p = prepare_from_text(split_barrier_ptx("barrier.sync 0", join), spec(64));
    const RunCapture mimd = run_capture(*p, sem::ModelKind::Mimd, kRoundRobin);
    ASSERT_EQ(mimd.status, sem::RunStatus::Completed) << mimd.description;
    for (unsigned t = 0; t < 64; ++t) {
      const unsigned want = t % 32 < 16 ? t + 16 : t;  // the low half read its partner's store
      EXPECT_EQ(element_bits(mimd.buffers[0], t, 4), want) << t;
    }
    for (const auto& [schedule, options] : standard_schedules()) {
      const RunCapture c = run_capture(*p, sem::ModelKind::Its, options);
      ASSERT_EQ(c.status, sem::RunStatus::Completed) << schedule << ": " << c.description;
      EXPECT_EQ(c.buffers, mimd.buffers) << schedule;
    }
  }
}

// `@%p bar.sync 0` with a guard that differs within the warp: the threads
// whose guard is false skip the barrier the others execute.
constexpr const char* kGuardedBarrier = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .pred %p;
  .reg .b32 %r<3>;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p, %r1, 8;
  @%p bar.sync 0;
  ret;
}
)";

TEST(ItsGpuEvidence, AGuardThatDiffersWithinTheWarpIsDivergentCode) {
  const auto p = prepare_from_text(kGuardedBarrier, spec(32));
  const RunCapture c = run_capture(*p, sem::ModelKind::Its, kRoundRobin);
  ASSERT_EQ(c.status, sem::RunStatus::Error) << c.description;
  EXPECT_NE(c.description.find("executed by lanes 0-7 of warp 0 while lanes 8-31 skip it (false guard"),
            std::string::npos)
      << c.description;
}

// A loop whose trip count is the lane number, then bar.sync: the early
// leavers go on (the stayers yield at the back edge), so they reach the
// barrier before the others, in converged code: no error, the per-thread
// count as before.
constexpr const char* kLoopThenBarrier = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 out)
{
  .reg .pred %p;
  .reg .b32 %r<5>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
LOOP:
  add.u32 %r3, %r3, %r2;
  add.u32 %r2, %r2, 1;
  setp.le.u32 %p, %r2, %r1;
  @%p bra LOOP;
  bar.sync 0;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;
}
)";

TEST(ItsGpuEvidence, AConvergedBarrierAfterADivergentLoopIsNoError) {
  const auto p = prepare_from_text(kLoopThenBarrier, spec(64));
  for (const auto& [schedule, options] : standard_schedules()) {
    const RunCapture c = run_capture(*p, sem::ModelKind::Its, options);
    ASSERT_EQ(c.status, sem::RunStatus::Completed) << schedule << ": " << c.description;
    for (unsigned t = 0; t < 64; ++t) EXPECT_EQ(element_bits(c.buffers[0], t, 4), t * (t + 1) / 2) << t;
  }
}

TEST(ItsGpuEvidence, TheBundledDivergentBarrierIsAnErrorUnderItsOnly) {
  const fs::path dir = fs::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels" / "divergent_barrier";
  const auto p = prepare_from_files(dir / "divergent_barrier.ptx", dir / "launch.toml");
  const RunCapture c = run_capture(*p, sem::ModelKind::Its, kRoundRobin);
  ASSERT_EQ(c.status, sem::RunStatus::Error) << c.description;
  EXPECT_NE(c.description.find("aligned-barrier"), std::string::npos) << c.description;
  // Under mimd every thread is its own unit: barriers count threads, as before.
  EXPECT_EQ(run_capture(*p, sem::ModelKind::Mimd, kRoundRobin).status, sem::RunStatus::Completed);
}

}  // namespace
}  // namespace lockstep::test
