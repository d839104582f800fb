// The SIMT-stack and MIMD models driven directly with outcomes: the stack
// traces of the research figures (000-deadlock-ssde.md Fig 3.1,
// 001-microarch-tbc.md Fig 2.3) and the push-order, pop and exit rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::sem {
namespace {

using Entry = ModelStack::Entry;

struct Fixture {
  analysis::ReconvergenceTable table;
  ir::Kernel kernel;
  ModelContext ctx;
  Fixture() {
    ctx.kernel = &kernel;
    ctx.reconv = &table;
  }
};

std::string fmt_mask(Mask m) {  // 4 lanes, rightmost = lane 0, then a space
  std::string s;
  for (int l = 3; l >= 0; --l) s += has_lane(m, static_cast<unsigned>(l)) ? '1' : '0';
  return s + ' ';
}

Outcome one(std::uint32_t pc, Mask m) {
  Outcome o;
  o.add(pc, m);
  return o;
}
Outcome two(std::uint32_t taken_pc, Mask taken, std::uint32_t nt_pc, Mask nt) {
  Outcome o;
  o.add(taken_pc, taken);
  o.add(nt_pc, nt);
  return o;
}

TEST(StackModel, IfElsePushesReconvergenceEntryThenBothPaths) {
  // Fig 3.1a: A branches to B (threads 0,2) and C (1,3), both reconverge at D.
  Fixture f;
  constexpr std::uint32_t A = 0, B = 10, C = 20, D = 30;
  f.table.set(A, D);
  const ModelStack m(PushOrder::Nvidia);
  auto s = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, s, 0, two(B, 0b0101, C, 0b1010));
  const std::vector<Entry> want{{D, ModelStack::kNoRpc, 0b1111}, {C, D, 0b1010}, {B, D, 0b0101}};
  EXPECT_EQ(s.stack, want);
  EXPECT_EQ(m.unit(s, 0).pc, B);  // NVIDIA: the taken path runs first
  EXPECT_EQ(m.unit(s, 0).threads, 0b0101U);
  // B reaches D: popped exactly when its PC equals its RPC; C is revealed.
  m.retire(f.ctx, s, 0, one(D, 0b0101));
  ASSERT_EQ(s.stack.size(), 2U);
  EXPECT_EQ(m.unit(s, 0).pc, C);
  m.retire(f.ctx, s, 0, one(D, 0b1010));
  ASSERT_EQ(s.stack.size(), 1U);
  EXPECT_EQ(m.unit(s, 0).pc, D);
  EXPECT_EQ(m.unit(s, 0).threads, 0b1111U);
}

TEST(StackModel, LoopExitGroupGetsNoEntry) {
  // Fig 3.1b: a loop latch at L branches back to H (still looping) or to the
  // exit X = the RPC; exiting threads wait in the reconvergence entry, one
  // entry is pushed per divergence, and later divergences replace the top.
  Fixture f;
  constexpr std::uint32_t H = 5, L = 9, X = 12;
  f.table.set(L, X);
  const ModelStack m;
  auto s = m.init(f.ctx, 0b1111, H);
  m.retire(f.ctx, s, 0, one(L, 0b1111));
  m.retire(f.ctx, s, 0, two(H, 0b1110, X, 0b0001));
  EXPECT_EQ(s.stack, (std::vector<Entry>{{X, ModelStack::kNoRpc, 0b1111}, {H, X, 0b1110}}));
  m.retire(f.ctx, s, 0, one(L, 0b1110));
  m.retire(f.ctx, s, 0, two(H, 0b1100, X, 0b0010));
  EXPECT_EQ(s.stack, (std::vector<Entry>{{X, ModelStack::kNoRpc, 0b1111}, {H, X, 0b1100}}));
  m.retire(f.ctx, s, 0, one(L, 0b1100));
  m.retire(f.ctx, s, 0, one(X, 0b1100));  // the rest leave together
  EXPECT_EQ(s.stack, (std::vector<Entry>{{X, ModelStack::kNoRpc, 0b1111}}));
}

TEST(StackModel, Fig23IssueOrderAndDepth) {
  // 001-microarch-tbc.md Fig 2.3: A -> B (1110) | F (0001); B -> C (1000) |
  // D (0110); C, D -> E; E, F -> G. IPDOM(A) = G, IPDOM(B) = E.
  Fixture f;
  enum : std::uint32_t { A = 0, B = 1, C = 2, D = 3, E = 4, F = 5, G = 6, Exit = 7 };
  f.table.set(A, G);
  f.table.set(B, E);
  const ModelStack m(PushOrder::Nvidia);
  auto s = m.init(f.ctx, 0b1111, A);
  std::string order;
  std::size_t depth = 0;
  while (!s.stack.empty()) {
    const UnitView u = m.unit(s, 0);
    order += static_cast<char>('A' + u.pc);
    order += fmt_mask(u.threads);
    Outcome o;
    switch (u.pc) {
      case A: o = two(B, 0b1110, F, 0b0001); break;
      case B: o = two(C, 0b1000, D, 0b0110); break;
      case C: case D: o = one(E, u.threads); break;
      case E: case F: o = one(G, u.threads); break;
      default: o.exited = u.threads; break;
    }
    m.retire(f.ctx, s, 0, o);
    depth = std::max(depth, s.stack.size());
    ASSERT_LT(order.size(), 100U);
  }
  EXPECT_EQ(order, "A1111 B1110 C1000 D0110 E1110 F0001 G1111 ");
  EXPECT_EQ(depth, 5U);
  (void)Exit;
}

