// DDOS on hand-made issue sequences (research 000-aware-bows-ddos-mp.md
// §3.4): the hashing, the history registers with the Fig 6.6b trace, the
// history length a loop needs, a regular loop that never spins, the SIB
// prediction table's confidence rules and replacement, and the detector
// that joins them (per-warp and time-shared histories).
#include <gtest/gtest.h>

#include "sim/core/ddos_hash.hpp"
#include "sim/core/ddos_history.hpp"
#include "sim/core/sib_table.hpp"
#include "sim/core/spin_detector.hpp"

namespace lockstep::sim {
namespace {

TEST(DdosHash, XorFoldsAndModuloKeepsTheLowBits) {
  // Fig 6.6: PC 0x090 is instruction 18 (8-byte instructions); m = 4.
  EXPECT_EQ(ddos_hash(18, 4, DdosHash::Modulo), 0x2U);
  EXPECT_EQ(ddos_hash(18, 4, DdosHash::Xor), 0x3U);  // 0x2 ^ 0x1
  EXPECT_EQ(ddos_hash(7, 4, DdosHash::Xor), 0x7U);
  EXPECT_EQ(ddos_hash(0x12345678, 8, DdosHash::Xor), 0x08U);  // 0x12 ^ 0x34 ^ 0x56 ^ 0x78
  EXPECT_EQ(ddos_hash(0x12345678, 8, DdosHash::Modulo), 0x78U);
  EXPECT_EQ(ddos_hash(0xffffffff00000000ULL, 32, DdosHash::Xor), 0xffffffffU);
  // An induction variable stepping by 256 looks constant to 8-bit modulo, not to xor.
  EXPECT_EQ(ddos_hash(256, 8, DdosHash::Modulo), ddos_hash(512, 8, DdosHash::Modulo));
  EXPECT_NE(ddos_hash(256, 8, DdosHash::Xor), ddos_hash(512, 8, DdosHash::Xor));
}

TEST(DdosHistory, ReproducesTheBusyWaitTraceOfFig6_6b) {
  DdosHistory h(8);
  const DdosEntry lock{0x7, 0x1, 0x0};    // setp @0x038: the CAS returned 1, compared with 0
  const DdosEntry unlock{0x2, 0x0, 0x0};  // setp @0x090
  EXPECT_FALSE(h.insert(lock));
  EXPECT_FALSE(h.insert(unlock));
  EXPECT_FALSE(h.fixed());
  EXPECT_EQ(h.match_pointer(), 2U);
  EXPECT_FALSE(h.insert(lock));  // first match: the period (2) is fixed, one more match needed
  EXPECT_TRUE(h.fixed());
  EXPECT_EQ(h.remaining(), 1U);
  EXPECT_TRUE(h.insert(unlock));  // a whole period repeated: spinning
  EXPECT_TRUE(h.insert(lock));    // still spinning
  EXPECT_FALSE(h.insert(DdosEntry{0x7, 0x0, 0x0}));  // the lock is acquired: the value changed
  EXPECT_FALSE(h.spinning());
  EXPECT_EQ(h.match_pointer(), 0U);
}

TEST(DdosHistory, OneSetpLoopSpinsAtItsSecondIteration) {
  DdosHistory h(8);
  const DdosEntry e{3, 1, 0};
  EXPECT_FALSE(h.insert(e));
  EXPECT_TRUE(h.insert(e));
}

/// Iterations of a loop of `period` setps with constant operands until the
/// warp spins (0: never within 100 iterations).
int iterations_to_spin(std::uint32_t length, std::uint32_t period) {
  DdosHistory h(length);
  for (int it = 1; it <= 100; ++it) {
    bool spinning = false;
    for (std::uint32_t s = 0; s < period; ++s) spinning = h.insert(DdosEntry{s, 5, 6});
    if (spinning) return it;
  }
  return 0;
}

TEST(DdosHistory, ALoopOfPSetpsNeedsMoreThanPEntries) {
  // §3.5: NW's loop has four setps, so DDOS needs at least five entries.
  EXPECT_EQ(iterations_to_spin(4, 4), 0);
  EXPECT_GT(iterations_to_spin(5, 4), 0);
  EXPECT_EQ(iterations_to_spin(1, 1), 0);
  EXPECT_EQ(iterations_to_spin(2, 1), 2);
  EXPECT_GT(iterations_to_spin(8, 7), 0);
  EXPECT_EQ(iterations_to_spin(8, 8), 0);
}

TEST(DdosHistory, ARegularLoopNeverSpins) {
  // Fig 6.6c: the induction variable feeds the setp, so the values differ.
  DdosHistory h(8);
  for (std::uint32_t i = 0; i < 1000; ++i) {
    EXPECT_FALSE(h.insert(DdosEntry{4, i & 0xff, 100}));
    EXPECT_FALSE(h.insert(DdosEntry{9, 7, 7}));  // a second, constant setp in the body
  }
}

TEST(SibTable, ConfirmsAtTheThresholdAndGuardsAgainstAliasing) {
  SibTable t(16, 4);
  EXPECT_FALSE(t.spinning_branch(0x98));  // inserted with confidence 1
  EXPECT_FALSE(t.spinning_branch(0x98));
  EXPECT_FALSE(t.spinning_branch(0x98));
  EXPECT_EQ(t.find(0x98)->confidence, 3U);
  t.plain_branch(0x98);  // a warp that is not spinning takes it: down
  EXPECT_EQ(t.find(0x98)->confidence, 2U);
  EXPECT_FALSE(t.spinning_branch(0x98));
  EXPECT_FALSE(t.confirmed(0x98));
  EXPECT_TRUE(t.spinning_branch(0x98));  // confidence 4: confirmed, reported once
  EXPECT_TRUE(t.confirmed(0x98));
  EXPECT_FALSE(t.spinning_branch(0x98));
  t.plain_branch(0x98);  // confirmed entries stay
  EXPECT_TRUE(t.confirmed(0x98));
  t.plain_branch(0x40);  // absent: nothing
  EXPECT_FALSE(t.find(0x40).has_value());
  EXPECT_EQ(t.live(), 1U);
}

TEST(SibTable, ReplacesTheLeastConfidentUnconfirmedEntry) {
  SibTable t(2, 2);
  (void)t.spinning_branch(10);
  (void)t.spinning_branch(20);
  EXPECT_TRUE(t.spinning_branch(20));  // 20 confirmed
  (void)t.spinning_branch(30);          // replaces 10 (unconfirmed)
  EXPECT_FALSE(t.find(10).has_value());
  EXPECT_TRUE(t.spinning_branch(30));   // 30 confirmed
  (void)t.spinning_branch(40);          // every entry confirmed: not inserted
  EXPECT_FALSE(t.find(40).has_value());
  EXPECT_TRUE(t.confirmed(20));
  EXPECT_TRUE(t.confirmed(30));
}

/// A warp's spin loop: setp at pc 3 with constant operands, then the taken
/// backward branch at pc 4.
struct SpinLoop {
  sem::TimingInstr setp, bra;
  sem::StepReport setp_report, bra_report;
  SpinLoop() {
    setp.setp = true;
    bra.backward = true;
    bra.role = sem::InstrRole::Branch;
    setp_report.pc = 3;
    setp_report.threads = setp_report.executed = 1;
    setp_report.compared = {1, 0};
    bra_report.pc = 4;
    bra_report.threads = bra_report.executed = 1;
  }
  /// One iteration of warp w at cycle `now`: the branch's verdict.
  SpinVerdict iterate(SpinDetector& d, std::uint32_t w, Cycle now) const {
    const SpinVerdict s = d.observe(w, setp, setp_report, now);
    EXPECT_TRUE(s.profiled);
    return d.observe(w, bra, bra_report, now + 1);
  }
};

TEST(SpinDetector, ConfirmsASpinLoopsBackwardBranch) {
  DdosConfig c;
  c.enabled = true;
  SpinDetector d(c, 2);
  const SpinLoop loop;
  // Iteration 1: not spinning yet; 2: spinning, inserted (1); 3, 4: 2, 3; 5: 4 = t: confirmed.
  for (std::uint64_t it = 1; it <= 4; ++it) {
    const SpinVerdict v = loop.iterate(d, 0, 10 * it);
    EXPECT_FALSE(v.sib) << it;
    EXPECT_EQ(v.spinning_branch, it >= 2) << it;
  }
  const SpinVerdict v = loop.iterate(d, 0, 50);
  EXPECT_TRUE(v.sib);
  EXPECT_TRUE(v.confirmed);
  const SpinVerdict again = loop.iterate(d, 0, 60);
  EXPECT_TRUE(again.sib);
  EXPECT_FALSE(again.confirmed);
  // The table is the SM's: warp 1 executing the branch is told it is a SIB.
  EXPECT_TRUE(d.observe(1, loop.bra, loop.bra_report, 70).sib);
  EXPECT_FALSE(d.spinning(1));
  // A branch not taken (the guard failed everywhere) is not executed as a back edge.
  sem::StepReport exit = loop.bra_report;
  exit.executed = 0;
  EXPECT_FALSE(d.observe(0, loop.bra, exit, 80).sib);
  // A new warp in slot 0 starts with empty histories.
  d.reset(0);
  EXPECT_FALSE(d.spinning(0));
}

TEST(SpinDetector, ChangingOperandsAreNotSpinning) {
  DdosConfig c;
  c.enabled = true;
  SpinDetector d(c, 1);
  SpinLoop loop;
  for (std::uint64_t i = 0; i < 200; ++i) {
    loop.setp_report.compared = {i, 64};
    const SpinVerdict v = loop.iterate(d, 0, 10 * i);
    EXPECT_FALSE(v.spinning_branch);
    EXPECT_FALSE(v.sib);
  }
  EXPECT_EQ(d.table().live(), 0U);
}

TEST(SpinDetector, SharedHistoriesProfileOneWarpPerEpoch) {
  DdosConfig c;
  c.enabled = true;
  c.shared_history = true;
  c.epoch = 1000;
  SpinDetector d(c, 4);
  const SpinLoop loop;
  // Epoch 0 belongs to warp 0: warp 1's setps are not profiled.
  EXPECT_FALSE(d.observe(1, loop.setp, loop.setp_report, 5).profiled);
  EXPECT_TRUE(d.observe(0, loop.setp, loop.setp_report, 6).profiled);
  EXPECT_TRUE(d.observe(0, loop.setp, loop.setp_report, 7).profiled);
  EXPECT_TRUE(d.spinning(0));
  // Epoch 1: warp 1 holds the registers, cleared.
  EXPECT_TRUE(d.observe(1, loop.setp, loop.setp_report, 1005).profiled);
  EXPECT_FALSE(d.spinning(0));
  EXPECT_FALSE(d.spinning(1));
  EXPECT_TRUE(d.observe(1, loop.setp, loop.setp_report, 1006).profiled);
  EXPECT_TRUE(d.spinning(1));
}

}  // namespace
}  // namespace lockstep::sim
