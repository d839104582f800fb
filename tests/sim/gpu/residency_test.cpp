// Memory follows residency: blocks hold semantic state only while resident,
// so a launch that waits on a block that cannot become resident is a
// deadlock naming the occupancy limit (run, with every block resident,
// completes it); a cooperative launch must fit at once; a CTA that fits no
// SM is refused naming the resource.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "semantics/launch/run_model.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

const char* kPtx = "tests/sim/kernels/wait_last_block.ptx";
const char* kSpec = "tests/sim/kernels/wait_last_block.toml";

TEST(Residency, WaitingOnABlockThatCannotBeResidentIsAnOccupancyDeadlock) {
  const auto l = load(kPtx, kSpec);
  const sem::RunOutcome run = sem::run_model(*l->setup, sem::ModelKind::Stack, sem::RunOptions{});
  EXPECT_EQ(run.result.status, sem::RunStatus::Completed);  // every block resident
  const sim::SimResult r = simulate(*l, gpu("tiny"));
  EXPECT_EQ(r.run.status, sem::RunStatus::Deadlock);
  EXPECT_EQ(r.undispatched_blocks, 8U);
  EXPECT_EQ(r.occupancy_deadlock,
            "the resident blocks wait for blocks that cannot become resident: 8 blocks were never dispatched; at most "
            "8 blocks are resident at once (2 SMs x 4 CTAs per SM, limited by CTA slots: 4 CTA slots per SM)");
  ASSERT_EQ(r.run.stuck.size(), 8U);  // blocks 0..7, spinning
  for (std::size_t i = 0; i < r.run.stuck.size(); ++i) {
    EXPECT_EQ(r.run.stuck[i].block, i);
    EXPECT_TRUE(r.run.stuck[i].progressing);
  }
  // With room for every block it completes.
  sim::GpuConfig big = gpu("tiny");
  big.core.max_ctas = 8;
  const sim::SimResult ok = simulate(*l, big);
  EXPECT_EQ(ok.run.status, sem::RunStatus::Completed);
}

TEST(Residency, CooperativeLaunchesMustFitAtOnce) {
  const auto too_big = load(kPtx, kSpec, {{"registers = 8", "registers = 8\ncooperative = true"}});
  try {
    (void)simulate(*too_big, gpu("tiny"));
    FAIL() << "accepted";
  } catch (const sim::LaunchRefused& e) {
    EXPECT_STREQ(e.what(),
                 "the cooperative launch of 16 blocks cannot be resident at once on tiny: at most 8 blocks are (2 SMs "
                 "x 4 CTAs per SM, limited by CTA slots: 4 CTA slots per SM)");
  }
  const auto fits = load(kPtx, kSpec, {{"registers = 8", "registers = 8\ncooperative = true"}, {"[16]", "[8]"}});
  EXPECT_EQ(simulate(*fits, gpu("tiny")).run.status, sem::RunStatus::Completed);
}

TEST(Residency, ACtaThatFitsNoSmIsRefused) {
  const auto l = load(kPtx, kSpec, {{"block = [32]", "block = [1024]"}});
  try {
    (void)simulate(*l, gpu("tiny"));
    FAIL() << "accepted";
  } catch (const sim::LaunchRefused& e) {
    EXPECT_STREQ(e.what(), "the launch cannot run on tiny: a CTA of 1024 threads does not fit an SM: 512 threads per SM");
  }
}

TEST(Residency, ManyMoreBlocksThanSlotsComplete) {
  // 512 blocks through 8 slots (the threads past element 100 only check the bound).
  const auto l = load("models/kernels/vector_add/vector_add.ptx", "models/kernels/vector_add/launch.toml",
                      {{"grid = [2]", "grid = [512]"}, {"block = [64]", "block = [32]"}});
  const sim::SimResult r = simulate(*l, gpu("tiny"));
  ASSERT_EQ(r.run.status, sem::RunStatus::Completed);
  const auto c = buffer(r, *l->setup, 2);
  float last = 0;
  std::memcpy(&last, c.data() + 99 * 4, 4);
  EXPECT_EQ(last, 198.0F);
  EXPECT_EQ(r.sm_stats[0].ctas_completed + r.sm_stats[1].ctas_completed, 512U);
}

}  // namespace
}  // namespace lockstep::test
