// With persistent sets, independent warps cost states linearly: the vector
// add with 1 to 64 warps (one warp per block, every thread on its own
// elements) stores exactly k * units + 1 states, one path through the
// launch, where a unit is a warp (stack) or a thread (mimd) and k the
// number of its steps: after the merged private prefix, one step per
// global load or store (each carries the private instructions after it,
// the last one the exit). Without the reduction the count grows
// exponentially (every interleaving of the warps' loads and stores).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "frontend/ir/instr.hpp"
#include "frontend/ir/kernel.hpp"
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

/// k: the steps of one unit, one per global load or store of the kernel.
std::uint64_t steps_per_unit(const Launch& l) {
  std::uint64_t k = 0;
  for (const ir::Instr& in : l.setup->kernel->code) {
    const bool access = in.op == ir::Opcode::Ld || in.op == ir::Opcode::St;
    if (access && in.space == ir::Space::Global) ++k;
  }
  return k;
}

TEST(PorScaling, VectorAddStatesGrowLinearlyWithWarpsUnderTheStack) {
  for (const unsigned w : {1U, 2U, 4U, 8U, 16U, 32U, 64U}) {
    const auto l = vector_add(w);
    const std::uint64_t k = steps_per_unit(*l);
    ASSERT_EQ(k, 3U);  // two loads, one store
    const Exploration r = explore_with(*l, "stack", true, 1'000'000);
    ASSERT_TRUE(r.exhaustive()) << w;
    EXPECT_FALSE(r.finding) << w;
    EXPECT_EQ(r.final_digests.size(), 1U) << w;
    // Each warp takes its k steps one after the other: one path.
    EXPECT_EQ(r.stats.states, k * w + 1) << w << " warps";
    EXPECT_EQ(r.stats.transitions, r.stats.states - 1) << w;
    EXPECT_GE(r.stats.por_states, k * (w - 1)) << w;  // reduced while other warps have steps left
  }
}

TEST(PorScaling, WithoutTheReductionTheStatesGrowExponentially) {
  std::uint64_t states[5] = {};
  for (const unsigned w : {1U, 2U, 4U}) {
    const auto l = vector_add(w);
    const Exploration r = explore_with(*l, "stack", false, 1'000'000);
    ASSERT_TRUE(r.exhaustive()) << w;
    states[w] = r.stats.states;
    // k * w + 1 only with one warp: the linear count is the reduction's.
    if (w > 1) {
      EXPECT_GT(states[w], steps_per_unit(*l) * w + 1) << w;
    }
  }
  // (k+1)^w for k steps per warp: far more than linear.
  EXPECT_EQ(states[1], 4U);
  EXPECT_EQ(states[2], 16U);
  EXPECT_EQ(states[4], 256U);
}

TEST(PorScaling, VectorAddStatesGrowLinearlyWithThreadsUnderMimd) {
  // 16 warps (512 threads) keep the test quick in sanitizer builds;
  // bench/por-scaling sweeps 1 to 64 warps and 8 x 256 threads.
  for (const unsigned w : {1U, 2U, 4U, 8U, 16U}) {
    const auto l = vector_add(w);
    const std::uint64_t k = steps_per_unit(*l);
    const Exploration r = explore_with(*l, "mimd", true, 1'000'000);
    ASSERT_TRUE(r.exhaustive()) << w;
    EXPECT_EQ(r.final_digests.size(), 1U) << w;
    EXPECT_EQ(r.stats.states, k * 32 * w + 1) << w << " warps";
    EXPECT_EQ(r.stats.transitions, r.stats.states - 1) << w;
  }
}

}  // namespace
}  // namespace lockstep::checker::por_test
