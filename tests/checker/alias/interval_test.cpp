// Interval arithmetic and abstract-value joins of the address analysis.
#include <gtest/gtest.h>

#include "checker/alias/abs_value.hpp"
#include "checker/alias/interval.hpp"

namespace lockstep::checker::addr {
namespace {

TEST(Interval, FitKeepsOneReadingPerBitPattern) {
  EXPECT_EQ(fit(Interval::range(-1, 5), 32), Interval::range(-1, 5));
  EXPECT_EQ(fit(Interval::range(0, 0xffffffffLL), 32), Interval::range(0, 0xffffffffLL));
  // -1 and 0x80000000.. would be read two ways.
  EXPECT_TRUE(fit(Interval::range(-1, 0x80000000LL), 32).top);
  EXPECT_TRUE(fit(Interval::range(0, 0x100000000LL), 32).top);
  EXPECT_TRUE(fit(Interval::range(0, 1), 128).top);
  EXPECT_EQ(fit(Interval::range(INT64_MIN, INT64_MAX), 64), Interval::range(INT64_MIN, INT64_MAX));
}

TEST(Interval, SignedAndUnsignedReadings) {
  EXPECT_EQ(as_unsigned(Interval::range(-4, -1), 32), Interval::range(0xfffffffcLL, 0xffffffffLL));
  EXPECT_TRUE(as_unsigned(Interval::range(-1, 1), 32).top);
  EXPECT_TRUE(as_unsigned(Interval::point(-1), 64).top);
  EXPECT_EQ(as_signed(Interval::range(0xfffffffcLL, 0xffffffffLL), 32), Interval::range(-4, -1));
  EXPECT_TRUE(as_signed(Interval::range(0x7fffffffLL, 0x80000000LL), 32).top);
  EXPECT_EQ(as_signed(Interval::range(3, 9), 16), Interval::range(3, 9));
}

TEST(Interval, NormalisedImmediates) {
  EXPECT_EQ(normalise_immediate(0xffffffffLL, 32), -1);
  EXPECT_EQ(normalise_immediate(0x7fffffffLL, 32), 0x7fffffffLL);
  EXPECT_EQ(normalise_immediate(-1, 16), -1);
  EXPECT_EQ(normalise_immediate(0x1ff, 8), -1);
  EXPECT_EQ(normalise_immediate(-5, 64), -5);
}

TEST(Interval, ArithmeticOverflowsToTop) {
  EXPECT_EQ(add(Interval::range(1, 2), Interval::range(10, 20)), Interval::range(11, 22));
  EXPECT_EQ(sub(Interval::range(1, 2), Interval::range(10, 20)), Interval::range(-19, -8));
  EXPECT_EQ(mul(Interval::range(-2, 3), Interval::range(4, 5)), Interval::range(-10, 15));
  EXPECT_TRUE(add(Interval::point(INT64_MAX), Interval::point(1)).top);
  EXPECT_TRUE(mul(Interval::point(INT64_MAX / 2 + 1), Interval::point(2)).top);
  EXPECT_TRUE(add(Interval::full(), Interval::point(0)).top);
}

TEST(Interval, BitwiseAndDivision) {
  EXPECT_EQ(bit_not(Interval::range(0, 5)), Interval::range(-6, -1));
  EXPECT_EQ(neg(Interval::range(-3, 7)), Interval::range(-7, 3));
  EXPECT_EQ(div_const(Interval::range(-9, 9), 4), Interval::range(-2, 2));
  EXPECT_TRUE(div_const(Interval::range(0, 9), 0).top);
  EXPECT_EQ(shr_const(Interval::range(-9, 9), 2), Interval::range(-3, 2));
  EXPECT_EQ(below_pow2(5), Interval::range(0, 7));
  EXPECT_EQ(below_pow2(8), Interval::range(0, 15));
  EXPECT_EQ(below_pow2(0), Interval::range(0, 0));
  EXPECT_TRUE(below_pow2(-1).top);
}

TEST(Interval, HullOverlapAndText) {
  EXPECT_EQ(hull(Interval::range(0, 3), Interval::range(8, 9)), Interval::range(0, 9));
  EXPECT_TRUE(overlaps(Interval::range(0, 3), Interval::range(3, 9)));
  EXPECT_FALSE(overlaps(Interval::range(0, 3), Interval::range(4, 9)));
  EXPECT_TRUE(overlaps(Interval::full(), Interval::point(100)));
  EXPECT_EQ(to_string(Interval::point(-4)), "-4");
  EXPECT_EQ(to_string(Interval::range(0, 60)), "[0,60]");
  EXPECT_EQ(to_string(Interval::full()), "?");
}

TEST(AbsValue, JoinOfPointers) {
  AbsValue p0 = AbsValue::pointer(Base::param(0, 0), kGlobal, true, false);
  AbsValue p1 = AbsValue::pointer(Base::param(1, 0), kGlobal, false, false);
  p1.off = Interval::point(8);
  const AbsValue j = join(p0, p1);
  ASSERT_TRUE(j.is_ptr());
  EXPECT_EQ(j.nbases, 2);
  EXPECT_EQ(j.off, Interval::range(0, 8));
  EXPECT_FALSE(j.definite);
  EXPECT_EQ(join(AbsValue::bottom(), p0), p0);
}

TEST(AbsValue, NullJoinsAPointerOtherIntegersMakeItAny) {
  const AbsValue p = AbsValue::pointer(Base::sym(3, ir::SymScope::Kernel, kShared), kShared, true, false);
  EXPECT_EQ(join(AbsValue::integer(Interval::point(0), false), p), p);
  const AbsValue j = join(AbsValue::integer(Interval::point(4), false), p);
  EXPECT_TRUE(j.is_ptr());
  EXPECT_TRUE(j.any);
  EXPECT_EQ(j.space, kAllSpaces);
}

TEST(AbsValue, TooManyBasesBecomeAny) {
  AbsValue v = AbsValue::pointer(Base::loaded(0), kGlobal, false, true);
  for (std::uint32_t i = 1; i < kMaxBases; ++i) v.add_base(Base::loaded(i));
  EXPECT_FALSE(v.any);
  EXPECT_EQ(v.nbases, kMaxBases);
  v.add_base(Base::loaded(0));  // already there
  EXPECT_FALSE(v.any);
  v.add_base(Base::loaded(99));
  EXPECT_TRUE(v.any);
  EXPECT_EQ(v.nbases, 0);
}

TEST(AbsValue, SpaceLabels) {
  EXPECT_EQ(space_label(kGlobal), "global");
  EXPECT_EQ(space_label(kShared), "shared");
  EXPECT_EQ(space_label(kGlobal | kShared | kLocal), "generic");
  EXPECT_EQ(space_label(kLocal | kConst), "local|const");
  EXPECT_EQ(space_bits(ir::Space::SharedCluster), kShared);
  EXPECT_EQ(space_bits(ir::Space::Generic), 0);
}

}  // namespace
}  // namespace lockstep::checker::addr
