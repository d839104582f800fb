// cvt: float -> integer rounding, saturation and NaN; integer -> float
// rounding; float -> float narrowing (f16, bf16, tf32) with overflow,
// underflow, ties, .relu, .satfinite, .sat, .ftz; integral rounding;
// integer <-> integer; register widths; packed destinations; cvt.pack.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "tests/semantics/float/float_kit.hpp"

namespace lockstep::test {
namespace {

const float kInf = std::numeric_limits<float>::infinity();
const float kNan = std::numeric_limits<float>::quiet_NaN();
const double kNanD = std::numeric_limits<double>::quiet_NaN();
const float kMinSubF = std::numeric_limits<float>::denorm_min();

std::uint64_t cvt(const std::string& instr, std::uint64_t a) {
  // Source register is operand 1; its name is the text after the comma.
  const std::size_t comma = instr.find(',');
  std::string src = instr.substr(comma + 1);
  src = src.substr(src.find('%'));
  src = src.substr(0, src.find(';'));
  std::string dst = instr.substr(instr.find('%'));
  dst = dst.substr(0, dst.find(','));
  return run1(instr, src, a, dst);
}

// ---- float -> integer ----------------------------------------------------------------

TEST(CvtFloatToInt, RoundingModes) {
  EXPECT_EQ(cvt("cvt.rni.s32.f32 %r1, %f2;", bits(-2.5f)), 0xfffffffeU);
  EXPECT_EQ(cvt("cvt.rzi.s32.f32 %r1, %f2;", bits(-2.5f)), 0xfffffffeU);
  EXPECT_EQ(cvt("cvt.rmi.s32.f32 %r1, %f2;", bits(-2.5f)), 0xfffffffdU);
  EXPECT_EQ(cvt("cvt.rpi.s32.f32 %r1, %f2;", bits(-2.5f)), 0xfffffffeU);
  EXPECT_EQ(cvt("cvt.rni.s32.f32 %r1, %f2;", bits(2.5f)), 2U);
  EXPECT_EQ(cvt("cvt.rni.s32.f32 %r1, %f2;", bits(3.5f)), 4U);
  EXPECT_EQ(cvt("cvt.rpi.s32.f32 %r1, %f2;", bits(0.1f)), 1U);
  EXPECT_EQ(cvt("cvt.rzi.s32.f32 %r1, %f2;", bits(-0.0f)), 0U);
}

TEST(CvtFloatToInt, SaturatesToS32Range) {
  EXPECT_EQ(cvt("cvt.rzi.s32.f32 %r1, %f2;", bits(2147483648.0f)), 0x7fffffffU);  // 2^31
  EXPECT_EQ(cvt("cvt.rzi.s32.f32 %r1, %f2;", bits(-2147483648.0f)), 0x80000000U);
  EXPECT_EQ(cvt("cvt.rzi.s32.f64 %r1, %fd2;", bits(-2147483649.0)), 0x80000000U);  // -2^31 - 1
  EXPECT_EQ(cvt("cvt.rni.s32.f64 %r1, %fd2;", bits(2147483647.5)), 0x7fffffffU);
  EXPECT_EQ(cvt("cvt.rzi.s32.f64 %r1, %fd2;", bits(-2147483648.9)), 0x80000000U);
  EXPECT_EQ(cvt("cvt.rzi.s32.f32 %r1, %f2;", bits(kInf)), 0x7fffffffU);
  EXPECT_EQ(cvt("cvt.rzi.s32.f32 %r1, %f2;", bits(-kInf)), 0x80000000U);
  EXPECT_EQ(cvt("cvt.rzi.u32.f32 %r1, %f2;", bits(-kInf)), 0U);
  EXPECT_EQ(cvt("cvt.rzi.u32.f32 %r1, %f2;", bits(5e9f)), 0xffffffffU);
}

TEST(CvtFloatToInt, NaNPerManual) {
  EXPECT_EQ(cvt("cvt.rzi.s32.f32 %r1, %f2;", bits(kNan)), 0U);
  EXPECT_EQ(cvt("cvt.rzi.u16.f32 %r1, %f2;", bits(kNan)), 0U);
  EXPECT_EQ(cvt("cvt.rzi.s32.f64 %r1, %fd2;", bits(kNanD)), 0x80000000U);
  EXPECT_EQ(cvt("cvt.rzi.u8.f64 %r1, %fd2;", bits(kNanD)), 0x80U);
  EXPECT_EQ(cvt("cvt.rzi.s64.f32 %rd1, %f2;", bits(kNan)), 0x8000000000000000ULL);
  EXPECT_EQ(cvt("cvt.rzi.u64.f64 %rd1, %fd2;", bits(kNanD)), 0x8000000000000000ULL);
}

TEST(CvtFloatToInt, F64ToU8) {
  EXPECT_EQ(cvt("cvt.rzi.u8.f64 %r1, %fd2;", bits(255.7)), 255U);
  EXPECT_EQ(cvt("cvt.rni.u8.f64 %r1, %fd2;", bits(255.7)), 255U);
  EXPECT_EQ(cvt("cvt.rzi.u8.f64 %r1, %fd2;", bits(256.0)), 255U);
  EXPECT_EQ(cvt("cvt.rzi.u8.f64 %r1, %fd2;", bits(-1.0)), 0U);
  EXPECT_EQ(cvt("cvt.rmi.u8.f64 %r1, %fd2;", bits(-0.5)), 0U);
  EXPECT_EQ(cvt("cvt.rni.u8.f64 %r1, %fd2;", bits(2.5)), 2U);
}

TEST(CvtFloatToInt, NarrowSignedDestinationIsSignExtended) {
  EXPECT_EQ(cvt("cvt.rzi.s8.f32 %r1, %f2;", bits(-3.7f)), 0xfffffffdU);
  EXPECT_EQ(cvt("cvt.rzi.s8.f32 %r1, %f2;", bits(-300.0f)), 0xffffff80U);
  EXPECT_EQ(cvt("cvt.rzi.u8.f32 %r1, %f2;", bits(300.0f)), 0x000000ffU);
  EXPECT_EQ(cvt("cvt.rzi.s16.f32 %h1, %f2;", bits(-1.0f)), 0xffffU);
}

TEST(CvtFloatToInt, SixtyFourBit) {
  EXPECT_EQ(cvt("cvt.rzi.s64.f32 %rd1, %f2;", bits(-9223372036854775808.0f)), 0x8000000000000000ULL);
  EXPECT_EQ(cvt("cvt.rzi.s64.f32 %rd1, %f2;", bits(9223372036854775808.0f)), 0x7fffffffffffffffULL);
  EXPECT_EQ(cvt("cvt.rzi.u64.f32 %rd1, %f2;", bits(18446744073709551616.0f)), 0xffffffffffffffffULL);
  EXPECT_EQ(cvt("cvt.rzi.u64.f64 %rd1, %fd2;", bits(18000000000000000000.0)), 18000000000000000000ULL);
  EXPECT_EQ(cvt("cvt.rni.s64.f64 %rd1, %fd2;", bits(-4503599627370497.0)), static_cast<std::uint64_t>(-4503599627370497LL));
}

TEST(CvtFloatToInt, HalfSources) {
  EXPECT_EQ(cvt("cvt.rni.s32.f16 %r1, %h2;", 0xc100U), 0xfffffffeU);   // -2.5 -> -2
  EXPECT_EQ(cvt("cvt.rzi.u32.bf16 %r1, %h2;", 0x4348U), 200U);          // 200.0
  EXPECT_EQ(cvt("cvt.rzi.s64.f16 %rd1, %h2;", 0x7e00U), 0x8000000000000000ULL);  // NaN, 64-bit dst
}

TEST(CvtFloatToInt, FtzFlushesF32Source) {
  EXPECT_EQ(cvt("cvt.rpi.s32.f32 %r1, %f2;", bits(kMinSubF)), 1U);
  EXPECT_EQ(cvt("cvt.rpi.ftz.s32.f32 %r1, %f2;", bits(kMinSubF)), 0U);
}

// ---- integer -> float -------------------------------------------------------------------

TEST(CvtIntToFloat, S64ToF32TiesToEven) {
  EXPECT_EQ(cvt("cvt.rn.f32.s64 %f1, %rd2;", 16777217U), bits(16777216.0f));
  EXPECT_EQ(cvt("cvt.rn.f32.s64 %f1, %rd2;", 16777219U), bits(16777220.0f));
  EXPECT_EQ(cvt("cvt.rp.f32.s64 %f1, %rd2;", 16777217U), bits(16777218.0f));
  EXPECT_EQ(cvt("cvt.rm.f32.s64 %f1, %rd2;", static_cast<std::uint64_t>(-16777217LL)), bits(-16777218.0f));
  EXPECT_EQ(cvt("cvt.rz.f32.s64 %f1, %rd2;", static_cast<std::uint64_t>(-16777217LL)), bits(-16777216.0f));
  EXPECT_EQ(cvt("cvt.rn.f32.s64 %f1, %rd2;", 0x7fffffffffffffffULL), 0x5f000000U);
  EXPECT_EQ(cvt("cvt.rz.f32.s64 %f1, %rd2;", 0x7fffffffffffffffULL), 0x5effffffU);
  EXPECT_EQ(cvt("cvt.rn.f32.s64 %f1, %rd2;", 0x8000000000000000ULL), 0xdf000000U);
}

TEST(CvtIntToFloat, UnsignedAndNarrow) {
  EXPECT_EQ(cvt("cvt.rn.f32.u64 %f1, %rd2;", 0xffffffffffffffffULL), 0x5f800000U);
  EXPECT_EQ(cvt("cvt.rz.f32.u64 %f1, %rd2;", 0xffffffffffffffffULL), 0x5f7fffffU);
  EXPECT_EQ(cvt("cvt.rn.f64.s32 %fd1, %r2;", 0xfffffff9U), bits(-7.0));
  EXPECT_EQ(cvt("cvt.rn.f64.u32 %fd1, %r2;", 0xfffffff9U), bits(4294967289.0));
  EXPECT_EQ(cvt("cvt.rn.f32.s16 %f1, %h2;", 0xffffU), bits(-1.0f));
  EXPECT_EQ(cvt("cvt.rn.f32.s8 %f1, %r2;", 0x000001ffU), bits(-1.0f));  // wider source: low 8 bits
  EXPECT_EQ(cvt("cvt.f32.u32 %f1, %r2;", 0U), bits(0.0f));
}

TEST(CvtIntToFloat, HalfDestinations) {
  EXPECT_EQ(cvt("cvt.rn.f16.u16 %h1, %h2;", 65535U), 0x7c00U);   // above 65520: overflow
  EXPECT_EQ(cvt("cvt.rz.f16.u16 %h1, %h2;", 65535U), 0x7bffU);   // 65504
  EXPECT_EQ(cvt("cvt.rn.f16.s32 %h1, %r2;", 2049U), 0x6800U);    // 2048 (tie to even)
  EXPECT_EQ(cvt("cvt.rn.bf16.s32 %h1, %r2;", 257U), 0x4380U);    // 256 (tie to even)
  EXPECT_EQ(cvt("cvt.rn.bf16.s32 %h1, %r2;", 259U), 0x4382U);    // 260
  EXPECT_EQ(cvt("cvt.rn.sat.f32.s32 %f1, %r2;", 7U), bits(1.0f));
}

// ---- float -> float -----------------------------------------------------------------------

TEST(CvtFloatToFloat, F32ToF16OverflowPerMode) {
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(65519.0f)), 0x7bffU);
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(65520.0f)), 0x7c00U);  // tie goes to even (inf)
  EXPECT_EQ(cvt("cvt.rz.f16.f32 %h1, %f2;", bits(1e6f)), 0x7bffU);
  EXPECT_EQ(cvt("cvt.rm.f16.f32 %h1, %f2;", bits(-1e6f)), 0xfc00U);
  EXPECT_EQ(cvt("cvt.rp.f16.f32 %h1, %f2;", bits(-1e6f)), 0xfbffU);
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(kInf)), 0x7c00U);
}

