// The census DDOS is measured against (sim/core/spin_census.hpp), on
// hand-made issue sequences: which iterations repeat (the same branch, the
// same setps with the same full operands), the cycles of a branch's first
// and last execution, branches not taken, new warps, nested loops, and the
// bound on an iteration's setps.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "sim/core/spin_census.hpp"

namespace lockstep::sim {
namespace {

/// Issues a warp's instructions to a census.
struct Issuer {
  SpinCensus& census;
  std::uint32_t warp = 0;
  Cycle now = 0;

  void setp(std::uint32_t pc, std::uint64_t a, std::uint64_t b, sem::Mask threads = 1) {
    sem::TimingInstr t;
    t.setp = true;
    sem::StepReport r;
    r.pc = pc;
    r.threads = r.executed = threads;
    r.compared = {a, b};
    census.observe(warp, t, r, ++now);
  }
  void branch(std::uint32_t pc, bool taken = true) {
    sem::TimingInstr t;
    t.backward = true;
    t.role = sem::InstrRole::Branch;
    sem::StepReport r;
    r.pc = pc;
    r.threads = 1;
    r.executed = taken ? 1 : 0;
    census.observe(warp, t, r, ++now);
  }
  /// One iteration of a one-setp loop at pc 3..4 comparing `value` with 0.
  void spin(std::uint64_t value) {
    setp(3, value, 0);
    branch(4);
  }
};

const BackwardBranchRecord& only(const SpinCensus& c) {
  EXPECT_EQ(c.branches().size(), 1U);
  return c.branches().front();
}

TEST(SpinCensus, AnIterationThatRepeatsTheOneBeforeIsARepeat) {
  SpinCensus c(3, 2);
  Issuer w{c};
  for (int i = 0; i < 5; ++i) w.spin(1);  // a failed CAS, five times: four repeats
  const BackwardBranchRecord& b = only(c);
  EXPECT_EQ(b.pc, 4U);
  EXPECT_EQ(b.sm, 3U);
  EXPECT_EQ(b.executions, 5U);
  EXPECT_EQ(b.repeats, 4U);
  EXPECT_EQ(b.first, 2U);
  EXPECT_EQ(b.last, 10U);
}

TEST(SpinCensus, ChangingOperandsNeverRepeat) {
  SpinCensus c(0, 1);
  Issuer w{c};
  for (std::uint64_t i = 0; i < 6; ++i) w.spin(i);  // an induction variable
  EXPECT_EQ(only(c).executions, 6U);
  EXPECT_EQ(only(c).repeats, 0U);
  // The full operand counts, not a hash of it: 256 apart is not the same.
  SpinCensus d(0, 1);
  Issuer v{d};
  v.spin(256);
  v.spin(512);
  EXPECT_EQ(only(d).repeats, 0U);
}

TEST(SpinCensus, TheSameValuesFromOtherThreadsAreNotARepeat) {
  SpinCensus c(0, 1);
  Issuer w{c};
  // Lane 0 leaves the loop; lane 1, now the first thread, happens to compare
  // what lane 0 compared: not a repeat, the threads differ.
  w.setp(3, 5, 0, 0b11);
  w.branch(4);
  w.setp(3, 5, 0, 0b10);
  w.branch(4);
  EXPECT_EQ(only(c).repeats, 0U);
  w.setp(3, 5, 0, 0b10);
  w.branch(4);
  EXPECT_EQ(only(c).repeats, 1U);
}

TEST(SpinCensus, RepeatsAreCountedPerWarp) {
  SpinCensus c(0, 2);
  Issuer a{c, 0}, b{c, 1};
  // Interleaved: each warp's iteration is compared with its own previous one.
  for (std::uint64_t i = 0; i < 3; ++i) {
    a.now = b.now = 10 * i;
    a.spin(7);
    b.spin(i);
  }
  EXPECT_EQ(only(c).executions, 6U);
  EXPECT_EQ(only(c).repeats, 2U);
}

TEST(SpinCensus, NotTakenBranchesAndEmptyIterationsAreNotExecutionsOrRepeats) {
  SpinCensus c(0, 1);
  Issuer w{c};
  w.spin(1);
  w.setp(3, 0, 0);
  w.branch(4, false);  // the loop exits: not a taken backward branch, no iteration ends
  EXPECT_EQ(only(c).executions, 1U);
  w.branch(4);  // this iteration's setps: (3, 0, 0), not the (3, 1, 0) before
  w.branch(4);  // and no setp at all: nothing seen to repeat
  w.branch(4);
  EXPECT_EQ(only(c).executions, 4U);
  EXPECT_EQ(only(c).repeats, 0U);
}

TEST(SpinCensus, ANewWarpStartsWithoutAPreviousIteration) {
  SpinCensus c(0, 1);
  Issuer w{c};
  w.spin(1);
  c.reset(0);
  w.spin(1);
  EXPECT_EQ(only(c).repeats, 0U);
  w.spin(1);
  EXPECT_EQ(only(c).repeats, 1U);
}

TEST(SpinCensus, AnOuterLoopRepeatsOnlyWhenItsIterationsMatchWholly) {
  SpinCensus c(0, 1);
  Issuer w{c};
  // An outer loop (setp 1, branch 9) whose body spins once in an inner loop
  // (setp 3, branch 4) and then leaves it: each outer iteration ends after
  // an inner branch, so it is never compared with the outer one before.
  for (int i = 0; i < 3; ++i) {
    w.setp(1, 0, 0);
    w.spin(1);
    w.setp(3, 0, 0);
    w.branch(4, false);
    w.branch(9);
  }
  ASSERT_EQ(c.branches().size(), 2U);
  EXPECT_EQ(c.branches()[0].pc, 4U);
  EXPECT_EQ(c.branches()[0].repeats, 0U);
  EXPECT_EQ(c.branches()[1].pc, 9U);
  EXPECT_EQ(c.branches()[1].repeats, 0U);
  // Without an inner iteration, the outer loop's repeat is seen.
  w.setp(1, 0, 0);
  w.branch(9);
  w.setp(1, 0, 0);
  w.branch(9);
  EXPECT_EQ(c.branches()[1].repeats, 1U);
}

TEST(SpinCensus, IterationsBeyondTheBoundAreNeverRepeats) {
  SpinCensus c(0, 1);
  Issuer w{c};
  for (int i = 0; i < 3; ++i) {
    for (std::size_t s = 0; s <= SpinCensus::kMaxSetps; ++s) w.setp(3, 1, 0);
    w.branch(4);
  }
  EXPECT_EQ(only(c).executions, 3U);
  EXPECT_EQ(only(c).repeats, 0U);
  for (int i = 0; i < 3; ++i) w.spin(1);  // short iterations again: the first is compared with an overflow
  EXPECT_EQ(only(c).repeats, 2U);
}

}  // namespace
}  // namespace lockstep::sim
