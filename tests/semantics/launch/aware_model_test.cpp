// AWARE driven with outcomes: the walkthroughs of the research
// (000-aware-bows-ddos-mp.md §1.2-1.5: Fig 5.2 nested divergence, Fig 5.3
// divergent barrier, Fig 5.4 delayed reconvergence, Fig 5.5 timeout) and
// the rules of docs/models/aware.md.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model_kit.hpp"
#include "semantics/model/model_aware.hpp"

namespace lockstep::sem::test {
namespace {

// Block starts of Fig 5.2a: A branches to B | C, C branches to D | E, then F, G.
enum : std::uint32_t { A = 0, B = 10, C = 20, D = 30, E = 40, F = 50, G = 60, Cp = 70, Exit = 90 };

char block_name(std::uint32_t pc) {
  switch (pc) {
    case A: return 'A';
    case B: return 'B';
    case C: return 'C';
    case D: return 'D';
    case E: return 'E';
    case F: return 'F';
    case G: return 'G';
    case Cp: return 'c';  // C' of Fig 5.4
    case ModelAware::kNoRpc: return '-';
    default: return '?';
  }
}

/// "B,G,0101 C,G,1010" (FIFO order, head first; a trailing * marks the BL bit).
std::string fifo_text(const ModelAware::State& s) {
  std::string t;
  for (const ModelAware::Split& sp : s.fifo) {
    if (!t.empty()) t += ' ';
    t += block_name(sp.pc);
    t += ',';
    t += block_name(sp.rpc);
    t += ',' + mask4(sp.mask) + (sp.bl != 0 ? "*" : "");
  }
  return t;
}
/// "G,-,1111,1010" per reconvergence entry (pc, rpc, reconvergence mask, pending mask).
std::string rt_text(const ModelAware::State& s) {
  std::string t;
  for (const ModelAware::Reconv& e : s.rt) {
    if (!t.empty()) t += ' ';
    t += block_name(e.pc);
    t += ',';
    t += block_name(e.rpc);
    t += ',' + mask4(e.rec) + ',' + mask4(e.pending);
  }
  return t;
}

TEST(AwareModel, Fig52NestedDivergenceReconvergesAtEachIpdom) {
  ModelFixture f;
  f.table.set(A, G);
  f.table.set(C, F);
  const ModelAware m;
  auto s = m.init(f.ctx, 0b1111, A);
  EXPECT_EQ(fifo_text(s), "A,-,1111");
  // BR_A: the not-taken side (B, threads 0 and 2) is pushed first.
  m.retire(f.ctx, s, 0, two(C, 0b1010, B, 0b0101));
  EXPECT_EQ(fifo_text(s), "B,G,0101 C,G,1010");
  EXPECT_EQ(rt_text(s), "G,-,1111,1111");
  EXPECT_EQ(m.unit(s, 0).pc, B);
  m.retire(f.ctx, s, 0, one(G, 0b0101));  // B0101 reaches G
  EXPECT_EQ(fifo_text(s), "C,G,1010");
  EXPECT_EQ(rt_text(s), "G,-,1111,1010");
  m.retire(f.ctx, s, 0, two(D, 0b0010, E, 0b1000));  // C diverges at BR_C; E (not taken) first
  EXPECT_EQ(fifo_text(s), "E,F,1000 D,F,0010");
  EXPECT_EQ(rt_text(s), "F,G,1010,1010 G,-,1111,1010");  // canonical order: first reference from the FIFO
  m.retire(f.ctx, s, 0, one(F, 0b1000));  // E1000 reaches F
  EXPECT_EQ(fifo_text(s), "D,F,0010");
  EXPECT_EQ(rt_text(s), "F,G,1010,0010 G,-,1111,1010");
  m.retire(f.ctx, s, 0, one(F, 0b0010));  // D0010 reaches F: F1010 moves to the ST
  EXPECT_EQ(fifo_text(s), "F,G,1010");
  EXPECT_EQ(rt_text(s), "G,-,1111,1010");
  m.retire(f.ctx, s, 0, one(G, 0b1010));  // F1010 reaches G: G1111 moves to the ST
  EXPECT_EQ(fifo_text(s), "G,-,1111");
  EXPECT_EQ(rt_text(s), "");
  m.retire(f.ctx, s, 0, exits(0b1111));
  EXPECT_TRUE(s.fifo.empty());
  EXPECT_EQ(m.enabled(s), 0U);
}

TEST(AwareModel, OnlyTheFifoHeadIssuesAndEveryBranchRotatesIt) {
  // Two splits looping in parallel blocks: each executed branch, divergent or
  // not, sends the head to the FIFO back (research §1.3, docs/models/aware.md).
  ModelFixture f(100, {B + 1, C + 1});
  f.table.set(A, G);
  const ModelAware m;
  auto s = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, s, 0, two(C, 0b1010, B, 0b0101));
  EXPECT_EQ(m.enabled(s), 0b0001U);  // one unit: the head, named by its lowest lane
  m.retire(f.ctx, s, 0, one(B + 1, 0b0101));  // not a branch: B keeps the head
  EXPECT_EQ(s.fifo.front().pc, B + 1);
  EXPECT_EQ(s.fifo.front().mask, 0b0101U);
  m.retire(f.ctx, s, 0, one(B, 0b0101));  // the loop branch back to B: rotate
  EXPECT_EQ(fifo_text(s), "C,G,1010 B,G,0101");
  EXPECT_EQ(m.enabled(s), 0b0010U);
}

TEST(AwareModel, Fig53DivergentBarrierBlocksSplitsWithTheBlBit) {
  // Fig 5.3: B and C each reach a barrier; a blocked split at the FIFO head
  // is rotated to the back unfetched; both are released once every thread
  // has arrived (the launch state counts threads and calls release).
  ModelFixture f;
  f.table.set(A, D);
  const ModelAware m;
  auto s = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, s, 0, two(C, 0b1010, B, 0b0101));
  m.retire(f.ctx, s, 0, blocks(0b0101));  // B reaches its barrier
  EXPECT_EQ(fifo_text(s), "C,D,1010 B,D,0101*");
  EXPECT_EQ(m.unit(s, 0).pc, C);
  m.retire(f.ctx, s, 0, blocks(0b1010));  // C reaches its barrier: nothing can issue
  EXPECT_EQ(m.enabled(s), 0U);
  std::vector<WaitInfo> w;
  m.explain(s, w);
  ASSERT_EQ(w.size(), 2U);
  EXPECT_EQ(w[0].kind, WaitKind::Barrier);
  EXPECT_EQ(w[1].kind, WaitKind::Barrier);
  m.release(f.ctx, s, 0b0101, B + 1);
  m.release(f.ctx, s, 0b1010, C + 1);
  EXPECT_EQ(m.enabled(s), 0b0001U);  // the FIFO order is kept: B first again
  EXPECT_EQ(m.unit(s, 0).pc, B + 1);
}