TEST(CvtFloatToFloat, F32ToF16UnderflowAndTies) {
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(std::ldexp(1.0f, -25))), 0x0000U);   // tie -> 0
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(std::ldexp(1.5f, -25))), 0x0001U);
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(std::ldexp(1.0f, -24))), 0x0001U);
  EXPECT_EQ(cvt("cvt.rp.f16.f32 %h1, %f2;", bits(1e-10f)), 0x0001U);
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(-1e-10f)), 0x8000U);
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(1.0f + std::ldexp(1.0f, -11))), 0x3c00U);
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(1.0f + 3.0f * std::ldexp(1.0f, -11))), 0x3c02U);
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(std::ldexp(1.0f, -14))), 0x0400U);  // min normal
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(kNan)), 0x7fffU);
  EXPECT_EQ(cvt("cvt.rn.f16.f32 %h1, %f2;", bits(-0.0f)), 0x8000U);
}

TEST(CvtFloatToFloat, F16SatfiniteAndRelu) {
  EXPECT_EQ(cvt("cvt.rn.satfinite.f16.f32 %h1, %f2;", bits(1e6f)), 0x7bffU);
  EXPECT_EQ(cvt("cvt.rn.satfinite.f16.f32 %h1, %f2;", bits(-kInf)), 0xfbffU);
  EXPECT_EQ(cvt("cvt.rn.satfinite.f16.f32 %h1, %f2;", bits(kNan)), 0x7fffU);
  EXPECT_EQ(cvt("cvt.rn.relu.f16.f32 %h1, %f2;", bits(-2.0f)), 0x0000U);
  EXPECT_EQ(cvt("cvt.rn.relu.f16.f32 %h1, %f2;", bits(2.0f)), 0x4000U);
  EXPECT_EQ(cvt("cvt.rn.relu.f16.f32 %h1, %f2;", bits(kNan)), 0x7fffU);
  EXPECT_EQ(cvt("cvt.rn.relu.satfinite.f16.f32 %h1, %f2;", bits(-kInf)), 0x0000U);
}

