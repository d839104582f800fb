// setp/set with float operands (every comparison, ordered and unordered,
// with NaN; .and/.or/.xor; p|q destinations; f16x2 elements; set's
// destination encodings) and slct with an f32 selector.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "tests/semantics/float/float_kit.hpp"

namespace lockstep::test {
namespace {

const float kNan = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();
const float kMinSubF = std::numeric_limits<float>::denorm_min();

std::uint64_t setp_f32(const std::string& cmp, float a, float b) {
  return runn("setp." + cmp + ".f32 %p1, %f2, %f3;", {"%f2", "%f3"}, {bits(a), bits(b)}, "%p1");
}

/// Host reference: the comparison on host floats.
bool host_cmp(const std::string& c, float a, float b) {
  const bool un = std::isnan(a) || std::isnan(b);
  if (c == "eq") return a == b;
  if (c == "ne") return !un && a != b;
  if (c == "lt") return a < b;
  if (c == "le") return a <= b;
  if (c == "gt") return a > b;
  if (c == "ge") return a >= b;
  if (c == "equ") return un || a == b;
  if (c == "neu") return a != b;
  if (c == "ltu") return un || a < b;
  if (c == "leu") return un || a <= b;
  if (c == "gtu") return un || a > b;
  if (c == "geu") return un || a >= b;
  if (c == "num") return !un;
  return un;  // nan
}

TEST(FloatCompare, EveryComparisonAgainstHost) {
  const char* cmps[] = {"eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
  const float vals[] = {-kInf, -1.5f, -0.0f, 0.0f, kMinSubF, 1.0f, 1.5f, kInf, kNan};
  std::vector<std::pair<float, float>> pairs;
  for (const float a : vals) {
    for (const float b : vals) pairs.emplace_back(a, b);
  }
  for (const char* c : cmps) {
    Kit k(std::string("setp.") + c + ".f32 %p1, %f2, %f3;");
    for (std::size_t first = 0; first < pairs.size(); first += 32) {
      const std::size_t n = std::min<std::size_t>(32, pairs.size() - first);
      for (unsigned lane = 0; lane < n; ++lane) {
        k.set("%f2", bits(pairs[first + lane].first), lane);
        k.set("%f3", bits(pairs[first + lane].second), lane);
      }
      ASSERT_TRUE(k.run());
      for (unsigned lane = 0; lane < n; ++lane) {
        const auto [a, b] = pairs[first + lane];
        EXPECT_EQ(k.get("%p1", lane), host_cmp(c, a, b) ? 1U : 0U) << c << " " << a << " " << b;
      }
    }
  }
}

TEST(FloatCompare, OrderedFalseUnorderedTrueOnNaN) {
  EXPECT_EQ(setp_f32("eq", kNan, kNan), 0U);
  EXPECT_EQ(setp_f32("ne", kNan, 1.0f), 0U);
  EXPECT_EQ(setp_f32("neu", kNan, 1.0f), 1U);
  EXPECT_EQ(setp_f32("equ", kNan, kNan), 1U);
  EXPECT_EQ(setp_f32("nan", 1.0f, kNan), 1U);
  EXPECT_EQ(setp_f32("num", 1.0f, 2.0f), 1U);
}

TEST(FloatCompare, ZerosCompareEqual) {
  EXPECT_EQ(setp_f32("eq", -0.0f, 0.0f), 1U);
  EXPECT_EQ(setp_f32("lt", -0.0f, 0.0f), 0U);
}

TEST(FloatCompare, F64Compare) {
  EXPECT_EQ(runn("setp.lt.f64 %p1, %fd2, %fd3;", {"%fd2", "%fd3"}, {bits(1.0), bits(1.0000000000000002)}, "%p1"), 1U);
  EXPECT_EQ(runn("setp.gtu.f64 %p1, %fd2, %fd3;", {"%fd2", "%fd3"}, {bits(std::nan("")), bits(0.0)}, "%p1"), 1U);
}

TEST(FloatCompare, FtzFlushesOperands) {
  EXPECT_EQ(setp_f32("gt", kMinSubF, 0.0f), 1U);
  EXPECT_EQ(runn("setp.gt.ftz.f32 %p1, %f2, %f3;", {"%f2", "%f3"}, {bits(kMinSubF), bits(0.0f)}, "%p1"), 0U);
}

TEST(FloatCompare, PairDestinationGetsComplement) {
  Kit k("setp.lt.f32 %p1|%p2, %f2, %f3;");
  k.set("%f2", bits(1.0f));
  k.set("%f3", bits(2.0f));
  k.set("%f2", bits(kNan), 1);
  k.set("%f3", bits(2.0f), 1);
  ASSERT_TRUE(k.run(0x3U));
  EXPECT_EQ(k.get("%p1"), 1U);
  EXPECT_EQ(k.get("%p2"), 0U);
  EXPECT_EQ(k.get("%p1", 1), 0U);  // NaN: t = 0, q = !t = 1
  EXPECT_EQ(k.get("%p2", 1), 1U);
}

TEST(FloatCompare, BoolOpCombinesWithThirdPredicate) {
  const auto run = [](const std::string& instr, float a, float b, std::uint64_t c) {
    Kit k(instr);
    k.set("%f2", bits(a));
    k.set("%f3", bits(b));
    k.set("%p3", c);
    EXPECT_TRUE(k.run(1U));
    return std::pair{k.get("%p1"), k.get("%p2")};
  };
  EXPECT_EQ(run("setp.lt.and.f32 %p1|%p2, %f2, %f3, %p3;", 1.0f, 2.0f, 1), std::pair(std::uint64_t{1}, std::uint64_t{0}));
  EXPECT_EQ(run("setp.lt.and.f32 %p1|%p2, %f2, %f3, %p3;", 1.0f, 2.0f, 0), std::pair(std::uint64_t{0}, std::uint64_t{0}));
  EXPECT_EQ(run("setp.lt.or.f32 %p1|%p2, %f2, %f3, %p3;", 3.0f, 2.0f, 1), std::pair(std::uint64_t{1}, std::uint64_t{1}));
  EXPECT_EQ(run("setp.lt.xor.f32 %p1|%p2, %f2, %f3, %p3;", 1.0f, 2.0f, 1), std::pair(std::uint64_t{0}, std::uint64_t{1}));
  EXPECT_EQ(run("setp.lt.and.f32 %p1|%p2, %f2, %f3, !%p3;", 1.0f, 2.0f, 0), std::pair(std::uint64_t{1}, std::uint64_t{0}));
}

TEST(FloatCompare, HalfPairComparesElementwise) {
  Kit k("setp.lt.f16x2 %p1|%p2, %r2, %r3;");
  // element 0: 1.0 < 2.0 (true); element 1: 3.0 < 2.0 (false)
  k.set("%r2", 0x42003c00U);
  k.set("%r3", 0x40004000U);
  ASSERT_TRUE(k.run(1U));
  EXPECT_EQ(k.get("%p1"), 1U);
  EXPECT_EQ(k.get("%p2"), 0U);
}

TEST(FloatCompare, SetDestinationEncodings) {
  EXPECT_EQ(runn("set.lt.u32.f32 %r1, %f2, %f3;", {"%f2", "%f3"}, {bits(1.0f), bits(2.0f)}, "%r1"), 0xffffffffU);
  EXPECT_EQ(runn("set.lt.s32.f32 %r1, %f2, %f3;", {"%f2", "%f3"}, {bits(3.0f), bits(2.0f)}, "%r1"), 0U);
  EXPECT_EQ(runn("set.ge.f32.f32 %f1, %f2, %f3;", {"%f2", "%f3"}, {bits(3.0f), bits(2.0f)}, "%f1"), bits(1.0f));
  EXPECT_EQ(runn("set.ge.f32.f64 %f1, %fd2, %fd3;", {"%fd2", "%fd3"}, {bits(1.0), bits(2.0)}, "%f1"), bits(0.0f));
  EXPECT_EQ(runn("set.nan.u32.f32 %r1, %f2, %f3;", {"%f2", "%f3"}, {bits(kNan), bits(2.0f)}, "%r1"), 0xffffffffU);
}

TEST(FloatCompare, SetWithBoolOp) {
  Kit k("set.gt.and.u32.f32 %r1, %f2, %f3, %p3;");
  k.set("%f2", bits(3.0f));
  k.set("%f3", bits(2.0f));
  k.set("%p3", 0);
  ASSERT_TRUE(k.run(1U));
  EXPECT_EQ(k.get("%r1"), 0U);
}

TEST(FloatCompare, SetHalfPairs) {
  EXPECT_EQ(runn("set.lt.u32.f16x2 %r1, %r2, %r3;", {"%r2", "%r3"}, {0x42003c00U, 0x40004000U}, "%r1"), 0x0000ffffU);
  EXPECT_EQ(runn("set.lt.f16x2.f16x2 %r1, %r2, %r3;", {"%r2", "%r3"}, {0x42003c00U, 0x40004000U}, "%r1"), 0x00003c00U);
  EXPECT_EQ(runn("set.gt.bf16x2.bf16x2 %r1, %r2, %r3;", {"%r2", "%r3"}, {0x40403f80U, 0x40004000U}, "%r1"), 0x3f800000U);
}

std::uint64_t slct(const std::string& mod, float c) {
  return runn("slct" + mod + ".u32.f32 %r1, %r2, %r3, %f4;", {"%r2", "%r3", "%f4"}, {111, 222, bits(c)}, "%r1");
}

TEST(FloatSlct, SelectsOnSign) {
  EXPECT_EQ(slct("", 1.0f), 111U);
  EXPECT_EQ(slct("", 0.0f), 111U);
  EXPECT_EQ(slct("", -0.0f), 111U);  // negative zero equals zero
  EXPECT_EQ(slct("", -1.0f), 222U);
  EXPECT_EQ(slct("", -kInf), 222U);
  EXPECT_EQ(slct("", kNan), 222U);    // NaN: ordered comparison, b
  EXPECT_EQ(slct("", -kMinSubF), 222U);
  EXPECT_EQ(slct(".ftz", -kMinSubF), 111U);  // flushed to -0
}

TEST(FloatSlct, CopiesOperandsUnchanged) {
  EXPECT_EQ(runn("slct.f64.f32 %fd1, %fd2, %fd3, %f4;", {"%fd2", "%fd3", "%f4"},
                 {0x7ff0000000000001ULL, bits(2.0), bits(5.0f)}, "%fd1"),
            0x7ff0000000000001ULL);
  Kit k("slct.s32.s32 %r1, %r2, %r3, %r4;");
  EXPECT_FALSE(k.run());  // integer selector: not a float form
}

}  // namespace
}  // namespace lockstep::test
