// Buffer init modes: zeros, iota, random:SEED, file:PATH, inline arrays.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <vector>

#include "semantics/spec/buffer_init.hpp"
#include "semantics/spec/half.hpp"
#include "spec_test_kit.hpp"

namespace lockstep::test {
namespace {

/// Reference splitmix64 (Steele, Lea, Flood 2014; Vigna's C version).
struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

sem::BufferSpec one_buffer(const std::string& fields) {
  const sem::LaunchSpec s = parse_spec(with_dims("[[buffer]]\nname = \"b\"\n" + fields));
  EXPECT_EQ(s.buffers.size(), 1U);
  return s.buffers.at(0);
}

TEST(SpecInit, ZerosAndDefault) {
  const sem::BufferSpec a = one_buffer("type = \"f64\"\ncount = 3\ninit = \"zeros\"\n");
  EXPECT_EQ(a.count, 3U);
  EXPECT_EQ(a.bytes, std::vector<std::uint8_t>(24, 0));
  const sem::BufferSpec b = one_buffer("type = \"u16\"\ncount = 5\n");
  EXPECT_EQ(b.bytes, std::vector<std::uint8_t>(10, 0));
}

TEST(SpecInit, IotaIntegersWrapLikeC) {
  const sem::BufferSpec u = one_buffer("type = \"u8\"\ncount = 300\ninit = \"iota\"\n");
  EXPECT_EQ(element(u, 0), 0U);
  EXPECT_EQ(element(u, 255), 255U);
  EXPECT_EQ(element(u, 256), 0U);
  EXPECT_EQ(element(u, 299), 43U);
  const sem::BufferSpec s = one_buffer("type = \"s8\"\ncount = 200\ninit = \"iota\"\n");
  EXPECT_EQ(element(s, 127), 0x7fU);
  EXPECT_EQ(element(s, 128), 0x80U);  // (signed char)128 == -128
  const sem::BufferSpec w = one_buffer("type = \"s64\"\ncount = 3\ninit = \"iota\"\n");
  EXPECT_EQ(element(w, 2), 2U);
  EXPECT_EQ(sem::iota_element(ir::Type::U16, 65537), 1U);
  EXPECT_EQ(sem::iota_element(ir::Type::U64, 0xffffffffffffffffULL), 0xffffffffffffffffULL);
}

TEST(SpecInit, IotaFloatsRoundToNearestEven) {
  const sem::BufferSpec f = one_buffer("type = \"f32\"\ncount = 4\ninit = \"iota\"\n");
  EXPECT_EQ(element(f, 3), bits_of(3.0F));
  const sem::BufferSpec d = one_buffer("type = \"f64\"\ncount = 4\ninit = \"iota\"\n");
  EXPECT_EQ(element(d, 3), bits_of(3.0));
  const sem::BufferSpec h = one_buffer("type = \"f16\"\ncount = 2100\ninit = \"iota\"\n");
  EXPECT_EQ(element(h, 1), 0x3c00U);
  EXPECT_EQ(element(h, 1000), 0x63d0U);  // 1000 = (1 + 976/1024) x 2^9
  EXPECT_EQ(element(h, 2048), 0x6800U);  // 2^11
  EXPECT_EQ(element(h, 2049), 0x6800U);  // tie between 2048 and 2050 -> even 2048
  EXPECT_EQ(element(h, 2051), 0x6802U);  // tie between 2050 and 2052 -> even 2052
  EXPECT_EQ(sem::iota_element(ir::Type::F16, 65504), 0x7bffU);
  EXPECT_EQ(sem::iota_element(ir::Type::F16, 65519), 0x7bffU);
  EXPECT_EQ(sem::iota_element(ir::Type::F16, 65520), 0x7c00U);
  EXPECT_EQ(sem::iota_element(ir::Type::F32, 16777217), bits_of(16777216.0F));
}

TEST(SpecInit, RandomIsSplitMix64) {
  SplitMix64 zero{0};
  EXPECT_EQ(sem::random_draw(0, 0), zero.next());
  EXPECT_EQ(sem::random_draw(0, 0), 0xe220a8397b1dcdafULL);  // published first output for seed 0
  // Published sequence for seed 1234567.
  const std::uint64_t published[] = {6457827717110365317ULL, 3203168211198807973ULL, 9817491932198370423ULL,
                                     4593380528125082431ULL, 16408922859458223821ULL};
  for (std::uint64_t i = 0; i < 5; ++i) EXPECT_EQ(sem::random_draw(1234567, i), published[i]) << i;

  const sem::BufferSpec u = one_buffer("type = \"u64\"\ncount = 5\ninit = \"random:1234567\"\n");
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(element(u, i), published[i]) << i;
  const sem::BufferSpec h = one_buffer("type = \"u32\"\ncount = 5\ninit = \"random:0x12D687\"\n");
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(element(h, i), published[i] & 0xffffffffU) << i;
  const sem::BufferSpec b = one_buffer("type = \"s8\"\ncount = 5\ninit = \"random:1234567\"\n");
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(element(b, i), published[i] & 0xffU) << i;
  const sem::BufferSpec big = one_buffer("type = \"u8\"\ncount = 1\ninit = \"random:18446744073709551615\"\n");
  SplitMix64 top{0xffffffffffffffffULL};
  EXPECT_EQ(element(big, 0), top.next() & 0xffU);
}

TEST(SpecInit, RandomFloatsAreUniformInUnitInterval) {
  SplitMix64 g{99};
  const sem::BufferSpec d = one_buffer("type = \"f64\"\ncount = 64\ninit = \"random:99\"\n");
  const sem::BufferSpec f = one_buffer("type = \"f32\"\ncount = 64\ninit = \"random:99\"\n");
  const sem::BufferSpec h = one_buffer("type = \"f16\"\ncount = 64\ninit = \"random:99\"\n");
  for (std::size_t i = 0; i < 64; ++i) {
    const std::uint64_t r = g.next();
    const double dv = std::bit_cast<double>(element(d, i));
    EXPECT_EQ(dv, static_cast<double>(r >> 11) / 9007199254740992.0);  // / 2^53
    EXPECT_GE(dv, 0.0);
    EXPECT_LT(dv, 1.0);
    const float fv = std::bit_cast<float>(static_cast<std::uint32_t>(element(f, i)));
    EXPECT_EQ(fv, static_cast<float>(r >> 40) / 16777216.0F);  // / 2^24
    const float hv = sem::half_to_float(static_cast<std::uint16_t>(element(h, i)));
    EXPECT_EQ(hv, static_cast<float>(r >> 53) / 2048.0F);  // / 2^11
  }
}

TEST(SpecInit, FileRelativeToSpecFolder) {
  const sem::BufferSpec b = one_buffer("type = \"u32\"\ncount = 4\ninit = \"file:u32x4.bin\"\n");
  EXPECT_EQ(element(b, 0), 1U);
  EXPECT_EQ(element(b, 3), 0xdeadbeefU);
  const sem::BufferSpec n = one_buffer("type = \"u8\"\ncount = 16\ninit = \"file:sub/nested.bin\"\n");
  EXPECT_EQ(element(n, 0), 1U);
  EXPECT_EQ(element(n, 15), 0xdeU);
  const sem::BufferSpec a =
      one_buffer("type = \"u16\"\ncount = 5\ninit = \"file:" + (spec_data_dir() / "bytes10.bin").string() + "\"\n");
  EXPECT_EQ(element(a, 0), 0x0100U);
  EXPECT_EQ(element(a, 4), 0x0908U);
}

TEST(SpecInit, SpecFileResolvesFilesNextToIt) {
  const sem::LaunchSpec s = sem::parse_launch_spec_file(spec_data_dir() / "file_init.toml");
  ASSERT_EQ(s.buffers.size(), 2U);
  EXPECT_EQ(element(s.buffers[0], 3), 0xdeadbeefU);
  EXPECT_EQ(element(s.buffers[1], 0), 0x3c00U);
  EXPECT_EQ(element(s.buffers[1], 1), 0xc000U);
  EXPECT_EQ(element(s.buffers[1], 2), 0x7e00U);
  EXPECT_EQ(s.expects[0].values[3].bits, 0xdeadbeefU);
}

TEST(SpecInit, InlineArrays) {
  const sem::BufferSpec u = one_buffer("type = \"u8\"\ninit = [0, 255, 0x7f]\n");
  EXPECT_EQ(u.count, 3U);
  EXPECT_EQ(u.bytes, (std::vector<std::uint8_t>{0, 255, 0x7f}));
  const sem::BufferSpec s = one_buffer("type = \"s16\"\ncount = 2\ninit = [-32768, 32767]\n");
  EXPECT_EQ(s.bytes, (std::vector<std::uint8_t>{0x00, 0x80, 0xff, 0x7f}));
  const sem::BufferSpec w = one_buffer("type = \"s64\"\ninit = [-9223372036854775808, 9223372036854775807]\n");
  EXPECT_EQ(element(w, 0), 0x8000000000000000ULL);
  EXPECT_EQ(element(w, 1), 0x7fffffffffffffffULL);
  const sem::BufferSpec f = one_buffer("type = \"f32\"\ninit = [1, -0.0, inf, 1e-46, 3.4028235e38]\n");
  EXPECT_EQ(element(f, 0), 0x3f800000U);
  EXPECT_EQ(element(f, 1), 0x80000000U);
  EXPECT_EQ(element(f, 2), 0x7f800000U);
  EXPECT_EQ(element(f, 3), 0U);           // below half the smallest subnormal: rounds to 0
  EXPECT_EQ(element(f, 4), 0x7f7fffffU);  // FLT_MAX
  const sem::BufferSpec d = one_buffer("type = \"f64\"\ninit = [0.1, -nan, 9007199254740993]\n");
  EXPECT_EQ(element(d, 0), bits_of(0.1));
  EXPECT_EQ(element(d, 1), 0xfff8000000000000ULL);
  EXPECT_EQ(element(d, 2), bits_of(9007199254740992.0));  // 2^53 + 1 rounds to even
}

TEST(SpecInit, InlineF16Values) {
  const sem::BufferSpec h = one_buffer(
      "type = \"f16\"\ninit = [1.0, -2, 65504, 65519.99, 0.1, 0.333333333333, 5.9604644775390625e-08,\n"
      "  2.98023223876953125e-08, 8.94069671630859375e-08, 6.0975551605224609375e-05, nan, -inf, 1e-9, -0.0]\n");
  const std::vector<std::uint64_t> want = {
      0x3c00,  // 1
      0xc000,  // -2
      0x7bff,  // 65504, the largest finite f16
      0x7bff,  // below 65520, the midpoint to 65536: rounds down
      0x2e66,  // 0.1 = 1.6 x 2^-4: fraction 614.4/1024 -> 614
      0x3555,  // 1/3 = 1.333 x 2^-2: fraction 341.33/1024 -> 341
      0x0001,  // 2^-24, the smallest subnormal
      0x0000,  // 2^-25: tie between 0 and 2^-24 -> even (0)
      0x0002,  // 1.5 x 2^-24: tie between 1 and 2 units -> even (2)
      0x03ff,  // 2^-14 - 2^-24, the largest subnormal
      0x7e00,  // nan
      0xfc00,  // -inf
      0x0000,  // 1e-9 underflows to 0
      0x8000,  // -0
  };
  ASSERT_EQ(h.count, want.size());
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(element(h, i), want[i]) << i;
}

}  // namespace
}  // namespace lockstep::test
