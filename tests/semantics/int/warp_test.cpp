// Warp collectives: vote (all/any/uni/ballot, .sync and legacy, partial
// masks), shfl (every mode, clamp and segment values as CUDA's
// __shfl_*_sync(width) compiles them, predicate destination, sources outside
// the participating lanes), match (any/all, b32/b64), activemask, redux.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "tests/semantics/int/int_test_kit.hpp"

namespace lockstep::test {
namespace {

using sem::Mask;

// ---- vote -------------------------------------------------------------------

struct VoteCase {
  Mask active;
  Mask preds;  // bit l: predicate of lane l
};
constexpr VoteCase kVoteCases[] = {{0xffffffffU, 0xffffffffU}, {0xffffffffU, 0},           {0xffffffffU, 0x80000001U},
                                   {0x0000ffffU, 0x0000ffffU}, {0x0000ffffU, 0xffff0000U}, {0x00000001U, 0},
                                   {0x00000001U, 1},           {0xa5a5a5a5U, 0xa5a50000U}, {0x80000000U, 0x80000000U},
                                   {0x0f0f0f0fU, 0xf0f0f0f0U}};

TEST(WarpVote, BallotAllAnyUniWithPartialMasks) {
  for (const char* sync : {"", ".sync"}) {
    const std::string mm = std::string(sync).empty() ? "" : ", -1";
    Warp w(std::string("vote") + sync + ".ballot.b32 %r1, %p1" + mm + ";\n" + "vote" + sync + ".all.pred %p2, %p1" +
           mm + ";\n" + "vote" + sync + ".any.pred %p3, %p1" + mm + ";\n" + "vote" + sync + ".uni.pred %p4, %p1" + mm +
           ";\n" + "vote" + sync + ".all.pred %p5, !%p1" + mm + ";\n" + "vote" + sync + ".ballot.b32 %r2, !%p1" + mm +
           ";");
    for (const VoteCase& c : kVoteCases) {
      for (unsigned l = 0; l < 32; ++l) w.set("%p1", l, (c.preds >> l) & 1U);
      w.set_all("%r1", 0x12345678U);
      for (std::uint32_t pc = 0; pc < 6; ++pc) ASSERT_TRUE(w.exec_warp(pc, c.active));
      const Mask on = c.preds & c.active;
      const bool all = on == c.active, any = on != 0, none = on == 0;
      for (unsigned l = 0; l < 32; ++l) {
        if (((c.active >> l) & 1U) == 0) {
          EXPECT_EQ(w.get("%r1", l), 0x12345678U) << "inactive lane written";
          continue;
        }
        EXPECT_EQ(w.get("%r1", l), on) << std::hex << c.active << " " << c.preds;
        EXPECT_EQ(w.get("%p2", l), all ? 1U : 0U);
        EXPECT_EQ(w.get("%p3", l), any ? 1U : 0U);
        EXPECT_EQ(w.get("%p4", l), (all || none) ? 1U : 0U);
        EXPECT_EQ(w.get("%p5", l), none ? 1U : 0U);
        EXPECT_EQ(w.get("%r2", l), ~c.preds & c.active);
      }
    }
  }
}

TEST(WarpVote, DestinationMayAliasTheSource) {
  Warp w("vote.sync.all.pred %p1, %p1, -1;");
  for (unsigned l = 0; l < 32; ++l) w.set("%p1", l, l == 31 ? 0 : 1);
  ASSERT_TRUE(w.exec_warp(0, sem::kFullMask));
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%p1", l), 0U);
}

// ---- shfl -------------------------------------------------------------------

enum class Mode { Up, Down, Bfly, Idx };

/// CUDA's __shfl_*_sync(mask, var, b, width) source lane (or the own lane
/// when the source falls outside the segment), from the CUDA documentation.
unsigned cuda_source(Mode m, unsigned lane, unsigned b, unsigned width, bool& in_range) {
  const unsigned base = lane & ~(width - 1);
  int src = 0;
  switch (m) {
    case Mode::Up:
      src = static_cast<int>(lane) - static_cast<int>(b);
      in_range = src >= static_cast<int>(base);
      break;
    case Mode::Down:
      src = static_cast<int>(lane + b);
      in_range = src < static_cast<int>(base + width);
      break;
    case Mode::Bfly:
      src = static_cast<int>(lane ^ b);
      in_range = src < static_cast<int>(base + width);
      break;
    case Mode::Idx:
      src = static_cast<int>(base + (b % width));
      in_range = true;
      break;
  }
  return in_range ? static_cast<unsigned>(src) : lane;
}
const char* mode_name(Mode m) {
  switch (m) {
    case Mode::Up: return "up";
    case Mode::Down: return "down";
    case Mode::Bfly: return "bfly";
    case Mode::Idx: return "idx";
  }
  return "";
}
/// The c operand CUDA passes: ((32 - width) << 8) | clamp, clamp 0 for up.
unsigned cuda_c(Mode m, unsigned width) { return ((32 - width) << 8) | (m == Mode::Up ? 0U : 0x1fU); }

struct ShflParam {
  Mode mode;
  unsigned width;
};
class WarpShflCuda : public ::testing::TestWithParam<ShflParam> {};

TEST_P(WarpShflCuda, MatchesCudaShflSyncWithWidth) {
  const Mode m = GetParam().mode;
  const unsigned width = GetParam().width;
  for (unsigned b : {0U, 1U, 2U, 3U, 5U, 7U, 8U, 15U, 16U, 31U}) {
    Warp w(std::string("shfl.sync.") + mode_name(m) + ".b32 %r1|%p1, %r2, %r3, %r4, -1;");
    for (unsigned l = 0; l < 32; ++l) {
      w.set("%r2", l, 1000 + l);
      w.set("%r3", l, b);
      w.set("%r4", l, cuda_c(m, width));
    }
    ASSERT_TRUE(w.exec_warp());
    for (unsigned l = 0; l < 32; ++l) {
      bool in_range = false;
      const unsigned src = cuda_source(m, l, b, width, in_range);
      ASSERT_EQ(w.get("%r1", l), 1000U + src) << mode_name(m) << " w=" << width << " b=" << b << " lane " << l;
      ASSERT_EQ(w.get("%p1", l), in_range ? 1U : 0U) << mode_name(m) << " w=" << width << " b=" << b;
    }
  }
}

std::vector<ShflParam> shfl_params() {
  std::vector<ShflParam> v;
  for (Mode m : {Mode::Up, Mode::Down, Mode::Bfly, Mode::Idx}) {
    for (unsigned width : {32U, 16U, 8U, 4U, 2U, 1U}) v.push_back({m, width});
  }
  return v;
}
INSTANTIATE_TEST_SUITE_P(AllModesAndWidths, WarpShflCuda, ::testing::ValuesIn(shfl_params()),
                         [](const ::testing::TestParamInfo<ShflParam>& p) {
                           return std::string(mode_name(p.param.mode)) + "_width" + std::to_string(p.param.width);
                         });

TEST(WarpShfl, ClampValueZeroVersusAllLanes) {
  // c = 0x1f: the whole warp is one segment ending at lane 31.
  // c = 0x0: maxLane = 0; up is the usual "lane >= b", the others only reach lane 0.
  for (Mode m : {Mode::Up, Mode::Down, Mode::Bfly, Mode::Idx}) {
    for (unsigned c : {0x0U, 0x1fU}) {
      const unsigned b = 3;
      Warp w(std::string("shfl.sync.") + mode_name(m) + ".b32 %r1|%p1, %r2, 3, " + std::to_string(c) + ", -1;");
      for (unsigned l = 0; l < 32; ++l) w.set("%r2", l, 500 + l);
      ASSERT_TRUE(w.exec_warp());
      for (unsigned l = 0; l < 32; ++l) {
        unsigned src = l;
        bool p = false;
        switch (m) {
          case Mode::Up: p = c == 0 ? l >= b : l - b == 31 && l >= b; break;  // j >= maxLane
          case Mode::Down: p = c == 0 ? false : l + b <= 31; break;           // j = l + 3 > 0
          case Mode::Bfly: p = c == 0 ? (l ^ b) == 0 : true; break;
          case Mode::Idx: p = c == 0 ? b == 0 : true; break;
        }
        if (p) src = m == Mode::Up ? l - b : m == Mode::Down ? l + b : m == Mode::Bfly ? (l ^ b) : b;
        EXPECT_EQ(w.get("%r1", l), 500U + src) << mode_name(m) << " c=" << c << " lane " << l;
        EXPECT_EQ(w.get("%p1", l), p ? 1U : 0U) << mode_name(m) << " c=" << c << " lane " << l;
      }
    }
  }
}

TEST(WarpShfl, LaneOperandsAboveFiveBitsAreIgnored) {
  // b = 33 reads as 1; c = 0xffffe01f keeps only c[4:0] and c[12:8].
  Warp w("shfl.sync.idx.b32 %r1|%p1, %r2, 33, 0xffffe01f, -1;");
  for (unsigned l = 0; l < 32; ++l) w.set("%r2", l, l * 10);
  ASSERT_TRUE(w.exec_warp());
  // segmask = 0x00 (c[12:8] = 0b00000 from 0xe0 -> bits 8..12 of 0xffffe01f are 0b00000)
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%r1", l), 10U);
}

TEST(WarpShfl, LegacyFormAndNoPredicate) {
  Warp w("shfl.bfly.b32 %r1, %r2, 1, 0x1f;");
  for (unsigned l = 0; l < 32; ++l) w.set("%r2", l, l);
  ASSERT_TRUE(w.exec_warp());
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%r1", l), l ^ 1U);
}

TEST(WarpShfl, SourceOutsideActiveReadsTheRegisterAnyway) {
  Warp w("shfl.sync.down.b32 %r1|%p1, %r2, 1, 0x1f, 0x0000000f;");
  for (unsigned l = 0; l < 32; ++l) {
    w.set("%r2", l, 70 + l);
    w.set_all("%r1", 0);
  }
  ASSERT_TRUE(w.exec_warp(0, 0xfU));
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_EQ(w.get("%r1", l), 71U + l);  // lane 3 reads lane 4, outside the group
    EXPECT_EQ(w.get("%p1", l), 1U);
  }
  EXPECT_EQ(w.get("%r1", 4), 0U);  // non-participating lanes are not written
}

TEST(WarpShfl, DestinationMayAliasTheSource) {
  Warp w("shfl.sync.up.b32 %r2, %r2, 1, 0, -1;");
  for (unsigned l = 0; l < 32; ++l) w.set("%r2", l, l + 1);
  ASSERT_TRUE(w.exec_warp());
  EXPECT_EQ(w.get("%r2", 0), 1U);
  for (unsigned l = 1; l < 32; ++l) EXPECT_EQ(w.get("%r2", l), l);
}

TEST(WarpShfl, ImmediateSourceValue) {
  Warp w("shfl.sync.idx.b32 %r1, 77, %r3, 31, -1;");
  for (unsigned l = 0; l < 32; ++l) w.set("%r3", l, 31 - l);
  ASSERT_TRUE(w.exec_warp());
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%r1", l), 77U);
}

// ---- match ------------------------------------------------------------------

TEST(WarpMatch, AnyGroupsEqualValuesWithinTheActiveLanes) {
  Warp w("match.any.sync.b32 %r1, %r2, -1;\nmatch.any.sync.b64 %r3, %rd1, -1;");
  for (Mask active : {0xffffffffU, 0x0000ffffU, 0x80000001U, 0x00000004U, 0xf0f0f0f0U}) {
    for (unsigned l = 0; l < 32; ++l) {
      w.set("%r2", l, l % 3);
      w.set("%rd1", l, (l % 4 < 2 ? 1ULL : 2ULL) << 40);  // equal low words, different high words
    }
    ASSERT_TRUE(w.exec_warp(0, active));
    ASSERT_TRUE(w.exec_warp(1, active));
    for (unsigned l = 0; l < 32; ++l) {
      if (((active >> l) & 1U) == 0) continue;
      Mask e32 = 0, e64 = 0;
      for (unsigned k = 0; k < 32; ++k) {
        if (((active >> k) & 1U) == 0) continue;
        if (k % 3 == l % 3) e32 |= 1U << k;
        if ((k % 4 < 2) == (l % 4 < 2)) e64 |= 1U << k;
      }
      EXPECT_EQ(w.get("%r1", l), e32) << std::hex << active << " lane " << std::dec << l;
      EXPECT_EQ(w.get("%r3", l), e64) << std::hex << active << " lane " << std::dec << l;
    }
  }
}

TEST(WarpMatch, AllWithPredicate) {
  Warp w("match.all.sync.b32 %r1|%p1, %r2, -1;\nmatch.all.sync.b64 %r3|%p2, %rd1, -1;");
  for (unsigned l = 0; l < 32; ++l) {
    w.set("%r2", l, l < 16 ? 5 : 6);
    w.set("%rd1", l, l < 16 ? 5 : 5 + (1ULL << 32));
  }
  for (Mask active : {0x0000ffffU, 0xffff0000U, 0x00018000U, 0xffffffffU, 0x00000001U}) {
    ASSERT_TRUE(w.exec_warp(0, active));
    ASSERT_TRUE(w.exec_warp(1, active));
    const bool same = (active & 0xffffU) == 0 || (active & 0xffff0000U) == 0;
    for (unsigned l = 0; l < 32; ++l) {
      if (((active >> l) & 1U) == 0) continue;
      EXPECT_EQ(w.get("%r1", l), same ? active : 0U) << std::hex << active;
      EXPECT_EQ(w.get("%p1", l), same ? 1U : 0U);
      EXPECT_EQ(w.get("%r3", l), same ? active : 0U) << std::hex << active;
      EXPECT_EQ(w.get("%p2", l), same ? 1U : 0U);
    }
  }
}

// ---- activemask -----------------------------------------------------------

TEST(WarpActivemask, IsTheActiveSet) {
  Warp w("activemask.b32 %r1;");
  for (Mask active : {0xffffffffU, 0x1U, 0x80000000U, 0x12345678U}) {
    ASSERT_TRUE(w.exec_warp(0, active));
    for (unsigned l = 0; l < 32; ++l) {
      if (((active >> l) & 1U) != 0) {
        EXPECT_EQ(w.get("%r1", l), active);
      }
    }
  }
}

// ---- redux ------------------------------------------------------------------

TEST(WarpRedux, IntegerOperationsOverPartialMasks) {
  Warp w(
      "redux.sync.add.u32 %r1, %r2, -1;\nredux.sync.min.u32 %r3, %r2, -1;\nredux.sync.max.u32 %r4, %r2, -1;\n"
      "redux.sync.min.s32 %r5, %r2, -1;\nredux.sync.max.s32 %r6, %r2, -1;\nredux.sync.and.b32 %r7, %r2, -1;\n"
      "redux.sync.or.b32 %r8, %r2, -1;\nredux.sync.xor.b32 %r9, %r2, -1;\nredux.sync.add.s32 %r10, %r2, -1;");
  std::mt19937 rng(21);
  for (int iter = 0; iter < 50; ++iter) {
    const Mask active = iter == 0 ? 0xffffffffU : static_cast<Mask>(rng()) | 1U;
    std::uint32_t v[32];
    for (unsigned l = 0; l < 32; ++l) {
      v[l] = iter % 5 == 1 ? 0x80000000U + (l % 3) : static_cast<std::uint32_t>(rng());
      w.set("%r2", l, v[l]);
    }
    for (std::uint32_t pc = 0; pc < 9; ++pc) ASSERT_TRUE(w.exec_warp(pc, active));
    std::uint32_t add = 0, umin = 0xffffffffU, umax = 0, a = 0xffffffffU, o = 0, x = 0;
    std::int32_t smin = INT32_MAX, smax = INT32_MIN;
    for (unsigned l = 0; l < 32; ++l) {
      if (((active >> l) & 1U) == 0) continue;
      add += v[l];
      umin = std::min(umin, v[l]);
      umax = std::max(umax, v[l]);
      smin = std::min(smin, static_cast<std::int32_t>(v[l]));
      smax = std::max(smax, static_cast<std::int32_t>(v[l]));
      a &= v[l];
      o |= v[l];
      x ^= v[l];
    }
    const unsigned l0 = static_cast<unsigned>(std::countr_zero(active));
    EXPECT_EQ(w.get("%r1", l0), add);
    EXPECT_EQ(w.get("%r10", l0), add);
    EXPECT_EQ(w.get("%r3", l0), umin);
    EXPECT_EQ(w.get("%r4", l0), umax);
    EXPECT_EQ(w.get("%r5", l0), static_cast<std::uint32_t>(smin));
    EXPECT_EQ(w.get("%r6", l0), static_cast<std::uint32_t>(smax));
    EXPECT_EQ(w.get("%r7", l0), a);
    EXPECT_EQ(w.get("%r8", l0), o);
    EXPECT_EQ(w.get("%r9", l0), x);
    const unsigned l1 = 31U - static_cast<unsigned>(std::countl_zero(active));
    EXPECT_EQ(w.get("%r1", l1), add);  // every participating lane gets the result
  }
}

std::uint64_t f32_bits(float f) {
  std::uint32_t u = 0;
  std::memcpy(&u, &f, 4);
  return u;
}

TEST(WarpRedux, F32MinMaxZerosNaNAndAbs) {
  Warp w(
      "redux.sync.min.f32 %f1, %f0, -1;\nredux.sync.max.f32 %f2, %f0, -1;\n"
      "redux.sync.min.NaN.f32 %f3, %f0, -1;\nredux.sync.max.abs.f32 %f4, %f0, -1;\n"
      "redux.sync.min.abs.f32 %f5, %f0, -1;");
  auto run = [&](std::initializer_list<std::uint64_t> vals) {
    unsigned l = 0;
    for (std::uint64_t v : vals) w.set("%f0", l++, v);
    const Mask active = l == 32 ? 0xffffffffU : (1U << l) - 1;
    for (std::uint32_t pc = 0; pc < 5; ++pc) EXPECT_TRUE(w.exec_warp(pc, active));
  };
  const std::uint64_t pz = 0, nz = 0x80000000U, nan = 0x7fc00000U, canon = 0x7fffffffU;
  run({pz, nz});
  EXPECT_EQ(w.get("%f1", 0), nz);  // -0.0 < +0.0
  EXPECT_EQ(w.get("%f2", 0), pz);
  run({f32_bits(1.5f), nan, f32_bits(-2.0f), f32_bits(3.0f)});
  EXPECT_EQ(w.get("%f1", 0), f32_bits(-2.0f));  // NaN ignored
  EXPECT_EQ(w.get("%f2", 1), f32_bits(3.0f));
  EXPECT_EQ(w.get("%f3", 2), canon);  // .NaN: any NaN gives the canonical NaN
  EXPECT_EQ(w.get("%f4", 0), f32_bits(3.0f));
  EXPECT_EQ(w.get("%f5", 0), f32_bits(1.5f));
  run({nan, 0xffc00000U});
  EXPECT_EQ(w.get("%f1", 0), canon);  // all NaN
  EXPECT_EQ(w.get("%f2", 0), canon);
  run({f32_bits(-7.0f), f32_bits(-1.0f), 0xff800000U /* -inf */});
  EXPECT_EQ(w.get("%f1", 0), 0xff800000U);
  EXPECT_EQ(w.get("%f2", 0), f32_bits(-1.0f));
  EXPECT_EQ(w.get("%f4", 0), 0x7f800000U);  // |-inf|
  EXPECT_EQ(w.get("%f5", 0), f32_bits(1.0f));
}

TEST(WarpExec, OtherOpcodesAreNotHandled) {
  for (const char* text : {"add.u32 %r1, %r2, %r3;", "bar.warp.sync -1;", "bar.sync 0;"}) {
    Warp w(text);
    EXPECT_FALSE(w.exec_warp()) << text;
  }
}

}  // namespace
}  // namespace lockstep::test
