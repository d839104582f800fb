// The condition-code carry flag: add.cc/addc, sub.cc/subc, mad.cc/madc,
// multi-word chains against host 64/128-bit arithmetic.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "tests/semantics/int/int_test_kit.hpp"

namespace lockstep::test {
namespace {

__extension__ using U128 = unsigned __int128;

TEST(IntCarry, AddCcSetsAndClearsTheFlag) {
  Warp w("add.cc.u32 %r1, %r2, %r3;");
  w.set("%r2", 0, 0xffffffffU);
  w.set("%r3", 0, 1);
  w.set("%r2", 1, 5);
  w.set("%r3", 1, 6);
  w.set_carry(1, 1);
  ASSERT_TRUE(w.exec_int(0, 0x3));
  EXPECT_EQ(w.get("%r1", 0), 0U);
  EXPECT_EQ(w.carry(0), 1U);
  EXPECT_EQ(w.get("%r1", 1), 11U);
  EXPECT_EQ(w.carry(1), 0U);
}

TEST(IntCarry, AddWithoutCcLeavesTheFlag) {
  Warp w("add.u32 %r1, %r2, %r3;");
  w.set("%r2", 0, 0xffffffffU);
  w.set("%r3", 0, 1);
  w.set_carry(0, 1);
  ASSERT_TRUE(w.exec_int());
  EXPECT_EQ(w.carry(0), 1U);
}

TEST(IntCarry, AddcUsesCarryIn) {
  Warp w("addc.u32 %r1, %r2, %r3;");
  w.set("%r2", 0, 1);
  w.set("%r3", 0, 2);
  w.set_carry(0, 1);
  ASSERT_TRUE(w.exec_int());
  EXPECT_EQ(w.get("%r1", 0), 4U);
  EXPECT_EQ(w.carry(0), 1U);  // addc without .cc does not write the flag
}

TEST(IntCarry, AddccCarryOutWithCarryInOnly) {
  // 0xffffffff + 0 + CF(1) carries although a + b alone does not.
  Warp w("addc.cc.u32 %r1, %r2, %r3;");
  w.set("%r2", 0, 0xffffffffU);
  w.set("%r3", 0, 0);
  w.set_carry(0, 1);
  ASSERT_TRUE(w.exec_int());
  EXPECT_EQ(w.get("%r1", 0), 0U);
  EXPECT_EQ(w.carry(0), 1U);
}

TEST(IntCarry, TwoWordAddMatchesHost64) {
  Warp w("add.cc.u32 %r1, %r3, %r5;\naddc.u32 %r2, %r4, %r6;");
  std::mt19937_64 rng(42);
  const std::uint64_t edge[] = {
      0, 1, 0xffffffffULL, 0x100000000ULL, ~0ULL, 0x7fffffffffffffffULL, 0x80000000ffffffffULL};
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t x = i < 49 ? edge[i % 7] : rng();
    const std::uint64_t y = i < 49 ? edge[i / 7] : rng();
    w.set("%r3", 0, x & 0xffffffffU);
    w.set("%r4", 0, x >> 32);
    w.set("%r5", 0, y & 0xffffffffU);
    w.set("%r6", 0, y >> 32);
    w.run_all();
    EXPECT_EQ(w.get("%r1", 0) | (w.get("%r2", 0) << 32), x + y) << x << " + " << y;
  }
}

TEST(IntCarry, FourWordAddMatchesHost128) {
  Warp w(
      "add.cc.u32 %r0, %r4, %r8;\naddc.cc.u32 %r1, %r5, %r9;\n"
      "addc.cc.u32 %r2, %r6, %r10;\naddc.u32 %r3, %r7, %r11;");
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100; ++i) {
    const U128 x = i == 0 ? ~U128{0} : (U128{rng()} << 64) | rng();
    const U128 y = i == 0 ? U128{1} : (U128{rng()} << 64) | rng();
    for (unsigned k = 0; k < 4; ++k) {
      w.set("%r" + std::to_string(4 + k), 0, static_cast<std::uint64_t>(x >> (32 * k)) & 0xffffffffU);
      w.set("%r" + std::to_string(8 + k), 0, static_cast<std::uint64_t>(y >> (32 * k)) & 0xffffffffU);
    }
    w.run_all();
    U128 r = 0;
    for (unsigned k = 0; k < 4; ++k) r |= U128{w.get("%r" + std::to_string(k), 0)} << (32 * k);
    EXPECT_TRUE(r == x + y);
  }
}

TEST(IntCarry, TwoWordSubMatchesHost64) {
  Warp w("sub.cc.u32 %r1, %r3, %r5;\nsubc.u32 %r2, %r4, %r6;");
  std::mt19937_64 rng(43);
  const std::uint64_t edge[] = {0, 1, 0xffffffffULL, 0x100000000ULL, ~0ULL, 0x8000000000000000ULL};
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t x = i < 36 ? edge[i % 6] : rng();
    const std::uint64_t y = i < 36 ? edge[i / 6] : rng();
    w.set("%r3", 0, x & 0xffffffffU);
    w.set("%r4", 0, x >> 32);
    w.set("%r5", 0, y & 0xffffffffU);
    w.set("%r6", 0, y >> 32);
    w.run_all();
    EXPECT_EQ(w.get("%r1", 0) | (w.get("%r2", 0) << 32), x - y) << x << " - " << y;
  }
}

