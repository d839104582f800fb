// The f16/bf16 <-> double conversions of the half-precision atomics,
// checked exhaustively against the definition of round-to-nearest-even.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "semantics/memory/narrow_float.hpp"

namespace lockstep::test {
namespace {

using sem::NarrowFloat;

bool finite(NarrowFloat f, std::uint16_t b) {
  const unsigned mant = f == NarrowFloat::F16 ? 10U : 7U;
  const unsigned emask = f == NarrowFloat::F16 ? 0x1fU : 0xffU;
  return ((static_cast<unsigned>(b) >> mant) & emask) != emask;
}

TEST(NarrowFloat, KnownValues) {
  EXPECT_EQ(sem::narrow_to_double(NarrowFloat::F16, 0x3c00), 1.0);
  EXPECT_EQ(sem::narrow_to_double(NarrowFloat::F16, 0xc000), -2.0);
  EXPECT_EQ(sem::narrow_to_double(NarrowFloat::F16, 0x7bff), 65504.0);
  EXPECT_EQ(sem::narrow_to_double(NarrowFloat::F16, 0x0001), std::ldexp(1.0, -24));
  EXPECT_EQ(sem::narrow_to_double(NarrowFloat::BF16, 0x3f80), 1.0);
  EXPECT_EQ(sem::narrow_to_double(NarrowFloat::BF16, 0x0001), std::ldexp(1.0, -133));
  EXPECT_TRUE(std::isinf(sem::narrow_to_double(NarrowFloat::F16, 0xfc00)));
  EXPECT_TRUE(std::isnan(sem::narrow_to_double(NarrowFloat::BF16, 0x7fc0)));
  EXPECT_EQ(sem::double_to_narrow(NarrowFloat::F16, std::numeric_limits<double>::quiet_NaN()), 0x7fffU);
  EXPECT_EQ(sem::double_to_narrow(NarrowFloat::F16, 1e6), 0x7c00U);
  EXPECT_EQ(sem::double_to_narrow(NarrowFloat::F16, -1e6), 0xfc00U);
  EXPECT_EQ(sem::double_to_narrow(NarrowFloat::F16, -0.0), 0x8000U);
  EXPECT_EQ(sem::double_to_narrow(NarrowFloat::F16, std::ldexp(1.0, -26)), 0x0000U);  // below half the min: 0
}

TEST(NarrowFloat, EveryFiniteValueRoundTrips) {
  for (const NarrowFloat f : {NarrowFloat::F16, NarrowFloat::BF16}) {
    for (unsigned b = 0; b < 0x10000; ++b) {
      const auto h = static_cast<std::uint16_t>(b);
      if (!finite(f, h)) continue;
      ASSERT_EQ(sem::double_to_narrow(f, sem::narrow_to_double(f, h)), h) << b;
    }
  }
}

TEST(NarrowFloat, MidpointsRoundToEvenAndNeighboursToTheNearest) {
  for (const NarrowFloat f : {NarrowFloat::F16, NarrowFloat::BF16}) {
    // Positive finite values lo < hi = lo + 1 ulp: their midpoint is exact in double.
    const unsigned limit = f == NarrowFloat::F16 ? 0x7c00U : 0x7f80U;  // +inf
    for (unsigned b = 0; b + 1 < limit; ++b) {
      const auto lo = static_cast<std::uint16_t>(b);
      const auto hi = static_cast<std::uint16_t>(b + 1);
      const double x = sem::narrow_to_double(f, lo);
      const double y = sem::narrow_to_double(f, hi);
      const double mid = (x + y) / 2;
      const std::uint16_t even = (lo & 1U) == 0 ? lo : hi;
      ASSERT_EQ(sem::double_to_narrow(f, mid), even) << b;
      ASSERT_EQ(sem::double_to_narrow(f, std::nextafter(mid, 0.0)), lo) << b;
      ASSERT_EQ(sem::double_to_narrow(f, std::nextafter(mid, INFINITY)), hi) << b;
      ASSERT_EQ(sem::double_to_narrow(f, -mid), static_cast<std::uint16_t>(even | 0x8000U)) << b;
    }
  }
}

}  // namespace
}  // namespace lockstep::test
