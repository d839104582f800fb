// min/max (NaN handling, signed zeros, .NaN, .xorsign.abs, .ftz), abs, neg,
// copysign and testp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/semantics/float/float_kit.hpp"

namespace lockstep::test {
namespace {

const float kInf = std::numeric_limits<float>::infinity();
const float kNan = std::numeric_limits<float>::quiet_NaN();
const float kMinSubF = std::numeric_limits<float>::denorm_min();
constexpr std::uint64_t kNanF = 0x7fffffffU;

TEST(FloatMinMax, OrdinaryValues) {
  EXPECT_EQ(f32op("min.f32", 1.0f, -2.0f), bits(-2.0f));
  EXPECT_EQ(f32op("max.f32", 1.0f, -2.0f), bits(1.0f));
  EXPECT_EQ(f64op("min.f64", 3.5, 3.25), bits(3.25));
  EXPECT_EQ(f64op("max.f64", -static_cast<double>(kInf), -1e300), bits(-1e300));
  EXPECT_EQ(f32op("max.f32", kInf, 1.0f), bits(kInf));
}

TEST(FloatMinMax, SignedZerosOrderedMinusBeforePlus) {
  EXPECT_EQ(f32op("min.f32", 0.0f, -0.0f), bits(-0.0f));
  EXPECT_EQ(f32op("min.f32", -0.0f, 0.0f), bits(-0.0f));
  EXPECT_EQ(f32op("max.f32", -0.0f, 0.0f), bits(0.0f));
  EXPECT_EQ(f32op("max.f32", 0.0f, -0.0f), bits(0.0f));
  EXPECT_EQ(f64op("max.f64", -0.0, 0.0), bits(0.0));
}

TEST(FloatMinMax, OneNaNGivesTheOtherOperand) {
  EXPECT_EQ(f32op("min.f32", kNan, 3.0f), bits(3.0f));
  EXPECT_EQ(f32op("max.f32", 3.0f, kNan), bits(3.0f));
  EXPECT_EQ(f64op("min.f64", std::nan(""), -1.0), bits(-1.0));
}

TEST(FloatMinMax, BothNaNGiveNaN) {
  EXPECT_EQ(f32op("min.f32", kNan, kNan), kNanF);
  const std::uint64_t payload = 0x7ff8000000000abcULL;
  EXPECT_EQ(runn("max.f64 %fd1, %fd2, %fd3;", {"%fd2", "%fd3"}, {payload, bits(std::nan(""))}, "%fd1"), payload);
}

TEST(FloatMinMax, NaNModifierPropagates) {
  EXPECT_EQ(f32op("min.NaN.f32", kNan, 3.0f), kNanF);
  EXPECT_EQ(f32op("max.NaN.f32", 3.0f, kNan), kNanF);
  EXPECT_EQ(f32op("max.NaN.f32", 3.0f, 4.0f), bits(4.0f));
}

TEST(FloatMinMax, XorsignAbs) {
  EXPECT_EQ(f32op("min.xorsign.abs.f32", -3.0f, 2.0f), bits(-2.0f));
  EXPECT_EQ(f32op("max.xorsign.abs.f32", -3.0f, 2.0f), bits(-3.0f));
  EXPECT_EQ(f32op("max.xorsign.abs.f32", -3.0f, -2.0f), bits(3.0f));
  EXPECT_EQ(f32op("min.xorsign.abs.f32", 5.0f, 7.0f), bits(5.0f));
  EXPECT_EQ(f32op("min.NaN.xorsign.abs.f32", -kNan, 1.0f), kNanF);  // NaN result: no sign fix-up
}

TEST(FloatMinMax, FtzFlushesBeforeComparing) {
  const float sub = 5.0f * kMinSubF;
  EXPECT_EQ(f32op("min.f32", sub, 0.0f), bits(0.0f));
  EXPECT_EQ(f32op("max.f32", sub, 0.0f), bits(sub));
  EXPECT_EQ(f32op("max.ftz.f32", sub, -1.0f), bits(0.0f));
  EXPECT_EQ(f32op("min.ftz.f32", -sub, 0.0f), bits(-0.0f));
}

TEST(FloatAbsNeg, Basic) {
  EXPECT_EQ(run1("abs.f32 %f1, %f2;", "%f2", bits(-2.5f), "%f1"), bits(2.5f));
  EXPECT_EQ(run1("abs.f32 %f1, %f2;", "%f2", bits(-0.0f), "%f1"), bits(0.0f));
  EXPECT_EQ(run1("neg.f32 %f1, %f2;", "%f2", bits(2.5f), "%f1"), bits(-2.5f));
  EXPECT_EQ(run1("neg.f32 %f1, %f2;", "%f2", bits(0.0f), "%f1"), bits(-0.0f));
  EXPECT_EQ(run1("neg.f64 %fd1, %fd2;", "%fd2", bits(-static_cast<double>(kInf)), "%fd1"), bits(static_cast<double>(kInf)));
  EXPECT_EQ(run1("abs.f64 %fd1, %fd2;", "%fd2", bits(-1e-310), "%fd1"), bits(1e-310));
}

TEST(FloatAbsNeg, NaNResults) {
  EXPECT_EQ(run1("abs.f32 %f1, %f2;", "%f2", 0xffc00001U, "%f1"), kNanF);
  EXPECT_EQ(run1("neg.f32 %f1, %f2;", "%f2", 0x7fc00000U, "%f1"), kNanF);
  EXPECT_EQ(run1("abs.f64 %fd1, %fd2;", "%fd2", 0xfff8000000000007ULL, "%fd1"), 0xfff8000000000007ULL);
}

TEST(FloatAbsNeg, Ftz) {
  EXPECT_EQ(run1("abs.ftz.f32 %f1, %f2;", "%f2", bits(-kMinSubF), "%f1"), bits(0.0f));
  EXPECT_EQ(run1("neg.ftz.f32 %f1, %f2;", "%f2", bits(kMinSubF), "%f1"), bits(-0.0f));
  EXPECT_EQ(run1("neg.f32 %f1, %f2;", "%f2", bits(kMinSubF), "%f1"), bits(-kMinSubF));
}

TEST(FloatCopysign, SignOfFirstMagnitudeOfSecond) {
  EXPECT_EQ(f32op("copysign.f32", -1.0f, 3.0f), bits(-3.0f));
  EXPECT_EQ(f32op("copysign.f32", 1.0f, -3.0f), bits(3.0f));
  EXPECT_EQ(f32op("copysign.f32", -0.0f, 0.0f), bits(-0.0f));
  EXPECT_EQ(f64op("copysign.f64", -2.0, static_cast<double>(kInf)), bits(-static_cast<double>(kInf)));
  EXPECT_EQ(runn("copysign.f32 %f1, %f2, %f3;", {"%f2", "%f3"}, {bits(-1.0f), 0x7fc00123U}, "%f1"), 0xffc00123U);
}

struct TestpCase {
  const char* cls;
  float value;
  bool expect;
};

TEST(FloatTestp, AllClasses) {
  const float sub = 7.0f * kMinSubF;
  const TestpCase cases[] = {
      {"finite", 1.0f, true},       {"finite", kInf, false},       {"finite", kNan, false},
      {"finite", sub, true},        {"infinite", -kInf, true},     {"infinite", 1.0f, false},
      {"infinite", kNan, false},    {"number", kInf, true},        {"number", kNan, false},
      {"notanumber", kNan, true},   {"notanumber", 0.0f, false},   {"normal", 1.0f, true},
      {"normal", 0.0f, true},       {"normal", -0.0f, true},       {"normal", sub, false},
      {"normal", kInf, false},      {"normal", kNan, false},       {"subnormal", sub, true},
      {"subnormal", -sub, true},    {"subnormal", 0.0f, false},    {"subnormal", 1e-30f, false},
  };
  for (const TestpCase& c : cases) {
    const std::string instr = std::string("testp.") + c.cls + ".f32 %p1, %f2;";
    EXPECT_EQ(run1(instr, "%f2", bits(c.value), "%p1"), c.expect ? 1U : 0U) << instr << " " << c.value;
  }
}

TEST(FloatTestp, F64) {
  EXPECT_EQ(run1("testp.subnormal.f64 %p1, %fd2;", "%fd2", bits(1e-310), "%p1"), 1U);
  EXPECT_EQ(run1("testp.normal.f64 %p1, %fd2;", "%fd2", bits(1e-300), "%p1"), 1U);
  EXPECT_EQ(run1("testp.notanumber.f64 %p1, %fd2;", "%fd2", 0x7ff0000000000001ULL, "%p1"), 1U);
  EXPECT_EQ(run1("testp.infinite.f64 %p1, %fd2;", "%fd2", 0x7ff0000000000001ULL, "%p1"), 0U);
}

}  // namespace
}  // namespace lockstep::test
