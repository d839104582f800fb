// Every bundled model's launch.toml parses, and a few of them read back as
// written (checked against the TOML text by hand).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <variant>
#include <vector>

#include "spec_test_kit.hpp"

namespace lockstep::test {
namespace {

std::filesystem::path model_spec(const std::string& name) {
  return std::filesystem::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels" / name / "launch.toml";
}

TEST(SpecModels, EveryModelSpecParses) {
  std::vector<std::filesystem::path> specs;
  for (const auto& dir :
       std::filesystem::directory_iterator(std::filesystem::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels")) {
    const auto f = dir.path() / "launch.toml";
    if (std::filesystem::exists(f)) specs.push_back(f);
  }
  std::sort(specs.begin(), specs.end());
  EXPECT_GE(specs.size(), 25U);
  for (const auto& f : specs) {
    SCOPED_TRACE(f.string());
    try {
      const sem::LaunchSpec s = sem::parse_launch_spec_file(f);
      EXPECT_TRUE(s.kernel.has_value());
      EXPECT_FALSE(s.params.empty());
      EXPECT_FALSE(s.buffers.empty());
      for (const auto& b : s.buffers) EXPECT_EQ(b.bytes.size(), b.count * ir::byte_width(b.type));
      for (const auto& e : s.expects) EXPECT_EQ(e.values.size(), s.buffers[e.buffer].count);
    } catch (const InputError& e) {
      ADD_FAILURE() << e.what();
    }
  }
}

TEST(SpecModels, AtmReadsBack) {
  const sem::LaunchSpec s = sem::parse_launch_spec_file(model_spec("atm"));
  EXPECT_EQ(s.path, model_spec("atm").string());
  EXPECT_EQ(s.kernel, "_Z3atmiPiPVi");
  EXPECT_EQ(s.grid, (std::array<std::uint32_t, 3>{2, 1, 1}));
  EXPECT_EQ(s.block, (std::array<std::uint32_t, 3>{32, 1, 1}));
  EXPECT_EQ(s.shared_bytes, 0U);
  ASSERT_EQ(s.params.size(), 3U);
  const auto& p0 = std::get<sem::ScalarParam>(s.params[0].value);
  EXPECT_EQ(p0.type, ir::Type::S32);
  EXPECT_EQ(p0.bits, 64U);
  EXPECT_EQ(std::get<sem::BufferParam>(s.params[1].value).buffer, 0U);  // locks
  EXPECT_EQ(std::get<sem::BufferParam>(s.params[2].value).buffer, 1U);  // balance
  ASSERT_EQ(s.buffers.size(), 2U);
  EXPECT_EQ(s.buffers[0].name, "locks");
  EXPECT_EQ(s.buffers[1].name, "balance");
  EXPECT_EQ(s.buffers[1].count, 8U);
  EXPECT_EQ(element(s.buffers[1], 7), 1000U);
  ASSERT_EQ(s.expects.size(), 2U);  // file order: balance, then locks
  EXPECT_EQ(s.expects[0].buffer, 1U);
  EXPECT_EQ(s.expects[0].values[0].bits, 1040U);
  EXPECT_EQ(s.expects[0].values[7].bits, 960U);
  EXPECT_EQ(s.expects[1].buffer, 0U);
}

TEST(SpecModels, ReduceSharedHasDynamicSharedMemory) {
  const sem::LaunchSpec s = sem::parse_launch_spec_file(model_spec("reduce_shared"));
  EXPECT_EQ(s.shared_bytes, 512U);
  EXPECT_EQ(s.block[0], 128U);
}

TEST(SpecModels, MatmulHasTwoDimensionalGrid) {
  const sem::LaunchSpec s = sem::parse_launch_spec_file(model_spec("matmul_tiled"));
  EXPECT_EQ(s.grid, (std::array<std::uint32_t, 3>{2, 2, 1}));
  EXPECT_EQ(s.block, (std::array<std::uint32_t, 3>{8, 8, 1}));
}

TEST(SpecModels, MathMixFloatTypes) {
  const sem::LaunchSpec s = sem::parse_launch_spec_file(model_spec("math_mix"));
  const auto hout = s.find_buffer("hout");
  ASSERT_TRUE(hout.has_value());
  EXPECT_EQ(s.buffers[*hout].type, ir::Type::F16);
  const auto it = std::find_if(s.expects.begin(), s.expects.end(), [&](const auto& e) { return e.buffer == *hout; });
  ASSERT_NE(it, s.expects.end());
  // hout = [1.5, 0.5, 0.0, 1.75, ..., 961.5, 11.625]
  EXPECT_EQ(it->values[0].bits, 0x3e00U);  // 1.5 = 1.1b x 2^0
  EXPECT_EQ(it->values[1].bits, 0x3800U);  // 0.5
  EXPECT_EQ(it->values[2].bits, 0x0000U);
  EXPECT_EQ(it->values[3].bits, 0x3f00U);   // 1.75 = 1.11b
  EXPECT_EQ(it->values[94].bits, 0x6383U);  // 961.5 = (1 + 899/1024) x 2^9
  const auto f = s.find_buffer("f");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(element(s.buffers[*f], 3), bits_of(3.0F));
  const auto d = s.find_buffer("d");
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(element(s.buffers[*d], 31), bits_of(31.0));
  const auto wout = s.find_buffer("wout");
  ASSERT_TRUE(wout.has_value());
  const auto w = std::find_if(s.expects.begin(), s.expects.end(), [&](const auto& e) { return e.buffer == *wout; });
  ASSERT_NE(w, s.expects.end());
  EXPECT_EQ(w->values[95].bits, static_cast<std::uint64_t>(std::int64_t{-6817276944834955952}));
}

TEST(SpecModels, PrintfKernelScalarFloatParam) {
  const sem::LaunchSpec s = sem::parse_launch_spec_file(model_spec("printf_kernel"));
  ASSERT_EQ(s.params.size(), 2U);
  const auto& scale = std::get<sem::ScalarParam>(s.params[1].value);
  EXPECT_EQ(scale.type, ir::Type::F32);
  EXPECT_EQ(scale.bits, 0x3f000000U);  // 0.5f
}

TEST(SpecModels, MissingFileIsReported) {
  try {
    (void)sem::parse_launch_spec_file("/nonexistent/launch.toml");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/nonexistent/launch.toml: error: cannot read file: No such file or directory");
  }
}

}  // namespace
}  // namespace lockstep::test
