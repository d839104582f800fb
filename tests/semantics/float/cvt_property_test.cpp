// Property tests of conversions and 16-bit arithmetic against independent
// references: the host's double -> float and integer -> float conversions
// under std::fesetround, host integer rounding (nearbyint/trunc/floor/ceil)
// with the manual's clamping, and, for f16/bf16, a brute-force rounding
// reference that searches the sorted table of all encodings.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "tests/semantics/float/float_kit.hpp"
#include "tests/semantics/float/host_ref.hpp"

namespace lockstep::test {
namespace {

using sem::FpRounding;

constexpr FpRounding kModes[] = {FpRounding::Rn, FpRounding::Rz, FpRounding::Rm, FpRounding::Rp};
constexpr const char* kModeNames[] = {"rn", "rz", "rm", "rp"};
constexpr const char* kIntModeNames[] = {"rni", "rzi", "rmi", "rpi"};

/// Rounding to a 16-bit format by searching all its non-negative finite
/// encodings (ascending in value) for the neighbours of |x|.
class Table16 {
 public:
  Table16(unsigned exp_bits, unsigned frac_bits) {
    const std::uint32_t inf = ((1U << exp_bits) - 1) << frac_bits;
    const int bias = (1 << (exp_bits - 1)) - 1;
    for (std::uint32_t h = 0; h < inf; ++h) {
      const std::uint32_t e = h >> frac_bits;
      const std::uint32_t f = h & ((1U << frac_bits) - 1);
      values_.push_back(e == 0 ? std::ldexp(static_cast<double>(f), 1 - bias - static_cast<int>(frac_bits))
                               : std::ldexp(static_cast<double>(f | (1U << frac_bits)),
                                            static_cast<int>(e) - bias - static_cast<int>(frac_bits)));
    }
    inf_ = inf;
    // The value one ulp above the largest finite number (overflow threshold).
    beyond_ = std::ldexp(1.0, static_cast<int>((1U << exp_bits) - 1) - bias);
  }

  /// The encoding of x rounded in mode r (x must not be NaN).
  [[nodiscard]] std::uint32_t round(double x, FpRounding r) const {
    const bool neg = std::signbit(x);
    const double a = std::fabs(x);
    const std::uint32_t sign = neg ? 0x8000U : 0U;
    if (std::isinf(a)) return sign | inf_;
    const auto it = std::upper_bound(values_.begin(), values_.end(), a);
    const auto lo = static_cast<std::uint32_t>(it - values_.begin() - 1);  // values_[lo] <= a
    const double lo_v = values_[lo];
    if (lo_v == a) return sign | lo;
    const bool top = lo + 1 == values_.size();
    const double hi_v = top ? beyond_ : values_[lo + 1];
    const std::uint32_t hi = lo + 1;  // == inf_ when top
    bool up = false;
    switch (r) {
      case FpRounding::Rn: {
        const double mid = lo_v + (hi_v - lo_v) / 2;  // exact in double
        up = a > mid || (a == mid && (lo & 1U) != 0);
        break;
      }
      case FpRounding::Rz: up = false; break;
      case FpRounding::Rm: up = neg; break;
      case FpRounding::Rp: up = !neg; break;
      case FpRounding::Rna: up = a >= lo_v + (hi_v - lo_v) / 2; break;
    }
    return sign | (up ? hi : lo);
  }

