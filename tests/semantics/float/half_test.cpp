// f16, bf16 and their packed x2 forms: arithmetic, .ftz/.sat/.relu, NaN,
// sign operations, min/max, ex2/tanh; and the f16/bf16 <-> f32 helpers of
// value/half.hpp.
#include <gtest/gtest.h>

#include <cmath>

#include "semantics/value/half.hpp"
#include "tests/semantics/float/float_kit.hpp"

namespace lockstep::test {
namespace {

constexpr std::uint64_t kH1 = 0x3c00, kH2 = 0x4000, kH3 = 0x4200, kH4 = 0x4400, kH6 = 0x4600;
constexpr std::uint64_t kB1 = 0x3f80, kB2 = 0x4000, kB3 = 0x4040;

std::uint64_t h2(std::uint64_t lo, std::uint64_t hi) { return lo | (hi << 16); }

std::uint64_t hop(const std::string& op, std::uint64_t a, std::uint64_t b) {
  return runn(op + " %h1, %h2, %h3;", {"%h2", "%h3"}, {a, b}, "%h1");
}
std::uint64_t pop(const std::string& op, std::uint64_t a, std::uint64_t b) {
  return runn(op + " %r1, %r2, %r3;", {"%r2", "%r3"}, {a, b}, "%r1");
}

TEST(Half, ScalarArithmetic) {
  EXPECT_EQ(hop("add.f16", kH1, kH2), kH3);
  EXPECT_EQ(hop("sub.rn.f16", kH1, kH3), 0xc000U);
  EXPECT_EQ(hop("mul.f16", kH2, kH3), kH6);
  EXPECT_EQ(hop("add.rn.f16", 0x6800, kH1), 0x6800U);  // 2048 + 1: tie to even
  EXPECT_EQ(hop("add.bf16", kB1, kB2), kB3);
  EXPECT_EQ(hop("mul.rn.bf16", kB2, kB3), 0x40c0U);     // 6.0
}

TEST(Half, OverflowAndNaN) {
  EXPECT_EQ(hop("add.f16", 0x7bff, 0x7bff), 0x7c00U);
  EXPECT_EQ(hop("add.f16", 0x7c00, 0xfc00), 0x7fffU);   // inf - inf: canonical NaN
  EXPECT_EQ(hop("mul.f16", 0x7e00, kH1), 0x7fffU);
  EXPECT_EQ(hop("mul.bf16", 0x7f80, 0x0000), 0x7fffU);
}

TEST(Half, FtzSatRelu) {
  EXPECT_EQ(hop("add.f16", 0x0001, 0x0000), 0x0001U);
  EXPECT_EQ(hop("add.ftz.f16", 0x0001, 0x0000), 0x0000U);
  EXPECT_EQ(hop("add.ftz.f16", 0x8003, 0x8000), 0x8000U);
  EXPECT_EQ(hop("add.sat.f16", kH1, kH2), kH1);
  EXPECT_EQ(hop("sub.sat.f16", kH1, kH2), 0x0000U);
  EXPECT_EQ(runn("fma.rn.relu.bf16 %h1, %h2, %h3, %h4;", {"%h2", "%h3", "%h4"}, {kB2, kB3, 0xc100}, "%h1"),
            0x0000U);  // 6 - 8 < 0
  EXPECT_EQ(runn("fma.rn.relu.bf16 %h1, %h2, %h3, %h4;", {"%h2", "%h3", "%h4"}, {kB2, kB3, kB1}, "%h1"),
            0x40e0U);  // 7
  EXPECT_EQ(runn("fma.rn.relu.f16 %h1, %h2, %h3, %h4;", {"%h2", "%h3", "%h4"}, {0x7c00, 0x0000, kH1}, "%h1"),
            0x7fffU);  // NaN -> canonical NaN
}

TEST(Half, FusedMultiplyAdd) {
  // (1 + 2^-6)(1 - 2^-6) = 1 - 2^-12: below 1 the f16 ulp is 2^-11, so the
  // separate product rounds to 1 while the fused result keeps -2^-12.
  const std::uint64_t a = 0x3c10, b = 0x3be0;
  EXPECT_EQ(runn("fma.rn.f16 %h1, %h2, %h3, %h4;", {"%h2", "%h3", "%h4"}, {a, b, 0xbc00}, "%h1"), 0x8c00U);
  EXPECT_EQ(hop("mul.rn.f16", a, b), kH1);
}

TEST(Half, PackedElementwise) {
  EXPECT_EQ(pop("add.f16x2", h2(kH1, kH2), h2(kH3, kH4)), h2(kH4, kH6));
  EXPECT_EQ(pop("mul.rn.bf16x2", h2(kB2, kB3), h2(kB3, kB2)), h2(0x40c0, 0x40c0));
  EXPECT_EQ(pop("sub.f16x2", h2(kH1, 0x7c00), h2(kH1, 0x7c00)), h2(0x0000, 0x7fff));
  EXPECT_EQ(runn("fma.rn.f16x2 %r1, %r2, %r3, %r4;", {"%r2", "%r3", "%r4"}, {h2(kH2, kH3), h2(kH3, kH2), h2(kH1, kH1)},
                 "%r1"),
            h2(0x4700, 0x4700));  // 2*3+1 = 7 in both halves
}

TEST(Half, SignOps) {
  EXPECT_EQ(run1("neg.f16 %h1, %h2;", "%h2", kH1, "%h1"), 0xbc00U);
  EXPECT_EQ(run1("abs.bf16 %h1, %h2;", "%h2", 0xbf80, "%h1"), kB1);
  EXPECT_EQ(run1("abs.f16x2 %r1, %r2;", "%r2", h2(0xbc00, 0xc000), "%r1"), h2(kH1, kH2));
  EXPECT_EQ(run1("neg.bf16x2 %r1, %r2;", "%r2", h2(kB1, 0x8000), "%r1"), h2(0xbf80, 0x0000));
  EXPECT_EQ(run1("abs.f16 %h1, %h2;", "%h2", 0xfe01, "%h1"), 0x7fffU);
  EXPECT_EQ(run1("neg.ftz.f16 %h1, %h2;", "%h2", 0x0002, "%h1"), 0x8000U);
}

TEST(Half, MinMax) {
  EXPECT_EQ(pop("min.f16x2", h2(kH1, kH4), h2(kH2, kH3)), h2(kH1, kH3));
  EXPECT_EQ(pop("max.f16x2", h2(0x7e00, 0x8000), h2(kH2, 0x0000)), h2(kH2, 0x0000));
  EXPECT_EQ(pop("max.NaN.bf16x2", h2(0x7fc0, kB1), h2(kB2, kB3)), h2(0x7fff, kB3));
  EXPECT_EQ(hop("min.xorsign.abs.f16", 0xc200, kH2), 0xc000U);  // |-3|,|2| -> 2, sign - (xor)
}

TEST(Half, Ex2AndTanh) {
  EXPECT_EQ(run1("ex2.approx.f16 %h1, %h2;", "%h2", kH3, "%h1"), 0x4800U);                     // 2^3 = 8
  EXPECT_EQ(run1("ex2.approx.ftz.bf16 %h1, %h2;", "%h2", kB3, "%h1"), 0x4100U);                // 8
  EXPECT_EQ(run1("ex2.approx.f16x2 %r1, %r2;", "%r2", h2(kH1, 0xfc00), "%r1"), h2(kH2, 0x0000));
  EXPECT_EQ(run1("tanh.approx.f16 %h1, %h2;", "%h2", 0x7c00, "%h1"), kH1);
  EXPECT_EQ(run1("tanh.approx.bf16 %h1, %h2;", "%h2", 0x8000, "%h1"), 0x8000U);
}

TEST(HalfHelpers, RoundTripAllF16) {
  for (std::uint32_t h = 0; h < 0x10000U; ++h) {
    const auto v = static_cast<std::uint16_t>(h);
    const bool nan = (h & 0x7c00U) == 0x7c00U && (h & 0x3ffU) != 0;
    const std::uint16_t back = sem::f32_to_f16(sem::f16_to_f32(v));
    if (nan) {
      EXPECT_EQ(back, 0x7fffU);
    } else {
      ASSERT_EQ(back, v) << std::hex << h;
    }
  }
}

TEST(HalfHelpers, F16ToF32MatchesFormula) {
  for (std::uint32_t h = 0; h < 0x7c00U; h += 7) {
    const unsigned e = h >> 10;
    const unsigned f = h & 0x3ffU;
    const float value = e == 0 ? std::ldexp(static_cast<float>(f), -24)
                               : std::ldexp(static_cast<float>(f + 1024U), static_cast<int>(e) - 25);
    ASSERT_EQ(sem::f16_to_f32(static_cast<std::uint16_t>(h)), bits(value)) << h;
  }
}

TEST(HalfHelpers, Bf16IsTheHighHalfOfF32) {
  for (std::uint32_t h = 0; h < 0x7f80U; h += 3) {
    ASSERT_EQ(sem::bf16_to_f32(static_cast<std::uint16_t>(h)), h << 16);
    ASSERT_EQ(sem::f32_to_bf16(h << 16), h);
  }
  EXPECT_EQ(sem::f32_to_bf16(0x3f808000U), 0x3f80U);                      // tie, even
  EXPECT_EQ(sem::f32_to_bf16(0x3f818000U), 0x3f82U);                      // tie, odd -> up
  EXPECT_EQ(sem::f32_to_bf16(0x3f808000U, sem::FpRounding::Rp), 0x3f81U);
}

}  // namespace
}  // namespace lockstep::test
