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

// A reconvergence point that only ends the thread gets no convergence
// barrier (ptxas emits `@P EXIT`, no BSSY/BSYNC): the threads that reach it
// exit without waiting for the others (docs/models/its.md).
TEST(ItsModel, NoBarrierAtAReconvergencePointThatOnlyExits) {
  ModelFixture f(100);
  constexpr std::uint32_t A = 0, B = 10, R = 30, E = 40, G = 50, F = 60;
  f.kernel.code[R].op = ir::Opcode::Ret;  // the kernel's own ret
  f.kernel.code[E].op = ir::Opcode::Exit;
  f.kernel.code[G].op = ir::Opcode::Exit;
  f.kernel.code[G].guard = 3;  // a guarded exit may fall through
  f.kernel.code[F].op = ir::Opcode::Ret;
  f.kernel.code[F].frame = 0;  // a ret of an inlined copy (lowering makes those branches; kept for the rule)
  const ModelIts m;
  for (const std::uint32_t rpc : {R, E}) {
    f.table.set(A, rpc);
    auto s = m.init(f.ctx, 0b1111, A);
    m.retire(f.ctx, s, 0, two(B, 0b0001, rpc, 0b1110));
    EXPECT_TRUE(s.barriers.empty()) << rpc;
    EXPECT_EQ(s.waiting, 0U) << rpc;
    EXPECT_EQ(m.enabled(s), 0b0011U) << rpc;  // thread 0 at B and threads 1-3 at the exit both issue
    m.retire(f.ctx, s, 1, exits(0b1110));
    EXPECT_EQ(m.enabled(s), 0b0001U) << rpc;
  }
  for (const std::uint32_t rpc : {G, F}) {
    f.table.set(A, rpc);
    auto s = m.init(f.ctx, 0b1111, A);
    m.retire(f.ctx, s, 0, two(B, 0b0001, rpc, 0b1110));
    ASSERT_EQ(s.barriers.size(), 1U) << rpc;
    EXPECT_EQ(s.barriers[0], (Barrier{rpc, 0b1111, 0b1110, 0})) << rpc;
    EXPECT_EQ(s.waiting, 0b1110U) << rpc;
  }
}

// Aligned barriers: the lanes that share an uncleared convergence barrier
// with the executing ones are in divergent code with them.
TEST(ItsModel, LanesInDivergentCodeShareAnUnclearedBarrier) {
  ModelFixture f(100);
  constexpr std::uint32_t A = 0, B = 10, C = 20, D = 30, H = 40, L = 45, X = 50;
  f.table.set(A, D);
  const ModelIts m;
  auto s = m.init(f.ctx, 0b1111, A);
  EXPECT_EQ(m.diverged_from(s, 0b1111), 0U);
  m.retire(f.ctx, s, 0, two(B, 0b0011, C, 0b1100));
  EXPECT_EQ(m.diverged_from(s, 0b0011), 0b1100U);
  EXPECT_EQ(m.diverged_from(s, 0b1100), 0b0011U);
  m.retire(f.ctx, s, 0, one(D, 0b0011));  // arrived, still waiting for 2-3
  EXPECT_EQ(m.diverged_from(s, 0b1100), 0b0011U);
  m.retire(f.ctx, s, 2, one(D, 0b1100));  // cleared: converged again
  EXPECT_EQ(m.diverged_from(s, 0b1111), 0U);
  // A loop's early leavers: the stayers yield at the back edge, the barrier
  // clears, and the leavers are not in divergent code with them.
  f.table.set(L, X);
  auto t = m.init(f.ctx, 0b1111, L);
  m.retire(f.ctx, t, 0, two(H, 0b1110, X, 0b0001));
  EXPECT_TRUE(t.barriers.empty());
  EXPECT_EQ(m.diverged_from(t, 0b0001), 0U);
  // Exited lanes are in nobody's divergent code.
  auto u = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, u, 0, two(B, 0b0011, C, 0b1100));
  Outcome o = exits(0b0100);
  o.add(C + 1, 0b1000);
  m.retire(f.ctx, u, 2, o);
  EXPECT_EQ(m.diverged_from(u, 0b0011), 0b1000U);
}

}  // namespace
}  // namespace lockstep::sem::test