TEST(CvtFloatToFloat, F32ToBf16) {
  EXPECT_EQ(cvt("cvt.rn.bf16.f32 %h1, %f2;", bits(1.0f + std::ldexp(1.0f, -8))), 0x3f80U);
  EXPECT_EQ(cvt("cvt.rn.bf16.f32 %h1, %f2;", bits(1.0f + 3.0f * std::ldexp(1.0f, -8))), 0x3f82U);
  EXPECT_EQ(cvt("cvt.rz.bf16.f32 %h1, %f2;", bits(1.999f)), 0x3fffU);
  EXPECT_EQ(cvt("cvt.rn.bf16.f32 %h1, %f2;", bits(1.999f)), 0x4000U);
  EXPECT_EQ(cvt("cvt.rn.bf16.f32 %h1, %f2;", bits(kNan)), 0x7fffU);
  EXPECT_EQ(cvt("cvt.rn.bf16.f32 %h1, %f2;", bits(3.4e38f)), 0x7f80U);
  EXPECT_EQ(cvt("cvt.rn.satfinite.bf16.f32 %h1, %f2;", bits(3.4e38f)), 0x7f7fU);
}

TEST(CvtFloatToFloat, WideningIsExact) {
  EXPECT_EQ(cvt("cvt.f32.f16 %f1, %h2;", 0x0001U), bits(std::ldexp(1.0f, -24)));
  EXPECT_EQ(cvt("cvt.f32.f16 %f1, %h2;", 0x7bffU), bits(65504.0f));
  EXPECT_EQ(cvt("cvt.f32.f16 %f1, %h2;", 0xfc00U), bits(-kInf));
  EXPECT_EQ(cvt("cvt.f32.f16 %f1, %h2;", 0x7e01U), 0x7fffffffU);
  EXPECT_EQ(cvt("cvt.f32.bf16 %f1, %h2;", 0x3f80U), bits(1.0f));
  EXPECT_EQ(cvt("cvt.f64.f32 %fd1, %f2;", bits(0.1f)), bits(static_cast<double>(0.1f)));
  EXPECT_EQ(cvt("cvt.f64.f32 %fd1, %f2;", bits(kMinSubF)), bits(std::ldexp(1.0, -149)));
  EXPECT_EQ(cvt("cvt.f64.f32 %fd1, %f2;", bits(kNan)), 0x7fffffffffffffffULL);
  EXPECT_EQ(cvt("cvt.f64.f16 %fd1, %h2;", 0xbc00U), bits(-1.0));
}

