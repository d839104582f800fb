// Persistent sets change no verdict on the bundled models: every kernel of
// models/kernels with a launch.verify.toml (the launches `verify` is tested
// with, tests/cli/verify.cmake) is explored under mimd, stack, its and mp
// with and without persistent sets; where both searches are exhaustive they
// must agree on the verdict kind, the final memory states and the races
// (por_kit.hpp), and a reduced counterexample must replay.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "por_kit.hpp"

namespace lockstep::checker::por_test {
namespace {

std::vector<std::string> verify_kernels() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels")) {
    if (std::filesystem::exists(e.path() / "launch.verify.toml")) out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class PorModels : public ::testing::TestWithParam<std::string> {};

TEST_P(PorModels, VerdictsFinalStatesAndRacesAgreeWithAndWithoutPersistentSets) {
  const std::string name = GetParam();
  const std::string dir = std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/" + name + "/";
  const auto l = launch_from_files(dir + name + ".ptx", dir + "launch.verify.toml");
  unsigned compared = 0;
  for (const char* model : {"mimd", "stack", "its", "mp"}) {
    const Comparison c = compare(*l, model, 200'000, name + " under " + model);
    compared += c.compared ? 1U : 0U;
    std::printf("[ por      ] %s %s: %llu states without, %llu with persistent sets\n", name.c_str(), model,
                static_cast<unsigned long long>(c.states), static_cast<unsigned long long>(c.states_por));
  }
  // hashtable_v1 under mimd is beyond the bound (tests/cli/verify.cmake); the rest compare.
  EXPECT_GE(compared, 3U) << name;
  // The shipped launch (several warps) under the warp-unit stack, where it is small enough.
  const auto big = launch_from_files(dir + name + ".ptx", dir + "launch.toml");
  const Comparison c = compare(*big, "stack", 10'000, name + " (launch.toml) under stack");
  std::printf("[ por      ] %s launch.toml stack: %llu states without, %llu with persistent sets%s\n", name.c_str(),
              static_cast<unsigned long long>(c.states), static_cast<unsigned long long>(c.states_por),
              c.compared ? "" : " (bounded)");
}

INSTANTIATE_TEST_SUITE_P(Kernels, PorModels, ::testing::ValuesIn(verify_kernels()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

TEST(PorModels, TheReductionIsUsedOnIndependentThreadsAndNamesWhyNot) {
  const std::string dir = std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/";
  const auto va = launch_from_files(dir + "vector_add/vector_add.ptx", dir + "vector_add/launch.verify.toml");
  const Exploration r = explore_with(*va, "mimd", true, 1'000'000);
  EXPECT_TRUE(r.persistent_sets);
  EXPECT_GT(r.stats.por_states, 0U);
  EXPECT_GT(r.stats.por_pruned, 0U);
  const auto tm = launch_from_files(dir + "tm_markers/tm_markers.ptx", dir + "tm_markers/launch.verify.toml");
  const Exploration t = explore_with(*tm, "mimd", true, 1'000'000);
  EXPECT_FALSE(t.persistent_sets);
  EXPECT_EQ(t.persistent_sets_off, "the kernel has transactional-memory markers");
}

}  // namespace
}  // namespace lockstep::checker::por_test