TEST(AwareModel, Fig54DelayedReconvergenceLetsTheLockHolderRun) {
  // Fig 5.4: the spin loop B's branch reconverges at C' (after the unlock in
  // C) instead of its IPDOM C. Thread 3 gets the lock and leaves the loop.
  ModelFixture f(100, {B});
  f.table.set(B, Cp);
  const ModelAware m;
  auto s = m.init(f.ctx, 0b1111, B);
  m.retire(f.ctx, s, 0, two(B, 0b0111, C, 0b1000));
  EXPECT_EQ(fifo_text(s), "C,c,1000 B,c,0111");  // the loop exit (not taken) first
  EXPECT_EQ(rt_text(s), "c,-,1111,1111");
  m.retire(f.ctx, s, 0, one(Cp, 0b1000));  // the holder unlocks and waits at C'
  EXPECT_EQ(fifo_text(s), "B,c,0111");
  m.retire(f.ctx, s, 0, two(B, 0b0011, C, 0b0100));  // the next thread gets the lock
  m.retire(f.ctx, s, 0, one(Cp, 0b0100));
  m.retire(f.ctx, s, 0, two(B, 0b0001, C, 0b0010));
  m.retire(f.ctx, s, 0, one(Cp, 0b0010));
  m.retire(f.ctx, s, 0, one(C, 0b0001));
  m.retire(f.ctx, s, 0, one(Cp, 0b0001));
  EXPECT_EQ(fifo_text(s), "c,-,1111");  // all reconverge at C'
}

TEST(AwareModel, Fig55TimeoutReleasesTheArrivedThreads) {
  // Fig 5.5 (no delayed reconvergence): thread 3 waits at the IPDOM C while
  // B0111 spins. After more than TIMEOUT instructions of the warp without a
  // pending-mask update the arrived threads continue as a split of their own.
  ModelFixture f(100, {B});
  f.table.set(B, C);
  constexpr std::uint32_t kTimeout = 3;
  const ModelAware m(kTimeout);
  auto s = m.init(f.ctx, 0b1111, B);
  m.retire(f.ctx, s, 0, two(B, 0b0111, C, 0b1000));  // thread 3 goes straight to C
  EXPECT_EQ(fifo_text(s), "B,C,0111");
  EXPECT_EQ(rt_text(s), "C,-,1111,0111");
  for (std::uint32_t i = 0; i < kTimeout; ++i) {
    m.retire(f.ctx, s, 0, one(B, 0b0111));
    ASSERT_EQ(s.fifo.size(), 1U) << i;
  }
  m.retire(f.ctx, s, 0, one(B, 0b0111));  // the fourth instruction: the delay exceeds 3
  EXPECT_EQ(fifo_text(s), "B,C,0111 C,-,1000");
  EXPECT_EQ(rt_text(s), "C,-,0111,0111");
  m.retire(f.ctx, s, 0, one(B, 0b0111));  // the loop branch rotates: C1000 is guaranteed to run
  EXPECT_EQ(m.unit(s, 0).pc, C);
  EXPECT_EQ(m.unit(s, 0).threads, 0b1000U);
  // The late threads arrive later: the entry moves to the ST with their mask only.
  m.retire(f.ctx, s, 0, exits(0b1000));
  m.retire(f.ctx, s, 0, one(C, 0b0111));
  EXPECT_EQ(fifo_text(s), "C,-,0111");
  EXPECT_EQ(rt_text(s), "");
}