TEST(CvtFloatToFloat, F64ToF32) {
  EXPECT_EQ(cvt("cvt.rn.f32.f64 %f1, %fd2;", bits(0.1)), bits(0.1f));
  EXPECT_EQ(cvt("cvt.rz.f32.f64 %f1, %fd2;", bits(0.1)), 0x3dcccccc);
  EXPECT_EQ(cvt("cvt.rp.f32.f64 %f1, %fd2;", bits(0.1)), 0x3dcccccd);
  EXPECT_EQ(cvt("cvt.rn.f32.f64 %f1, %fd2;", bits(1e-40)), bits(1e-40f));
  EXPECT_EQ(cvt("cvt.rn.ftz.f32.f64 %f1, %fd2;", bits(1e-40)), bits(0.0f));
  EXPECT_EQ(cvt("cvt.rn.f32.f64 %f1, %fd2;", bits(1e300)), bits(kInf));
  EXPECT_EQ(cvt("cvt.rz.f32.f64 %f1, %fd2;", bits(1e300)), bits(std::numeric_limits<float>::max()));
  EXPECT_EQ(cvt("cvt.f64.f64 %fd1, %fd2;", 0x7ff4000000000001ULL), 0x7ffc000000000001ULL);
}

TEST(CvtFloatToFloat, Tf32) {
  const float tie = 1.0f + std::ldexp(1.0f, -11);  // half an ulp of tf32
  EXPECT_EQ(cvt("cvt.rna.tf32.f32 %r1, %f2;", bits(tie)), 0x3f802000U);
  EXPECT_EQ(cvt("cvt.rn.tf32.f32 %r1, %f2;", bits(tie)), 0x3f800000U);
  const float odd_tie = 1.0f + std::ldexp(1.0f, -10) + std::ldexp(1.0f, -11);
  EXPECT_EQ(cvt("cvt.rn.tf32.f32 %r1, %f2;", bits(odd_tie)), 0x3f804000U);
  EXPECT_EQ(cvt("cvt.rz.tf32.f32 %r1, %f2;", bits(odd_tie)), 0x3f802000U);
  EXPECT_EQ(cvt("cvt.rna.tf32.f32 %r1, %f2;", bits(kNan)) & 0x1fffU, 0U);
  EXPECT_EQ(cvt("cvt.rna.satfinite.tf32.f32 %r1, %f2;", bits(kInf)), 0x7f7fe000U);
}

