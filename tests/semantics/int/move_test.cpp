// mov: scalars of every type, predicates, immediates, special registers,
// variable addresses, and the vector pack/unpack forms.
#include <gtest/gtest.h>

#include <cstdint>

#include "tests/semantics/int/int_test_kit.hpp"

namespace lockstep::test {
namespace {

TEST(IntMov, ScalarsAndImmediates) {
  EXPECT_EQ(eval1("mov.u32 %r1, %r2;", {{"%r2", 0xdeadbeefU}}, "%r1"), 0xdeadbeefU);
  EXPECT_EQ(eval1("mov.b64 %rd1, %rd2;", {{"%rd2", ~0ULL}}, "%rd1"), ~0ULL);
  EXPECT_EQ(eval1("mov.s16 %h1, -2;", {}, "%h1"), 0xfffeU);
  EXPECT_EQ(eval1("mov.s32 %r1, -1;", {}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("mov.u64 %rd1, -1;", {}, "%rd1"), ~0ULL);
  EXPECT_EQ(eval1("mov.f32 %f1, 0f3f800000;", {}, "%f1"), 0x3f800000U);
  EXPECT_EQ(eval1("mov.f32 %f1, 1.5;", {}, "%f1"), 0x3fc00000U);
  EXPECT_EQ(eval1("mov.f64 %fd1, 0d3ff0000000000000;", {}, "%fd1"), 0x3ff0000000000000ULL);
  EXPECT_EQ(eval1("mov.f32 %f1, %f2;", {{"%f2", 0x7fc00001U}}, "%f1"), 0x7fc00001U);
}

TEST(IntMov, Predicates) {
  EXPECT_EQ(eval1("mov.pred %p1, %p2;", {{"%p2", 1}}, "%p1"), 1U);
  EXPECT_EQ(eval1("mov.pred %p1, !%p2;", {{"%p2", 1}}, "%p1"), 0U);
  EXPECT_EQ(eval1("mov.pred %p1, 1;", {}, "%p1"), 1U);
  EXPECT_EQ(eval1("mov.pred %p1, 0;", {{"%p1", 1}}, "%p1"), 0U);
}

TEST(IntMov, SpecialRegistersPerLane) {
  Warp w("mov.u32 %r1, %laneid;\nmov.u32 %r2, %tid.x;");
  w.run_all(0xa5);
  for (unsigned l = 0; l < 8; ++l) {
    const bool on = ((0xa5U >> l) & 1U) != 0;
    EXPECT_EQ(w.get("%r1", l), on ? l : 0U);
    EXPECT_EQ(w.get("%r2", l), on ? 100U + l : 0U);
  }
}

TEST(IntMov, VariableAddress) {
  Warp w("mov.u64 %rd1, gbuf;\nmov.u64 %rd2, gbuf+8;");
  w.run_all();
  EXPECT_EQ(w.get("%rd1", 0), 0x10000U);
  EXPECT_EQ(w.get("%rd2", 0), 0x10008U);
}

TEST(IntMov, PackTwoWordsIntoB64) {
  EXPECT_EQ(eval1("mov.b64 %rd1, {%r2, %r3};", {{"%r2", 0x11111111U}, {"%r3", 0x22222222U}}, "%rd1"),
            0x2222222211111111ULL);
  EXPECT_EQ(eval1("mov.b32 %r1, {%h2, %h3};", {{"%h2", 0xaaaa}, {"%h3", 0xbbbb}}, "%r1"), 0xbbbbaaaaU);
  EXPECT_EQ(eval1("mov.b64 %rd1, {%h0, %h1, %h2, %h3};",
                  {{"%h0", 0x0001}, {"%h1", 0x0203}, {"%h2", 0x0405}, {"%h3", 0x0607}}, "%rd1"),
            0x0607040502030001ULL);
}

TEST(IntMov, UnpackB64IntoWords) {
  Warp w(
      "mov.b64 {%r1, %r2}, %rd1;\nmov.b64 {%r3, _}, %rd1;\nmov.b32 {%h1, %h2}, %r4;\n"
      "mov.b64 {%h3, %h4, %h5, %h6}, %rd2;");
  w.set("%rd1", 0, 0x2222222211111111ULL);
  w.set("%r4", 0, 0xbbbbaaaaU);
  w.set("%rd2", 0, 0x0607040502030001ULL);
  w.run_all();
  EXPECT_EQ(w.get("%r1", 0), 0x11111111U);
  EXPECT_EQ(w.get("%r2", 0), 0x22222222U);
  EXPECT_EQ(w.get("%r3", 0), 0x11111111U);
  EXPECT_EQ(w.get("%h1", 0), 0xaaaaU);
  EXPECT_EQ(w.get("%h2", 0), 0xbbbbU);
  EXPECT_EQ(w.get("%h3", 0), 0x0001U);
  EXPECT_EQ(w.get("%h4", 0), 0x0203U);
  EXPECT_EQ(w.get("%h5", 0), 0x0405U);
  EXPECT_EQ(w.get("%h6", 0), 0x0607U);
}

TEST(IntMov, InactiveLanesAreUntouched) {
  Warp w("mov.u32 %r1, 5;");
  w.set_all("%r1", 9);
  ASSERT_TRUE(w.exec_int(0, 0x4));
  EXPECT_EQ(w.get("%r1", 2), 5U);
  EXPECT_EQ(w.get("%r1", 0), 9U);
  EXPECT_EQ(w.get("%r1", 3), 9U);
}

TEST(IntExec, OtherOpcodesAreNotHandled) {
  for (const char* text : {"ld.global.u32 %r1, [%rd1];", "bar.sync 0;", "shfl.sync.idx.b32 %r1, %r2, 0, 31, -1;",
                           "cvt.u32.u16 %r1, %h1;", "fma.rn.f32 %f1, %f2, %f3, %f4;"}) {
    Warp w(text);
    EXPECT_FALSE(w.exec_int()) << text;
  }
}

}  // namespace
}  // namespace lockstep::test
