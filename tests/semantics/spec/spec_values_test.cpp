// Element values: encoding numbers for a type, f16 conversions, printing
// elements, comparing final contents with [expect].
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "semantics/spec/expect.hpp"
#include "semantics/spec/half.hpp"
#include "spec_test_kit.hpp"

namespace lockstep::test {
namespace {

sem::SpecNumber integer(std::int64_t v) {
  sem::SpecNumber n;
  n.kind = sem::SpecNumber::Kind::Integer;
  n.integer = v;
  return n;
}
sem::SpecNumber real(double v) {
  sem::SpecNumber n;
  n.kind = sem::SpecNumber::Kind::Float;
  n.real = v;
  return n;
}
sem::SpecNumber text(std::string v) {
  sem::SpecNumber n;
  n.kind = sem::SpecNumber::Kind::String;
  n.text = std::move(v);
  return n;
}

std::uint32_t bits32(float f) { return std::bit_cast<std::uint32_t>(f); }

std::string error_of(ir::Type t, const sem::SpecNumber& n) { return sem::encode_number(t, n).error; }
std::uint64_t bits(ir::Type t, const sem::SpecNumber& n) {
  const sem::Encoded e = sem::encode_number(t, n);
  EXPECT_TRUE(e.ok()) << e.error;
  return e.bits;
}

TEST(SpecValues, IntegerRanges) {
  EXPECT_EQ(bits(ir::Type::U8, integer(255)), 255U);
  EXPECT_EQ(error_of(ir::Type::U8, integer(256)), "value 256 is out of range for u8 (0 to 255)");
  EXPECT_EQ(error_of(ir::Type::U8, integer(-1)), "value -1 is out of range for u8 (0 to 255)");
  EXPECT_EQ(bits(ir::Type::S8, integer(-128)), 0x80U);
  EXPECT_EQ(error_of(ir::Type::S8, integer(128)), "value 128 is out of range for s8 (-128 to 127)");
  EXPECT_EQ(error_of(ir::Type::S16, integer(-32769)), "value -32769 is out of range for s16 (-32768 to 32767)");
  EXPECT_EQ(bits(ir::Type::U32, integer(4294967295)), 0xffffffffU);
  EXPECT_EQ(error_of(ir::Type::U32, integer(4294967296)), "value 4294967296 is out of range for u32 (0 to 4294967295)");
  EXPECT_EQ(bits(ir::Type::S32, integer(-2147483648)), 0x80000000U);
  EXPECT_EQ(error_of(ir::Type::U64, integer(-1)), "value -1 is out of range for u64 (0 to 18446744073709551615)");
  EXPECT_EQ(bits(ir::Type::S64, integer(std::numeric_limits<std::int64_t>::min())), 0x8000000000000000ULL);
  // Bit types take the signed or the unsigned reading.
  EXPECT_EQ(bits(ir::Type::B8, integer(-128)), 0x80U);
  EXPECT_EQ(bits(ir::Type::B8, integer(255)), 0xffU);
  EXPECT_EQ(error_of(ir::Type::B8, integer(256)), "value 256 is out of range for b8 (-128 to 255)");
  EXPECT_EQ(bits(ir::Type::B64, integer(-1)), 0xffffffffffffffffULL);
  EXPECT_EQ(error_of(ir::Type::S32, real(3.0)), "expected an integer for s32, got 3.0");
  EXPECT_EQ(error_of(ir::Type::U8, real(0.5)), "expected an integer for u8, got 0.5");
  EXPECT_EQ(error_of(ir::Type::Pred, integer(1)), "values of type pred are not supported");
  EXPECT_EQ(error_of(ir::Type::F16x2, integer(1)), "values of type f16x2 are not supported");
}

TEST(SpecValues, U64Strings) {
  EXPECT_EQ(bits(ir::Type::U64, text("18446744073709551615")), 0xffffffffffffffffULL);
  EXPECT_EQ(bits(ir::Type::U64, text("0xFFFFffffFFFFffff")), 0xffffffffffffffffULL);
  EXPECT_EQ(bits(ir::Type::U64, text("0x0000000000000000001")), 1U);  // leading zeros are fine
  EXPECT_EQ(bits(ir::Type::U64, text("0")), 0U);
  EXPECT_EQ(bits(ir::Type::B64, text("0x8000000000000000")), 0x8000000000000000ULL);
  const std::string why =
      " is not a u64 value (expected \"0x\" and hex digits, or decimal digits, up to 18446744073709551615)";
  EXPECT_EQ(error_of(ir::Type::U64, text("18446744073709551616")), "\"18446744073709551616\"" + why);
  EXPECT_EQ(error_of(ir::Type::U64, text("0x10000000000000000")), "\"0x10000000000000000\"" + why);
  EXPECT_EQ(error_of(ir::Type::U64, text("-1")), "\"-1\"" + why);
  EXPECT_EQ(error_of(ir::Type::U64, text("0x")), "\"0x\"" + why);
  EXPECT_EQ(error_of(ir::Type::U64, text("")), "\"\"" + why);
  EXPECT_EQ(error_of(ir::Type::U64, text("1_000")), "\"1_000\"" + why);
  EXPECT_EQ(error_of(ir::Type::U64, text(" 1")), "\" 1\"" + why);
  EXPECT_EQ(error_of(ir::Type::U32, text("1")), "a string is accepted only for u64 values, got \"1\" for u32");
  EXPECT_EQ(error_of(ir::Type::S64, text("1")), "a string is accepted only for u64 values, got \"1\" for s64");
  EXPECT_EQ(error_of(ir::Type::F64, text("1")), "a string is accepted only for u64 values, got \"1\" for f64");
}

TEST(SpecValues, Floats) {
  EXPECT_EQ(bits(ir::Type::F32, integer(16777217)), bits_of(16777216.0F));
  EXPECT_EQ(bits(ir::Type::F32, real(0.1)), bits_of(0.1F));
  EXPECT_EQ(bits(ir::Type::F32, real(-std::numeric_limits<double>::infinity())), 0xff800000U);
  EXPECT_EQ(bits(ir::Type::F32, real(std::numeric_limits<double>::quiet_NaN())), 0x7fc00000U);
  EXPECT_EQ(bits(ir::Type::F32, real(-std::numeric_limits<double>::quiet_NaN())), 0xffc00000U);
  EXPECT_EQ(bits(ir::Type::F64, real(std::numeric_limits<double>::quiet_NaN())), 0x7ff8000000000000ULL);
  EXPECT_EQ(bits(ir::Type::F64, integer(-3)), bits_of(-3.0));
  // 2^128 - 2^104 is FLT_MAX; up to (not including) the midpoint 2^128 - 2^103 it rounds down.
  EXPECT_EQ(bits(ir::Type::F32, real(0x1.fffffefffffffp127)), 0x7f7fffffU);
  EXPECT_EQ(error_of(ir::Type::F32, real(0x1.ffffffp127)), "value 3.4028235677973366e+38 is out of range for f32");
  EXPECT_EQ(error_of(ir::Type::F32, real(1e39)), "value 1e+39 is out of range for f32");
  EXPECT_EQ(error_of(ir::Type::F16, real(65520.0)), "value 65520.0 is out of range for f16");
  EXPECT_EQ(error_of(ir::Type::F16, integer(-65520)), "value -65520 is out of range for f16");
  EXPECT_EQ(error_of(ir::Type::F16, integer(std::numeric_limits<std::int64_t>::min())),
            "value -9223372036854775808 is out of range for f16");
  EXPECT_EQ(bits(ir::Type::F16, integer(-65519)), 0xfbffU);
}

TEST(SpecValues, HalfConversionsRoundTripEveryValue) {
  for (std::uint32_t h = 0; h < 0x10000U; ++h) {
    const auto hb = static_cast<std::uint16_t>(h);
    const float f = sem::half_to_float(hb);
    if (std::isnan(f)) {
      EXPECT_EQ(sem::double_to_half(static_cast<double>(f)), (hb & 0x8000U) | 0x7e00U) << h;
      continue;
    }
    EXPECT_EQ(sem::double_to_half(static_cast<double>(f)), hb) << h;
    EXPECT_EQ(sem::half_to_double(hb), static_cast<double>(f)) << h;
  }
  // Hand-derived values of half_to_float.
  EXPECT_EQ(sem::half_to_float(0x3c00), 1.0F);
  EXPECT_EQ(sem::half_to_float(0x0001), std::ldexp(1.0F, -24));
  EXPECT_EQ(sem::half_to_float(0x7bff), 65504.0F);
  EXPECT_EQ(sem::half_to_float(0xfc00), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(std::bit_cast<std::uint32_t>(sem::half_to_float(0x7e01)), 0x7fc02000U);  // payload kept
}

TEST(SpecValues, HalfRoundingBetweenNeighbours) {
  // Every midpoint between two adjacent positive finite f16 values rounds to
  // the even one; a hair either side rounds to the nearer one.
  for (std::uint16_t h = 0; h < 0x7bff; ++h) {
    const double lo = sem::half_to_double(h);
    const double hi = sem::half_to_double(static_cast<std::uint16_t>(h + 1));
    const double mid = (lo + hi) / 2;  // exact: one more bit than f16 has
    const std::uint16_t even = (h % 2 == 0) ? h : static_cast<std::uint16_t>(h + 1);
    EXPECT_EQ(sem::double_to_half(mid), even) << h;
    EXPECT_EQ(sem::double_to_half(std::nextafter(mid, 0.0)), h) << h;
    EXPECT_EQ(sem::double_to_half(std::nextafter(mid, 1e9)), h + 1) << h;
    EXPECT_EQ(sem::double_to_half(-mid), even | 0x8000U) << h;
  }
}

TEST(SpecValues, FormatElement) {
  const auto fmt = [](ir::Type t, std::uint64_t b) { return sem::format_bits(t, b); };
  EXPECT_EQ(fmt(ir::Type::U8, 0xff), "255");
  EXPECT_EQ(fmt(ir::Type::S8, 0xff), "-1");
  EXPECT_EQ(fmt(ir::Type::S16, 0x8000), "-32768");
  EXPECT_EQ(fmt(ir::Type::U32, 0xdeadbeef), "3735928559");
  EXPECT_EQ(fmt(ir::Type::S32, 0xffffff85), "-123");
  EXPECT_EQ(fmt(ir::Type::U64, 0xffffffffffffffffULL), "18446744073709551615");
  EXPECT_EQ(fmt(ir::Type::S64, 0x8000000000000000ULL), "-9223372036854775808");
  EXPECT_EQ(fmt(ir::Type::B16, 0xffff), "65535");
  EXPECT_EQ(fmt(ir::Type::F32, bits_of(0.1F)), "0.1");
  EXPECT_EQ(fmt(ir::Type::F32, bits_of(1.0F)), "1");
  EXPECT_EQ(fmt(ir::Type::F32, bits_of(1.4142135381698608F)), "1.4142135");
  EXPECT_EQ(fmt(ir::Type::F32, 0x7f800000U), "inf");
  EXPECT_EQ(fmt(ir::Type::F32, 0x7fc00000U), "nan");
  EXPECT_EQ(fmt(ir::Type::F32, 0x80000000U), "-0");
  EXPECT_EQ(fmt(ir::Type::F64, bits_of(0.1)), "0.1");
  EXPECT_EQ(fmt(ir::Type::F64, bits_of(1e20)), "1e+20");
  EXPECT_EQ(fmt(ir::Type::F64, bits_of(1.4142135623730951)), "1.4142135623730951");
  EXPECT_EQ(fmt(ir::Type::F16, 0x2e66), "0.099975586");  // the f32 of the f16 nearest 0.1
  EXPECT_EQ(fmt(ir::Type::F16, 0x3e00), "1.5");
  EXPECT_EQ(fmt(ir::Type::F16, 0xfc00), "-inf");
  const std::uint8_t le[] = {0xef, 0xbe, 0xad, 0xde};
  EXPECT_EQ(sem::format_element(ir::Type::U32, le), "3735928559");
  EXPECT_EQ(sem::format_element(ir::Type::U16, le), "48879");
  EXPECT_THROW((void)fmt(ir::Type::Pred, 1), std::invalid_argument);
}

TEST(SpecExpect, CompareReportsMismatchesInOrder) {
  const sem::LaunchSpec s =
      parse_spec(with_dims("[[buffer]]\nname = \"a\"\ntype = \"s32\"\ncount = 4\n"
                           "[[buffer]]\nname = \"f\"\ntype = \"f32\"\ncount = 4\n"
                           "[expect]\na = [1, -2, 3, 4]\nf = [nan, 0.0, 1.5, 2]\n"));
  const auto bytes_of = [](const std::vector<std::uint32_t>& words) {
    std::vector<std::uint8_t> out;
    for (std::uint32_t w : words) {
      for (unsigned i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(w >> (8 * i)));
    }
    return out;
  };
  const std::vector<std::uint8_t> a_ok = bytes_of({1, 0xfffffffe, 3, 4});
  EXPECT_TRUE(sem::compare_expect(s.expects[0], ir::Type::S32, a_ok).empty());
  const std::vector<std::uint8_t> a_bad = bytes_of({1, 2, 3, 0xffffffff});
  const std::vector<sem::Mismatch> want{{1, "-2", "2"}, {3, "4", "-1"}};
  EXPECT_EQ(sem::compare_expect(s.expects[0], ir::Type::S32, a_bad), want);
  EXPECT_EQ(sem::compare_expect(s.expects[0], ir::Type::S32, a_bad, 1).size(), 1U);

  // Any NaN matches an expected nan; 0.0 and -0.0 differ.
  const std::vector<std::uint8_t> f_ok = bytes_of({0xffc00123, 0, bits32(1.5F), bits32(2.0F)});
  EXPECT_TRUE(sem::compare_expect(s.expects[1], ir::Type::F32, f_ok).empty());
  const std::vector<std::uint8_t> f_bad = bytes_of({0x7f800000, 0x80000000, bits32(1.5F), bits32(2.0F)});
  const std::vector<sem::Mismatch> fwant{{0, "nan", "inf"}, {1, "0", "-0"}};
  EXPECT_EQ(sem::compare_expect(s.expects[1], ir::Type::F32, f_bad), fwant);
  EXPECT_THROW((void)sem::compare_expect(s.expects[1], ir::Type::F32, std::vector<std::uint8_t>(12)),
               std::invalid_argument);
}

TEST(SpecExpect, MatchesIsBitExactExceptNan) {
  EXPECT_TRUE(sem::matches(sem::ExpectedValue{0x7e00, false}, ir::Type::F16, 0x7e00));
  EXPECT_FALSE(sem::matches(sem::ExpectedValue{0x7e00, false}, ir::Type::F16, 0x7e01));
  EXPECT_TRUE(sem::matches(sem::ExpectedValue{0, true}, ir::Type::F16, 0xfe01));
  EXPECT_FALSE(sem::matches(sem::ExpectedValue{0, true}, ir::Type::F16, 0x7c00));
  EXPECT_TRUE(sem::matches(sem::ExpectedValue{0, true}, ir::Type::F64, 0x7ff0000000000001ULL));
  EXPECT_FALSE(sem::matches(sem::ExpectedValue{0, true}, ir::Type::U32, 0x7fc00000U));
}

}  // namespace
}  // namespace lockstep::test
