// Independent thread scheduling driven with outcomes (docs/models/its.md):
// units are the ready threads grouped by PC, a divergent branch registers a
// convergence barrier at its reconvergence PC, arriving threads block, a
// backward branch yields, and a barrier clears when each participant has
// arrived or yielded.
#include <gtest/gtest.h>

#include <vector>

#include "model_kit.hpp"
#include "semantics/model/model_its.hpp"

namespace lockstep::sem::test {
namespace {

using Barrier = ModelIts::Barrier;

TEST(ItsModel, GroupsAtOnePcAreTheUnits) {
  ModelFixture f(100);
  const ModelIts m;
  auto s = m.init(f.ctx, 0b1111, 0);
  EXPECT_EQ(m.enabled(s), 0b0001U);
  EXPECT_EQ(m.unit(s, 0).threads, 0b1111U);
  f.table.set(0, 30);
  m.retire(f.ctx, s, 0, two(10, 0b0110, 20, 0b1001));
  EXPECT_EQ(m.enabled(s), 0b0011U);  // {0,3} at 20 (key 0), {1,2} at 10 (key 1)
  EXPECT_EQ(m.unit(s, 1).pc, 10U);
  EXPECT_EQ(m.unit(s, 1).threads, 0b0110U);
  // Threads that meet at one PC issue together again.
  m.retire(f.ctx, s, 1, one(20, 0b0110));
  EXPECT_EQ(m.enabled(s), 0b0001U);
  EXPECT_EQ(m.unit(s, 0).threads, 0b1111U);
}

TEST(ItsModel, DivergentBranchJoinsAConvergenceBarrierAtItsReconvergencePoint) {
  ModelFixture f(100);
  constexpr std::uint32_t A = 0, B = 10, C = 20, D = 30;
  f.table.set(A, D);
  const ModelIts m;
  auto s = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, s, 0, two(B, 0b0101, C, 0b1010));
  ASSERT_EQ(s.barriers.size(), 1U);
  EXPECT_EQ(s.barriers[0], (Barrier{D, 0b1111, 0, 0}));
  m.retire(f.ctx, s, 0, one(D, 0b0101));  // B arrives and blocks
  EXPECT_EQ(s.waiting, 0b0101U);
  EXPECT_EQ(m.enabled(s), 0b0010U);
  std::vector<WaitInfo> w;
  m.explain(s, w);
  ASSERT_EQ(w.size(), 2U);
  EXPECT_EQ(w[1].kind, WaitKind::Reconverge);
  EXPECT_EQ(w[1].until_pc, D);
  m.retire(f.ctx, s, 1, one(D, 0b1010));  // everyone arrived: cleared, one group again
  EXPECT_TRUE(s.barriers.empty());
  EXPECT_EQ(s.ready, 0b1111U);
  EXPECT_EQ(m.enabled(s), 0b0001U);
}

TEST(ItsModel, SpinningThreadsYieldSoTheLockHolderLeavesTheBarrier) {
  // The spin lock with the plain IPDOM table: the loop branch at L (back to
  // H) reconverges at X, the loop exit. Thread 3 gets the lock and arrives
  // at X; the others take the backward branch: they yield, the barrier
  // clears and thread 3 runs its critical section alone.
  ModelFixture f(100);
  constexpr std::uint32_t H = 10, L = 12, X = 13;
  f.table.set(L, X);
  const ModelIts m;
  auto s = m.init(f.ctx, 0b1111, L);
  m.retire(f.ctx, s, 0, two(H, 0b0111, X, 0b1000));
  EXPECT_TRUE(s.barriers.empty());  // registered, then cleared by the yields
  EXPECT_EQ(s.ready, 0b1111U);
  EXPECT_EQ(m.enabled(s), 0b1001U);  // the spinners at H (key 0), the holder at X (key 3)
  // A divergence at a forward branch waits for every participant.
  constexpr std::uint32_t A = 50, B = 60, C = 70, D = 80;
  f.table.set(A, D);
  auto t = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, t, 0, two(B, 0b0011, C, 0b1100));
  m.retire(f.ctx, t, 0, one(D, 0b0011));
  m.retire(f.ctx, t, 2, one(C - 5, 0b1100));  // a backward branch inside the arm: a yield
  EXPECT_TRUE(t.barriers.empty());
  EXPECT_EQ(t.waiting, 0U);
  EXPECT_EQ(m.unit(t, 0).pc, D);  // the arrived threads went on
}

TEST(ItsModel, NestedBarriersAndTheSameReconvergencePoint) {
  ModelFixture f(100);
  constexpr std::uint32_t A = 0, B = 10, C = 20, E = 25, D = 30;
  f.table.set(A, D);
  f.table.set(B, D);  // same reconvergence point: no second barrier
  f.table.set(C, E);
  const ModelIts m;
  auto s = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, s, 0, two(B, 0b0011, C, 0b1100));
  m.retire(f.ctx, s, 0, two(B + 1, 0b0001, B + 2, 0b0010));
  EXPECT_EQ(s.barriers.size(), 1U);
  m.retire(f.ctx, s, 2, two(C + 1, 0b0100, C + 2, 0b1000));  // a nested barrier at E
  ASSERT_EQ(s.barriers.size(), 2U);
  EXPECT_EQ(s.barriers[1], (Barrier{E, 0b1100, 0, 0}));
  // Thread 3 jumps straight to the outer point D: it leaves the inner barrier.
  m.retire(f.ctx, s, 3, one(D, 0b1000));
  EXPECT_EQ(s.barriers[1].participants, 0b0100U);
  EXPECT_EQ(s.barriers[0].arrived, 0b1000U);
}

TEST(ItsModel, ExitLeavesEveryBarrierAndBlockedThreadsWaitForRelease) {
  ModelFixture f(100);
  f.table.set(0, 30);
  const ModelIts m;
  auto s = m.init(f.ctx, 0b1111, 0);
  m.retire(f.ctx, s, 0, two(10, 0b0011, 20, 0b1100));
  m.retire(f.ctx, s, 0, one(30, 0b0011));
  m.retire(f.ctx, s, 2, blocks(0b1100));  // at a CTA barrier: neither arrived nor yielded
  EXPECT_EQ(m.enabled(s), 0U);
  m.release(f.ctx, s, 0b1100, 21);
  EXPECT_EQ(m.enabled(s), 0b0100U);
  m.retire(f.ctx, s, 2, exits(0b1100));  // the barrier clears without them
  EXPECT_TRUE(s.barriers.empty());
  EXPECT_EQ(m.enabled(s), 0b0001U);
  EXPECT_EQ(s.pc[2], 0U);
}

}  // namespace
}  // namespace lockstep::sem::test