TEST(CvtFloatToFloat, IntegralRounding) {
  EXPECT_EQ(cvt("cvt.rni.f32.f32 %f1, %f2;", bits(2.5f)), bits(2.0f));
  EXPECT_EQ(cvt("cvt.rni.f32.f32 %f1, %f2;", bits(-2.5f)), bits(-2.0f));
  EXPECT_EQ(cvt("cvt.rmi.f32.f32 %f1, %f2;", bits(-2.5f)), bits(-3.0f));
  EXPECT_EQ(cvt("cvt.rpi.f32.f32 %f1, %f2;", bits(2.1f)), bits(3.0f));
  EXPECT_EQ(cvt("cvt.rzi.f32.f32 %f1, %f2;", bits(-0.7f)), bits(-0.0f));
  EXPECT_EQ(cvt("cvt.rni.f32.f32 %f1, %f2;", bits(1e20f)), bits(1e20f));
  EXPECT_EQ(cvt("cvt.rni.f32.f32 %f1, %f2;", bits(kNan)), 0x7fffffffU);
  EXPECT_EQ(cvt("cvt.rni.f64.f64 %fd1, %fd2;", bits(0.5)), bits(0.0));
  EXPECT_EQ(cvt("cvt.rni.f64.f64 %fd1, %fd2;", bits(1.5)), bits(2.0));
  EXPECT_EQ(cvt("cvt.rpi.ftz.f32.f32 %f1, %f2;", bits(kMinSubF)), bits(0.0f));
  EXPECT_EQ(cvt("cvt.rpi.f32.f32 %f1, %f2;", bits(kMinSubF)), bits(1.0f));
}

TEST(CvtFloatToFloat, SameTypeFtzAndSat) {
  EXPECT_EQ(cvt("cvt.f32.f32 %f1, %f2;", bits(kMinSubF)), bits(kMinSubF));
  EXPECT_EQ(cvt("cvt.ftz.f32.f32 %f1, %f2;", bits(-kMinSubF)), bits(-0.0f));
  EXPECT_EQ(cvt("cvt.sat.f32.f32 %f1, %f2;", bits(2.0f)), bits(1.0f));
  EXPECT_EQ(cvt("cvt.sat.f32.f32 %f1, %f2;", bits(-1.0f)), bits(0.0f));
  EXPECT_EQ(cvt("cvt.sat.f32.f32 %f1, %f2;", bits(kNan)), bits(0.0f));
  EXPECT_EQ(cvt("cvt.sat.f32.f32 %f1, %f2;", bits(0.25f)), bits(0.25f));
}

