// Bit manipulation: popc, clz, brev, bfind, fns, bfe, bfi, prmt (all modes),
// dp4a, dp2a, bmsk, szext. References are the manual's bit-by-bit
// pseudo-code and selection tables, written out independently here.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "tests/semantics/int/int_test_kit.hpp"

namespace lockstep::test {
namespace {

TEST(IntPopcClz, ZeroAndAllOnes) {
  EXPECT_EQ(eval1("popc.b32 %r1, %r2;", {{"%r2", 0}}, "%r1"), 0U);
  EXPECT_EQ(eval1("popc.b32 %r1, %r2;", {{"%r2", 0xffffffffU}}, "%r1"), 32U);
  EXPECT_EQ(eval1("popc.b64 %r1, %rd2;", {{"%rd2", ~0ULL}}, "%r1"), 64U);
  EXPECT_EQ(eval1("popc.b64 %r1, %rd2;", {{"%rd2", 0x8000000000000001ULL}}, "%r1"), 2U);
  EXPECT_EQ(eval1("clz.b32 %r1, %r2;", {{"%r2", 0}}, "%r1"), 32U);
  EXPECT_EQ(eval1("clz.b32 %r1, %r2;", {{"%r2", 0xffffffffU}}, "%r1"), 0U);
  EXPECT_EQ(eval1("clz.b32 %r1, %r2;", {{"%r2", 1}}, "%r1"), 31U);
  EXPECT_EQ(eval1("clz.b64 %r1, %rd2;", {{"%rd2", 0}}, "%r1"), 64U);
  EXPECT_EQ(eval1("clz.b64 %r1, %rd2;", {{"%rd2", ~0ULL}}, "%r1"), 0U);
  EXPECT_EQ(eval1("clz.b64 %r1, %rd2;", {{"%rd2", 0x100000000ULL}}, "%r1"), 31U);
}

TEST(IntBrev, ReversesBits) {
  EXPECT_EQ(eval1("brev.b32 %r1, %r2;", {{"%r2", 1}}, "%r1"), 0x80000000U);
  EXPECT_EQ(eval1("brev.b32 %r1, %r2;", {{"%r2", 0x12345678U}}, "%r1"), 0x1e6a2c48U);
  EXPECT_EQ(eval1("brev.b64 %rd1, %rd2;", {{"%rd2", 3}}, "%rd1"), 0xc000000000000000ULL);
}

TEST(IntBfind, ZeroNegativeAndShiftamt) {
  EXPECT_EQ(eval1("bfind.u32 %r1, %r2;", {{"%r2", 0}}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("bfind.shiftamt.u32 %r1, %r2;", {{"%r2", 0}}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("bfind.u32 %r1, %r2;", {{"%r2", 0x80000000U}}, "%r1"), 31U);
  EXPECT_EQ(eval1("bfind.shiftamt.u32 %r1, %r2;", {{"%r2", 0x80000000U}}, "%r1"), 0U);
  EXPECT_EQ(eval1("bfind.u32 %r1, %r2;", {{"%r2", 0x10U}}, "%r1"), 4U);
  EXPECT_EQ(eval1("bfind.shiftamt.u32 %r1, %r2;", {{"%r2", 0x10U}}, "%r1"), 27U);
  // signed: most significant 0 of a negative number; -1 has none.
  EXPECT_EQ(eval1("bfind.s32 %r1, %r2;", {{"%r2", 0xffffffffU}}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("bfind.s32 %r1, %r2;", {{"%r2", 0x80000000U}}, "%r1"), 30U);
  EXPECT_EQ(eval1("bfind.s32 %r1, %r2;", {{"%r2", 0xfffffff0U}}, "%r1"), 3U);
  EXPECT_EQ(eval1("bfind.s32 %r1, %r2;", {{"%r2", 0}}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("bfind.s32 %r1, %r2;", {{"%r2", 0x7fffffffU}}, "%r1"), 30U);
  EXPECT_EQ(eval1("bfind.shiftamt.s32 %r1, %r2;", {{"%r2", 0x7fffffffU}}, "%r1"), 1U);
  EXPECT_EQ(eval1("bfind.u64 %r1, %rd2;", {{"%rd2", 0x8000000000000000ULL}}, "%r1"), 63U);
  EXPECT_EQ(eval1("bfind.s64 %r1, %rd2;", {{"%rd2", 0x8000000000000000ULL}}, "%r1"), 62U);
  EXPECT_EQ(eval1("bfind.shiftamt.s64 %r1, %rd2;", {{"%rd2", 1}}, "%r1"), 63U);
  EXPECT_EQ(eval1("bfind.s64 %r1, %rd2;", {{"%rd2", ~0ULL}}, "%r1"), 0xffffffffU);
}

TEST(IntFns, ManualExamples) {
  const std::initializer_list<In> none = {};
  EXPECT_EQ(eval1("fns.b32 %r1, 0xaaaaaaaa, 3, 1;", none, "%r1"), 3U);
  EXPECT_EQ(eval1("fns.b32 %r1, 0xaaaaaaaa, 3, -1;", none, "%r1"), 3U);
  EXPECT_EQ(eval1("fns.b32 %r1, 0xaaaaaaaa, 2, 1;", none, "%r1"), 3U);
  EXPECT_EQ(eval1("fns.b32 %r1, 0xaaaaaaaa, 2, -1;", none, "%r1"), 1U);
}

TEST(IntFns, OffsetZeroNotFoundAndFarOffsets) {
  const std::initializer_list<In> none = {};
  EXPECT_EQ(eval1("fns.b32 %r1, 0xaaaaaaaa, 3, 0;", none, "%r1"), 3U);
  EXPECT_EQ(eval1("fns.b32 %r1, 0xaaaaaaaa, 2, 0;", none, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("fns.b32 %r1, 0xaaaaaaaa, 0, 16;", none, "%r1"), 31U);
  EXPECT_EQ(eval1("fns.b32 %r1, 0xaaaaaaaa, 0, 17;", none, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("fns.b32 %r1, 0xaaaaaaaa, 31, -16;", none, "%r1"), 1U);
  EXPECT_EQ(eval1("fns.b32 %r1, 0, 31, -1;", none, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("fns.b32 %r1, %r2, %r3, %r4;", {{"%r2", 0xffffffffU}, {"%r3", 5}, {"%r4", 0x80000000U}}, "%r1"),
            0xffffffffU);
}

// The manual's bfe pseudo-code, literally.
std::uint64_t ref_bfe(std::uint64_t a, std::uint64_t b, std::uint64_t c, unsigned w, bool sgn) {
  const unsigned msb = w - 1;
  const unsigned pos = static_cast<unsigned>(b & 0xff), len = static_cast<unsigned>(c & 0xff);
  std::uint64_t sbit = 0;
  if (sgn && len != 0) sbit = (a >> std::min(pos + len - 1, msb)) & 1U;
  std::uint64_t d = 0;
  for (unsigned i = 0; i <= msb; ++i) {
    const std::uint64_t bit = (i < len && pos + i <= msb) ? (a >> (pos + i)) & 1U : sbit;
    d |= bit << i;
  }
  return d;
}
// The manual's bfi pseudo-code, literally.
std::uint64_t ref_bfi(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t dd, unsigned w) {
  const unsigned msb = w - 1;
  const unsigned pos = static_cast<unsigned>(c & 0xff), len = static_cast<unsigned>(dd & 0xff);
  std::uint64_t f = b;
  for (unsigned i = 0; i < len && pos + i <= msb; ++i) {
    f = (f & ~(std::uint64_t{1} << (pos + i))) | (((a >> i) & 1U) << (pos + i));
  }
  return f;
}

TEST(IntBfe, HandCases) {
  EXPECT_EQ(eval1("bfe.u32 %r1, %r2, 4, 8;", {{"%r2", 0x12345678U}}, "%r1"), 0x67U);
  EXPECT_EQ(eval1("bfe.s32 %r1, %r2, 4, 8;", {{"%r2", 0x12345f78U}}, "%r1"), 0xfffffff7U);
  EXPECT_EQ(eval1("bfe.s32 %r1, %r2, 4, 0;", {{"%r2", 0xffffffffU}}, "%r1"), 0U);
  // pos + len beyond the msb: the sign bit is a[msb]
  EXPECT_EQ(eval1("bfe.s32 %r1, %r2, 28, 10;", {{"%r2", 0x80000000U}}, "%r1"), 0xfffffff8U);
  EXPECT_EQ(eval1("bfe.u32 %r1, %r2, 28, 10;", {{"%r2", 0xf0000000U}}, "%r1"), 0xfU);
  // start beyond the msb: replicated sign bit (a[msb] for .s), 0 for .u
  EXPECT_EQ(eval1("bfe.s32 %r1, %r2, 40, 4;", {{"%r2", 0x80000000U}}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("bfe.u32 %r1, %r2, 40, 4;", {{"%r2", 0x80000000U}}, "%r1"), 0U);
  // only the low 8 bits of b and c count
  EXPECT_EQ(eval1("bfe.u32 %r1, %r2, 0x104, 0x208;", {{"%r2", 0x12345678U}}, "%r1"), 0x67U);
  EXPECT_EQ(eval1("bfe.s64 %rd1, %rd2, 60, 8;", {{"%rd2", 0x8000000000000000ULL}}, "%rd1"), ~0ULL - 7);
}

TEST(IntBfeBfi, RandomAgainstManualPseudoCode) {
  std::mt19937_64 rng(11);
  Warp w(
      "bfe.u32 %r1, %r2, %r3, %r4;\nbfe.s32 %r5, %r2, %r3, %r4;\nbfe.u64 %rd1, %rd2, %r3, %r4;\n"
      "bfe.s64 %rd3, %rd2, %r3, %r4;\nbfi.b32 %r6, %r2, %r7, %r3, %r4;\nbfi.b64 %rd4, %rd2, %rd5, %r3, %r4;");
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t a = rng(), b = rng();
    const std::uint64_t pos = i % 3 == 0 ? rng() : rng() % 80, len = i % 5 == 0 ? rng() : rng() % 80;
    w.set("%r2", 0, a);
    w.set("%rd2", 0, a);
    w.set("%r3", 0, pos);
    w.set("%r4", 0, len);
    w.set("%r7", 0, b);
    w.set("%rd5", 0, b);
    w.run_all();
    const std::uint64_t a32 = a & 0xffffffffU, b32 = b & 0xffffffffU;
    ASSERT_EQ(w.get("%r1", 0), ref_bfe(a32, pos, len, 32, false)) << a << " " << pos << " " << len;
    ASSERT_EQ(w.get("%r5", 0), ref_bfe(a32, pos, len, 32, true)) << a << " " << pos << " " << len;
    ASSERT_EQ(w.get("%rd1", 0), ref_bfe(a, pos & 0xffffffffU, len & 0xffffffffU, 64, false));
    ASSERT_EQ(w.get("%rd3", 0), ref_bfe(a, pos & 0xffffffffU, len & 0xffffffffU, 64, true));
    ASSERT_EQ(w.get("%r6", 0), ref_bfi(a32, b32, pos, len, 32));
    ASSERT_EQ(w.get("%rd4", 0), ref_bfi(a, b, pos & 0xffffffffU, len & 0xffffffffU, 64));
  }
}

TEST(IntBfi, HandCases) {
  EXPECT_EQ(eval1("bfi.b32 %r1, %r2, %r3, 8, 8;", {{"%r2", 0xab}, {"%r3", 0x11111111U}}, "%r1"), 0x1111ab11U);
  EXPECT_EQ(eval1("bfi.b32 %r1, %r2, %r3, 8, 0;", {{"%r2", 0xab}, {"%r3", 0x11111111U}}, "%r1"), 0x11111111U);
  EXPECT_EQ(eval1("bfi.b32 %r1, %r2, %r3, 32, 8;", {{"%r2", 0xab}, {"%r3", 0x11111111U}}, "%r1"), 0x11111111U);
  EXPECT_EQ(eval1("bfi.b32 %r1, %r2, %r3, 28, 8;", {{"%r2", 0xab}, {"%r3", 0x11111111U}}, "%r1"), 0xb1111111U);
}

// prmt: the manual's selection tables for the modes (row = c[1:0]; entries
// are the source byte of d.b3, d.b2, d.b1, d.b0).
struct PrmtTable {
  const char* mode;
  unsigned sel[4][4];
};
constexpr PrmtTable kPrmtTables[] = {
    {"f4e", {{3, 2, 1, 0}, {4, 3, 2, 1}, {5, 4, 3, 2}, {6, 5, 4, 3}}},
    {"b4e", {{5, 6, 7, 0}, {6, 7, 0, 1}, {7, 0, 1, 2}, {0, 1, 2, 3}}},
    {"rc8", {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}},
    {"ecl", {{3, 2, 1, 0}, {3, 2, 1, 1}, {3, 2, 2, 2}, {3, 3, 3, 3}}},
    {"ecr", {{0, 0, 0, 0}, {1, 1, 1, 0}, {2, 2, 1, 0}, {3, 2, 1, 0}}},
    {"rc16", {{1, 0, 1, 0}, {3, 2, 3, 2}, {1, 0, 1, 0}, {3, 2, 3, 2}}},
};

TEST(IntPrmt, EveryModeAndSelectorMatchesTheManualTables) {
  const std::uint64_t a = 0x33221100U, b = 0x77665544U;  // byte i of {b,a} is 0x11 * i
  for (const PrmtTable& t : kPrmtTables) {
    Warp w(std::string("prmt.b32.") + t.mode + " %r1, %r2, %r3, %r4;");
    for (unsigned s = 0; s < 4; ++s) {
      w.set("%r2", 0, a);
      w.set("%r3", 0, b);
      w.set("%r4", 0, 0xfffffff0U | s);  // only c[1:0] counts
      ASSERT_TRUE(w.exec_int());
      std::uint64_t expect = 0;
      for (unsigned k = 0; k < 4; ++k) expect |= std::uint64_t{0x11U * t.sel[s][k]} << (8 * (3 - k));
      EXPECT_EQ(w.get("%r1", 0), expect) << t.mode << " " << s;
    }
  }
}

TEST(IntPrmt, DefaultModeCopiesAndReplicatesSign) {
  const std::uint64_t a = 0x83027100U, b = 0xf7e655c4U;
  const std::uint8_t bytes[8] = {0x00, 0x71, 0x02, 0x83, 0xc4, 0x55, 0xe6, 0xf7};
  std::mt19937 rng(3);
  Warp w("prmt.b32 %r1, %r2, %r3, %r4;");
  for (int i = 0; i < 300; ++i) {
    const std::uint32_t c = static_cast<std::uint32_t>(rng());
    w.set("%r2", 0, a);
    w.set("%r3", 0, b);
    w.set("%r4", 0, c);
    ASSERT_TRUE(w.exec_int());
    std::uint64_t expect = 0;
    for (unsigned k = 0; k < 4; ++k) {
      const unsigned ctl = (c >> (4 * k)) & 0xfU;
      std::uint64_t byte = bytes[ctl & 7U];
      if ((ctl & 8U) != 0) byte = (byte & 0x80U) != 0 ? 0xffU : 0U;
      expect |= byte << (8 * k);
    }
    EXPECT_EQ(w.get("%r1", 0), expect) << std::hex << c;
  }
  EXPECT_EQ(eval1("prmt.b32 %r1, %r2, %r3, 0x3210;", {{"%r2", a}, {"%r3", b}}, "%r1"), a);
  EXPECT_EQ(eval1("prmt.b32 %r1, %r2, %r3, 0x7654;", {{"%r2", a}, {"%r3", b}}, "%r1"), b);
  EXPECT_EQ(eval1("prmt.b32 %r1, %r2, %r3, 0x8888;", {{"%r2", a}, {"%r3", b}}, "%r1"), 0U);
  EXPECT_EQ(eval1("prmt.b32 %r1, %r2, %r3, 0xbbbb;", {{"%r2", a}, {"%r3", b}}, "%r1"), 0xffffffffU);
}

TEST(IntDp4a, SignedAndUnsignedBytes) {
  const std::initializer_list<In> in = {{"%r2", 0x01ff7f80U}, {"%r3", 0x02ff0203U}, {"%r4", 10}};
  // bytes a = {0x80, 0x7f, 0xff, 0x01}, b = {0x03, 0x02, 0xff, 0x02} (low first)
  EXPECT_EQ(eval1("dp4a.u32.u32 %r1, %r2, %r3, %r4;", in, "%r1"), 10U + 0x80U * 3 + 0x7fU * 2 + 0xffU * 0xffU + 1U * 2);
  EXPECT_EQ(eval1("dp4a.s32.s32 %r1, %r2, %r3, %r4;", in, "%r1"),
            bits_of(10 + (-128) * 3 + 127 * 2 + (-1) * (-1) + 2, 32));
  EXPECT_EQ(eval1("dp4a.u32.s32 %r1, %r2, %r3, %r4;", in, "%r1"), bits_of(10 + 128 * 3 + 127 * 2 + 255 * (-1) + 2, 32));
  EXPECT_EQ(eval1("dp4a.s32.u32 %r1, %r2, %r3, %r4;", in, "%r1"),
            bits_of(10 + (-128) * 3 + 127 * 2 + (-1) * 255 + 2, 32));
}

TEST(IntDp2a, LoAndHiHalves) {
  // a = {0xfffe, 0x0003} (low first), b bytes {0x01, 0x02, 0xff, 0x04}
  const std::initializer_list<In> in = {{"%r2", 0x0003fffeU}, {"%r3", 0x04ff0201U}, {"%r4", 0}};
  EXPECT_EQ(eval1("dp2a.lo.u32.u32 %r1, %r2, %r3, %r4;", in, "%r1"), 0xfffeU * 1 + 3U * 2);
  EXPECT_EQ(eval1("dp2a.hi.u32.u32 %r1, %r2, %r3, %r4;", in, "%r1"), 0xfffeU * 0xffU + 3U * 4);
  EXPECT_EQ(eval1("dp2a.lo.s32.s32 %r1, %r2, %r3, %r4;", in, "%r1"), bits_of(-2 * 1 + 3 * 2, 32));
  EXPECT_EQ(eval1("dp2a.hi.s32.s32 %r1, %r2, %r3, %r4;", in, "%r1"), bits_of(-2 * -1 + 3 * 4, 32));
  EXPECT_EQ(eval1("dp2a.hi.s32.u32 %r1, %r2, %r3, %r4;", in, "%r1"), bits_of(-2 * 255 + 3 * 4, 32));
}

// The manual's bmsk and szext pseudo-code, literally.
std::uint32_t ref_bmsk(std::uint32_t a, std::uint32_t b, bool clamp) {
  const std::uint32_t a1 = a & 0x1f;
  std::uint32_t mask0 = ~0U << a1;
  const std::uint32_t b1 = b & 0x1f;
  const std::uint32_t sum = a1 + b1;
  std::uint32_t mask1 = sum >= 32 ? 0 : ~0U << sum;
  bool pos_over = false, width_over = false;
  if (clamp) {
    if (a >= 32) {
      pos_over = true;
      mask0 = 0;
    }
    if (b >= 32) width_over = true;
  }
  if (sum >= 32 || pos_over || width_over) {
    mask1 = 0;
  } else if (b1 == 0) {
    mask1 = ~0U;
  }
  return mask0 & ~mask1;
}
std::uint32_t ref_szext(std::uint32_t a, std::uint32_t b, bool clamp, bool sgn) {
  const std::uint32_t b1 = b & 0x1f;
  const bool too_large = b >= 32 && clamp;
  const std::uint32_t mask = too_large ? 0 : ~0U << b1;
  const std::uint32_t sign_pos = (b1 - 1) & 0x1f;
  const bool sign_bit = (b1 == 0 || too_large || !sgn) ? false : ((a >> sign_pos) & 1U) != 0;
  return (a & ~mask) | (sign_bit ? mask : 0);
}

TEST(IntBmsk, ManualExampleAndEdges) {
  const std::initializer_list<In> none = {};
  EXPECT_EQ(eval1("bmsk.wrap.b32 %r1, 1, 2;", none, "%r1"), 6U);
  EXPECT_EQ(eval1("bmsk.clamp.b32 %r1, 32, 2;", none, "%r1"), 0U);
  EXPECT_EQ(eval1("bmsk.wrap.b32 %r1, 32, 2;", none, "%r1"), 3U);
  EXPECT_EQ(eval1("bmsk.clamp.b32 %r1, 0, 32;", none, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("bmsk.wrap.b32 %r1, 0, 32;", none, "%r1"), 0U);
  EXPECT_EQ(eval1("bmsk.clamp.b32 %r1, 4, 0;", none, "%r1"), 0U);
}

TEST(IntSzext, ManualExampleAndEdges) {
  const std::initializer_list<In> none = {};
  EXPECT_EQ(eval1("szext.wrap.u32 %r1, 0xffffffff, 0;", none, "%r1"), 0U);
  EXPECT_EQ(eval1("szext.clamp.s32 %r1, 0x80, 8;", none, "%r1"), 0xffffff80U);
  EXPECT_EQ(eval1("szext.clamp.u32 %r1, 0x180, 8;", none, "%r1"), 0x80U);
  EXPECT_EQ(eval1("szext.clamp.s32 %r1, 0x12345678, 40;", none, "%r1"), 0x12345678U);
  EXPECT_EQ(eval1("szext.wrap.s32 %r1, 0x12345678, 36;", none, "%r1"), 0xfffffff8U);
}

TEST(IntBmskSzext, RandomAgainstManualPseudoCode) {
  Warp w(
      "bmsk.clamp.b32 %r1, %r2, %r3;\nbmsk.wrap.b32 %r4, %r2, %r3;\n"
      "szext.clamp.s32 %r5, %r2, %r3;\nszext.wrap.s32 %r6, %r2, %r3;\n"
      "szext.clamp.u32 %r7, %r2, %r3;\nszext.wrap.u32 %r8, %r2, %r3;");
  std::mt19937 rng(9);
  for (int i = 0; i < 3000; ++i) {
    const std::uint32_t a = i % 2 == 0 ? static_cast<std::uint32_t>(rng()) % 70 : static_cast<std::uint32_t>(rng());
    const std::uint32_t b = i % 3 == 0 ? static_cast<std::uint32_t>(rng()) : static_cast<std::uint32_t>(rng()) % 70;
    w.set("%r2", 0, a);
    w.set("%r3", 0, b);
    w.run_all();
    ASSERT_EQ(w.get("%r1", 0), ref_bmsk(a, b, true)) << a << " " << b;
    ASSERT_EQ(w.get("%r4", 0), ref_bmsk(a, b, false)) << a << " " << b;
    ASSERT_EQ(w.get("%r5", 0), ref_szext(a, b, true, true));
    ASSERT_EQ(w.get("%r6", 0), ref_szext(a, b, false, true));
    ASSERT_EQ(w.get("%r7", 0), ref_szext(a, b, true, false));
    ASSERT_EQ(w.get("%r8", 0), ref_szext(a, b, false, false));
  }
}

}  // namespace
}  // namespace lockstep::test
