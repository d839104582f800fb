// Kilo TM's SIMT-stack extension driven directly with outcomes: the replay
// of Fig 4.3 (research 001-kilotm.md §2.2, claim T18): the R and T entries
// at __tbegin, a branch inside the transaction (N above T), threads 6 and 7
// failing validation (R = their mask, a new T restarts only them), the final
// commit popping T and R with the N entry resuming after __tcommit; and an
// abort inside a branch of the transaction.
#include <gtest/gtest.h>

#include <vector>

#include "semantics/model/wait_info.hpp"

#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::sem {
namespace {

using Entry = ModelStack::Entry;
constexpr std::uint32_t kNo = ModelStack::kNoRpc;

struct Fixture {
  analysis::ReconvergenceTable table;
  ir::Kernel kernel;
  ModelContext ctx;
  Fixture() {
    ctx.kernel = &kernel;
    ctx.reconv = &table;
  }
};

/// The figure's masks, thread 0 on the left ("1111 0011": threads 0-3, 6, 7).
Mask fig(const char* s) {
  Mask m = 0;
  unsigned lane = 0;
  for (const char* p = s; *p != 0; ++p) {
    if (*p == ' ') continue;
    if (*p == '1') m |= lane_bit(lane);
    ++lane;
  }
  return m;
}

Outcome one(std::uint32_t pc, Mask m) {
  Outcome o;
  o.add(pc, m);
  return o;
}

// The Fig 4.3 code: A: if (...) { B: tx_begin; C: ...; D: if (s[t]) E: ...; F: tx_commit; G: ... } H: ...
constexpr std::uint32_t A = 0, B = 1, C = 2, D = 3, E = 4, F = 5, G = 6, H = 7;

TEST(TmStack, Fig43Replay) {
  Fixture f;
  f.table.set(A, H);
  f.table.set(D, F);
  const ModelStack m;
  auto s = m.init(f.ctx, fig("1111 1111"), A);
  Outcome branch;
  branch.add(B, fig("1111 0011"));
  branch.add(H, fig("0000 1100"));
  m.retire(f.ctx, s, 0, branch);
  // Row 1, @tx_begin: N(H), N(B, H), R(C, --, empty), T(C, --, 1111 0011).
  Outcome begin = one(C, fig("1111 0011"));
  begin.tx = TxEvent::Begin;
  m.retire(f.ctx, s, 0, begin);
  EXPECT_EQ(s.stack, (std::vector<Entry>{{H, kNo, fig("1111 1111")},
                                         {B, H, fig("1111 0011")},
                                         {C, kNo, 0},
                                         {C, kNo, fig("1111 0011")}}));
  EXPECT_EQ(s.tx_r, 2U);
  m.retire(f.ctx, s, 0, one(D, fig("1111 0011")));
  // Row 4, branch divergence inside the transaction: T's PC becomes F, N(E, F, 0001 0011) above it.
  Outcome d;
  d.add(E, fig("0001 0011"));
  d.add(F, fig("1110 0000"));
  m.retire(f.ctx, s, 0, d);
  EXPECT_EQ(s.stack.size(), 5U);
  EXPECT_EQ(s.stack[3], (Entry{F, kNo, fig("1111 0011")}));
  EXPECT_EQ(s.stack[4], (Entry{E, F, fig("0001 0011")}));
  m.retire(f.ctx, s, 0, one(F, fig("0001 0011")));
  ASSERT_EQ(s.stack.size(), 4U);
  EXPECT_EQ(m.unit(s, 0).pc, F);
  // Rows 2-3, @tx_commit: threads 6 and 7 fail validation; R collects them,
  // T is popped and a new T restarts only them at C; R is emptied.
  Outcome commit;
  commit.add(G, fig("1111 0000"));
  commit.add(C, fig("0000 0011"));
  commit.tx = TxEvent::Commit;
  commit.tx_retry = fig("0000 0011");
  m.retire(f.ctx, s, 0, commit);
  EXPECT_EQ(s.stack, (std::vector<Entry>{{H, kNo, fig("1111 1111")},
                                         {B, H, fig("1111 0011")},
                                         {C, kNo, 0},
                                         {C, kNo, fig("0000 0011")}}));
  EXPECT_EQ(m.unit(s, 0).threads, fig("0000 0011"));
  // The threads that committed wait in N (its PC B, as drawn) but go on at G:
  // explain() reports them there (the explorer zeroes what is dead at G).
  std::vector<WaitInfo> why;
  m.explain(s, why);
  ASSERT_EQ(why.size(), 3U);  // T (retrying threads), N (committed), the outer N (threads 4, 5)
  EXPECT_EQ(why[0].lanes, fig("0000 0011"));
  EXPECT_EQ(why[0].pc, C);
  EXPECT_EQ(why[1].lanes, fig("1111 0000"));
  EXPECT_EQ(why[1].pc, G);
  EXPECT_EQ(why[2].lanes, fig("0000 1100"));
  EXPECT_EQ(why[2].pc, H);
  // The retry runs to the commit and both commit (row 5): T and R popped, N's PC is G.
  m.retire(f.ctx, s, 0, one(D, fig("0000 0011")));
  m.retire(f.ctx, s, 0, one(F, fig("0000 0011")));
  Outcome done = one(G, fig("0000 0011"));
  done.tx = TxEvent::Commit;
  m.retire(f.ctx, s, 0, done);
  EXPECT_EQ(s.stack, (std::vector<Entry>{{H, kNo, fig("1111 1111")}, {G, H, fig("1111 0011")}}));
  EXPECT_EQ(s.tx_r, ModelStack::kNoTx);
  m.retire(f.ctx, s, 0, one(H, fig("1111 0011")));
  EXPECT_EQ(s.stack, (std::vector<Entry>{{H, kNo, fig("1111 1111")}}));
}

TEST(TmStack, AbortInsideABranchJoinsTheRetryEntry) {
  Fixture f;
  f.table.set(D, F);
  const ModelStack m;
  auto s = m.init(f.ctx, 0b1111, B);
  Outcome begin = one(C, 0b1111);
  begin.tx = TxEvent::Begin;
  m.retire(f.ctx, s, 0, begin);
  m.retire(f.ctx, s, 0, one(D, 0b1111));
  Outcome d;
  d.add(E, 0b0011);
  d.add(F, 0b1100);
  m.retire(f.ctx, s, 0, d);
  // At E lane 0 aborts (__tabort): it leaves N(E) and T and waits in R; lane 1 goes on to F.
  Outcome ab;
  ab.add(C, 0b0001);
  ab.add(F, 0b0010);
  ab.tx = TxEvent::Abort;
  ab.tx_retry = 0b0001;
  m.retire(f.ctx, s, 0, ab);
  ASSERT_EQ(s.stack.size(), 3U);
  EXPECT_EQ(s.stack[1], (Entry{C, kNo, 0b0001}));
  EXPECT_EQ(s.stack[2], (Entry{F, kNo, 0b1110}));
  // Lanes 1-3 commit: the T entry is popped, R restarts lane 0 alone.
  Outcome commit = one(G, 0b1110);
  commit.tx = TxEvent::Commit;
  m.retire(f.ctx, s, 0, commit);
  EXPECT_EQ(s.stack, (std::vector<Entry>{{B, kNo, 0b1111}, {C, kNo, 0}, {C, kNo, 0b0001}}));
  m.retire(f.ctx, s, 0, one(F, 0b0001));
  Outcome last = one(G, 0b0001);
  last.tx = TxEvent::Commit;
  m.retire(f.ctx, s, 0, last);
  EXPECT_EQ(s.stack, (std::vector<Entry>{{G, kNo, 0b1111}}));
}

TEST(TmStack, EveryLaneAbortingRestartsTheWholeTransaction) {
  Fixture f;
  const ModelStack m;
  auto s = m.init(f.ctx, 0b11, B);
  Outcome begin = one(C, 0b11);
  begin.tx = TxEvent::Begin;
  m.retire(f.ctx, s, 0, begin);
  Outcome ab = one(C, 0b11);
  ab.tx = TxEvent::Abort;
  ab.tx_retry = 0b11;
  m.retire(f.ctx, s, 0, ab);
  EXPECT_EQ(s.stack, (std::vector<Entry>{{B, kNo, 0b11}, {C, kNo, 0}, {C, kNo, 0b11}}));
}

TEST(TmStack, HashOutsideTransactionsIsUnchanged) {
  // A stack that never saw a transaction hashes without tx_r, so digests of
  // launches without transactions are what they were.
  Fixture f;
  const ModelStack m;
  const auto s = m.init(f.ctx, 0b1, A);
  StateHasher a;
  m.hash(s, a);
  StateHasher b;
  b.value(s.blocked);
  b.value(s.stack.size());
  b.bytes(s.stack.data(), s.stack.size() * sizeof(Entry));
  EXPECT_EQ(a.digest(), b.digest());
}

TEST(TmMimd, FailedThreadGoesToTheRestartPc) {
  Fixture f;
  const ModelMimd m;
  auto s = m.init(f.ctx, 0b11, F);
  Outcome commit;
  commit.add(G, 0b01);
  commit.add(C, 0b10);
  commit.tx = TxEvent::Commit;
  commit.tx_retry = 0b10;
  m.retire(f.ctx, s, 1, commit);
  EXPECT_EQ(s.pc[1], C);
  EXPECT_EQ(s.pc[0], F);
}

}  // namespace
}  // namespace lockstep::sem
