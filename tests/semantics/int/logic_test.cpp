// Logic and shifts: and/or/xor/not (integers and predicates), cnot, lop3
// (all 256 truth tables), shf (l/r, wrap/clamp), shl, shr at every shift
// count edge for 16, 32 and 64 bits.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "tests/semantics/int/int_test_kit.hpp"

namespace lockstep::test {
namespace {

TEST(IntLogic, BitwiseOnIntegers) {
  const std::initializer_list<In> in = {{"%r2", 0xff00ff00U}, {"%r3", 0x0ff00ff0U}};
  EXPECT_EQ(eval1("and.b32 %r1, %r2, %r3;", in, "%r1"), 0x0f000f00U);
  EXPECT_EQ(eval1("or.b32 %r1, %r2, %r3;", in, "%r1"), 0xfff0fff0U);
  EXPECT_EQ(eval1("xor.b32 %r1, %r2, %r3;", in, "%r1"), 0xf0f0f0f0U);
  EXPECT_EQ(eval1("not.b32 %r1, %r2;", in, "%r1"), 0x00ff00ffU);
  EXPECT_EQ(eval1("not.b16 %h1, %h2;", {{"%h2", 0x00ff}}, "%h1"), 0xff00U);
  EXPECT_EQ(eval1("not.b64 %rd1, %rd2;", {{"%rd2", 0}}, "%rd1"), ~0ULL);
  EXPECT_EQ(eval1("and.b32 %r1, %r2, -1;", in, "%r1"), 0xff00ff00U);
  EXPECT_EQ(eval1("xor.b64 %rd1, %rd2, -1;", {{"%rd2", 5}}, "%rd1"), ~5ULL);
}

TEST(IntLogic, Predicates) {
  Warp w(
      "and.pred %p1, %p2, %p3;\nor.pred %p4, %p2, %p3;\nxor.pred %p5, %p2, %p3;\nnot.pred %p6, %p2;\n"
      "and.pred %p7, %p2, !%p3;");
  for (unsigned l = 0; l < 4; ++l) {
    w.set("%p2", l, l & 1U);
    w.set("%p3", l, (l >> 1) & 1U);
  }
  w.run_all(0xf);
  for (unsigned l = 0; l < 4; ++l) {
    const std::uint64_t a = l & 1U, b = (l >> 1) & 1U;
    EXPECT_EQ(w.get("%p1", l), a & b);
    EXPECT_EQ(w.get("%p4", l), a | b);
    EXPECT_EQ(w.get("%p5", l), a ^ b);
    EXPECT_EQ(w.get("%p6", l), a ^ 1U);
    EXPECT_EQ(w.get("%p7", l), a & (b ^ 1U));
  }
}

TEST(IntLogic, Cnot) {
  EXPECT_EQ(eval1("cnot.b32 %r1, %r2;", {{"%r2", 0}}, "%r1"), 1U);
  EXPECT_EQ(eval1("cnot.b32 %r1, %r2;", {{"%r2", 0x80000000U}}, "%r1"), 0U);
  EXPECT_EQ(eval1("cnot.b16 %h1, %h2;", {{"%h2", 0}}, "%h1"), 1U);
  EXPECT_EQ(eval1("cnot.b64 %rd1, %rd2;", {{"%rd2", 0x100000000ULL}}, "%rd1"), 0U);
}

TEST(IntLop3, All256TablesAgainstTruthTable) {
  std::mt19937 rng(17);
  const std::uint32_t a = static_cast<std::uint32_t>(rng()), b = static_cast<std::uint32_t>(rng()),
                      c = static_cast<std::uint32_t>(rng());
  for (unsigned lut = 0; lut < 256; ++lut) {
    Warp w("lop3.b32 %r1, %r2, %r3, %r4, " + std::to_string(lut) + ";");
    // lane 0: random words; lanes 1..8: every (a,b,c) bit combination in bit 0
    w.set("%r2", 0, a);
    w.set("%r3", 0, b);
    w.set("%r4", 0, c);
    for (unsigned m = 0; m < 8; ++m) {
      w.set("%r2", m + 1, (m >> 2) & 1U);
      w.set("%r3", m + 1, (m >> 1) & 1U);
      w.set("%r4", m + 1, m & 1U);
    }
    ASSERT_TRUE(w.exec_int(0, 0x1ff));
    std::uint32_t expect = 0;
    for (unsigned i = 0; i < 32; ++i) {
      const unsigned idx = (((a >> i) & 1U) << 2) | (((b >> i) & 1U) << 1) | ((c >> i) & 1U);
      expect |= ((lut >> idx) & 1U) << i;
    }
    EXPECT_EQ(w.get("%r1", 0), expect) << lut;
    for (unsigned m = 0; m < 8; ++m) EXPECT_EQ(w.get("%r1", m + 1) & 1U, (lut >> m) & 1U) << lut << " " << m;
  }
}

TEST(IntLop3, ClassicTables) {
  const std::initializer_list<In> in = {{"%r2", 0xf0f0f0f0U}, {"%r3", 0xccccccccU}, {"%r4", 0xaaaaaaaaU}};
  EXPECT_EQ(eval1("lop3.b32 %r1, %r2, %r3, %r4, 0x80;", in, "%r1"), 0x80808080U);  // a & b & c
  EXPECT_EQ(eval1("lop3.b32 %r1, %r2, %r3, %r4, 0x96;", in, "%r1"), 0x96969696U);  // a ^ b ^ c
  EXPECT_EQ(eval1("lop3.b32 %r1, %r2, %r3, %r4, 0xfe;", in, "%r1"), 0xfefefefeU);  // a | b | c
}

// Host shifts with the manual's clamping: counts >= width give 0 / the sign.
std::uint64_t ref_shl(std::uint64_t a, std::uint64_t n, unsigned w) {
  const std::uint64_t m = w == 64 ? ~0ULL : (1ULL << w) - 1;
  return n >= w ? 0 : (a << n) & m;
}
std::uint64_t ref_shr_u(std::uint64_t a, std::uint64_t n, unsigned w) { return n >= w ? 0 : a >> n; }
std::uint64_t ref_shr_s(std::uint64_t a, std::uint64_t n, unsigned w) {
  const std::uint64_t m = w == 64 ? ~0ULL : (1ULL << w) - 1;
  const bool neg = ((a >> (w - 1)) & 1U) != 0;
  if (n >= w) return neg ? m : 0;
  std::uint64_t r = a >> n;
  if (neg && n > 0) r |= m & ~(m >> n);
  return r;
}

struct ShiftWidth {
  unsigned w;
  const char* reg;  // register class of that width
  std::uint64_t value;
};

TEST(IntShift, CountsAtAndBeyondTheWidth) {
  const ShiftWidth widths[] = {{16, "%h", 0x8421U}, {32, "%r", 0x87654321U}, {64, "%rd", 0x8765432112345678ULL}};
  const std::uint64_t counts[] = {0, 1, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 0x80000000U, 0xffffffffU};
  for (const ShiftWidth& sw : widths) {
    const std::string r = sw.reg, ws = std::to_string(sw.w);
    Warp w("shl.b" + ws + " " + r + "1, " + r + "2, %r3;\nshr.u" + ws + " " + r + "4, " + r + "2, %r3;\nshr.s" + ws +
           " " + r + "5, " + r + "2, %r3;\nshr.b" + ws + " " + r + "6, " + r + "2, %r3;");
    for (std::uint64_t n : counts) {
      for (std::uint64_t v : {sw.value, sw.value >> 1}) {  // negative and positive
        w.set(r + "2", 0, v);
        w.set("%r3", 0, n);
        w.run_all();
        EXPECT_EQ(w.get(r + "1", 0), ref_shl(v, n, sw.w)) << sw.w << " shl " << n;
        EXPECT_EQ(w.get(r + "4", 0), ref_shr_u(v, n, sw.w)) << sw.w << " shr.u " << n;
        EXPECT_EQ(w.get(r + "5", 0), ref_shr_s(v, n, sw.w)) << sw.w << " shr.s " << n;
        EXPECT_EQ(w.get(r + "6", 0), ref_shr_u(v, n, sw.w)) << sw.w << " shr.b " << n;
      }
    }
  }
}

TEST(IntShift, HandValues) {
  EXPECT_EQ(eval1("shl.b32 %r1, %r2, 31;", {{"%r2", 3}}, "%r1"), 0x80000000U);
  EXPECT_EQ(eval1("shl.b32 %r1, %r2, 32;", {{"%r2", 3}}, "%r1"), 0U);
  EXPECT_EQ(eval1("shr.s32 %r1, %r2, 33;", {{"%r2", 0x80000000U}}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("shr.s32 %r1, %r2, 31;", {{"%r2", 0x80000000U}}, "%r1"), 0xffffffffU);
  EXPECT_EQ(eval1("shr.s32 %r1, %r2, 255;", {{"%r2", 0x7fffffffU}}, "%r1"), 0U);
  EXPECT_EQ(eval1("shr.u32 %r1, %r2, 0;", {{"%r2", 0x80000000U}}, "%r1"), 0x80000000U);
  EXPECT_EQ(eval1("shr.s16 %h1, %h2, 4;", {{"%h2", 0x8000}}, "%h1"), 0xf800U);
  EXPECT_EQ(eval1("shr.s64 %rd1, %rd2, 64;", {{"%rd2", 1ULL << 63}}, "%rd1"), ~0ULL);
}

std::uint64_t ref_shf(std::uint32_t a, std::uint32_t b, std::uint32_t c, bool right, bool clamp) {
  const std::uint32_t n = clamp ? (c < 32 ? c : 32) : (c & 0x1f);
  const std::uint64_t v = (std::uint64_t{b} << 32) | a;
  return right ? static_cast<std::uint32_t>(v >> n) : static_cast<std::uint32_t>((v << n) >> 32);
}

TEST(IntShf, AllModesAgainstHost) {
  Warp w(
      "shf.l.wrap.b32 %r1, %r2, %r3, %r4;\nshf.l.clamp.b32 %r5, %r2, %r3, %r4;\n"
      "shf.r.wrap.b32 %r6, %r2, %r3, %r4;\nshf.r.clamp.b32 %r7, %r2, %r3, %r4;");
  const std::uint32_t a = 0x89abcdefU, b = 0x01234567U;
  for (std::uint32_t c : {0U, 1U, 8U, 31U, 32U, 33U, 63U, 64U, 255U, 0xffffffffU}) {
    w.set("%r2", 0, a);
    w.set("%r3", 0, b);
    w.set("%r4", 0, c);
    w.run_all();
    EXPECT_EQ(w.get("%r1", 0), ref_shf(a, b, c, false, false)) << c;
    EXPECT_EQ(w.get("%r5", 0), ref_shf(a, b, c, false, true)) << c;
    EXPECT_EQ(w.get("%r6", 0), ref_shf(a, b, c, true, false)) << c;
    EXPECT_EQ(w.get("%r7", 0), ref_shf(a, b, c, true, true)) << c;
  }
}

TEST(IntShf, ClampAt32AndRotate) {
  const std::initializer_list<In> in = {{"%r2", 0x11111111U}, {"%r3", 0x22222222U}};
  EXPECT_EQ(eval1("shf.l.clamp.b32 %r1, %r2, %r3, 32;", in, "%r1"), 0x11111111U);
  EXPECT_EQ(eval1("shf.r.clamp.b32 %r1, %r2, %r3, 40;", in, "%r1"), 0x22222222U);
  EXPECT_EQ(eval1("shf.l.wrap.b32 %r1, %r2, %r3, 32;", in, "%r1"), 0x22222222U);                     // 32 & 31 = 0
  EXPECT_EQ(eval1("shf.r.wrap.b32 %r1, %r2, %r2, 4;", {{"%r2", 0x12345678U}}, "%r1"), 0x81234567U);  // rotate
  EXPECT_EQ(eval1("shf.l.wrap.b32 %r1, %r2, %r2, 4;", {{"%r2", 0x12345678U}}, "%r1"), 0x23456781U);
}

}  // namespace
}  // namespace lockstep::test