TEST(CvtFloatToFloat, PackedPairFromTwoF32) {
  EXPECT_EQ(runn("cvt.rn.f16x2.f32 %r1, %f2, %f3;", {"%f2", "%f3"}, {bits(1.0f), bits(2.0f)}, "%r1"), 0x3c004000U);
  EXPECT_EQ(runn("cvt.rn.bf16x2.f32 %r1, %f2, %f3;", {"%f2", "%f3"}, {bits(1.0f), bits(2.0f)}, "%r1"), 0x3f804000U);
  EXPECT_EQ(runn("cvt.rn.relu.f16x2.f32 %r1, %f2, %f3;", {"%f2", "%f3"}, {bits(-1.0f), bits(1.0f)}, "%r1"),
            0x00003c00U);
  EXPECT_EQ(runn("cvt.rz.satfinite.f16x2.f32 %r1, %f2, %f3;", {"%f2", "%f3"}, {bits(kInf), bits(-1e9f)}, "%r1"),
            0x7bfffbffU);
}

// ---- integer -> integer ------------------------------------------------------------------------

TEST(CvtIntToInt, TruncateAndExtend) {
  EXPECT_EQ(cvt("cvt.s8.s32 %h1, %r2;", 0x1ffU), 0xffffU);
  EXPECT_EQ(cvt("cvt.u8.s32 %h1, %r2;", 0x1ffU), 0x00ffU);
  EXPECT_EQ(cvt("cvt.s64.s32 %rd1, %r2;", 0xffffffffU), 0xffffffffffffffffULL);
  EXPECT_EQ(cvt("cvt.u64.u32 %rd1, %r2;", 0xffffffffU), 0x00000000ffffffffULL);
  EXPECT_EQ(cvt("cvt.u64.s32 %rd1, %r2;", 0xffffffffU), 0xffffffffffffffffULL);
  EXPECT_EQ(cvt("cvt.s32.u64 %r1, %rd2;", 0x123456789ULL), 0x23456789U);
  EXPECT_EQ(cvt("cvt.u16.u32 %r1, %r2;", 0x12345678U), 0x5678U);
  EXPECT_EQ(cvt("cvt.s16.u32 %r1, %r2;", 0x8000U), 0xffff8000U);
  EXPECT_EQ(cvt("cvt.s32.s8 %r1, %r2;", 0x000000ffU), 0xffffffffU);
}

TEST(CvtIntToInt, Saturate) {
  EXPECT_EQ(cvt("cvt.sat.s8.s32 %r1, %r2;", 300U), 127U);
  EXPECT_EQ(cvt("cvt.sat.s8.s32 %r1, %r2;", static_cast<std::uint32_t>(-300)), 0xffffff80U);
  EXPECT_EQ(cvt("cvt.sat.u8.s32 %r1, %r2;", static_cast<std::uint32_t>(-5)), 0U);
  EXPECT_EQ(cvt("cvt.sat.s32.u32 %r1, %r2;", 0x80000000U), 0x7fffffffU);
  EXPECT_EQ(cvt("cvt.sat.u32.s64 %r1, %rd2;", 0xffffffffffffffffULL), 0U);
  EXPECT_EQ(cvt("cvt.sat.u32.s64 %r1, %rd2;", 0x100000000ULL), 0xffffffffU);
  EXPECT_EQ(cvt("cvt.sat.u64.s64 %rd1, %rd2;", 0x8000000000000000ULL), 0U);
}

// ---- cvt.pack ------------------------------------------------------------------------------------

TEST(CvtPack, Bytes) {
  EXPECT_EQ(runn("cvt.pack.sat.u8.s32.b32 %r1, %r2, %r3, %r4;", {"%r2", "%r3", "%r4"},
                 {300U, static_cast<std::uint32_t>(-5), 0x1234U}, "%r1"),
            0x1234ff00U);
  EXPECT_EQ(runn("cvt.pack.sat.s8.s32.b32 %r1, %r2, %r3, %r4;", {"%r2", "%r3", "%r4"},
                 {static_cast<std::uint32_t>(-200), 5U, 0xabcdU}, "%r1"),
            0xabcd8005U);
}

TEST(CvtPack, HalfWords) {
  EXPECT_EQ(runn("cvt.pack.sat.u16.s32.b32 %r1, %r2, %r3, %r4;", {"%r2", "%r3", "%r4"},
                 {70000U, 0xffffffffU, 0x5555U}, "%r1"),
            0xffff0000U);
  EXPECT_EQ(runn("cvt.pack.sat.s16.s32.b32 %r1, %r2, %r3, %r4;", {"%r2", "%r3", "%r4"},
                 {40000U, static_cast<std::uint32_t>(-40000), 0U}, "%r1"),
            0x7fff8000U);
}

}  // namespace
}  // namespace lockstep::test
