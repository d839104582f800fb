// Which instructions exec_float and exec_cvt take, forms with default
// modifiers, and the forms they reject with ExecError.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "tests/semantics/float/float_kit.hpp"

namespace lockstep::test {
namespace {

TEST(FloatDispatch, NonFloatFormsAreDeclined) {
  for (const char* instr : {"add.s32 %r1, %r2, %r3;", "setp.lt.s32 %p1, %r2, %r3;", "set.lt.u32.s32 %r1, %r2, %r3;",
                            "slct.u32.s32 %r1, %r2, %r3, %r4;", "mov.f32 %f1, %f2;", "min.u32 %r1, %r2, %r3;",
                            "cvt.rn.f32.s32 %f1, %r2;"}) {
    Kit k(instr);
    EXPECT_FALSE(k.run_float()) << instr;
  }
}

TEST(FloatDispatch, CvtTakesOnlyConversions) {
  Kit add("add.rn.f32 %f1, %f2, %f3;");
  EXPECT_FALSE(add.run_cvt());
  Kit cvt("cvt.rn.f32.s32 %f1, %r2;");
  EXPECT_TRUE(cvt.run_cvt());
  Kit pack("cvt.pack.sat.u8.s32.b32 %r1, %r2, %r3, %r4;");
  EXPECT_TRUE(pack.run_cvt());
}

TEST(FloatDispatch, DefaultModifiers) {
  // mad.f32 without rounding is mad.rn.f32 (fused); div.f32 without a
  // modifier is div.rn.f32.
  const float a = 1.0f + std::ldexp(1.0f, -13);
  const float b = 1.0f - std::ldexp(1.0f, -13);
  EXPECT_EQ(runn("mad.f32 %f1, %f2, %f3, %f4;", {"%f2", "%f3", "%f4"}, {bits(a), bits(b), bits(-1.0f)}, "%f1"),
            bits(-std::ldexp(1.0f, -26)));
  EXPECT_EQ(f32op("div.f32", 1.0f, 3.0f), 0x3eaaaaabU);
  EXPECT_EQ(f64op("div.f64", 1.0, 3.0), bits(1.0 / 3.0));
  EXPECT_EQ(run1("cvt.f32.f64 %f1, %fd2;", "%fd2", bits(0.1), "%f1"), bits(0.1f));
  EXPECT_EQ(run1("cvt.s32.f32 %r1, %f2;", "%f2", bits(-2.7f), "%r1"), 0xfffffffeU);  // read as .rzi
}

TEST(FloatDispatch, RoundToNearestAwayOnArithmetic) {
  EXPECT_EQ(f32op("add.rna.f32", 1.0f, std::ldexp(1.0f, -24)), bits(1.0f + std::ldexp(1.0f, -23)));
}

TEST(FloatDispatch, SetWithHalfDestinations) {
  EXPECT_EQ(runn("set.eq.f16.f32 %h1, %f2, %f3;", {"%f2", "%f3"}, {bits(1.0f), bits(1.0f)}, "%h1"), 0x3c00U);
  EXPECT_EQ(runn("set.ne.bf16.f32 %h1, %f2, %f3;", {"%f2", "%f3"}, {bits(1.0f), bits(2.0f)}, "%h1"), 0x3f80U);
  EXPECT_EQ(runn("set.eq.f16.f16 %h1, %h2, %h3;", {"%h2", "%h3"}, {0x3c00U, 0x4000U}, "%h1"), 0U);
}

TEST(FloatDispatch, UnsupportedFormsThrow) {
  Kit rs("add.rs.f32 %f1, %f2, %f3;");
  EXPECT_THROW(rs.run(), sem::ExecError);
  Kit pair("cvt.rn.f16x2.f16 %r1, %h2;");
  EXPECT_THROW(pair.run(), sem::ExecError);
  Kit irnd("cvt.rni.f16.f32 %h1, %f2;");
  EXPECT_THROW(irnd.run(), sem::ExecError);
}

}  // namespace
}  // namespace lockstep::test
