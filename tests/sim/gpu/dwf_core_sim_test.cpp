// Dynamic warp formation in the simulator pools the threads of every block
// resident on an SM (core scope, docs/models/dwf.md "Core scope"; research
// 001-microarch-tbc.md §3.1: the warp pool is per core): on tiny, blocks of
// one warp whose short paths are taken by complementary half warps run those
// paths as full warps when they share an SM, which `run`'s block scope
// cannot; every thread still reads its own block's shared memory after its
// block's barrier.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "semantics/launch/run_model.hpp"
#include "semantics/launch/run_options.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

const char* const kPtx = "tests/sim/kernels/mix_blocks.ptx";
const char* const kSpec = "tests/sim/kernels/mix_blocks.toml";

std::vector<std::uint32_t> expected() {
  std::vector<std::uint32_t> v;
  for (unsigned b = 0; b < 8; ++b) {
    for (unsigned t = 0; t < 32; ++t) {
      const unsigned from = 31 - t;
      const bool short_path = (from < 16) != ((b & 2U) != 0);
      v.push_back((short_path ? 2 * from : 3 * from) + 18 + 1000 * b);
    }
  }
  return v;
}

std::vector<std::uint32_t> words(const std::vector<std::uint8_t>& bytes) {
  std::vector<std::uint32_t> v(bytes.size() / 4);
  for (std::size_t i = 0; i < v.size(); ++i) {
    v[i] = static_cast<std::uint32_t>(bytes[4 * i]) | static_cast<std::uint32_t>(bytes[4 * i + 1]) << 8 |
           static_cast<std::uint32_t>(bytes[4 * i + 2]) << 16 | static_cast<std::uint32_t>(bytes[4 * i + 3]) << 24;
  }
  return v;
}

TEST(DwfCoreSim, BlocksOnOneSmShareDynamicWarps) {
  const auto l = load(kPtx, kSpec);
  const sim::GpuConfig g = gpu("tiny");
  for (const sem::ModelKind kind : {sem::ModelKind::Dwf, sem::ModelKind::DwfWb}) {
    const sim::SimResult stack = simulate(*l, g, sem::ModelKind::Stack);
    const sim::SimResult dwf = simulate(*l, g, kind);
    ASSERT_EQ(stack.run.status, sem::RunStatus::Completed);
    ASSERT_EQ(dwf.run.status, sem::RunStatus::Completed);
    EXPECT_EQ(words(buffer(dwf, *l->setup, 0)), expected());
    EXPECT_EQ(words(buffer(stack, *l->setup, 0)), expected());
    // `run` keeps one pool per block: no block's half warps ever merge.
    const sem::RunOutcome run = sem::run_model(*l->setup, kind, sem::RunOptions{});
    ASSERT_EQ(run.result.status, sem::RunStatus::Completed);
    const double run_warps = static_cast<double>(run.result.stats.warp_instructions);
    const double sim_warps = stat(dwf, g, "gpgpu_n_tot_w_icount");
    // Each SM holds four blocks, two of each half; their short and long paths
    // (3 instructions each, 8 blocks) run as 8 full warps instead of 16 halves:
    // 2 x 8 x 3 = 48 warp instructions fewer at best. The core's pool merges
    // at least the short paths of one pair on each SM.
    EXPECT_LT(sim_warps, run_warps - 5) << sem::model_kind_name(kind);
    EXPECT_GT(stat(dwf, g, "lockstep_simd_efficiency"), stat(stack, g, "lockstep_simd_efficiency"));
  }
}

}  // namespace
}  // namespace lockstep::test