 private:
  std::vector<double> values_;
  std::uint32_t inf_ = 0;
  double beyond_ = 0;
};

double f16_value(std::uint32_t h) {
  const std::uint32_t e = (h >> 10) & 0x1fU;
  const std::uint32_t f = h & 0x3ffU;
  if (e == 0x1fU) {
    const double special = f == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
    return (h & 0x8000U) != 0 ? -special : special;
  }
  const double m = e == 0 ? std::ldexp(static_cast<double>(f), -24)
                          : std::ldexp(static_cast<double>(f | 0x400U), static_cast<int>(e) - 25);
  return (h & 0x8000U) != 0 ? -m : m;
}
double bf16_value(std::uint32_t h) { return static_cast<double>(as_f32(std::uint64_t{h} << 16)); }

TEST(CvtProperty, F32ToF16AndBf16AllModes) {
  const Table16 f16(5, 10);
  const Table16 bf16(8, 7);
  RandomFloats rnd(2024);
  for (unsigned m = 0; m < 4; ++m) {
    Kit kh(std::string("cvt.") + kModeNames[m] + ".f16.f32 %h1, %f2;");
    Kit kb(std::string("cvt.") + kModeNames[m] + ".bf16.f32 %h1, %f2;");
    for (unsigned batch = 0; batch < 32; ++batch) {
      std::uint32_t in[32];
      for (unsigned lane = 0; lane < 32; ++lane) {
        in[lane] = rnd.f32();
        // Steer half of the inputs into the f16 range, where f16 rounding is interesting.
        if (lane % 2 == 0) in[lane] = (in[lane] & 0x807fffffU) | (static_cast<std::uint32_t>(rnd.pick(100, 145)) << 23);
        kh.set("%f2", in[lane], lane);
        kb.set("%f2", in[lane], lane);
      }
      ASSERT_TRUE(kh.run());
      ASSERT_TRUE(kb.run());
      for (unsigned lane = 0; lane < 32; ++lane) {
        const float x = as_f32(in[lane]);
        const std::uint64_t want_h = std::isnan(x) ? 0x7fffU : f16.round(static_cast<double>(x), kModes[m]);
        const std::uint64_t want_b = std::isnan(x) ? 0x7fffU : bf16.round(static_cast<double>(x), kModes[m]);
        ASSERT_EQ(kh.get("%h1", lane), want_h) << kModeNames[m] << " " << std::hex << in[lane];
        ASSERT_EQ(kb.get("%h1", lane), want_b) << kModeNames[m] << " " << std::hex << in[lane];
      }
    }
  }
}

TEST(CvtProperty, F16ArithmeticAgainstTable) {
  const Table16 f16(5, 10);
  const Table16 bf16(8, 7);
  RandomFloats rnd(99);
  Kit add("add.rn.f16 %h1, %h2, %h3;");
  Kit mul("mul.rn.f16 %h1, %h2, %h3;");
  Kit bmul("mul.rn.bf16 %h1, %h2, %h3;");
  for (unsigned batch = 0; batch < 32; ++batch) {
    std::uint32_t a[32], b[32];
    for (unsigned lane = 0; lane < 32; ++lane) {
      a[lane] = static_cast<std::uint32_t>(rnd.pick(0, 0xffff));
      b[lane] = static_cast<std::uint32_t>(rnd.pick(0, 3) == 0 ? rnd.pick(0, 0xffff) : (a[lane] ^ rnd.pick(0, 0x83ff)));
      for (Kit* k : {&add, &mul, &bmul}) {
        k->set("%h2", a[lane], lane);
        k->set("%h3", b[lane], lane);
      }
    }
    ASSERT_TRUE(add.run());
    ASSERT_TRUE(mul.run());
    ASSERT_TRUE(bmul.run());
    for (unsigned lane = 0; lane < 32; ++lane) {
      const double x = f16_value(a[lane]);
      const double y = f16_value(b[lane]);
      const bool nan_in = std::isnan(x) || std::isnan(y);
      const double s = x + y;  // exact in double
      const double p = x * y;  // exact in double
      if (!nan_in && !std::isnan(s)) {
        // Exact zero sums are +0 under rn; the table rounds a signed zero as itself.
        const std::uint32_t want = s == 0 && !(std::signbit(x) && std::signbit(y)) ? 0U : f16.round(s, FpRounding::Rn);
        ASSERT_EQ(add.get("%h1", lane), want) << std::hex << a[lane] << " + " << b[lane];
      } else {
        ASSERT_EQ(add.get("%h1", lane), 0x7fffU);
      }
      ASSERT_EQ(mul.get("%h1", lane), (nan_in || std::isnan(p)) ? 0x7fffU : f16.round(p, FpRounding::Rn))
          << std::hex << a[lane] << " * " << b[lane];
      const double bx = bf16_value(a[lane]);
      const double by = bf16_value(b[lane]);
      const double bp = bx * by;  // exact in double (8-bit significands)
      ASSERT_EQ(bmul.get("%h1", lane), std::isnan(bp) ? 0x7fffU : bf16.round(bp, FpRounding::Rn))
          << std::hex << a[lane] << " * " << b[lane];
    }
  }
}

TEST(CvtProperty, F64ToF32AllModes) {
  RandomFloats rnd(31337);
  for (unsigned m = 0; m < 4; ++m) {
    Kit k(std::string("cvt.") + kModeNames[m] + ".f32.f64 %f1, %fd2;");
    for (unsigned batch = 0; batch < 32; ++batch) {
      std::uint64_t in[32];
      for (unsigned lane = 0; lane < 32; ++lane) {
        in[lane] = rnd.f64();
        if (lane % 2 == 0) in[lane] = (in[lane] & 0x800fffffffffffffULL) | (rnd.pick(1023 - 160, 1023 + 130) << 52);
        k.set("%fd2", in[lane], lane);
      }
      ASSERT_TRUE(k.run());
      for (unsigned lane = 0; lane < 32; ++lane) {
        const double x = as_f64(in[lane]);
        std::uint64_t want = 0x7fffffffU;
        if (!std::isnan(x)) {
          RoundGuard g(kModes[m]);
          volatile double vx = x;
          volatile float r = static_cast<float>(vx);
          want = bits(static_cast<float>(r));
        }
        ASSERT_EQ(k.get("%f1", lane), want) << kModeNames[m] << " " << std::hex << in[lane];
      }
    }
  }
}

template <class I, class F>
F host_int_to_float(I v, FpRounding r) {
  RoundGuard g(r);
  volatile I x = v;
  volatile F out = static_cast<F>(x);
  return out;
}

TEST(CvtProperty, IntegerToFloatAllModes) {
  RandomFloats rnd(555);
  for (unsigned m = 0; m < 4; ++m) {
    const std::string mode = kModeNames[m];
    Kit s64f32("cvt." + mode + ".f32.s64 %f1, %rd2;");
    Kit u64f32("cvt." + mode + ".f32.u64 %f1, %rd2;");
    Kit s64f64("cvt." + mode + ".f64.s64 %fd1, %rd2;");
    Kit u32f32("cvt." + mode + ".f32.u32 %f1, %r2;");
    for (unsigned batch = 0; batch < 32; ++batch) {
      std::uint64_t in[32];
      for (unsigned lane = 0; lane < 32; ++lane) {
        const unsigned width = static_cast<unsigned>(rnd.pick(1, 64));
        in[lane] = rnd.pick(0, ~std::uint64_t{0}) >> (64 - width);
        if (rnd.pick(0, 1) != 0) in[lane] = ~in[lane] + 1;
        for (Kit* k : {&s64f32, &u64f32, &s64f64}) k->set("%rd2", in[lane], lane);
        u32f32.set("%r2", in[lane], lane);
      }
      for (Kit* k : {&s64f32, &u64f32, &s64f64, &u32f32}) ASSERT_TRUE(k->run());
      for (unsigned lane = 0; lane < 32; ++lane) {
        const auto sv = static_cast<std::int64_t>(in[lane]);
        const std::uint64_t uv = in[lane];
        const auto u32 = static_cast<std::uint32_t>(in[lane]);
        ASSERT_EQ(s64f32.get("%f1", lane), bits(host_int_to_float<std::int64_t, float>(sv, kModes[m]))) << sv;
        ASSERT_EQ(u64f32.get("%f1", lane), bits(host_int_to_float<std::uint64_t, float>(uv, kModes[m]))) << uv;
        ASSERT_EQ(s64f64.get("%fd1", lane), bits(host_int_to_float<std::int64_t, double>(sv, kModes[m]))) << sv;
        ASSERT_EQ(u32f32.get("%f1", lane), bits(host_int_to_float<std::uint32_t, float>(u32, kModes[m]))) << u32;
      }
    }
  }
}

/// The manual's float -> s32 conversion computed on the host.
std::uint32_t host_f32_to_s32(float x, unsigned mode) {
  if (std::isnan(x)) return 0;
  double r = 0;
  const auto d = static_cast<double>(x);
  switch (mode) {
    case 0: {
      RoundGuard g(FpRounding::Rn);
      r = std::nearbyint(d);
      break;
    }
    case 1: r = std::trunc(d); break;
    case 2: r = std::floor(d); break;
    default: r = std::ceil(d); break;
  }
  if (r >= 2147483647.0) return 0x7fffffffU;
  if (r <= -2147483648.0) return 0x80000000U;
  return static_cast<std::uint32_t>(static_cast<std::int32_t>(r));
}

TEST(CvtProperty, F32ToS32AllIntegerModes) {
  RandomFloats rnd(4242);
  for (unsigned m = 0; m < 4; ++m) {
    Kit k(std::string("cvt.") + kIntModeNames[m] + ".s32.f32 %r1, %f2;");
    for (unsigned batch = 0; batch < 32; ++batch) {
      std::uint32_t in[32];
      for (unsigned lane = 0; lane < 32; ++lane) {
        in[lane] = rnd.f32();
        if (lane % 2 == 0) in[lane] = (in[lane] & 0x807fffffU) | (static_cast<std::uint32_t>(rnd.pick(120, 160)) << 23);
        k.set("%f2", in[lane], lane);
      }
      ASSERT_TRUE(k.run());
      for (unsigned lane = 0; lane < 32; ++lane) {
        ASSERT_EQ(k.get("%r1", lane), host_f32_to_s32(as_f32(in[lane]), m))
            << kIntModeNames[m] << " " << std::hex << in[lane];
      }
    }
  }
}

TEST(CvtProperty, IntegralRoundingF64) {
  RandomFloats rnd(8080);
  for (unsigned m = 0; m < 4; ++m) {
    Kit k(std::string("cvt.") + kIntModeNames[m] + ".f64.f64 %fd1, %fd2;");
    for (unsigned batch = 0; batch < 32; ++batch) {
      std::uint64_t in[32];
      for (unsigned lane = 0; lane < 32; ++lane) {
        in[lane] = (rnd.f64() & 0x800fffffffffffffULL) | (rnd.pick(1000, 1080) << 52);
        k.set("%fd2", in[lane], lane);
      }
      ASSERT_TRUE(k.run());
      for (unsigned lane = 0; lane < 32; ++lane) {
        const double x = as_f64(in[lane]);
        const double want = m == 0 ? std::nearbyint(x) : m == 1 ? std::trunc(x) : m == 2 ? std::floor(x) : std::ceil(x);
        ASSERT_EQ(k.get("%fd1", lane), bits(want)) << kIntModeNames[m] << " " << x;
      }
    }
  }
}

}  // namespace
}  // namespace lockstep::test
