// Integer arithmetic: add/sub (.sat, wrap), mul/mad (.lo/.hi/.wide, .sat),
// mul24/mad24, sad, div/rem (zero divisor, INT_MIN / -1), abs/neg, min/max.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "tests/semantics/int/int_test_kit.hpp"

namespace lockstep::test {
namespace {

constexpr std::uint64_t kMin32 = 0x80000000U;
constexpr std::uint64_t kMax32 = 0x7fffffffU;
constexpr std::uint64_t kAll32 = 0xffffffffU;

TEST(IntAdd, WrapsAround) {
  EXPECT_EQ(eval1("add.u32 %r1, %r2, %r3;", {{"%r2", kAll32}, {"%r3", 2}}, "%r1"), 1U);
  EXPECT_EQ(eval1("add.s32 %r1, %r2, %r3;", {{"%r2", kMax32}, {"%r3", 1}}, "%r1"), kMin32);
  EXPECT_EQ(eval1("add.u16 %h1, %h2, %h3;", {{"%h2", 0xffff}, {"%h3", 1}}, "%h1"), 0U);
  EXPECT_EQ(eval1("add.s64 %rd1, %rd2, %rd3;", {{"%rd2", ~0ULL}, {"%rd3", 1}}, "%rd1"), 0U);
}

TEST(IntAdd, NegativeImmediateIsTruncated) {
  EXPECT_EQ(eval1("add.s32 %r1, %r2, -1;", {{"%r2", 5}}, "%r1"), 4U);
  EXPECT_EQ(eval1("add.u16 %h1, %h2, -1;", {{"%h2", 0}}, "%h1"), 0xffffU);
}

TEST(IntAdd, SaturatesAtBothEnds) {
  EXPECT_EQ(eval1("add.sat.s32 %r1, %r2, %r3;", {{"%r2", kMax32}, {"%r3", 1}}, "%r1"), kMax32);
  EXPECT_EQ(eval1("add.sat.s32 %r1, %r2, %r3;", {{"%r2", kMin32}, {"%r3", kAll32}}, "%r1"), kMin32);
  EXPECT_EQ(eval1("add.sat.s32 %r1, %r2, %r3;", {{"%r2", kMax32}, {"%r3", kMin32}}, "%r1"), kAll32);
  EXPECT_EQ(eval1("add.sat.s32 %r1, %r2, %r3;", {{"%r2", 5}, {"%r3", bits_of(-7, 32)}}, "%r1"), bits_of(-2, 32));
}

TEST(IntSub, WrapsAndSaturates) {
  EXPECT_EQ(eval1("sub.u32 %r1, %r2, %r3;", {{"%r2", 0}, {"%r3", 1}}, "%r1"), kAll32);
  EXPECT_EQ(eval1("sub.s32 %r1, %r2, %r3;", {{"%r2", kMin32}, {"%r3", 1}}, "%r1"), kMax32);
  EXPECT_EQ(eval1("sub.sat.s32 %r1, %r2, %r3;", {{"%r2", kMin32}, {"%r3", 1}}, "%r1"), kMin32);
  EXPECT_EQ(eval1("sub.sat.s32 %r1, %r2, %r3;", {{"%r2", kMax32}, {"%r3", kAll32}}, "%r1"), kMax32);
  EXPECT_EQ(eval1("sub.sat.s32 %r1, %r2, %r3;", {{"%r2", 0}, {"%r3", kMin32}}, "%r1"), kMax32);
}

// ---- mul / mad ------------------------------------------------------------

__extension__ using U128 = unsigned __int128;
__extension__ using S128 = __int128;

constexpr std::uint64_t kEdge64[] = {0,
                                     1,
                                     2,
                                     0x7fffffffffffffffULL,
                                     0x8000000000000000ULL,
                                     0xffffffffffffffffULL,
                                     0x123456789abcdef0ULL,
                                     0xfedcba9876543210ULL,
                                     0xffffffffULL,
                                     0x100000000ULL};
constexpr std::uint32_t kEdge32[] = {0,           1,           2,           0x7fffffffU, 0x80000000U,
                                     0xffffffffU, 0x12345678U, 0xfedcba98U, 0xffffU,     0x10000U};

TEST(IntMul, LoHiWide32AtExtremes) {
  for (std::uint32_t a : kEdge32) {
    for (std::uint32_t b : kEdge32) {
      const std::uint64_t pu = std::uint64_t{a} * b;
      const auto ps =
          static_cast<std::uint64_t>(std::int64_t{static_cast<std::int32_t>(a)} * static_cast<std::int32_t>(b));
      const std::initializer_list<In> in = {{"%r2", a}, {"%r3", b}};
      EXPECT_EQ(eval1("mul.lo.u32 %r1, %r2, %r3;", in, "%r1"), pu & kAll32);
      EXPECT_EQ(eval1("mul.lo.s32 %r1, %r2, %r3;", in, "%r1"), ps & kAll32);
      EXPECT_EQ(eval1("mul.hi.u32 %r1, %r2, %r3;", in, "%r1"), pu >> 32);
      EXPECT_EQ(eval1("mul.hi.s32 %r1, %r2, %r3;", in, "%r1"), ps >> 32) << a << " " << b;
      EXPECT_EQ(eval1("mul.wide.u32 %rd1, %r2, %r3;", in, "%rd1"), pu);
      EXPECT_EQ(eval1("mul.wide.s32 %rd1, %r2, %r3;", in, "%rd1"), ps);
    }
  }
}

TEST(IntMul, LoHi64AtExtremes) {
  for (std::uint64_t a : kEdge64) {
    for (std::uint64_t b : kEdge64) {
      const U128 pu = U128{a} * b;
      const auto ps = static_cast<U128>(S128{static_cast<std::int64_t>(a)} * static_cast<std::int64_t>(b));
      const std::initializer_list<In> in = {{"%rd2", a}, {"%rd3", b}};
      EXPECT_EQ(eval1("mul.lo.s64 %rd1, %rd2, %rd3;", in, "%rd1"), static_cast<std::uint64_t>(pu));
      EXPECT_EQ(eval1("mul.hi.u64 %rd1, %rd2, %rd3;", in, "%rd1"), static_cast<std::uint64_t>(pu >> 64));
      EXPECT_EQ(eval1("mul.hi.s64 %rd1, %rd2, %rd3;", in, "%rd1"), static_cast<std::uint64_t>(ps >> 64))
          << a << " " << b;
    }
  }
}

TEST(IntMul, Wide16AndHi16) {
  EXPECT_EQ(eval1("mul.wide.s16 %r1, %h2, %h3;", {{"%h2", 0x8000}, {"%h3", 0x8000}}, "%r1"), 0x40000000U);
  EXPECT_EQ(eval1("mul.wide.s16 %r1, %h2, %h3;", {{"%h2", 0xffff}, {"%h3", 3}}, "%r1"), bits_of(-3, 32));
  EXPECT_EQ(eval1("mul.wide.u16 %r1, %h2, %h3;", {{"%h2", 0xffff}, {"%h3", 0xffff}}, "%r1"), 0xfffe0001U);
  EXPECT_EQ(eval1("mul.hi.s16 %h1, %h2, %h3;", {{"%h2", 0xffff}, {"%h3", 3}}, "%h1"), 0xffffU);
  EXPECT_EQ(eval1("mul.hi.u16 %h1, %h2, %h3;", {{"%h2", 0xffff}, {"%h3", 3}}, "%h1"), 2U);
  EXPECT_EQ(eval1("mul.lo.u16 %h1, %h2, %h3;", {{"%h2", 0xffff}, {"%h3", 3}}, "%h1"), 0xfffdU);
}

TEST(IntMad, LoHiWide) {
  EXPECT_EQ(eval1("mad.lo.s32 %r1, %r2, %r3, %r4;", {{"%r2", 7}, {"%r3", 6}, {"%r4", bits_of(-2, 32)}}, "%r1"), 40U);
  EXPECT_EQ(eval1("mad.hi.u32 %r1, %r2, %r3, %r4;", {{"%r2", kAll32}, {"%r3", kAll32}, {"%r4", 1}}, "%r1"), kAll32);
  EXPECT_EQ(eval1("mad.hi.s32 %r1, %r2, %r3, %r4;", {{"%r2", kMin32}, {"%r3", kMin32}, {"%r4", 1}}, "%r1"),
            0x40000001U);
  EXPECT_EQ(eval1("mad.wide.s32 %rd1, %r2, %r3, %rd4;", {{"%r2", kAll32}, {"%r3", 5}, {"%rd4", 10}}, "%rd1"), 5U);
  EXPECT_EQ(
      eval1("mad.wide.u32 %rd1, %r2, %r3, %rd4;", {{"%r2", kAll32}, {"%r3", kAll32}, {"%rd4", 0x1fffffffeULL}}, "%rd1"),
      0xffffffffffffffffULL);
  EXPECT_EQ(eval1("mad.lo.u64 %rd1, %rd2, %rd3, %rd4;", {{"%rd2", ~0ULL}, {"%rd3", 2}, {"%rd4", 3}}, "%rd1"), 1U);
}

TEST(IntMad, HiSatS32ClampsBothEnds) {
  // hi(INT_MIN * INT_MIN) = 0x40000000; + INT_MAX overflows -> INT_MAX.
  EXPECT_EQ(eval1("mad.hi.sat.s32 %r1, %r2, %r3, %r4;", {{"%r2", kMin32}, {"%r3", kMin32}, {"%r4", kMax32}}, "%r1"),
            kMax32);
  // hi(INT_MIN * INT_MAX) = 0xc0000000 (-2^30); + INT_MIN underflows -> INT_MIN.
  EXPECT_EQ(eval1("mad.hi.sat.s32 %r1, %r2, %r3, %r4;", {{"%r2", kMin32}, {"%r3", kMax32}, {"%r4", kMin32}}, "%r1"),
            kMin32);
  EXPECT_EQ(eval1("mad.hi.sat.s32 %r1, %r2, %r3, %r4;", {{"%r2", 0x10000}, {"%r3", 0x10000}, {"%r4", 5}}, "%r1"), 6U);
}

TEST(IntMad, SatOutsideHiS32IsRejected) {
  Warp w("mad.lo.sat.s32 %r1, %r2, %r3, %r4;");
  EXPECT_THROW(w.exec_int(), sem::ExecError);
}

TEST(IntMul24, LoHiSignedUnsigned) {
  // 0x00ffffff * 0x00ffffff = 0xfffffe000001 (48 bits).
  EXPECT_EQ(eval1("mul24.lo.u32 %r1, %r2, %r3;", {{"%r2", 0xffffffU}, {"%r3", 0xffffffU}}, "%r1"), 0xfe000001U);
  EXPECT_EQ(eval1("mul24.hi.u32 %r1, %r2, %r3;", {{"%r2", 0xffffffU}, {"%r3", 0xffffffU}}, "%r1"), 0xfffffe00U);
  // bits above 24 are ignored
  EXPECT_EQ(eval1("mul24.lo.u32 %r1, %r2, %r3;", {{"%r2", 0xff000002U}, {"%r3", 3}}, "%r1"), 6U);
  // signed: 0xffffff is -1 in 24 bits
  EXPECT_EQ(eval1("mul24.lo.s32 %r1, %r2, %r3;", {{"%r2", 0xffffffU}, {"%r3", 3}}, "%r1"), bits_of(-3, 32));
  EXPECT_EQ(eval1("mul24.hi.s32 %r1, %r2, %r3;", {{"%r2", 0xffffffU}, {"%r3", 3}}, "%r1"), kAll32);
  // -2^23 * -2^23 = 2^46: bits 47..16 = 2^30
  EXPECT_EQ(eval1("mul24.hi.s32 %r1, %r2, %r3;", {{"%r2", 0x800000U}, {"%r3", 0x800000U}}, "%r1"), 0x40000000U);
}

TEST(IntMad24, LoHiSat) {
  EXPECT_EQ(eval1("mad24.lo.u32 %r1, %r2, %r3, %r4;", {{"%r2", 1000}, {"%r3", 1000}, {"%r4", 1}}, "%r1"), 1000001U);
  EXPECT_EQ(eval1("mad24.hi.s32 %r1, %r2, %r3, %r4;", {{"%r2", 0x800000U}, {"%r3", 0x800000U}, {"%r4", 1}}, "%r1"),
            0x40000001U);
  EXPECT_EQ(
      eval1("mad24.hi.sat.s32 %r1, %r2, %r3, %r4;", {{"%r2", 0x800000U}, {"%r3", 0x800000U}, {"%r4", kMax32}}, "%r1"),
      kMax32);
}

TEST(IntSad, SignedAndUnsigned) {
  EXPECT_EQ(eval1("sad.u32 %r1, %r2, %r3, %r4;", {{"%r2", 3}, {"%r3", 10}, {"%r4", 100}}, "%r1"), 107U);
  EXPECT_EQ(eval1("sad.u32 %r1, %r2, %r3, %r4;", {{"%r2", kAll32}, {"%r3", 0}, {"%r4", 1}}, "%r1"), 0U);
  EXPECT_EQ(eval1("sad.s32 %r1, %r2, %r3, %r4;", {{"%r2", kAll32}, {"%r3", 1}, {"%r4", 1}}, "%r1"), 3U);
  EXPECT_EQ(eval1("sad.s16 %h1, %h2, %h3, %h4;", {{"%h2", 0x8000}, {"%h3", 0x7fff}, {"%h4", 0}}, "%h1"), 0xffffU);
}

// ---- div / rem --------------------------------------------------------------

TEST(IntDiv, ZeroDivisorGivesAllOnes) {
  EXPECT_EQ(eval1("div.u32 %r1, %r2, %r3;", {{"%r2", 1234}, {"%r3", 0}}, "%r1"), kAll32);
  EXPECT_EQ(eval1("div.s32 %r1, %r2, %r3;", {{"%r2", 1234}, {"%r3", 0}}, "%r1"), kAll32);
  EXPECT_EQ(eval1("div.s32 %r1, %r2, %r3;", {{"%r2", bits_of(-5, 32)}, {"%r3", 0}}, "%r1"), kAll32);
  EXPECT_EQ(eval1("div.u16 %h1, %h2, %h3;", {{"%h2", 7}, {"%h3", 0}}, "%h1"), 0xffffU);
  EXPECT_EQ(eval1("div.u64 %rd1, %rd2, %rd3;", {{"%rd2", 7}, {"%rd3", 0}}, "%rd1"), ~0ULL);
}

TEST(IntRem, ZeroDivisorGivesAllOnes) {
  EXPECT_EQ(eval1("rem.u32 %r1, %r2, %r3;", {{"%r2", 1234}, {"%r3", 0}}, "%r1"), kAll32);
  EXPECT_EQ(eval1("rem.s32 %r1, %r2, %r3;", {{"%r2", 1234}, {"%r3", 0}}, "%r1"), kAll32);
  EXPECT_EQ(eval1("rem.s64 %rd1, %rd2, %rd3;", {{"%rd2", 9}, {"%rd3", 0}}, "%rd1"), ~0ULL);
}

TEST(IntDiv, IntMinByMinusOneWraps) {
  EXPECT_EQ(eval1("div.s32 %r1, %r2, %r3;", {{"%r2", kMin32}, {"%r3", kAll32}}, "%r1"), kMin32);
  EXPECT_EQ(eval1("rem.s32 %r1, %r2, %r3;", {{"%r2", kMin32}, {"%r3", kAll32}}, "%r1"), 0U);
  EXPECT_EQ(eval1("div.s64 %rd1, %rd2, %rd3;", {{"%rd2", 0x8000000000000000ULL}, {"%rd3", ~0ULL}}, "%rd1"),
            0x8000000000000000ULL);
  EXPECT_EQ(eval1("div.s16 %h1, %h2, %h3;", {{"%h2", 0x8000}, {"%h3", 0xffff}}, "%h1"), 0x8000U);
}

TEST(IntDiv, TruncatesTowardZeroAndRemKeepsDividendSign) {
  for (std::int32_t a : {7, -7, 0, 100, -100, 2147483647}) {
    for (std::int32_t b : {2, -2, 3, -3, 1, 7}) {
      const std::initializer_list<In> in = {{"%r2", bits_of(a, 32)}, {"%r3", bits_of(b, 32)}};
      EXPECT_EQ(eval1("div.s32 %r1, %r2, %r3;", in, "%r1"), bits_of(a / b, 32));
      EXPECT_EQ(eval1("rem.s32 %r1, %r2, %r3;", in, "%r1"), bits_of(a % b, 32));
      const auto ua = static_cast<std::uint32_t>(a), ub = static_cast<std::uint32_t>(b);
      EXPECT_EQ(eval1("div.u32 %r1, %r2, %r3;", in, "%r1"), ua / ub);
      EXPECT_EQ(eval1("rem.u32 %r1, %r2, %r3;", in, "%r1"), ua % ub);
    }
  }
}

// ---- abs / neg / min / max ----------------------------------------------------

TEST(IntAbsNeg, IntMinWraps) {
  EXPECT_EQ(eval1("abs.s32 %r1, %r2;", {{"%r2", kMin32}}, "%r1"), kMin32);
  EXPECT_EQ(eval1("abs.s32 %r1, %r2;", {{"%r2", bits_of(-5, 32)}}, "%r1"), 5U);
  EXPECT_EQ(eval1("abs.s16 %h1, %h2;", {{"%h2", 0xfffe}}, "%h1"), 2U);
  EXPECT_EQ(eval1("abs.s64 %rd1, %rd2;", {{"%rd2", 3}}, "%rd1"), 3U);
  EXPECT_EQ(eval1("neg.s32 %r1, %r2;", {{"%r2", kMin32}}, "%r1"), kMin32);
  EXPECT_EQ(eval1("neg.s32 %r1, %r2;", {{"%r2", 1}}, "%r1"), kAll32);
  EXPECT_EQ(eval1("neg.s64 %rd1, %rd2;", {{"%rd2", 0}}, "%rd1"), 0U);
}

TEST(IntMinMax, SignedVersusUnsigned) {
  const std::initializer_list<In> in = {{"%r2", kAll32}, {"%r3", 1}};
  EXPECT_EQ(eval1("min.s32 %r1, %r2, %r3;", in, "%r1"), kAll32);
  EXPECT_EQ(eval1("min.u32 %r1, %r2, %r3;", in, "%r1"), 1U);
  EXPECT_EQ(eval1("max.s32 %r1, %r2, %r3;", in, "%r1"), 1U);
  EXPECT_EQ(eval1("max.u32 %r1, %r2, %r3;", in, "%r1"), kAll32);
  EXPECT_EQ(eval1("min.s16 %h1, %h2, %h3;", {{"%h2", 0x8000}, {"%h3", 0x7fff}}, "%h1"), 0x8000U);
  EXPECT_EQ(eval1("max.u64 %rd1, %rd2, %rd3;", {{"%rd2", ~0ULL}, {"%rd3", 5}}, "%rd1"), ~0ULL);
  EXPECT_EQ(eval1("max.s64 %rd1, %rd2, %rd3;", {{"%rd2", ~0ULL}, {"%rd3", 5}}, "%rd1"), 5U);
}

TEST(IntMinMax, ReluClampsNegativeResults) {
  EXPECT_EQ(eval1("max.relu.s32 %r1, %r2, %r3;", {{"%r2", bits_of(-3, 32)}, {"%r3", bits_of(-9, 32)}}, "%r1"), 0U);
  EXPECT_EQ(eval1("max.relu.s32 %r1, %r2, %r3;", {{"%r2", bits_of(-3, 32)}, {"%r3", 4}}, "%r1"), 4U);
  EXPECT_EQ(eval1("min.relu.s32 %r1, %r2, %r3;", {{"%r2", bits_of(-3, 32)}, {"%r3", 4}}, "%r1"), 0U);
  EXPECT_EQ(eval1("min.relu.s32 %r1, %r2, %r3;", {{"%r2", 8}, {"%r3", 4}}, "%r1"), 4U);
}

TEST(IntArith, FloatTypesAreNotHandled) {
  for (const char* text : {"add.f32 %f1, %f2, %f3;", "mul.rn.f64 %fd1, %fd2, %fd3;", "abs.f32 %f1, %f2;",
                           "min.f32 %f1, %f2, %f3;", "div.rn.f32 %f1, %f2, %f3;", "neg.f64 %fd1, %fd2;"}) {
    Warp w(text);
    EXPECT_FALSE(w.exec_int()) << text;
  }
}

}  // namespace
}  // namespace lockstep::test
