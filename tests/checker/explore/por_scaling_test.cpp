// With persistent sets, independent warps cost states linearly: the vector
// add with 1 to 64 warps (one warp per block, every thread on its own
// elements) stores a number of states that grows linearly with the warps,
// under the stack and (threads) under mimd; without the reduction it grows
// exponentially (every interleaving of the warps' loads and stores).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "por_kit.hpp"

namespace lockstep::checker::por_test {
namespace {

std::unique_ptr<Launch> vector_add(unsigned warps) {
  const std::string n = std::to_string(warps * 32);
  std::string s = "kernel = \"_Z10vector_addPKfS0_Pfi\"\ngrid = [" + std::to_string(warps) +
                  "]\nblock = [32]\nparams = [\"a\", \"b\", \"c\", {type = \"s32\", value = " + n + "}]\n";
  for (const char* b : {"a", "b", "c"}) {
    s += std::string("[[buffer]]\nname = \"") + b + "\"\ntype = \"f32\"\ncount = " + n + "\ninit = \"" +
         (b[0] == 'c' ? "zeros" : "iota") + "\"\n";
  }
  return launch_from_file_and_text(std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/vector_add/vector_add.ptx", s);
}

TEST(PorScaling, VectorAddStatesGrowLinearlyWithWarpsUnderTheStack) {
  std::uint64_t one = 0;
  for (const unsigned w : {1U, 2U, 4U, 8U, 16U, 32U, 64U}) {
    const auto l = vector_add(w);
    const Exploration r = explore_with(*l, "stack", true, 1'000'000);
    ASSERT_TRUE(r.exhaustive()) << w;
    EXPECT_FALSE(r.finding) << w;
    EXPECT_EQ(r.final_digests.size(), 1U) << w;
    if (w == 1) one = r.stats.states;
    // Each warp takes the same few steps one after the other.
    EXPECT_LE(r.stats.states, one * w + 1) << w << " warps: " << r.stats.states << " states";
    EXPECT_EQ(r.stats.transitions, r.stats.states - 1) << w;  // one path
  }
}

TEST(PorScaling, WithoutTheReductionTheStatesGrowExponentially) {
  std::uint64_t states[5] = {};
  for (const unsigned w : {1U, 2U, 4U}) {
    const auto l = vector_add(w);
    const Exploration r = explore_with(*l, "stack", false, 1'000'000);
    ASSERT_TRUE(r.exhaustive()) << w;
    states[w] = r.stats.states;
  }
  // (k+1)^w for k steps per warp: far more than linear.
  EXPECT_GT(states[2], 2 * states[1]);
  EXPECT_GT(states[4], 4 * states[2]);
}

TEST(PorScaling, VectorAddStatesGrowLinearlyWithThreadsUnderMimd) {
  std::uint64_t one = 0;
  for (const unsigned w : {1U, 2U, 4U, 8U}) {
    const auto l = vector_add(w);
    const Exploration r = explore_with(*l, "mimd", true, 1'000'000);
    ASSERT_TRUE(r.exhaustive()) << w;
    EXPECT_EQ(r.final_digests.size(), 1U) << w;
    if (w == 1) one = r.stats.states;
    EXPECT_LE(r.stats.states, one * w + 1) << w << " warps: " << r.stats.states << " states";
  }
}

}  // namespace
}  // namespace lockstep::checker::por_test
