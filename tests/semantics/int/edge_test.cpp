// Further edge cases across the integer semantics: rejected forms, 16-bit
// and 64-bit variants, immediates in every position, empty groups, and
// multi-lane execution with per-lane operands.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "tests/semantics/int/int_test_kit.hpp"

namespace lockstep::test {
namespace {

TEST(IntRejected, MulSatIsUnsupported) {
  Warp w("mul.lo.sat.s32 %r1, %r2, %r3;");
  EXPECT_THROW(w.exec_int(), sem::ExecError);
}

TEST(IntRejected, Mad24LoSatIsUnsupported) {
  Warp w("mad24.lo.sat.s32 %r1, %r2, %r3, %r4;");
  EXPECT_THROW(w.exec_int(), sem::ExecError);
}

TEST(IntRejected, MadWideWithCarryIsUnsupported) {
  Warp w("mad.wide.cc.u32 %rd1, %r2, %r3, %rd4;");
  EXPECT_THROW(w.exec_int(), sem::ExecError);
}

TEST(IntRejected, RejectedFormsWriteNothing) {
  Warp w("mul.lo.sat.s32 %r1, %r2, %r3;");
  w.set_all("%r1", 9);
  EXPECT_THROW(w.exec_int(0, sem::kFullMask), sem::ExecError);
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%r1", l), 9U);
}

TEST(IntDiv, SixteenBitSignedAndUnsigned) {
  EXPECT_EQ(eval1("div.s16 %h1, %h2, %h3;", {{"%h2", 0xfff9}, {"%h3", 2}}, "%h1"), 0xfffdU);  // -7 / 2 = -3
  EXPECT_EQ(eval1("rem.s16 %h1, %h2, %h3;", {{"%h2", 0xfff9}, {"%h3", 2}}, "%h1"), 0xffffU);  // -7 % 2 = -1
  EXPECT_EQ(eval1("div.u16 %h1, %h2, %h3;", {{"%h2", 0xfff9}, {"%h3", 2}}, "%h1"), 0x7ffcU);
  EXPECT_EQ(eval1("rem.u16 %h1, %h2, %h3;", {{"%h2", 0xfff9}, {"%h3", 2}}, "%h1"), 1U);
  EXPECT_EQ(eval1("rem.s16 %h1, %h2, %h3;", {{"%h2", 0x8000}, {"%h3", 0xffff}}, "%h1"), 0U);
}

TEST(IntDiv, SixtyFourBitExtremes) {
  EXPECT_EQ(eval1("div.u64 %rd1, %rd2, %rd3;", {{"%rd2", ~0ULL}, {"%rd3", 2}}, "%rd1"), ~0ULL >> 1);
  EXPECT_EQ(eval1("div.s64 %rd1, %rd2, %rd3;", {{"%rd2", ~0ULL}, {"%rd3", 2}}, "%rd1"), 0U);              // -1 / 2 = 0
  EXPECT_EQ(eval1("rem.s64 %rd1, %rd2, %rd3;", {{"%rd2", 1ULL << 63}, {"%rd3", 3}}, "%rd1"), ~0ULL - 1);  // -2
  EXPECT_EQ(eval1("rem.u64 %rd1, %rd2, %rd3;", {{"%rd2", 1ULL << 63}, {"%rd3", 3}}, "%rd1"), 2U);
  EXPECT_EQ(eval1("rem.u64 %rd1, %rd2, %rd3;", {{"%rd2", 5}, {"%rd3", 0}}, "%rd1"), ~0ULL);
}

TEST(IntArith, ImmediatesInEveryPosition) {
  EXPECT_EQ(eval1("mad.lo.s32 %r1, -3, 5, 100;", {}, "%r1"), 85U);
  EXPECT_EQ(eval1("sub.s64 %rd1, 0, 1;", {}, "%rd1"), ~0ULL);
  EXPECT_EQ(eval1("min.s32 %r1, -3, 2;", {}, "%r1"), 0xfffffffdU);
  EXPECT_EQ(eval1("max.u32 %r1, -3, 2;", {}, "%r1"), 0xfffffffdU);
  EXPECT_EQ(eval1("mul.wide.s32 %rd1, -2, 3;", {}, "%rd1"), ~0ULL - 5);
  EXPECT_EQ(eval1("div.s32 %r1, -9, 0;", {}, "%r1"), 0xffffffffU);
}

TEST(IntArith, PerLaneOperands) {
  Warp w("mad.lo.u32 %r1, %r2, %r3, %laneid;");
  for (unsigned l = 0; l < 32; ++l) {
    w.set("%r2", l, l);
    w.set("%r3", l, 3);
  }
  ASSERT_TRUE(w.exec_int(0, sem::kFullMask));
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%r1", l), 4U * l);
}

TEST(IntArith, DestinationAliasesSource) {
  Warp w("add.u32 %r1, %r1, %r1;\nsub.cc.u32 %r2, %r2, %r3;\nsubc.u32 %r3, %r3, %r3;");
  w.set("%r1", 0, 21);
  w.set("%r2", 0, 1);
  w.set("%r3", 0, 2);
  w.run_all();
  EXPECT_EQ(w.get("%r1", 0), 42U);
  EXPECT_EQ(w.get("%r2", 0), 0xffffffffU);
  EXPECT_EQ(w.get("%r3", 0), 0xffffffffU);  // 2 - (2 + borrow 1)
}

TEST(IntCarry, OneHundredTwentyEightBitSubtractWith64BitWords) {
  Warp w("sub.cc.u64 %rd1, %rd3, %rd5;\nsubc.u64 %rd2, %rd4, %rd6;");
  // (2^64) - 1 = 0x0000000000000000ffffffffffffffff
  w.set("%rd3", 0, 0);
  w.set("%rd4", 0, 1);
  w.set("%rd5", 0, 1);
  w.set("%rd6", 0, 0);
  w.run_all();
  EXPECT_EQ(w.get("%rd1", 0), ~0ULL);
  EXPECT_EQ(w.get("%rd2", 0), 0U);
}

TEST(IntCarry, SignedTypesBehaveLikeUnsigned) {
  Warp w("add.cc.s32 %r1, %r2, %r3;\naddc.s32 %r4, 0, 0;");
  w.set("%r2", 0, 0xffffffffU);  // -1
  w.set("%r3", 0, 0xffffffffU);  // -1
  w.run_all();
  EXPECT_EQ(w.get("%r1", 0), 0xfffffffeU);
  EXPECT_EQ(w.get("%r4", 0), 1U);
}

TEST(IntCarry, InactiveLanesKeepTheirFlag) {
  Warp w("add.cc.u32 %r1, %r2, %r3;");
  for (unsigned l = 0; l < 4; ++l) {
    w.set("%r2", l, 0xffffffffU);
    w.set("%r3", l, 1);
    w.set_carry(l, 0);
  }
  ASSERT_TRUE(w.exec_int(0, 0x5));
  EXPECT_EQ(w.carry(0), 1U);
  EXPECT_EQ(w.carry(1), 0U);
  EXPECT_EQ(w.carry(2), 1U);
  EXPECT_EQ(w.carry(3), 0U);
}

TEST(IntMinMax, SixteenBitUnsignedAndRelu16) {
  EXPECT_EQ(eval1("min.u16 %h1, %h2, %h3;", {{"%h2", 0x8000}, {"%h3", 0x7fff}}, "%h1"), 0x7fffU);
  EXPECT_EQ(eval1("max.u16 %h1, %h2, %h3;", {{"%h2", 0x8000}, {"%h3", 0x7fff}}, "%h1"), 0x8000U);
  EXPECT_EQ(eval1("max.relu.s16 %h1, %h2, %h3;", {{"%h2", 0x8000}, {"%h3", 0xffff}}, "%h1"), 0U);
}

TEST(IntBits, SixtyFourBitFields) {
  EXPECT_EQ(eval1("bfe.u64 %rd1, %rd2, 32, 16;", {{"%rd2", 0x0000abcd00000000ULL}}, "%rd1"), 0xabcdU);
  EXPECT_EQ(eval1("bfe.s64 %rd1, %rd2, 32, 16;", {{"%rd2", 0x0000abcd00000000ULL}}, "%rd1"), 0xffffffffffffabcdULL);
  EXPECT_EQ(eval1("bfi.b64 %rd1, %rd2, %rd3, 60, 8;", {{"%rd2", 0xff}, {"%rd3", 0}}, "%rd1"), 0xf000000000000000ULL);
  EXPECT_EQ(eval1("bfi.b64 %rd1, %rd2, %rd3, 64, 8;", {{"%rd2", 0xff}, {"%rd3", 7}}, "%rd1"), 7U);
  EXPECT_EQ(eval1("bfe.u64 %rd1, %rd2, 0, 64;", {{"%rd2", ~0ULL}}, "%rd1"), ~0ULL);
  EXPECT_EQ(eval1("bfe.u32 %r1, %r2, 0, 255;", {{"%r2", 0xdeadbeefU}}, "%r1"), 0xdeadbeefU);
}

TEST(IntBits, FnsBaseAboveThirtyOneIsNotFound) {
  EXPECT_EQ(eval1("fns.b32 %r1, 0xffffffff, 32, 0;", {}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("fns.b32 %r1, 0xffffffff, 40, -1;", {}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("fns.b32 %r1, 0xffffffff, -1, 1;", {}, "%r1"), 0xffffffffU);
}

TEST(IntBits, PrmtIgnoresSelectorBitsAbove15) {
  const std::initializer_list<In> in = {{"%r2", 0x33221100U}, {"%r3", 0x77665544U}};
  EXPECT_EQ(eval1("prmt.b32 %r1, %r2, %r3, 0xffff4567;", in, "%r1"), 0x44556677U);
  EXPECT_EQ(eval1("prmt.b32.rc8 %r1, %r2, %r3, 0xfffffffe;", in, "%r1"), 0x22222222U);
}

TEST(IntBits, DotProductsWrapTheAccumulator) {
  EXPECT_EQ(eval1("dp4a.u32.u32 %r1, 0xffffffff, 0xffffffff, 0xffffffff;", {}, "%r1"), 4U * 0xfe01U - 1U);
  EXPECT_EQ(eval1("dp4a.s32.s32 %r1, 0x80808080, 0x80808080, 0x7fffffff;", {}, "%r1"),
            (0x7fffffffU + 4U * 16384U) & 0xffffffffU);
  EXPECT_EQ(eval1("dp2a.lo.s32.s32 %r1, 0x80008000, 0x8080, 0;", {}, "%r1"), 2U * 32768U * 128U);
}

TEST(IntLogic, ImmediateOperands) {
  EXPECT_EQ(eval1("lop3.b32 %r1, 0xf0f0f0f0, 0xcccccccc, 0xaaaaaaaa, 0xe8;", {}, "%r1"), 0xe8e8e8e8U);  // majority
  EXPECT_EQ(eval1("shf.l.clamp.b32 %r1, 0x80000000, 1, 1;", {}, "%r1"), 3U);
  EXPECT_EQ(eval1("shl.b64 %rd1, 1, 63;", {}, "%rd1"), 1ULL << 63);
  EXPECT_EQ(eval1("shr.s16 %h1, -32768, 15;", {}, "%h1"), 0xffffU);
  EXPECT_EQ(eval1("and.b16 %h1, -1, 0x1234;", {}, "%h1"), 0x1234U);
}

TEST(IntSelect, ImmediateSelectorsAndComparands) {
  EXPECT_EQ(eval1("slct.u32.s32 %r1, 1, 2, -5;", {}, "%r1"), 2U);
  EXPECT_EQ(eval1("slct.u32.s32 %r1, 1, 2, 0;", {}, "%r1"), 1U);
  EXPECT_EQ(eval1("selp.u32 %r1, 1, 2, %p1;", {{"%p1", 1}}, "%r1"), 1U);
  EXPECT_EQ(eval1("set.ge.u32.s32 %r1, -1, 0;", {}, "%r1"), 0U);
  EXPECT_EQ(eval1("set.ge.u32.u32 %r1, -1, 0;", {}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("setp.lt.and.s32 %p1, -1, 0, 1;", {}, "%p1"), 1U);
}

TEST(IntSetp, PredicateResultFeedsSelp) {
  Warp w("setp.lt.s32 %p1|%p2, %r2, 0;\nselp.b32 %r1, %r3, %r4, %p1;\nselp.b32 %r5, %r3, %r4, %p2;");
  for (unsigned l = 0; l < 32; ++l) {
    w.set("%r2", l, l % 2 == 0 ? 1 : 0xffffffffU);
    w.set("%r3", l, 111);
    w.set("%r4", l, 222);
  }
  w.run_all(sem::kFullMask);
  for (unsigned l = 0; l < 32; ++l) {
    EXPECT_EQ(w.get("%r1", l), l % 2 == 0 ? 222U : 111U);
    EXPECT_EQ(w.get("%r5", l), l % 2 == 0 ? 111U : 222U);
  }
}

TEST(WarpEdge, EmptyGroupWritesNothing) {
  for (const char* text :
       {"vote.sync.ballot.b32 %r1, %p1, 0;", "shfl.sync.idx.b32 %r1, %r2, 0, 31, 0;", "match.any.sync.b32 %r1, %r2, 0;",
        "redux.sync.add.u32 %r1, %r2, 0;", "activemask.b32 %r1;"}) {
    Warp w(text);
    w.set_all("%r1", 9);
    ASSERT_TRUE(w.exec_warp(0, 0)) << text;
    for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%r1", l), 9U) << text;
  }
}

TEST(WarpEdge, ShflIdxBroadcastFromPerLaneIndex) {
  Warp w("shfl.sync.idx.b32 %r1, %r2, %r3, 0x1f, -1;");
  for (unsigned l = 0; l < 32; ++l) {
    w.set("%r2", l, 1000 + l);
    w.set("%r3", l, (l * 7) % 32);
  }
  ASSERT_TRUE(w.exec_warp());
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%r1", l), 1000U + (l * 7) % 32);
}

TEST(WarpEdge, ReduxSingleLaneIsItsOwnValue) {
  Warp w("redux.sync.min.s32 %r1, %r2, 0x100;\nredux.sync.add.u32 %r3, %r2, 0x100;");
  w.set("%r2", 8, 0xfffffff0U);
  ASSERT_TRUE(w.exec_warp(0, 0x100));
  ASSERT_TRUE(w.exec_warp(1, 0x100));
  EXPECT_EQ(w.get("%r1", 8), 0xfffffff0U);
  EXPECT_EQ(w.get("%r3", 8), 0xfffffff0U);
}

}  // namespace
}  // namespace lockstep::test
