// Multi-Path IPDOM driven with outcomes (research 000-aware-bows-ddos-mp.md
// §2.2-2.5; docs/models/mp.md): every split may issue, the split table is
// unordered (sorted by lowest lane), limited splits wait, and opportunistic
// early reconvergence follows Fig 7.8.
#include <gtest/gtest.h>

#include <vector>

#include "model_kit.hpp"
#include "semantics/model/model_multipath.hpp"

namespace lockstep::sem::test {
namespace {

using Split = ModelMultiPath::Split;

TEST(MultiPathModel, Fig74EverySplitIssuesAndTheyReconvergeAtTheIpdom) {
  ModelFixture f(100);
  constexpr std::uint32_t A = 0, B = 10, C = 20, D = 30;
  f.table.set(A, D);
  const ModelMultiPath m;
  auto s = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, s, 0, two(B, 0b0101, C, 0b1010));
  EXPECT_EQ(m.enabled(s), 0b0011U);  // B0101 (key 0) and C1010 (key 1) may both issue
  EXPECT_EQ(m.unit(s, 1).pc, C);
  EXPECT_EQ(m.unit(s, 1).threads, 0b1010U);
  m.retire(f.ctx, s, 1, one(C + 1, 0b1010));  // interleave
  m.retire(f.ctx, s, 0, one(B + 1, 0b0101));
  m.retire(f.ctx, s, 0, one(D, 0b0101));  // B reaches D: pending 1010
  EXPECT_EQ(m.enabled(s), 0b0010U);
  ASSERT_EQ(s.rt.size(), 1U);
  EXPECT_EQ(s.rt[0].pending, 0b1010U);
  m.retire(f.ctx, s, 1, one(D, 0b1010));  // C reaches D: D1111 moves to the ST
  ASSERT_EQ(s.st.size(), 1U);
  EXPECT_EQ(s.st[0], (Split{D, ModelMultiPath::kNoRpc, 0b1111, ModelMultiPath::kNone, 0}));
  EXPECT_TRUE(s.rt.empty());
}

TEST(MultiPathModel, LimitedSplitsWaitUntilAnEntryIsInvalidated) {
  ModelFixture f(100);
  constexpr std::uint32_t A = 0, B = 10, C = 20, E = 25, D = 30;
  f.table.set(A, D);
  const ModelMultiPath dual(2);  // the dual-path stack
  auto s = dual.init(f.ctx, 0b1111, A);
  Outcome three;  // brx.idx with three targets
  three.add(B, 0b0001);
  three.add(C, 0b0110);
  three.add(E, 0b1000);
  dual.retire(f.ctx, s, 0, three);
  EXPECT_EQ(dual.enabled(s), 0b0011U);  // B and C; E waits
  ASSERT_EQ(s.waiting.size(), 1U);
  EXPECT_EQ(s.waiting[0].pc, E);
  std::vector<WaitInfo> w;
  dual.explain(s, w);
  EXPECT_EQ(w[2].kind, WaitKind::Pending);
  dual.retire(f.ctx, s, 0, one(D, 0b0001));  // B reconverges: E enters the table
  EXPECT_EQ(dual.enabled(s), 0b1010U);
  EXPECT_TRUE(s.waiting.empty());
  const ModelMultiPath unlimited;
  auto u = unlimited.init(f.ctx, 0b1111, A);
  unlimited.retire(f.ctx, u, 0, three);
  EXPECT_EQ(unlimited.enabled(u), 0b1011U);
}

TEST(MultiPathModel, Fig78EarlyReconvergenceAtTheLeadingSplitsPc) {
  // do { A; if (cond1) { B; break; } else { C } } while (cond2); D
  // (a) {A,D,0101} {B,D,1010}; (b) A0101 branches to B while B1010 is inside
  // B: OREC makes BR = the leading split's PC an early reconvergence point;
  // (c) A's threads reach BR and the warp continues as one split.
  ModelFixture f(100);
  f.set_blocks({0, 10, 20, 30, 40});
  constexpr std::uint32_t A = 0, B = 10, D = 30, X = 40;
  f.table.set(X, D);
  const ModelMultiPath orec(0, true);
  auto s = orec.init(f.ctx, 0b1111, X);
  orec.retire(f.ctx, s, 0, two(B, 0b1010, A, 0b0101));  // (a)
  ASSERT_EQ(s.st.size(), 2U);
  orec.retire(f.ctx, s, 1, one(B + 3, 0b1010));  // the leading split is at B+3
  orec.retire(f.ctx, s, 0, one(B, 0b0101));      // (b) A0101 enters B
  ASSERT_EQ(s.st.size(), 1U);
  EXPECT_EQ(s.st[0], (Split{B, B + 3, 0b0101, 0, 0}));
  ASSERT_EQ(s.rt.size(), 2U);
  EXPECT_EQ(s.rt[0].pc, B + 3);  // the new entry, referenced first
  EXPECT_EQ(s.rt[0].rec, 0b1111U);
  EXPECT_EQ(s.rt[0].pending, 0b0101U);
  EXPECT_EQ(s.rt[0].rpc, D);
  EXPECT_EQ(s.rt[1].pc, D);
  for (std::uint32_t pc = B + 1; pc <= B + 3; ++pc) orec.retire(f.ctx, s, 0, one(pc, 0b0101));
  ASSERT_EQ(s.st.size(), 1U);  // (c)
  EXPECT_EQ(s.st[0], (Split{B + 3, D, 0b1111, 0, 0}));
  ASSERT_EQ(s.rt.size(), 1U);
  // Without OREC the two splits stay apart until D.
  const ModelMultiPath plain;
  auto p = plain.init(f.ctx, 0b1111, X);
  plain.retire(f.ctx, p, 0, two(B, 0b1010, A, 0b0101));
  plain.retire(f.ctx, p, 1, one(B + 3, 0b1010));
  plain.retire(f.ctx, p, 0, one(B, 0b0101));
  EXPECT_EQ(p.st.size(), 2U);
}

TEST(MultiPathModel, SplitsAtTheSamePcMergeUnderOrec) {
  ModelFixture f(100);
  f.set_blocks({0, 10, 20, 30, 40});
  constexpr std::uint32_t A = 0, B = 10, D = 30, X = 40;
  f.table.set(X, D);
  const ModelMultiPath orec(0, true);
  auto s = orec.init(f.ctx, 0b1111, X);
  orec.retire(f.ctx, s, 0, two(B, 0b1010, A, 0b0101));
  orec.retire(f.ctx, s, 0, one(B, 0b0101));  // both at B: one split
  ASSERT_EQ(s.st.size(), 1U);
  EXPECT_EQ(s.st[0], (Split{B, D, 0b1111, 0, 0}));
}

TEST(MultiPathModel, BlockedSplitsAreNotEnabled) {
  ModelFixture f(100);
  f.table.set(0, 30);
  const ModelMultiPath m;
  auto s = m.init(f.ctx, 0b1111, 0);
  m.retire(f.ctx, s, 0, two(10, 0b0101, 20, 0b1010));
  m.retire(f.ctx, s, 0, blocks(0b0101));
  EXPECT_EQ(m.enabled(s), 0b0010U);
  m.release(f.ctx, s, 0b0101, 11);
  EXPECT_EQ(m.enabled(s), 0b0011U);
  EXPECT_EQ(m.unit(s, 0).pc, 11U);
}

}  // namespace
}  // namespace lockstep::sem::test
