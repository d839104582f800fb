// The .approx functions: the manual's special-value tables, exact cases,
// .ftz, and lockstep's definitions (host libm in double, rounded to
// nearest; rcp/rsqrt.approx.ftz.f64 on the high word).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "tests/semantics/float/float_kit.hpp"

namespace lockstep::test {
namespace {

const float kInf = std::numeric_limits<float>::infinity();
const float kNan = std::numeric_limits<float>::quiet_NaN();
const float kMinSubF = std::numeric_limits<float>::denorm_min();
constexpr std::uint64_t kNanF = 0x7fffffffU;

std::uint64_t f32fn(const std::string& op, float a) { return run1(op + " %f1, %f2;", "%f2", bits(a), "%f1"); }
std::uint64_t f64fn(const std::string& op, std::uint64_t a) { return run1(op + " %fd1, %fd2;", "%fd2", a, "%fd1"); }

TEST(FloatApprox, SinTable) {
  EXPECT_EQ(f32fn("sin.approx.f32", -kInf), kNanF);
  EXPECT_EQ(f32fn("sin.approx.f32", -0.0f), bits(-0.0f));
  EXPECT_EQ(f32fn("sin.approx.f32", 0.0f), bits(0.0f));
  EXPECT_EQ(f32fn("sin.approx.f32", kInf), kNanF);
  EXPECT_EQ(f32fn("sin.approx.f32", kNan), kNanF);
}

TEST(FloatApprox, CosTable) {
  EXPECT_EQ(f32fn("cos.approx.f32", -kInf), kNanF);
  EXPECT_EQ(f32fn("cos.approx.f32", -0.0f), bits(1.0f));
  EXPECT_EQ(f32fn("cos.approx.f32", 0.0f), bits(1.0f));
  EXPECT_EQ(f32fn("cos.approx.ftz.f32", kInf), kNanF);
}

TEST(FloatApprox, SinCosMatchHostLibm) {
  for (const float x : {0.5f, 1.0f, -2.0f, 3.14159265f, 100.0f}) {
    EXPECT_EQ(f32fn("sin.approx.f32", x), bits(static_cast<float>(std::sin(static_cast<double>(x))))) << x;
    EXPECT_EQ(f32fn("cos.approx.f32", x), bits(static_cast<float>(std::cos(static_cast<double>(x))))) << x;
  }
}

TEST(FloatApprox, Lg2Table) {
  EXPECT_EQ(f32fn("lg2.approx.f32", -kInf), kNanF);
  EXPECT_EQ(f32fn("lg2.approx.f32", -2.0f), kNanF);
  EXPECT_EQ(f32fn("lg2.approx.f32", -0.0f), bits(-kInf));
  EXPECT_EQ(f32fn("lg2.approx.f32", 0.0f), bits(-kInf));
  EXPECT_EQ(f32fn("lg2.approx.f32", kInf), bits(kInf));
  EXPECT_EQ(f32fn("lg2.approx.f32", kNan), kNanF);
}

TEST(FloatApprox, Lg2ExactPowersAndSubnormals) {
  EXPECT_EQ(f32fn("lg2.approx.f32", 8.0f), bits(3.0f));
  EXPECT_EQ(f32fn("lg2.approx.f32", 0.25f), bits(-2.0f));
  EXPECT_EQ(f32fn("lg2.approx.f32", kMinSubF), bits(-149.0f));
  EXPECT_EQ(f32fn("lg2.approx.ftz.f32", kMinSubF), bits(-kInf));
}

TEST(FloatApprox, Ex2Table) {
  EXPECT_EQ(f32fn("ex2.approx.f32", -kInf), bits(0.0f));
  EXPECT_EQ(f32fn("ex2.approx.f32", -0.0f), bits(1.0f));
  EXPECT_EQ(f32fn("ex2.approx.f32", 0.0f), bits(1.0f));
  EXPECT_EQ(f32fn("ex2.approx.f32", kInf), bits(kInf));
  EXPECT_EQ(f32fn("ex2.approx.f32", kNan), kNanF);
}

TEST(FloatApprox, Ex2ExactAndFtz) {
  EXPECT_EQ(f32fn("ex2.approx.f32", 3.0f), bits(8.0f));
  EXPECT_EQ(f32fn("ex2.approx.f32", -149.0f), bits(kMinSubF));
  EXPECT_EQ(f32fn("ex2.approx.ftz.f32", -149.0f), bits(0.0f));
  EXPECT_EQ(f32fn("ex2.approx.ftz.f32", kMinSubF), bits(1.0f));
  EXPECT_EQ(f32fn("ex2.approx.f32", 200.0f), bits(kInf));
}

TEST(FloatApprox, TanhTableAndSubnormalPassThrough) {
  EXPECT_EQ(f32fn("tanh.approx.f32", -kInf), bits(-1.0f));
  EXPECT_EQ(f32fn("tanh.approx.f32", kInf), bits(1.0f));
  EXPECT_EQ(f32fn("tanh.approx.f32", -0.0f), bits(-0.0f));
  EXPECT_EQ(f32fn("tanh.approx.f32", kNan), kNanF);
  EXPECT_EQ(f32fn("tanh.approx.f32", 3.0f * kMinSubF), bits(3.0f * kMinSubF));
  EXPECT_EQ(f32fn("tanh.approx.f32", 0.5f), bits(static_cast<float>(std::tanh(0.5))));
}

TEST(FloatApprox, RsqrtF32Table) {
  EXPECT_EQ(f32fn("rsqrt.approx.f32", -kInf), kNanF);
  EXPECT_EQ(f32fn("rsqrt.approx.f32", -4.0f), kNanF);
  EXPECT_EQ(f32fn("rsqrt.approx.f32", -0.0f), bits(-kInf));
  EXPECT_EQ(f32fn("rsqrt.approx.f32", 0.0f), bits(kInf));
  EXPECT_EQ(f32fn("rsqrt.approx.f32", kInf), bits(0.0f));
  EXPECT_EQ(f32fn("rsqrt.approx.f32", 4.0f), bits(0.5f));
  EXPECT_EQ(f32fn("rsqrt.approx.f32", 0.25f), bits(2.0f));
  EXPECT_EQ(f32fn("rsqrt.approx.ftz.f32", kMinSubF), bits(kInf));
}

TEST(FloatApprox, RsqrtF64) {
  EXPECT_EQ(f64fn("rsqrt.approx.f64", bits(4.0)), bits(0.5));
  EXPECT_EQ(f64fn("rsqrt.approx.f64", bits(2.0)), bits(1.0 / std::sqrt(2.0)));
  EXPECT_EQ(f64fn("rsqrt.approx.f64", bits(-0.0)), bits(-std::numeric_limits<double>::infinity()));
}

TEST(FloatApprox, RcpApproxFtzF64UsesHighWord) {
  // 1/3 = 0x3fd5555555555555; rounded to 20 fraction bits: 0x3fd55555_00000000.
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(3.0)), 0x3fd5555500000000ULL);
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(3.0) | 0xffffffffULL), 0x3fd5555500000000ULL);
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(2.0)), bits(0.5));
  // 1/1.5 = 0x3fe5555555555555 -> next bit after 20 fraction bits is 0.
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(1.5)), 0x3fe5555500000000ULL);
  // 1/0.75 = 1.333.. = 0x3ff5555555555555 -> same pattern.
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(0.75)), 0x3ff5555500000000ULL);
}

