// add/sub/mul/fma/mad/div/rcp/sqrt: rounding modes on inputs that round
// differently, special values, NaN results, subnormals with and without
// .ftz, .sat, lane masking and immediates.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tests/semantics/float/float_kit.hpp"

namespace lockstep::test {
namespace {

const float kInf = std::numeric_limits<float>::infinity();
const double kInfD = std::numeric_limits<double>::infinity();
const float kMaxF = std::numeric_limits<float>::max();
const float kMinNormF = std::numeric_limits<float>::min();           // 2^-126
const float kMinSubF = std::numeric_limits<float>::denorm_min();     // 2^-149
constexpr std::uint64_t kNanF = 0x7fffffffU;
constexpr std::uint64_t kNanD = 0x7fffffffffffffffULL;

// ---- rounding modes -----------------------------------------------------------

TEST(FloatArith, OnePlusHalfUlpTiesToEven) {
  const float tiny = std::ldexp(1.0f, -24);  // half an ulp of 1.0f
  EXPECT_EQ(f32op("add.rn.f32", 1.0f, tiny), bits(1.0f));
  EXPECT_EQ(f32op("add.rz.f32", 1.0f, tiny), bits(1.0f));
  EXPECT_EQ(f32op("add.rm.f32", 1.0f, tiny), bits(1.0f));
  EXPECT_EQ(f32op("add.rp.f32", 1.0f, tiny), bits(1.0f + std::ldexp(1.0f, -23)));
}

TEST(FloatArith, TieToEvenRoundsUpFromOddMantissa) {
  const float odd = 1.0f + std::ldexp(1.0f, -23);
  EXPECT_EQ(f32op("add.rn.f32", odd, std::ldexp(1.0f, -24)), bits(1.0f + std::ldexp(1.0f, -22)));
}

TEST(FloatArith, AboveHalfRoundsUp) {
  EXPECT_EQ(f32op("add.rn.f32", 1.0f, 3.0f * std::ldexp(1.0f, -25)), bits(1.0f + std::ldexp(1.0f, -23)));
}

TEST(FloatArith, NegativeDirectedModes) {
  const float tiny = std::ldexp(1.0f, -24);
  EXPECT_EQ(f32op("add.rm.f32", -1.0f, -tiny), bits(-(1.0f + std::ldexp(1.0f, -23))));
  EXPECT_EQ(f32op("add.rp.f32", -1.0f, -tiny), bits(-1.0f));
  EXPECT_EQ(f32op("add.rz.f32", -1.0f, -tiny), bits(-1.0f));
}

TEST(FloatArith, PointOnePlusPointTwoF64AllModes) {
  EXPECT_EQ(f64op("add.rn.f64", 0.1, 0.2), 0x3fd3333333333334ULL);
  EXPECT_EQ(f64op("add.rz.f64", 0.1, 0.2), 0x3fd3333333333333ULL);
  EXPECT_EQ(f64op("add.rm.f64", 0.1, 0.2), 0x3fd3333333333333ULL);
  EXPECT_EQ(f64op("add.rp.f64", 0.1, 0.2), 0x3fd3333333333334ULL);
}

TEST(FloatArith, NoModifierIsRoundToNearest) {
  EXPECT_EQ(f32op("add.f32", 1.0f, std::ldexp(1.0f, -24)), bits(1.0f));
  EXPECT_EQ(f64op("add.f64", 0.1, 0.2), 0x3fd3333333333334ULL);
}

TEST(FloatArith, SubAndMul) {
  EXPECT_EQ(f32op("sub.rn.f32", 5.5f, 2.25f), bits(3.25f));
  EXPECT_EQ(f32op("mul.rn.f32", 1.5f, -2.5f), bits(-3.75f));
  EXPECT_EQ(f64op("mul.rn.f64", 3.0, 1.0 / 3.0), bits(1.0));
  EXPECT_EQ(f64op("sub.rn.f64", 1.0, 0.75), bits(0.25));
}

TEST(FloatArith, MulDirectedModes) {
  // (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: inexact, just above 1 + 2^-22.
  const float a = 1.0f + std::ldexp(1.0f, -23);
  EXPECT_EQ(f32op("mul.rn.f32", a, a), bits(1.0f + std::ldexp(1.0f, -22)));
  EXPECT_EQ(f32op("mul.rz.f32", a, a), bits(1.0f + std::ldexp(1.0f, -22)));
  EXPECT_EQ(f32op("mul.rp.f32", a, a), bits(1.0f + 3.0f * std::ldexp(1.0f, -23)));
  EXPECT_EQ(f32op("mul.rm.f32", -a, a), bits(-(1.0f + 3.0f * std::ldexp(1.0f, -23))));
}

// ---- zeros, infinities, NaN ---------------------------------------------------------

TEST(FloatArith, ExactCancellationSign) {
  EXPECT_EQ(f32op("add.rn.f32", 1.5f, -1.5f), bits(0.0f));
  EXPECT_EQ(f32op("add.rm.f32", 1.5f, -1.5f), bits(-0.0f));
  EXPECT_EQ(f32op("sub.rp.f32", 2.0f, 2.0f), bits(0.0f));
  EXPECT_EQ(f64op("sub.rm.f64", 2.0, 2.0), bits(-0.0));
}

TEST(FloatArith, SignedZeroSums) {
  EXPECT_EQ(f32op("add.rn.f32", -0.0f, -0.0f), bits(-0.0f));
  EXPECT_EQ(f32op("add.rn.f32", 0.0f, -0.0f), bits(0.0f));
  EXPECT_EQ(f32op("add.rm.f32", 0.0f, -0.0f), bits(-0.0f));
  EXPECT_EQ(f32op("mul.rn.f32", -0.0f, 5.0f), bits(-0.0f));
}

TEST(FloatArith, InfinityArithmetic) {
  EXPECT_EQ(f32op("add.rn.f32", kInf, 1.0f), bits(kInf));
  EXPECT_EQ(f32op("add.rn.f32", kInf, -kInf), kNanF);
  EXPECT_EQ(f32op("mul.rn.f32", kInf, 0.0f), kNanF);
  EXPECT_EQ(f32op("mul.rn.f32", -kInf, 2.0f), bits(-kInf));
  EXPECT_EQ(f64op("sub.rn.f64", kInfD, kInfD), kNanD);
}

TEST(FloatArith, F32NaNIsCanonical) {
  const std::uint64_t payload_nan = 0xffc01234U;  // negative quiet NaN with payload
  EXPECT_EQ(runn("add.rn.f32 %f1, %f2, %f3;", {"%f2", "%f3"}, {payload_nan, bits(1.0f)}, "%f1"), kNanF);
  EXPECT_EQ(runn("mul.rn.f32 %f1, %f2, %f3;", {"%f2", "%f3"}, {bits(1.0f), 0x7f800001U}, "%f1"), kNanF);
}

TEST(FloatArith, F64NaNPayloadPropagates) {
  const std::uint64_t snan = 0x7ff0000000000123ULL;  // signaling: result is quieted
  const std::uint64_t qnan = 0xfff8000000000456ULL;
  EXPECT_EQ(runn("add.rn.f64 %fd1, %fd2, %fd3;", {"%fd2", "%fd3"}, {snan, bits(1.0)}, "%fd1"), 0x7ff8000000000123ULL);
  EXPECT_EQ(runn("add.rn.f64 %fd1, %fd2, %fd3;", {"%fd2", "%fd3"}, {bits(1.0), qnan}, "%fd1"), qnan);
  EXPECT_EQ(runn("mul.rn.f64 %fd1, %fd2, %fd3;", {"%fd2", "%fd3"}, {qnan, snan}, "%fd1"), qnan);
  EXPECT_EQ(runn("fma.rn.f64 %fd1, %fd2, %fd3, %fd4;", {"%fd2", "%fd3", "%fd4"}, {bits(1.0), bits(2.0), snan}, "%fd1"),
            0x7ff8000000000123ULL);
}

// ---- overflow and subnormals --------------------------------------------------------

TEST(FloatArith, OverflowPerMode) {
  EXPECT_EQ(f32op("mul.rn.f32", kMaxF, 2.0f), bits(kInf));
  EXPECT_EQ(f32op("mul.rz.f32", kMaxF, 2.0f), bits(kMaxF));
  EXPECT_EQ(f32op("mul.rm.f32", kMaxF, 2.0f), bits(kMaxF));
  EXPECT_EQ(f32op("mul.rp.f32", kMaxF, 2.0f), bits(kInf));
  EXPECT_EQ(f32op("mul.rm.f32", -kMaxF, 2.0f), bits(-kInf));
  EXPECT_EQ(f32op("mul.rp.f32", -kMaxF, 2.0f), bits(-kMaxF));
  EXPECT_EQ(f32op("mul.rz.f32", -kMaxF, 2.0f), bits(-kMaxF));
}

TEST(FloatArith, SubnormalResultsKeptWithoutFtz) {
  EXPECT_EQ(f32op("mul.rn.f32", kMinNormF, 0.5f), 0x00400000U);
  EXPECT_EQ(f32op("add.rn.f32", kMinSubF, kMinSubF), 0x00000002U);
  EXPECT_EQ(f64op("mul.rn.f64", std::numeric_limits<double>::min(), 0.25), 0x0004000000000000ULL);
}

TEST(FloatArith, SubnormalRoundingAtTheBottom) {
  EXPECT_EQ(f32op("mul.rn.f32", kMinSubF, 0.5f), bits(0.0f));        // tie -> even (0)
  EXPECT_EQ(f32op("mul.rn.f32", kMinSubF, 0.75f), bits(kMinSubF));   // above half
  EXPECT_EQ(f32op("mul.rp.f32", kMinSubF, 0.5f), bits(kMinSubF));
  EXPECT_EQ(f32op("mul.rm.f32", -kMinSubF, 0.25f), bits(-kMinSubF));
  EXPECT_EQ(f32op("mul.rn.f32", 3.0f * kMinSubF, 0.5f), 0x00000002U);  // 1.5 -> 2
}

TEST(FloatArith, RoundingIntoTheSmallestNormal) {
  // (2^-126 - 2^-149) * (1 + 2^-23) rounds up to 2^-126 under rn.
  const float below = std::nextafter(kMinNormF, 0.0f);
  EXPECT_EQ(f32op("mul.rn.f32", below, 1.0f + std::ldexp(1.0f, -23)), bits(kMinNormF));
}

TEST(FloatArith, FtzFlushesInputsAndResults) {
  const float sub = 3.0f * kMinSubF;
  EXPECT_EQ(f32op("add.rn.f32", sub, 0.0f), bits(sub));
  EXPECT_EQ(f32op("add.rn.ftz.f32", sub, 0.0f), bits(0.0f));
  EXPECT_EQ(f32op("add.rn.ftz.f32", -sub, -0.0f), bits(-0.0f));
  EXPECT_EQ(f32op("mul.rn.ftz.f32", kMinNormF, 0.5f), bits(0.0f));
  EXPECT_EQ(f32op("mul.rn.ftz.f32", -kMinNormF, 0.5f), bits(-0.0f));
  EXPECT_EQ(f32op("add.ftz.f32", sub, 1.0f), bits(1.0f));
}

// ---- .sat ----------------------------------------------------------------------------

TEST(FloatArith, SaturateClampsToUnitInterval) {
  EXPECT_EQ(f32op("add.rn.sat.f32", 0.75f, 0.5f), bits(1.0f));
  EXPECT_EQ(f32op("add.sat.f32", 0.25f, 0.5f), bits(0.75f));
  EXPECT_EQ(f32op("sub.sat.f32", 0.25f, 0.75f), bits(0.0f));
  EXPECT_EQ(f32op("mul.sat.f32", -0.0f, 1.0f), bits(0.0f));
  EXPECT_EQ(f32op("add.sat.f32", kInf, -kInf), bits(0.0f));  // NaN -> +0
  EXPECT_EQ(f32op("mul.sat.f32", kInf, 1.0f), bits(1.0f));
}

// ---- fma / mad --------------------------------------------------------------------------

TEST(FloatArith, FmaDiffersFromMulThenAdd) {
  const float a = 1.0f + std::ldexp(1.0f, -13);
  const float b = 1.0f - std::ldexp(1.0f, -13);  // a*b = 1 - 2^-26 exactly
  EXPECT_EQ(runn("fma.rn.f32 %f1, %f2, %f3, %f4;", {"%f2", "%f3", "%f4"}, {bits(a), bits(b), bits(-1.0f)}, "%f1"),
            bits(-std::ldexp(1.0f, -26)));
  const std::uint64_t prod = f32op("mul.rn.f32", a, b);
  EXPECT_EQ(prod, bits(1.0f));
  EXPECT_EQ(f32op("add.rn.f32", as_f32(prod), -1.0f), bits(0.0f));
}

TEST(FloatArith, MadIsFused) {
  const float a = 1.0f + std::ldexp(1.0f, -13);
  const float b = 1.0f - std::ldexp(1.0f, -13);
  EXPECT_EQ(runn("mad.rn.f32 %f1, %f2, %f3, %f4;", {"%f2", "%f3", "%f4"}, {bits(a), bits(b), bits(-1.0f)}, "%f1"),
            bits(-std::ldexp(1.0f, -26)));
  EXPECT_EQ(runn("mad.rn.f64 %fd1, %fd2, %fd3, %fd4;", {"%fd2", "%fd3", "%fd4"}, {bits(2.0), bits(3.0), bits(4.0)},
                 "%fd1"),
            bits(10.0));
}

TEST(FloatArith, FmaSpecialCases) {
  const auto fma = [](const char* op, float a, float b, float c) {
    return runn(std::string(op) + " %f1, %f2, %f3, %f4;", {"%f2", "%f3", "%f4"}, {bits(a), bits(b), bits(c)}, "%f1");
  };
  EXPECT_EQ(fma("fma.rn.f32", 0.0f, kInf, 1.0f), kNanF);
  EXPECT_EQ(fma("fma.rn.f32", kInf, 2.0f, -kInf), kNanF);
  EXPECT_EQ(fma("fma.rn.f32", 1.0f, -1.0f, 1.0f), bits(0.0f));
  EXPECT_EQ(fma("fma.rm.f32", 1.0f, -1.0f, 1.0f), bits(-0.0f));
  EXPECT_EQ(fma("fma.rn.f32", -0.0f, 1.0f, -0.0f), bits(-0.0f));
  EXPECT_EQ(fma("fma.rn.f32", 2.0f, 3.0f, kInf), bits(kInf));
  EXPECT_EQ(fma("fma.rn.sat.f32", 2.0f, 3.0f, -1.0f), bits(1.0f));
}

TEST(FloatArith, FmaDirectedRoundingOfTinyAddend) {
  const auto fma = [](const char* op) {
    return runn(std::string(op) + " %f1, %f2, %f3, %f4;", {"%f2", "%f3", "%f4"},
                {bits(1.0f), bits(1.0f), bits(std::ldexp(1.0f, -60))}, "%f1");
  };
  EXPECT_EQ(fma("fma.rn.f32"), bits(1.0f));
  EXPECT_EQ(fma("fma.rz.f32"), bits(1.0f));
  EXPECT_EQ(fma("fma.rp.f32"), bits(1.0f + std::ldexp(1.0f, -23)));
}

// ---- div / rcp / sqrt -------------------------------------------------------------------

TEST(FloatArith, DivOneThirdAllModes) {
  EXPECT_EQ(f32op("div.rn.f32", 1.0f, 3.0f), 0x3eaaaaabU);
  EXPECT_EQ(f32op("div.rz.f32", 1.0f, 3.0f), 0x3eaaaaaaU);
  EXPECT_EQ(f32op("div.rm.f32", 1.0f, 3.0f), 0x3eaaaaaaU);
  EXPECT_EQ(f32op("div.rp.f32", 1.0f, 3.0f), 0x3eaaaaabU);
  EXPECT_EQ(f32op("div.rm.f32", -1.0f, 3.0f), 0xbeaaaaabU);
}

TEST(FloatArith, DivByZeroAndInvalid) {
  EXPECT_EQ(f32op("div.rn.f32", 1.0f, 0.0f), bits(kInf));
  EXPECT_EQ(f32op("div.rn.f32", -1.0f, 0.0f), bits(-kInf));
  EXPECT_EQ(f32op("div.rn.f32", 1.0f, -0.0f), bits(-kInf));
  EXPECT_EQ(f32op("div.rn.f32", 0.0f, 0.0f), kNanF);
  EXPECT_EQ(f32op("div.rn.f32", kInf, kInf), kNanF);
  EXPECT_EQ(f32op("div.rn.f32", 5.0f, kInf), bits(0.0f));
  EXPECT_EQ(f64op("div.rn.f64", -2.0, 0.0), bits(-kInfD));
  EXPECT_EQ(f64op("div.rn.f64", 0.0, 0.0), kNanD);
}

TEST(FloatArith, DivFullAndApprox) {
  EXPECT_EQ(f32op("div.full.f32", 1.0f, 3.0f), 0x3eaaaaabU);
  EXPECT_EQ(f32op("div.approx.f32", 1.0f, 3.0f), 0x3eaaaaabU);
  EXPECT_EQ(f32op("div.approx.ftz.f32", kMinNormF, 4.0f), bits(0.0f));
}

TEST(FloatArith, DivApproxHugeDivisorGivesZero) {
  const float big = std::ldexp(1.0f, 127);
  EXPECT_EQ(f32op("div.approx.f32", 1.0f, big), bits(0.0f));          // exact: 2^-127
  EXPECT_EQ(f32op("div.approx.f32", -1.0f, big), bits(-0.0f));
  EXPECT_EQ(f32op("div.approx.f32", kInf, big), kNanF);
  EXPECT_EQ(f32op("div.rn.f32", 1.0f, big), 0x00400000U);              // the IEEE quotient
}

TEST(FloatArith, RcpRoundedAndApprox) {
  EXPECT_EQ(run1("rcp.rn.f32 %f1, %f2;", "%f2", bits(3.0f), "%f1"), 0x3eaaaaabU);
  EXPECT_EQ(run1("rcp.rz.f32 %f1, %f2;", "%f2", bits(3.0f), "%f1"), 0x3eaaaaaaU);
  EXPECT_EQ(run1("rcp.rn.f64 %fd1, %fd2;", "%fd2", bits(3.0), "%fd1"), 0x3fd5555555555555ULL);
  EXPECT_EQ(run1("rcp.rp.f64 %fd1, %fd2;", "%fd2", bits(3.0), "%fd1"), 0x3fd5555555555556ULL);
  EXPECT_EQ(run1("rcp.approx.f32 %f1, %f2;", "%f2", bits(-0.0f), "%f1"), bits(-kInf));
  EXPECT_EQ(run1("rcp.approx.f32 %f1, %f2;", "%f2", bits(kInf), "%f1"), bits(0.0f));
  EXPECT_EQ(run1("rcp.approx.f32 %f1, %f2;", "%f2", bits(-kInf), "%f1"), bits(-0.0f));
  EXPECT_EQ(run1("rcp.approx.f32 %f1, %f2;", "%f2", bits(4.0f), "%f1"), bits(0.25f));
}

TEST(FloatArith, SqrtRoundedAndSpecial) {
  EXPECT_EQ(run1("sqrt.rn.f32 %f1, %f2;", "%f2", bits(2.0f), "%f1"), 0x3fb504f3U);
  EXPECT_EQ(run1("sqrt.rp.f32 %f1, %f2;", "%f2", bits(2.0f), "%f1"), 0x3fb504f4U);
  EXPECT_EQ(run1("sqrt.rn.f64 %fd1, %fd2;", "%fd2", bits(2.0), "%fd1"), 0x3ff6a09e667f3bcdULL);
  EXPECT_EQ(run1("sqrt.rn.f32 %f1, %f2;", "%f2", bits(-1.0f), "%f1"), kNanF);
  EXPECT_EQ(run1("sqrt.rn.f32 %f1, %f2;", "%f2", bits(-0.0f), "%f1"), bits(-0.0f));
  EXPECT_EQ(run1("sqrt.rn.f32 %f1, %f2;", "%f2", bits(kInf), "%f1"), bits(kInf));
  EXPECT_EQ(run1("sqrt.approx.f32 %f1, %f2;", "%f2", bits(16.0f), "%f1"), bits(4.0f));
  EXPECT_EQ(run1("sqrt.rn.f64 %fd1, %fd2;", "%fd2", bits(-4.0), "%fd1"), kNanD);
  EXPECT_EQ(run1("sqrt.rn.f32 %f1, %f2;", "%f2", bits(kMinSubF), "%f1"), bits(std::sqrt(kMinSubF)));
  EXPECT_EQ(run1("sqrt.rn.ftz.f32 %f1, %f2;", "%f2", bits(kMinSubF), "%f1"), bits(0.0f));
}

// ---- operands, lanes --------------------------------------------------------------------

TEST(FloatArith, ImmediateOperands) {
  EXPECT_EQ(run1("add.rn.f32 %f1, %f2, 0f3F800000;", "%f2", bits(2.5f), "%f1"), bits(3.5f));
  EXPECT_EQ(run1("mul.rn.f64 %fd1, %fd2, 0d4000000000000000;", "%fd2", bits(1.25), "%fd1"), bits(2.5));
}

TEST(FloatArith, OnlyActiveLanesWrite) {
  Kit k("add.rn.f32 %f1, %f2, %f3;");
  for (unsigned lane = 0; lane < 32; ++lane) {
    k.set("%f1", bits(-7.0f), lane);
    k.set("%f2", bits(static_cast<float>(lane)), lane);
    k.set("%f3", bits(0.5f), lane);
  }
  ASSERT_TRUE(k.run(0x0000000aU));  // lanes 1 and 3
  EXPECT_EQ(k.get("%f1", 1), bits(1.5f));
  EXPECT_EQ(k.get("%f1", 3), bits(3.5f));
  EXPECT_EQ(k.get("%f1", 0), bits(-7.0f));
  EXPECT_EQ(k.get("%f1", 2), bits(-7.0f));
}

TEST(FloatArith, IntegerFormsAreNotFloat) {
  Kit k("add.s32 %r1, %r2, %r3;");
  EXPECT_FALSE(k.run());
}

}  // namespace
}  // namespace lockstep::test