TEST(AwareModel, TimeoutOffNeverReleasesAndAnyMakesItAnEvent) {
  ModelFixture f(100, {B});
  f.table.set(B, C);
  const ModelAware off;
  auto s = off.init(f.ctx, 0b1111, B);
  off.retire(f.ctx, s, 0, two(B, 0b0111, C, 0b1000));
  for (int i = 0; i < 100; ++i) off.retire(f.ctx, s, 0, one(B, 0b0111));
  EXPECT_EQ(fifo_text(s), "B,C,0111");
  EXPECT_EQ(off.events(s), 0U);
  EXPECT_EQ(s.rt.front().delay, 0U);  // nothing counts without a timeout

  const ModelAware any(ModelAware::kTimeoutAny);
  auto t = any.init(f.ctx, 0b1111, B);
  EXPECT_EQ(any.events(t), 0U);
  any.retire(f.ctx, t, 0, two(B, 0b0111, C, 0b1000));
  EXPECT_EQ(any.events(t), 0b1U);  // entry 0 has an arrived thread
  for (int i = 0; i < 10; ++i) any.retire(f.ctx, t, 0, one(B, 0b0111));
  EXPECT_EQ(fifo_text(t), "B,C,0111");  // no counter: only the event releases
  EXPECT_EQ(t.rt.front().delay, 0U);
  any.fire(f.ctx, t, 0);
  EXPECT_EQ(fifo_text(t), "B,C,0111 C,-,1000");
  EXPECT_EQ(any.events(t), 0U);
}

TEST(AwareModel, SpecialCasesOneAndThreeAddNoEntries) {
  ModelFixture f;
  f.table.set(A, G);
  f.table.set(B, G);  // a branch with the same RPC as its split (special case 3)
  const ModelAware m;
  auto s = m.init(f.ctx, 0b1111, A);
  // Special case 1: the taken side goes straight to the RPC.
  m.retire(f.ctx, s, 0, two(G, 0b1100, B, 0b0011));
  EXPECT_EQ(fifo_text(s), "B,G,0011");
  EXPECT_EQ(rt_text(s), "G,-,1111,0011");
  m.retire(f.ctx, s, 0, two(C, 0b0010, D, 0b0001));  // RPC G again: no new entry
  EXPECT_EQ(fifo_text(s), "D,G,0001 C,G,0010");
  EXPECT_EQ(s.rt.size(), 1U);
}

TEST(AwareModel, ExitClearsSplitsAndEntriesAndCompletesThem) {
  ModelFixture f;
  f.table.set(A, G);
  const ModelAware m;
  auto s = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, s, 0, two(C, 0b1010, B, 0b0101));
  m.retire(f.ctx, s, 0, one(G, 0b0101));
  m.retire(f.ctx, s, 0, exits(0b1010));  // C's threads exit: G's entry completes without them
  EXPECT_EQ(fifo_text(s), "G,-,0101");
  EXPECT_TRUE(s.rt.empty());
}

TEST(AwareModel, EntriesAreNumberedByFirstReferenceFromTheFifo) {
  ModelFixture f(100, {B + 1});
  f.table.set(A, G);
  f.table.set(B, F);
  f.table.set(C, E);
  const ModelAware m;
  auto s = m.init(f.ctx, 0b1111, A);
  m.retire(f.ctx, s, 0, two(C, 0b1010, B, 0b0101));  // entry G
  m.retire(f.ctx, s, 0, two(B + 1, 0b0100, B + 2, 0b0001));  // B diverges: entry F, its splits after C
  m.retire(f.ctx, s, 0, two(D, 0b1000, C + 1, 0b0010));  // C diverges: entry E
  // FIFO: B's two splits (entry F), then C's two (entry E); the canonical
  // numbering follows the FIFO: F first, then its parent G, then E.
  ASSERT_EQ(s.rt.size(), 3U);
  EXPECT_EQ(s.rt[0].pc, F);
  EXPECT_EQ(s.rt[1].pc, G);
  EXPECT_EQ(s.rt[2].pc, E);
  EXPECT_EQ(s.rt[0].parent, 1U);
  EXPECT_EQ(s.rt[2].parent, 1U);
  for (const ModelAware::Split& sp : s.fifo) EXPECT_EQ(sp.rindex, sp.rpc == F ? 0U : 2U);
}

}  // namespace
}  // namespace lockstep::sem::test
