// atom/red on floats: f32/f64 add with round-to-nearest-even, the f32 flush
// on .global and not on .shared, canonical NaNs, the half types (scalar,
// packed and vector forms) and float min/max.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "semantics/memory/atomic_apply.hpp"
#include "tests/semantics/memory/memory_test_kit.hpp"

namespace lockstep::test {
namespace {

using ir::AtomOp;
using ir::Type;
using sem::atomic_result;

std::uint64_t add(Type t, std::uint64_t a, std::uint64_t b, bool flush = false) {
  return atomic_result(AtomOp::Add, t, a, b, 0, flush);
}

TEST(AtomFloat, F32AddOnGlobalAndShared) {
  MemWarp w(mem_kernel(".shared .align 4 .b8 s[4];\natom.global.add.f32 %f1, [%rd1], %f2;\n"
                       "atom.shared.add.f32 %f3, [s], %f2;"));
  const std::uint64_t buf = w.alloc(4, "a");
  w.gwrite(buf, 4, fbits(1.5F));
  MemWarp::swrite(w.shared, 0, 4, fbits(-0.25F));
  w.set("%rd1", 0, buf);
  w.set("%f2", 0, fbits(2.25F));
  w.run_all();
  EXPECT_EQ(w.get("%f1", 0), fbits(1.5F));
  EXPECT_EQ(w.gread(buf, 4), fbits(3.75F));
  EXPECT_EQ(w.get("%f3", 0), fbits(-0.25F));
  EXPECT_EQ(MemWarp::sread(w.shared, 0, 4), fbits(2.0F));
}

TEST(AtomFloat, F32GlobalFlushesSubnormalsSharedKeepsThem) {
  const float sub = 1e-40F;  // subnormal
  ASSERT_EQ(std::fpclassify(sub), FP_SUBNORMAL);
  MemWarp w(mem_kernel(".shared .align 4 .b8 s[4];\nred.global.add.f32 [%rd1], %f1;\nred.shared.add.f32 [s], %f1;"));
  const std::uint64_t buf = w.alloc(4, "a");
  w.gwrite(buf, 4, fbits(sub));
  MemWarp::swrite(w.shared, 0, 4, fbits(sub));
  w.set("%rd1", 0, buf);
  w.set("%f1", 0, fbits(sub));
  w.run_all();
  EXPECT_EQ(w.gread(buf, 4), fbits(0.0F));
  EXPECT_EQ(MemWarp::sread(w.shared, 0, 4), fbits(sub + sub));
  // A normal result from subnormal-free inputs is unaffected; a subnormal
  // result flushes to a zero of its sign.
  ASSERT_EQ(std::fpclassify(1.2e-38F), FP_NORMAL);
  ASSERT_EQ(std::fpclassify(1.3e-38F - 1.2e-38F), FP_SUBNORMAL);
  EXPECT_EQ(add(Type::F32, fbits(-1.2e-38F), fbits(1.3e-38F), true), fbits(0.0F));
  EXPECT_EQ(add(Type::F32, fbits(1.2e-38F), fbits(-1.3e-38F), true), fbits(-0.0F));
  EXPECT_EQ(add(Type::F32, fbits(1.2e-38F), fbits(-1.3e-38F), false), fbits(1.2e-38F + -1.3e-38F));
  EXPECT_EQ(add(Type::F32, fbits(sub), fbits(2.0F), true), fbits(2.0F));
}

TEST(AtomFloat, F32RoundsToNearestEven) {
  const float one = 1.0F;
  const float half_ulp = std::ldexp(1.0F, -24);
  EXPECT_EQ(add(Type::F32, fbits(one), fbits(half_ulp)), fbits(1.0F));  // tie to even
  EXPECT_EQ(add(Type::F32, fbits(std::nextafter(one, 2.0F)), fbits(half_ulp)),
            fbits(std::nextafter(std::nextafter(one, 2.0F), 2.0F)));  // tie to even (up)
  EXPECT_EQ(add(Type::F32, fbits(3.0e38F), fbits(3.0e38F)), fbits(INFINITY));
}

TEST(AtomFloat, F64AddRoundsToNearestEven) {
  MemWarp w(mem_kernel("atom.global.add.f64 %fd1, [%rd1], %fd2;"));
  const std::uint64_t buf = w.alloc(8, "a");
  w.gwrite(buf, 8, dbits(1.0));
  w.set("%rd1", 0, buf);
  w.set("%fd2", 0, dbits(3 * std::ldexp(1.0, -53)));  // 1.5 ulp of 1.0
  w.exec(0, 1);
  EXPECT_EQ(w.get("%fd1", 0), dbits(1.0));
  EXPECT_EQ(w.gread(buf, 8), dbits(1.0 + std::ldexp(1.0, -51)));  // tie to the even neighbour
  EXPECT_EQ(add(Type::F64, dbits(1e-310), dbits(1e-310)), dbits(2e-310));  // f64 never flushes
}

TEST(AtomFloat, NanResultsAreCanonical) {
  EXPECT_EQ(add(Type::F32, fbits(INFINITY), fbits(-INFINITY)), 0x7fffffffU);
  EXPECT_EQ(add(Type::F32, 0x7fc12345U, fbits(1.0F)), 0x7fffffffU);
  EXPECT_EQ(add(Type::F64, dbits(std::numeric_limits<double>::quiet_NaN()), dbits(1.0)), 0x7fffffffffffffffULL);
  EXPECT_EQ(add(Type::F16, 0x7e01U, 0x3c00U), 0x7fffU);
  EXPECT_EQ(add(Type::BF16, 0x7f80U, 0xff80U), 0x7fffU);  // inf + -inf
}

TEST(AtomFloat, F16Add) {
  EXPECT_EQ(add(Type::F16, 0x3c00U, 0x4000U), 0x4200U);  // 1 + 2 = 3
  EXPECT_EQ(add(Type::F16, 0x6800U, 0x3c00U), 0x6800U);  // 2048 + 1: tie, even stays 2048
  EXPECT_EQ(add(Type::F16, 0x6801U, 0x3c00U), 0x6802U);  // 2050 + 1: tie, rounds up to 2052
  EXPECT_EQ(add(Type::F16, 0x0001U, 0x0001U), 0x0002U);  // subnormals are kept (.noftz)
  EXPECT_EQ(add(Type::F16, 0x03ffU, 0x0001U), 0x0400U);  // largest subnormal + min = min normal
  EXPECT_EQ(add(Type::F16, 0x7bffU, 0x7bffU), 0x7c00U);  // 65504 + 65504 = inf
  EXPECT_EQ(add(Type::F16, 0x3c00U, 0xbc00U), 0x0000U);  // 1 + -1 = +0
  EXPECT_EQ(add(Type::F16, 0x8000U, 0x8000U), 0x8000U);  // -0 + -0 = -0
}

TEST(AtomFloat, Bf16Add) {
  EXPECT_EQ(add(Type::BF16, 0x3f80U, 0x3f80U), 0x4000U);  // 1 + 1 = 2
  EXPECT_EQ(add(Type::BF16, 0x4380U, 0x3f80U), 0x4380U);  // 256 + 1: tie, even stays 256
  EXPECT_EQ(add(Type::BF16, 0x4381U, 0x3f80U), 0x4382U);  // 258 + 1: tie, rounds up to 260
  EXPECT_EQ(add(Type::BF16, 0x0001U, 0x0001U), 0x0002U);  // subnormals kept
  EXPECT_EQ(add(Type::BF16, 0x7f7fU, 0x7f7fU), 0x7f80U);  // max + max = inf
}

TEST(AtomFloat, PackedHalvesAddIndependently) {
  EXPECT_EQ(add(Type::F16x2, 0x4000'3c00U, 0x3c00'4000U), 0x4200'4200U);
  EXPECT_EQ(add(Type::F16x2, 0x7bff'3c00U, 0x7bff'0000U), 0x7c00'3c00U);
  EXPECT_EQ(add(Type::BF16x2, 0x3f80'4000U, 0x3f80'3f80U), 0x4000'4040U);  // 1+1, 2+1
}

TEST(AtomFloat, HalfAtomicsThroughInstructions) {
  MemWarp w(mem_kernel("atom.global.add.noftz.f16 %rs1, [%rd1], %rs2;\n"
                       "atom.global.add.noftz.bf16x2 %r1, [%rd1+4], %r2;\nred.global.add.noftz.f16x2 [%rd1+8], %r2;"));
  const std::uint64_t buf = w.alloc(16, "h");
  w.gwrite(buf, 2, 0x3c00);
  w.gwrite(buf + 4, 4, 0x3f80'3f80U);
  w.set("%rd1", 0, buf);
  w.set("%rs2", 0, 0x3c00);
  w.set("%r2", 0, 0x4000'3f80U);
  w.run_all();
  EXPECT_EQ(w.get("%rs1", 0), 0x3c00U);
  EXPECT_EQ(w.gread(buf, 2), 0x4000U);
  EXPECT_EQ(w.get("%r1", 0), 0x3f80'3f80U);
  EXPECT_EQ(w.gread(buf + 4, 4), 0x4040'4000U);            // bf16: 1+2=3, 1+1=2
  EXPECT_EQ(w.gread(buf + 8, 4), 0x4000'3f80U);            // f16x2 from zero: bits of the operand halves
}

TEST(AtomFloat, HalfMinMax) {
  using sem::atomic_result;
  const auto mm = [](AtomOp op, Type t, std::uint64_t a, std::uint64_t b) { return atomic_result(op, t, a, b, 0, false); };
  EXPECT_EQ(mm(AtomOp::Min, Type::F16, 0x4000U, 0xbc00U), 0xbc00U);  // min(2, -1)
  EXPECT_EQ(mm(AtomOp::Max, Type::F16, 0x4000U, 0xbc00U), 0x4000U);
  EXPECT_EQ(mm(AtomOp::Min, Type::F16, 0x7e00U, 0x3c00U), 0x3c00U);  // NaN yields the number
  EXPECT_EQ(mm(AtomOp::Max, Type::F16, 0x3c00U, 0x7e00U), 0x3c00U);
  EXPECT_EQ(mm(AtomOp::Max, Type::F16, 0x7e00U, 0x7d00U), 0x7fffU);  // two NaNs
  EXPECT_EQ(mm(AtomOp::Min, Type::F16, 0x0000U, 0x8000U), 0x8000U);  // -0 < +0
  EXPECT_EQ(mm(AtomOp::Max, Type::F16, 0x8000U, 0x0000U), 0x0000U);
  EXPECT_EQ(mm(AtomOp::Max, Type::BF16x2, 0x3f80'c000U, 0x4000'bf80U), 0x4000'bf80U);
  EXPECT_EQ(mm(AtomOp::Min, Type::BF16x2, 0x3f80'c000U, 0x4000'bf80U), 0x3f80'c000U);
}

TEST(AtomFloat, VectorF32AddAndRed) {
  MemWarp w(mem_kernel("atom.global.v2.f32.add {%f1, %f2}, [%rd1], {%f3, %f4};\n"
                       "red.global.v4.f32.add [%rd1+16], {%f3, %f4, %f3, %f4};"));
  const std::uint64_t buf = w.alloc(32, "v");
  w.gwrite(buf, 4, fbits(1.0F));
  w.gwrite(buf + 4, 4, fbits(2.0F));
  w.gwrite(buf + 28, 4, fbits(10.0F));
  w.set_all("%rd1", buf);
  w.set_all("%f3", fbits(0.5F));
  w.set_all("%f4", fbits(0.25F));
  w.run_all(0x3);
  EXPECT_EQ(w.get("%f1", 0), fbits(1.0F));
  EXPECT_EQ(w.get("%f2", 0), fbits(2.0F));
  EXPECT_EQ(w.get("%f1", 1), fbits(1.5F));
  EXPECT_EQ(w.get("%f2", 1), fbits(2.25F));
  EXPECT_EQ(w.gread(buf, 4), fbits(2.0F));
  EXPECT_EQ(w.gread(buf + 4, 4), fbits(2.5F));
  EXPECT_EQ(w.gread(buf + 16, 4), fbits(1.0F));
  EXPECT_EQ(w.gread(buf + 20, 4), fbits(0.5F));
  EXPECT_EQ(w.gread(buf + 24, 4), fbits(1.0F));
  EXPECT_EQ(w.gread(buf + 28, 4), fbits(10.5F));
}

TEST(AtomFloat, VectorHalfAdd) {
  MemWarp w(mem_kernel("atom.global.v2.f16.add.noftz {%rs1, %rs2}, [%rd1], {%rs3, %rs4};"));
  const std::uint64_t buf = w.alloc(4, "v");
  w.gwrite(buf, 4, 0x4000'3c00U);
  w.set("%rd1", 0, buf);
  w.set("%rs3", 0, 0x3c00);
  w.set("%rs4", 0, 0x3c00);
  w.exec(0, 1);
  EXPECT_EQ(w.get("%rs1", 0), 0x3c00U);
  EXPECT_EQ(w.get("%rs2", 0), 0x4000U);
  EXPECT_EQ(w.gread(buf, 4), 0x4200'4000U);
}

TEST(AtomFloat, VectorAtomicNeedsAlignmentToTheWholeVectorAndGlobalSpace) {
  MemWarp w(mem_kernel(".shared .align 16 .b8 s[16];\nred.v2.f32.add [%rd1], {%f1, %f2};"));
  const std::uint64_t buf = w.alloc(16, "v");
  w.set("%rd1", 0, buf + 4);
  EXPECT_EQ(expect_fault([&] { w.exec(0, 1); }).kind(), sem::FaultKind::Misaligned);
  w.set("%rd1", 0, w.map.to_generic(ir::Space::Shared, 0));
  EXPECT_EQ(expect_fault([&] { w.exec(0, 1); }).kind(), sem::FaultKind::WrongSpace);
}

TEST(AtomFloat, SupportedCombinations) {
  EXPECT_TRUE(sem::atomic_supported(AtomOp::Add, Type::F32));
  EXPECT_TRUE(sem::atomic_supported(AtomOp::Add, Type::BF16x2));
  EXPECT_TRUE(sem::atomic_supported(AtomOp::Cas, Type::B16));
  EXPECT_TRUE(sem::atomic_supported(AtomOp::Inc, Type::U32));
  EXPECT_FALSE(sem::atomic_supported(AtomOp::Cas, Type::B128));
  EXPECT_FALSE(sem::atomic_supported(AtomOp::And, Type::F32));
  EXPECT_FALSE(sem::atomic_supported(AtomOp::Popc, Type::U32));
}

TEST(AtomFloat, B128IsUnsupported) {
  MemWarp w(mem_kernel(".reg .b128 %q<4>;\natom.global.exch.b128 %q1, [%rd1], %q2;"));
  EXPECT_THROW(w.exec(0, 1), sem::ExecError);
}

}  // namespace
}  // namespace lockstep::test