TEST(FloatApprox, RcpApproxFtzF64Table) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(-inf)), bits(-0.0));
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(-1e-310)), bits(-inf));
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(-0.0)), bits(-inf));
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(0.0)), bits(inf));
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(1e-310)), bits(inf));
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(inf)), bits(0.0));
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", 0xfff8000000001234ULL), 0x7fffffff00000000ULL);
  EXPECT_EQ(f64fn("rcp.approx.ftz.f64", bits(1e308)), bits(0.0));  // subnormal result flushed
}

TEST(FloatApprox, RsqrtApproxFtzF64Table) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(f64fn("rsqrt.approx.ftz.f64", bits(4.0)), bits(0.5));
  EXPECT_EQ(f64fn("rsqrt.approx.ftz.f64", bits(-inf)), 0x7fffffff00000000ULL);
  EXPECT_EQ(f64fn("rsqrt.approx.ftz.f64", bits(-1e-310)), bits(-inf));
  EXPECT_EQ(f64fn("rsqrt.approx.ftz.f64", bits(1e-310)), bits(inf));
  EXPECT_EQ(f64fn("rsqrt.approx.ftz.f64", bits(inf)), bits(0.0));
  EXPECT_EQ(f64fn("rsqrt.approx.ftz.f64", bits(-1.0)), 0x7fffffff00000000ULL);
  EXPECT_EQ(f64fn("rsqrt.approx.ftz.f64", bits(std::nan(""))), 0x7fffffff00000000ULL);
  EXPECT_EQ(f64fn("rsqrt.approx.ftz.f64", bits(2.0)) & 0xffffffffULL, 0U);
}

}  // namespace
}  // namespace lockstep::test