TEST(IntCarry, SubCcWritesBorrow) {
  Warp w("sub.cc.u32 %r1, %r2, %r3;");
  w.set("%r2", 0, 1);
  w.set("%r3", 0, 2);
  w.set("%r2", 1, 2);
  w.set("%r3", 1, 2);
  ASSERT_TRUE(w.exec_int(0, 0x3));
  EXPECT_EQ(w.carry(0), 1U);
  EXPECT_EQ(w.carry(1), 0U);
  EXPECT_EQ(w.get("%r1", 0), 0xffffffffU);
}

TEST(IntCarry, SubcCcBorrowWithBorrowIn) {
  Warp w("subc.cc.u32 %r1, %r2, %r3;");
  w.set("%r2", 0, 5);
  w.set("%r3", 0, 5);
  w.set_carry(0, 1);  // 5 - (5 + 1) borrows
  w.set("%r2", 1, 0);
  w.set("%r3", 1, 0xffffffffU);
  w.set_carry(1, 1);  // 0 - (0xffffffff + 1) borrows, b + CF overflows 32 bits
  w.set("%r2", 2, 6);
  w.set("%r3", 2, 5);
  w.set_carry(2, 1);  // 6 - 6: no borrow
  ASSERT_TRUE(w.exec_int(0, 0x7));
  EXPECT_EQ(w.get("%r1", 0), 0xffffffffU);
  EXPECT_EQ(w.carry(0), 1U);
  EXPECT_EQ(w.get("%r1", 1), 0U);
  EXPECT_EQ(w.carry(1), 1U);
  EXPECT_EQ(w.get("%r1", 2), 0U);
  EXPECT_EQ(w.carry(2), 0U);
}

TEST(IntCarry, SixtyFourBitAddCc) {
  Warp w("add.cc.u64 %rd1, %rd2, %rd3;\naddc.cc.u64 %rd4, %rd5, %rd6;");
  w.set("%rd2", 0, ~0ULL);
  w.set("%rd3", 0, 1);
  w.set("%rd5", 0, ~0ULL);
  w.set("%rd6", 0, 0);
  w.run_all();
  EXPECT_EQ(w.get("%rd1", 0), 0U);
  EXPECT_EQ(w.get("%rd4", 0), 0U);
  EXPECT_EQ(w.carry(0), 1U);
}

TEST(IntCarry, ManualMultiWordMultiply) {
  // The extended-precision multiply of the PTX manual (madc):
  // [r3,r2,r1,r0] = [r5,r4] * [r7,r6].
  Warp w(
      "mul.lo.u32 %r0, %r4, %r6;\n"
      "mul.hi.u32 %r1, %r4, %r6;\n"
      "mad.lo.cc.u32 %r1, %r5, %r6, %r1;\n"
      "madc.hi.u32 %r2, %r5, %r6, 0;\n"
      "mad.lo.cc.u32 %r1, %r4, %r7, %r1;\n"
      "madc.hi.cc.u32 %r2, %r4, %r7, %r2;\n"
      "addc.u32 %r3, 0, 0;\n"
      "mad.lo.cc.u32 %r2, %r5, %r7, %r2;\n"
      "madc.hi.u32 %r3, %r5, %r7, %r3;");
  std::mt19937_64 rng(5);
  const std::uint64_t edge[] = {~0ULL, 0xffffffff00000000ULL, 0x00000000ffffffffULL, 1};
  for (int i = 0; i < 116; ++i) {
    const std::uint64_t x = i < 16 ? edge[i % 4] : rng();
    const std::uint64_t y = i < 16 ? edge[i / 4] : rng();
    w.set("%r4", 0, x & 0xffffffffU);
    w.set("%r5", 0, x >> 32);
    w.set("%r6", 0, y & 0xffffffffU);
    w.set("%r7", 0, y >> 32);
    w.run_all();
    U128 r = 0;
    for (unsigned k = 0; k < 4; ++k) r |= U128{w.get("%r" + std::to_string(k), 0)} << (32 * k);
    EXPECT_TRUE(r == U128{x} * y) << x << " * " << y;
  }
}

TEST(IntCarry, MadHiCcCarriesOutOfTheAddition) {
  Warp w("mad.hi.cc.u32 %r1, %r2, %r3, %r4;");
  w.set("%r2", 0, 0xffffffffU);
  w.set("%r3", 0, 0xffffffffU);  // hi = 0xfffffffe
  w.set("%r4", 0, 3);
  ASSERT_TRUE(w.exec_int());
  EXPECT_EQ(w.get("%r1", 0), 1U);
  EXPECT_EQ(w.carry(0), 1U);
}

TEST(IntCarry, Madc64Hi) {
  Warp w("madc.hi.cc.u64 %rd1, %rd2, %rd3, %rd4;");
  w.set("%rd2", 0, ~0ULL);
  w.set("%rd3", 0, ~0ULL);  // hi = 0xfffffffffffffffe
  w.set("%rd4", 0, 1);
  w.set_carry(0, 1);
  ASSERT_TRUE(w.exec_int());
  EXPECT_EQ(w.get("%rd1", 0), 0U);
  EXPECT_EQ(w.carry(0), 1U);
}

}  // namespace
}  // namespace lockstep::test
