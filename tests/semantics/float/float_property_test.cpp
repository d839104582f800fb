// Property tests: for every f32/f64 arithmetic operation and every IEEE
// rounding mode, 1024 random operands (uniform bits, moderate exponents,
// subnormals, specials, near-cancelling pairs) against the host's
// float/double arithmetic under std::fesetround (host_ref.hpp). NaN results
// are compared against lockstep's NaN rule: canonical 0x7fffffff for f32;
// for f64 the first NaN operand quieted, else 0x7fffffffffffffff.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "tests/semantics/float/float_kit.hpp"
#include "tests/semantics/float/host_ref.hpp"

namespace lockstep::test {
namespace {

using sem::FpRounding;

constexpr FpRounding kModes[] = {FpRounding::Rn, FpRounding::Rz, FpRounding::Rm, FpRounding::Rp};
constexpr const char* kModeNames[] = {"rn", "rz", "rm", "rp"};
constexpr unsigned kBatches = 32;  // x 32 lanes = 1024 inputs per op and mode

std::string spelling(HostOp op) {
  switch (op) {
    case HostOp::Add: return "add";
    case HostOp::Sub: return "sub";
    case HostOp::Mul: return "mul";
    case HostOp::Div: return "div";
    case HostOp::Fma: return "fma";
    case HostOp::Sqrt: return "sqrt";
  }
  return "";
}
unsigned arity(HostOp op) { return op == HostOp::Sqrt ? 1U : (op == HostOp::Fma ? 3U : 2U); }

std::uint64_t quiet_f64(std::uint64_t v) { return v | (std::uint64_t{1} << 51); }

/// The expected bits for a host result, applying lockstep's NaN rule.
template <class T>
std::uint64_t expected(T host, const std::uint64_t (&in)[3], unsigned n) {
  if (!std::isnan(host)) return bits(host);
  if constexpr (sizeof(T) == 4) {
    return 0x7fffffffU;
  } else {
    for (unsigned i = 0; i < n; ++i) {
      if (std::isnan(as_f64(in[i]))) return quiet_f64(in[i]);
    }
    return 0x7fffffffffffffffULL;
  }
}

template <class T>
void check_op(HostOp op) {
  constexpr bool f64 = sizeof(T) == 8;
  const std::string reg = f64 ? "%fd" : "%f";
  const unsigned n = arity(op);
  std::string text = spelling(op) + ".";
  RandomFloats rnd(0x5eed0000U + static_cast<unsigned>(op) * 7U + (f64 ? 1U : 0U));
  for (unsigned m = 0; m < 4; ++m) {
    std::string instr = text + kModeNames[m] + (f64 ? ".f64 " : ".f32 ") + reg + "1";
    for (unsigned i = 0; i < n; ++i) instr += ", " + reg + std::to_string(i + 2);
    Kit k(instr + ";");
    for (unsigned batch = 0; batch < kBatches; ++batch) {
      std::uint64_t in[32][3] = {};
      for (unsigned lane = 0; lane < 32; ++lane) {
        for (unsigned i = 0; i < n; ++i) {
          in[lane][i] = f64 ? rnd.f64() : rnd.f32();
          if (i > 0 && rnd.pick(0, 3) == 0) in[lane][i] = rnd.near(in[lane][i - 1], f64 ? 52 : 23);
          k.set(reg + std::to_string(i + 2), in[lane][i], lane);
        }
      }
      ASSERT_TRUE(k.run());
      for (unsigned lane = 0; lane < 32; ++lane) {
        const auto val = [&](unsigned i) { return f64 ? static_cast<T>(as_f64(in[lane][i])) : static_cast<T>(as_f32(in[lane][i])); };
        const T host = host_eval<T>(op, val(0), n > 1 ? val(1) : T{0}, n > 2 ? val(2) : T{0}, kModes[m]);
        ASSERT_EQ(k.get(reg + "1", lane), expected(host, in[lane], n))
            << instr << " a=" << std::hex << in[lane][0] << " b=" << in[lane][1] << " c=" << in[lane][2];
      }
    }
  }
}

TEST(FloatProperty, AddF32) { check_op<float>(HostOp::Add); }
TEST(FloatProperty, SubF32) { check_op<float>(HostOp::Sub); }
TEST(FloatProperty, MulF32) { check_op<float>(HostOp::Mul); }
TEST(FloatProperty, DivF32) { check_op<float>(HostOp::Div); }
TEST(FloatProperty, FmaF32) { check_op<float>(HostOp::Fma); }
TEST(FloatProperty, SqrtF32) { check_op<float>(HostOp::Sqrt); }
TEST(FloatProperty, AddF64) { check_op<double>(HostOp::Add); }
TEST(FloatProperty, SubF64) { check_op<double>(HostOp::Sub); }
TEST(FloatProperty, MulF64) { check_op<double>(HostOp::Mul); }
TEST(FloatProperty, DivF64) { check_op<double>(HostOp::Div); }
TEST(FloatProperty, FmaF64) { check_op<double>(HostOp::Fma); }
TEST(FloatProperty, SqrtF64) { check_op<double>(HostOp::Sqrt); }

/// fma against the exact product-plus-addend on the host: for f32 the
/// product of two f32 is exact in double, and the double sum rounded to
/// f32 is the single-rounding result whenever the double sum is exact.
TEST(FloatProperty, FmaF32MatchesExactDoubleWhenExact) {
  RandomFloats rnd(77);
  Kit k("fma.rn.f32 %f1, %f2, %f3, %f4;");
  unsigned checked = 0;
  for (unsigned batch = 0; batch < kBatches; ++batch) {
    float a[32], b[32], c[32];
    for (unsigned lane = 0; lane < 32; ++lane) {
      a[lane] = static_cast<float>(rnd.pick(1, 1U << 12)) / 64.0f;
      b[lane] = static_cast<float>(rnd.pick(1, 1U << 12)) / 128.0f;
      c[lane] = -static_cast<float>(rnd.pick(0, 1U << 20)) / 256.0f;
      k.set("%f2", bits(a[lane]), lane);
      k.set("%f3", bits(b[lane]), lane);
      k.set("%f4", bits(c[lane]), lane);
    }
    ASSERT_TRUE(k.run());
    for (unsigned lane = 0; lane < 32; ++lane) {
      const double exact = static_cast<double>(a[lane]) * static_cast<double>(b[lane]) + static_cast<double>(c[lane]);
      EXPECT_EQ(k.get("%f1", lane), bits(static_cast<float>(exact)));
      ++checked;
    }
  }
  EXPECT_EQ(checked, 1024U);
}

}  // namespace
}  // namespace lockstep::test
