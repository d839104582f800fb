// Comparison and selection: setp and set with every integer comparison,
// signed vs unsigned, boolean combination with a (negated) third predicate,
// `p|q` destinations; selp of every width; slct with an s32 selector; the
// float forms are left to the floating-point semantics.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tests/semantics/int/int_test_kit.hpp"

namespace lockstep::test {
namespace {

struct CmpCase {
  const char* name;
  bool unsigned_only;
  std::function<bool(std::int64_t, std::int64_t)> op;  // on values already read as (un)signed
};

const std::vector<CmpCase>& cmp_cases() {
  static const std::vector<CmpCase> cases = {
      {"eq", false, [](std::int64_t a, std::int64_t b) { return a == b; }},
      {"ne", false, [](std::int64_t a, std::int64_t b) { return a != b; }},
      {"lt", false, [](std::int64_t a, std::int64_t b) { return a < b; }},
      {"le", false, [](std::int64_t a, std::int64_t b) { return a <= b; }},
      {"gt", false, [](std::int64_t a, std::int64_t b) { return a > b; }},
      {"ge", false, [](std::int64_t a, std::int64_t b) { return a >= b; }},
      {"lo", true, [](std::int64_t a, std::int64_t b) { return a < b; }},
      {"ls", true, [](std::int64_t a, std::int64_t b) { return a <= b; }},
      {"hi", true, [](std::int64_t a, std::int64_t b) { return a > b; }},
      {"hs", true, [](std::int64_t a, std::int64_t b) { return a >= b; }},
  };
  return cases;
}

struct TypeCase {
  const char* type;
  unsigned w;
  bool sgn;
  bool bits;
  const char* reg;
};
constexpr TypeCase kTypes[] = {{"s16", 16, true, false, "%h"},   {"u16", 16, false, false, "%h"},
                               {"s32", 32, true, false, "%r"},   {"u32", 32, false, false, "%r"},
                               {"b32", 32, false, true, "%r"},   {"s64", 64, true, false, "%rd"},
                               {"u64", 64, false, false, "%rd"}, {"b16", 16, false, true, "%h"}};

/// 32 lanes of operand pairs around the signed/unsigned boundaries.
std::uint64_t lane_value(unsigned lane, unsigned which, unsigned w) {
  const std::uint64_t m = w == 64 ? ~0ULL : (1ULL << w) - 1;
  const std::uint64_t smin = 1ULL << (w - 1);
  const std::uint64_t vals[] = {0, 1, m, smin, smin - 1, 2, m - 1, smin + 1};
  return vals[(which == 0 ? lane : lane / 8 + lane * 3) % 8] & m;
}

/// v read as a signed (or, below 64 bits, unsigned) number.
std::int64_t read(std::uint64_t v, unsigned w, bool sgn) {
  if (!sgn || w == 64) return static_cast<std::int64_t>(v);
  const std::uint64_t sign = 1ULL << (w - 1);
  return static_cast<std::int64_t>((v ^ sign) - sign);
}
bool cmp_host(const CmpCase& c, std::uint64_t a, std::uint64_t b, unsigned w, bool sgn) {
  if (w == 64 && !(sgn && !c.unsigned_only)) {
    // unsigned 64-bit: compare as unsigned
    const std::string n = c.name;
    if (n == "eq") return a == b;
    if (n == "ne") return a != b;
    if (n == "lt" || n == "lo") return a < b;
    if (n == "le" || n == "ls") return a <= b;
    if (n == "gt" || n == "hi") return a > b;
    return a >= b;
  }
  const bool s = sgn && !c.unsigned_only;
  return c.op(read(a, w, s), read(b, w, s));
}

class IntSetpType : public ::testing::TestWithParam<TypeCase> {};

TEST_P(IntSetpType, EveryComparisonWithBoolOpsAndComplement) {
  const TypeCase& t = GetParam();
  const char* bops[] = {"", "and", "or", "xor"};
  int checked = 0;
  for (const CmpCase& c : cmp_cases()) {
    const std::string n = c.name;
    if (t.bits && n != "eq" && n != "ne") continue;  // bit types: eq/ne only
    if (c.unsigned_only && t.sgn) continue;          // lo/ls/hi/hs: unsigned types
    for (const char* bop : bops) {
      for (bool negate : {false, true}) {
        if (std::string(bop).empty() && negate) continue;
        const std::string r = t.reg;
        std::string text = std::string("setp.") + c.name + (std::string(bop).empty() ? "" : std::string(".") + bop) +
                           "." + t.type + " %p1|%p2, " + r + "2, " + r + "3";
        if (!std::string(bop).empty()) {
          text += negate ? ", !%p3;" : ", %p3;";
        } else {
          text += ";";
        }
        Warp w(text);
        for (unsigned l = 0; l < 32; ++l) {
          w.set(r + "2", l, lane_value(l, 0, t.w));
          w.set(r + "3", l, lane_value(l, 1, t.w));
          w.set("%p3", l, (l >> 4) & 1U);
        }
        ASSERT_TRUE(w.exec_int(0, sem::kFullMask)) << text;
        for (unsigned l = 0; l < 32; ++l) {
          const bool tv = cmp_host(c, lane_value(l, 0, t.w), lane_value(l, 1, t.w), t.w, t.sgn);
          bool cv = ((l >> 4) & 1U) != 0;
          if (negate) cv = !cv;
          const std::string b = bop;
          auto comb = [&](bool x) {
            return b == "and" ? (x && cv) : b == "or" ? (x || cv) : b == "xor" ? (x != cv) : x;
          };
          ASSERT_EQ(w.get("%p1", l), comb(tv) ? 1U : 0U) << text << " lane " << l;
          ASSERT_EQ(w.get("%p2", l), comb(!tv) ? 1U : 0U) << text << " lane " << l;
          ++checked;
        }
      }
    }
  }
  EXPECT_GE(checked, 7 * 32);
}

INSTANTIATE_TEST_SUITE_P(IntegerTypes, IntSetpType, ::testing::ValuesIn(kTypes),
                         [](const ::testing::TestParamInfo<TypeCase>& p) { return std::string(p.param.type); });

TEST(IntSetp, SignedVersusUnsignedHand) {
  EXPECT_EQ(eval1("setp.lt.s32 %p1, %r2, %r3;", {{"%r2", 0xffffffffU}, {"%r3", 0}}, "%p1"), 1U);
  EXPECT_EQ(eval1("setp.lt.u32 %p1, %r2, %r3;", {{"%r2", 0xffffffffU}, {"%r3", 0}}, "%p1"), 0U);
  EXPECT_EQ(eval1("setp.hi.u32 %p1, %r2, %r3;", {{"%r2", 0xffffffffU}, {"%r3", 0}}, "%p1"), 1U);
  EXPECT_EQ(eval1("setp.gt.s64 %p1, %rd2, %rd3;", {{"%rd2", 1ULL << 63}, {"%rd3", 0}}, "%p1"), 0U);
  EXPECT_EQ(eval1("setp.eq.s32 %p1, %r2, -1;", {{"%r2", 0xffffffffU}}, "%p1"), 1U);
  EXPECT_EQ(eval1("setp.eq.u16 %p1, %h2, -1;", {{"%h2", 0xffff}}, "%p1"), 1U);
}

TEST(IntSetp, SinkSecondDestinationAndSingleDestination) {
  Warp w("setp.ne.and.u32 %p1|%p2, %r2, 0, %p3;");
  w.set("%r2", 0, 4);
  w.set("%p3", 0, 1);
  ASSERT_TRUE(w.exec_int());
  EXPECT_EQ(w.get("%p1", 0), 1U);
  EXPECT_EQ(w.get("%p2", 0), 0U);
}

TEST(IntSet, IntegerAndFloatDestinations) {
  EXPECT_EQ(eval1("set.lt.u32.s32 %r1, %r2, %r3;", {{"%r2", 0xffffffffU}, {"%r3", 0}}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("set.lt.u32.u32 %r1, %r2, %r3;", {{"%r2", 0xffffffffU}, {"%r3", 0}}, "%r1"), 0U);
  EXPECT_EQ(eval1("set.lt.s32.s32 %r1, %r2, %r3;", {{"%r2", 0xffffffffU}, {"%r3", 0}}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("set.eq.f32.u64 %f1, %rd2, %rd3;", {{"%rd2", 5}, {"%rd3", 5}}, "%f1"), 0x3f800000U);
  EXPECT_EQ(eval1("set.ne.f32.b16 %f1, %h2, %h3;", {{"%h2", 5}, {"%h3", 5}}, "%f1"), 0U);
  EXPECT_EQ(eval1("set.hs.u32.u16 %r1, %h2, 7;", {{"%h2", 7}}, "%r1"), 0xffffffffU);
}

TEST(IntSet, BoolOpCombination) {
  Warp w(
      "set.gt.and.u32.s32 %r1, %r2, %r3, %p1;\nset.gt.or.u32.s32 %r4, %r2, %r3, !%p1;\n"
      "set.gt.xor.f32.s32 %f1, %r2, %r3, %p1;");
  for (unsigned l = 0; l < 4; ++l) {
    w.set("%r2", l, (l & 1U) != 0 ? 5 : 0xfffffffbU);  // 5 or -5
    w.set("%r3", l, 0);
    w.set("%p1", l, (l >> 1) & 1U);
  }
  w.run_all(0xf);
  for (unsigned l = 0; l < 4; ++l) {
    const bool t = (l & 1U) != 0, c = ((l >> 1) & 1U) != 0;
    EXPECT_EQ(w.get("%r1", l), (t && c) ? 0xffffffffU : 0U);
    EXPECT_EQ(w.get("%r4", l), (t || !c) ? 0xffffffffU : 0U);
    EXPECT_EQ(w.get("%f1", l), (t != c) ? 0x3f800000U : 0U);
  }
}

TEST(IntSetp, FloatComparedTypesAreNotHandled) {
  for (const char* text :
       {"setp.lt.f32 %p1, %f1, %f2;", "setp.equ.f64 %p1, %fd1, %fd2;", "set.lt.u32.f32 %r1, %f1, %f2;",
        "set.lt.f32.f64 %f3, %fd1, %fd2;", "slct.f32.f32 %f3, %f1, %f2, %f4;", "slct.u32.f32 %r1, %r2, %r3, %f4;"}) {
    Warp w(text);
    EXPECT_FALSE(w.exec_int()) << text;
  }
}

TEST(IntSelp, EveryWidthIsABitSelect) {
  Warp w(
      "selp.b16 %h1, %h2, %h3, %p1;\nselp.s32 %r1, %r2, %r3, %p1;\nselp.u64 %rd1, %rd2, %rd3, %p1;\n"
      "selp.f32 %f1, %f2, %f3, %p1;\nselp.f64 %fd1, %fd2, %fd3, !%p1;");
  for (unsigned l = 0; l < 2; ++l) {
    w.set("%p1", l, l);
    w.set("%h2", l, 0x1111);
    w.set("%h3", l, 0x2222);
    w.set("%r2", l, 0x11111111U);
    w.set("%r3", l, 0x22222222U);
    w.set("%rd2", l, 0x1111111111111111ULL);
    w.set("%rd3", l, 0x2222222222222222ULL);
    w.set("%f2", l, 0x7fc00001U);  // a NaN payload is copied unchanged
    w.set("%f3", l, 0x80000000U);
    w.set("%fd2", l, 1);
    w.set("%fd3", l, 2);
  }
  w.run_all(0x3);
  EXPECT_EQ(w.get("%h1", 0), 0x2222U);
  EXPECT_EQ(w.get("%h1", 1), 0x1111U);
  EXPECT_EQ(w.get("%r1", 0), 0x22222222U);
  EXPECT_EQ(w.get("%r1", 1), 0x11111111U);
  EXPECT_EQ(w.get("%rd1", 0), 0x2222222222222222ULL);
  EXPECT_EQ(w.get("%rd1", 1), 0x1111111111111111ULL);
  EXPECT_EQ(w.get("%f1", 0), 0x80000000U);
  EXPECT_EQ(w.get("%f1", 1), 0x7fc00001U);
  EXPECT_EQ(w.get("%fd1", 0), 1U);
  EXPECT_EQ(w.get("%fd1", 1), 2U);
}

TEST(IntSelp, FloatImmediates) {
  EXPECT_EQ(eval1("selp.f32 %f1, 1.0, 0f40000000, %p1;", {{"%p1", 1}}, "%f1"), 0x3f800000U);
  EXPECT_EQ(eval1("selp.f32 %f1, 1.0, 0f40000000, %p1;", {{"%p1", 0}}, "%f1"), 0x40000000U);
}

TEST(IntSlct, SignOfTheS32Selector) {
  Warp w("slct.u32.s32 %r1, %r2, %r3, %r4;\nslct.f32.s32 %f1, %f2, %f3, %r4;\nslct.b64.s32 %rd1, %rd2, %rd3, %r4;");
  const std::uint64_t sel[] = {0, 1, 0x7fffffffU, 0x80000000U, 0xffffffffU};
  for (unsigned l = 0; l < 5; ++l) {
    w.set("%r4", l, sel[l]);
    w.set("%r2", l, 10);
    w.set("%r3", l, 20);
    w.set("%f2", l, 0x3f800000U);
    w.set("%f3", l, 0xbf800000U);
    w.set("%rd2", l, 1ULL << 40);
    w.set("%rd3", l, 3);
  }
  w.run_all(0x1f);
  for (unsigned l = 0; l < 5; ++l) {
    const bool ge0 = (sel[l] & 0x80000000U) == 0;
    EXPECT_EQ(w.get("%r1", l), ge0 ? 10U : 20U) << l;
    EXPECT_EQ(w.get("%f1", l), ge0 ? 0x3f800000U : 0xbf800000U) << l;
    EXPECT_EQ(w.get("%rd1", l), ge0 ? (1ULL << 40) : 3U) << l;
  }
}

}  // namespace
}  // namespace lockstep::test
