// Property test: a random sample of (opcode, type) combinations, each run on
// 32 lanes of random and boundary inputs, agrees with a host reference
// written with the host's own integer types (fixed seed, 1200 rounds).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "tests/semantics/int/int_test_kit.hpp"

namespace lockstep::test {
namespace {

__extension__ using S128 = __int128;
__extension__ using U128 = unsigned __int128;

using Ref = std::function<std::uint64_t(std::uint64_t, std::uint64_t, std::uint64_t)>;

struct Combo {
  std::string text;          // the instruction; sources %?2 %?3 %?4, destination dst
  std::string a, b, c, dst;  // register names ("" = unused)
  Ref ref;
  std::unique_ptr<Warp> warp;
};

std::uint64_t ones(unsigned w) { return w == 64 ? ~0ULL : (1ULL << w) - 1; }
std::int64_t sx(std::uint64_t v, unsigned w) {
  if (w == 64) return static_cast<std::int64_t>(v);
  const std::uint64_t s = 1ULL << (w - 1);
  return static_cast<std::int64_t>(((v & ones(w)) ^ s) - s);
}
std::string reg(unsigned w, int i) {
  const char* cls = w == 16 ? "%h" : w == 32 ? "%r" : "%rd";
  return cls + std::to_string(i);
}

std::vector<Combo> make_combos() {
  std::vector<Combo> v;
  auto add = [&](std::string text, std::string a, std::string b, std::string c, std::string dst, Ref ref) {
    v.push_back(
        Combo{std::move(text), std::move(a), std::move(b), std::move(c), std::move(dst), std::move(ref), nullptr});
  };
  for (unsigned w : {16U, 32U, 64U}) {
    const std::string ws = std::to_string(w);
    const std::string d = reg(w, 1), a = reg(w, 2), b = reg(w, 3), c = reg(w, 4);
    const std::string ops3 = " " + d + ", " + a + ", " + b + ";";
    const std::string ops4 = " " + d + ", " + a + ", " + b + ", " + c + ";";
    const std::uint64_t m = ones(w);
    for (bool sgn : {false, true}) {
      const std::string t = (sgn ? "s" : "u") + ws;
      auto val = [=](std::uint64_t x) -> S128 { return sgn ? S128{sx(x, w)} : S128{x & m}; };
      auto prod = [=](std::uint64_t x, std::uint64_t y) -> U128 {  // the exact 2w-bit product, as bits
        if (sgn) return static_cast<U128>(S128{sx(x, w)} * S128{sx(y, w)});
        return U128{x & m} * U128{y & m};
      };
      add("add." + t + ops3, a, b, "", d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t) { return (x + y) & m; });
      add("sub." + t + ops3, a, b, "", d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t) { return (x - y) & m; });
      add("mul.lo." + t + ops3, a, b, "", d,
          [=](std::uint64_t x, std::uint64_t y, std::uint64_t) { return static_cast<std::uint64_t>(prod(x, y)) & m; });
      add("mul.hi." + t + ops3, a, b, "", d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t) {
        return static_cast<std::uint64_t>(prod(x, y) >> w) & m;
      });
      add("mad.lo." + t + ops4, a, b, c, d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
        return (static_cast<std::uint64_t>(prod(x, y)) + z) & m;
      });
      add("mad.hi." + t + ops4, a, b, c, d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
        return (static_cast<std::uint64_t>(prod(x, y) >> w) + z) & m;
      });
      if (w < 64) {
        const std::string dw = reg(2 * w, 1), cw = reg(2 * w, 4);
        const std::uint64_t mw = ones(2 * w);
        add("mul.wide." + t + " " + dw + ", " + a + ", " + b + ";", a, b, "", dw,
            [=](std::uint64_t x, std::uint64_t y, std::uint64_t) {
              return static_cast<std::uint64_t>(prod(x, y)) & mw;
            });
        add("mad.wide." + t + " " + dw + ", " + a + ", " + b + ", " + cw + ";", a, b, cw, dw,
            [=](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
              return (static_cast<std::uint64_t>(prod(x, y)) + z) & mw;
            });
      }
      add("div." + t + ops3, a, b, "", d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t) -> std::uint64_t {
        if ((y & m) == 0) return m;
        if (!sgn) return ((x & m) / (y & m)) & m;
        if (sx(y, w) == -1) return (0 - x) & m;
        return static_cast<std::uint64_t>(sx(x, w) / sx(y, w)) & m;
      });
      add("rem." + t + ops3, a, b, "", d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t) -> std::uint64_t {
        if ((y & m) == 0) return m;
        if (!sgn) return ((x & m) % (y & m)) & m;
        if (sx(y, w) == -1) return 0;
        return static_cast<std::uint64_t>(sx(x, w) % sx(y, w)) & m;
      });
      add("min." + t + ops3, a, b, "", d,
          [=](std::uint64_t x, std::uint64_t y, std::uint64_t) { return (val(x) < val(y) ? x : y) & m; });
      add("max." + t + ops3, a, b, "", d,
          [=](std::uint64_t x, std::uint64_t y, std::uint64_t) { return (val(x) > val(y) ? x : y) & m; });
      add("sad." + t + ops4, a, b, c, d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
        const S128 diff = val(x) > val(y) ? val(x) - val(y) : val(y) - val(x);
        return (static_cast<std::uint64_t>(diff) + z) & m;
      });
      add("shr." + t + " " + d + ", " + a + ", %r5;", a, "%r5", "", d,
          [=](std::uint64_t x, std::uint64_t n, std::uint64_t) -> std::uint64_t {
            n &= 0xffffffffU;
            if (!sgn) return n >= w ? 0 : (x & m) >> n;
            const std::int64_t s = sx(x, w);
            return static_cast<std::uint64_t>(n >= w ? (s < 0 ? -1 : 0) : s >> n) & m;
          });
      // setp with every comparison of this signedness
      for (const char* cmp : {"eq", "ne", "lt", "le", "gt", "ge"}) {
        const std::string cs = cmp;
        add("setp." + cs + "." + t + " %p1, " + a + ", " + b + ";", a, b, "", "%p1",
            [=](std::uint64_t x, std::uint64_t y, std::uint64_t) -> std::uint64_t {
              const S128 p = val(x), q = val(y);
              const bool r = cs == "eq"   ? p == q
                             : cs == "ne" ? p != q
                             : cs == "lt" ? p < q
                             : cs == "le" ? p <= q
                             : cs == "gt" ? p > q
                                          : p >= q;
              return r ? 1 : 0;
            });
      }
    }
    const std::string b_t = "b" + ws;
    add("and." + b_t + ops3, a, b, "", d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t) { return x & y & m; });
    add("or." + b_t + ops3, a, b, "", d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t) { return (x | y) & m; });
    add("xor." + b_t + ops3, a, b, "", d, [=](std::uint64_t x, std::uint64_t y, std::uint64_t) { return (x ^ y) & m; });
    add("not." + b_t + " " + d + ", " + a + ";", a, "", "", d,
        [=](std::uint64_t x, std::uint64_t, std::uint64_t) { return ~x & m; });
    add("cnot." + b_t + " " + d + ", " + a + ";", a, "", "", d,
        [=](std::uint64_t x, std::uint64_t, std::uint64_t) -> std::uint64_t { return (x & m) == 0 ? 1 : 0; });
    add("shl." + b_t + " " + d + ", " + a + ", %r5;", a, "%r5", "", d,
        [=](std::uint64_t x, std::uint64_t n, std::uint64_t) -> std::uint64_t {
          n &= 0xffffffffU;
          return n >= w ? 0 : (x << n) & m;
        });
    add("selp." + b_t + " " + d + ", " + a + ", " + b + ", %p2;", a, b, "%p2", d,
        [=](std::uint64_t x, std::uint64_t y, std::uint64_t p) { return ((p & 1U) != 0 ? x : y) & m; });
    add("slct." + b_t + ".s32 " + d + ", " + a + ", " + b + ", %r5;", a, b, "%r5", d,
        [=](std::uint64_t x, std::uint64_t y, std::uint64_t s) { return (sx(s, 32) >= 0 ? x : y) & m; });
    add("abs.s" + ws + " " + d + ", " + a + ";", a, "", "", d, [=](std::uint64_t x, std::uint64_t, std::uint64_t) {
      return static_cast<std::uint64_t>(sx(x, w) < 0 ? 0 - x : x) & m;
    });
    add("neg.s" + ws + " " + d + ", " + a + ";", a, "", "", d,
        [=](std::uint64_t x, std::uint64_t, std::uint64_t) { return (0 - x) & m; });
    for (const char* cmp : {"lo", "ls", "hi", "hs"}) {
      const std::string cs = cmp;
      add("setp." + cs + ".u" + ws + " %p1, " + a + ", " + b + ";", a, b, "", "%p1",
          [=](std::uint64_t x, std::uint64_t y, std::uint64_t) -> std::uint64_t {
            x &= m;
            y &= m;
            return (cs == "lo" ? x < y : cs == "ls" ? x <= y : cs == "hi" ? x > y : x >= y) ? 1 : 0;
          });
    }
  }
  for (unsigned w : {32U, 64U}) {
    const std::string ws = std::to_string(w), d32 = "%r1", a = reg(w, 2);
    const std::uint64_t m = ones(w);
    add("popc.b" + ws + " %r1, " + a + ";", a, "", "", d32, [=](std::uint64_t x, std::uint64_t, std::uint64_t) {
      return static_cast<std::uint64_t>(std::popcount(x & m));
    });
    add("clz.b" + ws + " %r1, " + a + ";", a, "", "", d32, [=](std::uint64_t x, std::uint64_t, std::uint64_t) {
      std::uint64_t n = 0;
      for (int i = static_cast<int>(w) - 1; i >= 0 && ((x >> i) & 1U) == 0; --i) ++n;
      return n;
    });
    add("brev.b" + ws + " " + reg(w, 1) + ", " + a + ";", a, "", "", reg(w, 1),
        [=](std::uint64_t x, std::uint64_t, std::uint64_t) {
          std::uint64_t r = 0;
          for (unsigned i = 0; i < w; ++i) r = (r << 1) | ((x >> i) & 1U);
          return r;
        });
    for (bool sgn : {false, true}) {
      add(std::string("bfind.") + (sgn ? "s" : "u") + ws + " %r1, " + a + ";", a, "", "", d32,
          [=](std::uint64_t x, std::uint64_t, std::uint64_t) -> std::uint64_t {
            if (sgn && ((x >> (w - 1)) & 1U) != 0) x = ~x;
            for (int i = static_cast<int>(w) - 1; i >= 0; --i) {
              if (((x >> i) & 1U) != 0) return static_cast<std::uint64_t>(i);
            }
            return 0xffffffffU;
          });
    }
  }
  add("add.sat.s32 %r1, %r2, %r3;", "%r2", "%r3", "", "%r1", [](std::uint64_t x, std::uint64_t y, std::uint64_t) {
    const std::int64_t s = std::clamp<std::int64_t>(sx(x, 32) + sx(y, 32), INT32_MIN, INT32_MAX);
    return static_cast<std::uint64_t>(s) & 0xffffffffU;
  });
  add("sub.sat.s32 %r1, %r2, %r3;", "%r2", "%r3", "", "%r1", [](std::uint64_t x, std::uint64_t y, std::uint64_t) {
    const std::int64_t s = std::clamp<std::int64_t>(sx(x, 32) - sx(y, 32), INT32_MIN, INT32_MAX);
    return static_cast<std::uint64_t>(s) & 0xffffffffU;
  });
  add("mad.hi.sat.s32 %r1, %r2, %r3, %r4;", "%r2", "%r3", "%r4", "%r1",
      [](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
        const std::int64_t hi = (sx(x, 32) * sx(y, 32)) >> 32;
        return static_cast<std::uint64_t>(std::clamp<std::int64_t>(hi + sx(z, 32), INT32_MIN, INT32_MAX)) & 0xffffffffU;
      });
  for (bool sgn : {false, true}) {
    const std::string t = sgn ? "s32" : "u32";
    auto v24 = [=](std::uint64_t x) -> std::int64_t {
      return sgn ? sx(x, 24) : static_cast<std::int64_t>(x & 0xffffffU);
    };
    add("mul24.lo." + t + " %r1, %r2, %r3;", "%r2", "%r3", "", "%r1",
        [=](std::uint64_t x, std::uint64_t y, std::uint64_t) {
          return static_cast<std::uint64_t>(v24(x) * v24(y)) & 0xffffffffU;
        });
    add("mul24.hi." + t + " %r1, %r2, %r3;", "%r2", "%r3", "", "%r1",
        [=](std::uint64_t x, std::uint64_t y, std::uint64_t) {
          return static_cast<std::uint64_t>((v24(x) * v24(y)) >> 16) & 0xffffffffU;
        });
    add("mad24.lo." + t + " %r1, %r2, %r3, %r4;", "%r2", "%r3", "%r4", "%r1",
        [=](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
          return (static_cast<std::uint64_t>(v24(x) * v24(y)) + z) & 0xffffffffU;
        });
    for (bool sgn_b : {false, true}) {
      const std::string tb = sgn_b ? "s32" : "u32";
      add("dp4a." + t + "." + tb + " %r1, %r2, %r3, %r4;", "%r2", "%r3", "%r4", "%r1",
          [=](std::uint64_t x, std::uint64_t y, std::uint64_t z) {
            std::int64_t acc = sx(z, 32);
            for (unsigned i = 0; i < 4; ++i) {
              const std::uint64_t xa = (x >> (8 * i)) & 0xff, yb = (y >> (8 * i)) & 0xff;
              acc += (sgn ? sx(xa, 8) : static_cast<std::int64_t>(xa)) *
                     (sgn_b ? sx(yb, 8) : static_cast<std::int64_t>(yb));
            }
            return static_cast<std::uint64_t>(acc) & 0xffffffffU;
          });
    }
  }
  add("prmt.b32 %r1, %r2, %r3, %r4;", "%r2", "%r3", "%r4", "%r1",
      [](std::uint64_t x, std::uint64_t y, std::uint64_t c) {
        const std::uint64_t src = ((y & 0xffffffffU) << 32) | (x & 0xffffffffU);
        std::uint64_t r = 0;
        for (unsigned i = 0; i < 4; ++i) {
          const std::uint64_t ctl = (c >> (4 * i)) & 0xf;
          std::uint64_t byte = (src >> (8 * (ctl & 7))) & 0xff;
          if ((ctl & 8) != 0) byte = (byte >> 7) != 0 ? 0xff : 0;
          r |= byte << (8 * i);
        }
        return r;
      });
  return v;
}

