// Valid launch specs: defaults, dimensions, params, constants, expectations.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <variant>

#include "spec_test_kit.hpp"

namespace lockstep::test {
namespace {

TEST(SpecParse, MinimalSpecHasDefaults) {
  const sem::LaunchSpec s = parse_spec("grid = [3]\nblock = [7]\n");
  EXPECT_EQ(s.path, "t.toml");
  EXPECT_FALSE(s.kernel.has_value());
  EXPECT_EQ(s.grid, (std::array<std::uint32_t, 3>{3, 1, 1}));
  EXPECT_EQ(s.block, (std::array<std::uint32_t, 3>{7, 1, 1}));
  EXPECT_EQ(s.shared_bytes, 0U);
  EXPECT_TRUE(s.buffers.empty());
  EXPECT_TRUE(s.params.empty());
  EXPECT_TRUE(s.constants.empty());
  EXPECT_TRUE(s.expects.empty());
}

TEST(SpecParse, KernelNameAndLocation) {
  const sem::LaunchSpec s = parse_spec("# comment\nkernel = \"_Z1kv\"\ngrid = [1]\nblock = [1]\n");
  EXPECT_EQ(s.kernel, "_Z1kv");
  EXPECT_EQ(s.kernel_loc, (ir::SrcLoc{2, 10}));
  EXPECT_EQ(std::string(s.error_at(s.kernel_loc, "kernel '_Z1kv' not found").what()),
            "t.toml:2:10: error: kernel '_Z1kv' not found");
}

TEST(SpecParse, DimensionsAtTheirLimits) {
  const sem::LaunchSpec s =
      parse_spec("grid = [2147483647, 65535, 65535]\nblock = [1, 16, 64]\nshared_bytes = 233472\n");
  EXPECT_EQ(s.grid, (std::array<std::uint32_t, 3>{2147483647U, 65535U, 65535U}));
  EXPECT_EQ(s.block, (std::array<std::uint32_t, 3>{1, 16, 64}));
  EXPECT_EQ(s.shared_bytes, 233472U);
  const sem::LaunchSpec t = parse_spec("grid = [1]\nblock = [1024]\n");
  EXPECT_EQ(t.block[0], 1024U);
  const sem::LaunchSpec u = parse_spec("grid = [1]\nblock = [1, 1024]\n");
  EXPECT_EQ(u.block[1], 1024U);
}

TEST(SpecParse, ScalarParamsOfEveryType) {
  const sem::LaunchSpec s = parse_spec(
      with_dims("params = [\n"
                "  {type = \"u8\", value = 255}, {type = \"s8\", value = -128}, {type = \"u16\", value = 65535},\n"
                "  {type = \"s16\", value = -2}, {type = \"u32\", value = 0xdeadbeef}, {type = \"s32\", value = -1},\n"
                "  {type = \"u64\", value = \"0xffffffffffffffff\"}, {type = \"s64\", value = -9223372036854775808},\n"
                "  {type = \"f16\", value = -2}, {type = \"f32\", value = 0.1}, {type = \"f64\", value = -0.0},\n"
                "  {type = \"u64\", value = \"18446744073709551615\"}, {type = \"u64\", value = 42},\n"
                "]\n"));
  ASSERT_EQ(s.params.size(), 13U);
  const auto scalar = [&](std::size_t i) { return std::get<sem::ScalarParam>(s.params[i].value); };
  EXPECT_EQ(scalar(0).type, ir::Type::U8);
  EXPECT_EQ(scalar(0).bits, 0xffU);
  EXPECT_EQ(scalar(1).bits, 0x80U);
  EXPECT_EQ(scalar(2).bits, 0xffffU);
  EXPECT_EQ(scalar(3).bits, 0xfffeU);
  EXPECT_EQ(scalar(4).bits, 0xdeadbeefU);
  EXPECT_EQ(scalar(5).bits, 0xffffffffU);
  EXPECT_EQ(scalar(6).bits, 0xffffffffffffffffULL);
  EXPECT_EQ(scalar(7).bits, 0x8000000000000000ULL);
  EXPECT_EQ(scalar(8).type, ir::Type::F16);
  EXPECT_EQ(scalar(8).bits, 0xc000U);
  EXPECT_EQ(scalar(9).bits, bits_of(0.1F));
  EXPECT_EQ(scalar(10).bits, 0x8000000000000000ULL);
  EXPECT_EQ(scalar(11).bits, 0xffffffffffffffffULL);
  EXPECT_EQ(scalar(12).bits, 42U);
  EXPECT_EQ(s.params[1].loc, (ir::SrcLoc{4, 31}));
}

TEST(SpecParse, BufferParamsNameBuffersByIndex) {
  const sem::LaunchSpec s =
      parse_spec(with_dims("params = [\"b\", \"a\", \"b\"]\n"
                           "[[buffer]]\nname = \"a\"\ntype = \"u8\"\ncount = 1\n"
                           "[[buffer]]\nname = \"b\"\ntype = \"u8\"\ncount = 1\n"));
  ASSERT_EQ(s.params.size(), 3U);
  EXPECT_EQ(std::get<sem::BufferParam>(s.params[0].value).buffer, 1U);
  EXPECT_EQ(std::get<sem::BufferParam>(s.params[1].value).buffer, 0U);
  EXPECT_EQ(std::get<sem::BufferParam>(s.params[2].value).buffer, 1U);
  EXPECT_EQ(s.buffers[0].loc, (ir::SrcLoc{4, 1}));
  EXPECT_EQ(s.buffers[1].loc, (ir::SrcLoc{8, 1}));
  EXPECT_EQ(s.find_buffer("b"), 1U);
  EXPECT_FALSE(s.find_buffer("c").has_value());
}

TEST(SpecParse, ConstantsKeepRawNumbersInFileOrder) {
  const sem::LaunchSpec s =
      parse_spec(with_dims("[constants]\n"
                           "zeta = 5\n"
                           "alpha = [1, -2.5, \"0xffffffffffffffff\", nan]\n"
                           "\"$str\" = [104, 105, 0]\n"));
  ASSERT_EQ(s.constants.size(), 3U);
  EXPECT_EQ(s.constants[0].name, "zeta");
  EXPECT_FALSE(s.constants[0].is_array);
  ASSERT_EQ(s.constants[0].values.size(), 1U);
  EXPECT_EQ(s.constants[0].values[0].kind, sem::SpecNumber::Kind::Integer);
  EXPECT_EQ(s.constants[0].values[0].integer, 5);
  EXPECT_EQ(s.constants[0].loc, (ir::SrcLoc{4, 1}));
  EXPECT_EQ(s.constants[1].name, "alpha");
  EXPECT_TRUE(s.constants[1].is_array);
  ASSERT_EQ(s.constants[1].values.size(), 4U);
  EXPECT_EQ(s.constants[1].values[1].kind, sem::SpecNumber::Kind::Float);
  EXPECT_EQ(s.constants[1].values[1].real, -2.5);
  EXPECT_EQ(s.constants[1].values[1].loc, (ir::SrcLoc{5, 13}));
  EXPECT_EQ(s.constants[1].values[2].kind, sem::SpecNumber::Kind::String);
  EXPECT_EQ(s.constants[1].values[2].text, "0xffffffffffffffff");
  EXPECT_TRUE(std::isnan(s.constants[1].values[3].real));
  EXPECT_EQ(s.constants[2].name, "$str");
  // Typed at resolution: a .b8 array takes the numbers as bytes.
  const sem::Encoded e = sem::encode_number(ir::Type::B8, s.constants[2].values[0]);
  EXPECT_TRUE(e.ok());
  EXPECT_EQ(e.bits, 104U);
  EXPECT_EQ(sem::encode_number(ir::Type::U64, s.constants[1].values[2]).bits, 0xffffffffffffffffULL);
}

TEST(SpecParse, ExpectArraysAndBroadcasts) {
  const sem::LaunchSpec s =
      parse_spec(with_dims("[[buffer]]\nname = \"a\"\ntype = \"s16\"\ncount = 3\n"
                           "[[buffer]]\nname = \"f\"\ntype = \"f32\"\ncount = 4\n"
                           "[expect]\n"
                           "f = [1, 0.5, nan, -inf]\n"
                           "a = -7\n"));
  ASSERT_EQ(s.expects.size(), 2U);
  const sem::ExpectSpec& f = s.expects[0];
  EXPECT_EQ(f.buffer, 1U);
  EXPECT_EQ(f.loc, (ir::SrcLoc{12, 1}));
  ASSERT_EQ(f.values.size(), 4U);
  EXPECT_EQ(f.values[0].bits, 0x3f800000U);
  EXPECT_EQ(f.values[1].bits, 0x3f000000U);
  EXPECT_TRUE(f.values[2].any_nan);
  EXPECT_FALSE(f.values[3].any_nan);
  EXPECT_EQ(f.values[3].bits, 0xff800000U);
  const sem::ExpectSpec& a = s.expects[1];
  EXPECT_EQ(a.buffer, 0U);
  ASSERT_EQ(a.values.size(), 3U);
  for (const auto& v : a.values) EXPECT_EQ(v.bits, 0xfff9U);
}

TEST(SpecParse, U64ExpectTakesStrings) {
  const sem::LaunchSpec s =
      parse_spec(with_dims("[[buffer]]\nname = \"w\"\ntype = \"u64\"\ninit = [\"0x8000000000000000\", 1]\n"
                           "[expect]\nw = [\"9223372036854775808\", \"0X1\"]\n"));
  EXPECT_EQ(s.buffers[0].count, 2U);
  EXPECT_EQ(element(s.buffers[0], 0), 0x8000000000000000ULL);
  EXPECT_EQ(s.expects[0].values[0].bits, 0x8000000000000000ULL);
  EXPECT_EQ(s.expects[0].values[1].bits, 1U);
}

TEST(SpecParse, NegativeNanKeepsItsSign) {
  const sem::LaunchSpec s =
      parse_spec(with_dims("[[buffer]]\nname = \"f\"\ntype = \"f32\"\ninit = [nan, -nan, +nan]\n"
                           "[constants]\n\"\u00e9t\u00e9\" = [ -nan , nan]\n"));
  EXPECT_EQ(element(s.buffers[0], 0), 0x7fc00000U);
  EXPECT_EQ(element(s.buffers[0], 1), 0xffc00000U);
  EXPECT_EQ(element(s.buffers[0], 2), 0x7fc00000U);
  ASSERT_EQ(s.constants.size(), 1U);
  EXPECT_TRUE(std::signbit(s.constants[0].values[0].real));  // after a multi-byte key
  EXPECT_FALSE(std::signbit(s.constants[0].values[1].real));
}

TEST(SpecParse, KeysAndTablesInAnyOrder) {
  // [expect] names a buffer defined further down.
  const sem::LaunchSpec s = parse_spec(
      "params = [\"x\"]\nblock = [2]\ngrid = [1]\n[expect]\nx = [0, 1]\n[constants]\nk = 1\n"
      "[[buffer]]\ncount = 2\ninit = \"iota\"\ntype = \"f64\"\nname = \"x\"\n");
  EXPECT_EQ(std::get<sem::BufferParam>(s.params[0].value).buffer, 0U);
  EXPECT_EQ(s.block[0], 2U);
  ASSERT_EQ(s.expects.size(), 1U);
  EXPECT_EQ(s.expects[0].values[1].bits, bits_of(1.0));
}

TEST(SpecParse, TomlTableSyntaxForGridAndBlockKeys) {
  // The top level may be written after a table too, with dotted keys.
  const sem::LaunchSpec s =
      parse_spec("grid = [1]\nblock = [32]\nexpect.x = 3\n[[buffer]]\nname = \"x\"\ntype = \"u8\"\ncount = 1\n");
  ASSERT_EQ(s.expects.size(), 1U);
  EXPECT_EQ(s.expects[0].values[0].bits, 3U);
}

}  // namespace
}  // namespace lockstep::test