TEST(StackModel, AmdRunsTheSmallerPathFirstAndNotTakenFirstReverses) {
  Fixture f;
  f.table.set(0, 30);
  const auto first_pc = [&](PushOrder order, Outcome o) {
    const ModelStack m(order);
    auto s = m.init(f.ctx, 0b1111, 0);
    m.retire(f.ctx, s, 0, o);
    return m.unit(s, 0).pc;
  };
  const Outcome big_taken = two(10, 0b0111, 20, 0b1000);
  EXPECT_EQ(first_pc(PushOrder::Nvidia, big_taken), 10U);
  EXPECT_EQ(first_pc(PushOrder::Amd, big_taken), 20U);
  EXPECT_EQ(first_pc(PushOrder::NotTakenFirst, big_taken), 20U);
  const Outcome tie = two(10, 0b0011, 20, 0b1100);
  EXPECT_EQ(first_pc(PushOrder::Amd, tie), 10U);  // ties: NVIDIA order
}

TEST(StackModel, ExitClearsEveryEntryAndEmptyEntriesPop) {
  Fixture f;
  f.table.set(0, 30);
  const ModelStack m;
  auto s = m.init(f.ctx, 0b1111, 0);
  m.retire(f.ctx, s, 0, two(10, 0b0011, 20, 0b1100));
  Outcome ex;
  ex.exited = 0b0011;  // the taken path exits
  m.retire(f.ctx, s, 0, ex);
  EXPECT_EQ(s.stack, (std::vector<Entry>{{30, ModelStack::kNoRpc, 0b1100}, {20, 30, 0b1100}}));
  ex.exited = 0b1100;
  m.retire(f.ctx, s, 0, ex);
  EXPECT_TRUE(s.stack.empty());
  EXPECT_EQ(m.enabled(s), 0U);
}

TEST(StackModel, BlockedTopIsNotEnabledUntilReleased) {
  Fixture f;
  const ModelStack m;
  auto s = m.init(f.ctx, 0xffffffffU, 4);
  Outcome o;
  o.blocked = 0xffffffffU;
  m.retire(f.ctx, s, 0, o);
  EXPECT_EQ(m.enabled(s), 0U);
  std::vector<WaitInfo> w;
  m.explain(s, w);
  ASSERT_EQ(w.size(), 1U);
  EXPECT_EQ(w[0].kind, WaitKind::Barrier);
  m.release(f.ctx, s, 0xffffffffU, 5);
  EXPECT_EQ(m.enabled(s), 1U);
  EXPECT_EQ(m.unit(s, 0).pc, 5U);
}

TEST(StackModel, ExplainNamesReconvergenceAndPendingPaths) {
  Fixture f;
  f.table.set(0, 30);
  const ModelStack m;
  auto s = m.init(f.ctx, 0b1111, 0);
  m.retire(f.ctx, s, 0, two(10, 0b0011, 20, 0b1100));
  std::vector<WaitInfo> w;
  m.explain(s, w);
  ASSERT_EQ(w.size(), 2U);
  EXPECT_EQ(w[0].kind, WaitKind::Ready);
  EXPECT_EQ(w[0].lanes, 0b0011U);
  EXPECT_EQ(w[1].kind, WaitKind::Pending);
  EXPECT_EQ(w[1].lanes, 0b1100U);
  // Threads that went straight to the RPC wait for reconvergence.
  auto s2 = m.init(f.ctx, 0b1111, 0);
  m.retire(f.ctx, s2, 0, two(30, 0b0001, 10, 0b1110));
  w.clear();
  m.explain(s2, w);
  ASSERT_EQ(w.size(), 2U);
  EXPECT_EQ(w[1].kind, WaitKind::Reconverge);
  EXPECT_EQ(w[1].lanes, 0b0001U);
  EXPECT_EQ(w[1].until_pc, 30U);
}

TEST(MimdModel, EveryReadyThreadIsAUnitWithItsOwnPc) {
  Fixture f;
  const ModelMimd m;
  auto s = m.init(f.ctx, 0b0111, 0);
  EXPECT_EQ(m.enabled(s), 0b0111U);
  m.retire(f.ctx, s, 1, one(7, 0b0010));
  EXPECT_EQ(m.unit(s, 1).pc, 7U);
  EXPECT_EQ(m.unit(s, 0).pc, 0U);
  Outcome b;
  b.blocked = 0b0001;
  m.retire(f.ctx, s, 0, b);
  EXPECT_EQ(m.enabled(s), 0b0110U);
  m.release(f.ctx, s, 0b0001, 3);
  EXPECT_EQ(m.unit(s, 0).pc, 3U);
  Outcome e;
  e.exited = 0b0100;
  m.retire(f.ctx, s, 2, e);
  EXPECT_EQ(m.enabled(s), 0b0011U);
}

}  // namespace
}  // namespace lockstep::sem