/// Random inputs biased to boundaries: 0, 1, -1, INT_MIN, INT_MAX, small
/// shift counts, and uniform 64-bit words.
std::uint64_t sample(std::mt19937_64& rng) {
  static const std::uint64_t edge[] = {0,
                                       1,
                                       2,
                                       ~0ULL,
                                       0x80000000ULL,
                                       0x7fffffffULL,
                                       0x8000U,
                                       0x7fffU,
                                       0xffffULL,
                                       0xffffffffULL,
                                       1ULL << 63,
                                       ~0ULL >> 1,
                                       16,
                                       31,
                                       32,
                                       33,
                                       63,
                                       64};
  switch (rng() % 4) {
    case 0: return edge[rng() % (sizeof(edge) / sizeof(edge[0]))];
    case 1: return rng() % 80;
    case 2: return ~(rng() % 80);
    default: return rng();
  }
}

TEST(IntProperty, RandomCombosAgreeWithHostReference) {
  std::vector<Combo> combos = make_combos();
  ASSERT_GT(combos.size(), 150U);
  std::mt19937_64 rng(20240611);
  std::vector<int> used(combos.size(), 0);
  for (int round = 0; round < 1200; ++round) {
    Combo& cb = combos[static_cast<std::size_t>(rng() % combos.size())];
    if (!cb.warp) cb.warp = std::make_unique<Warp>(cb.text);
    Warp& w = *cb.warp;
    const auto active = static_cast<sem::Mask>(rng() % 8 == 0 ? rng() : 0xffffffffU);
    std::uint64_t in[3][32];
    const std::string* names[3] = {&cb.a, &cb.b, &cb.c};
    for (unsigned l = 0; l < 32; ++l) {
      for (unsigned k = 0; k < 3; ++k) {
        in[k][l] = sample(rng);
        if (!names[k]->empty()) {
          w.set(*names[k], l, in[k][l]);
          in[k][l] = w.get(*names[k], l);  // as the register holds it
        }
      }
      w.set(cb.dst, l, 0x5a5a5a5a5a5a5a5aULL);
    }
    ASSERT_TRUE(w.exec_int(0, active)) << cb.text;
    for (unsigned l = 0; l < 32; ++l) {
      const std::uint64_t expect = ((active >> l) & 1U) != 0
                                       ? cb.ref(in[0][l], in[1][l], in[2][l])
                                       : sem::ConcreteDomain::fit(0x5a5a5a5a5a5a5a5aULL, w.bits(cb.dst));
      ASSERT_EQ(w.get(cb.dst, l), expect)
          << cb.text << " lane " << l << " a=" << in[0][l] << " b=" << in[1][l] << " c=" << in[2][l];
    }
    ++used[static_cast<std::size_t>(&cb - combos.data())];
  }
  int distinct = 0;
  for (int u : used) distinct += u > 0 ? 1 : 0;
  EXPECT_GT(distinct, 100);
}

}  // namespace
}  // namespace lockstep::test
