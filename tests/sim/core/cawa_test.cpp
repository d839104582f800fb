// CAWA on hand-made issue sequences (Lee, Arunkumar and Wu, ISCA 2015):
// the criticality predictor's nInst, nStall and CPIavg terms and the order
// they give, which warps count as critical for CACP, and the cawa
// scheduler's choice (greedy and not, blocked warps last, BOWS over it).
#include <gtest/gtest.h>

#include "sim/core/back_off.hpp"
#include "sim/core/criticality.hpp"
#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {
namespace {

TEST(CriticalityPredictor, StraightLineCodeCountsDownOnePerInstruction) {
  CriticalityPredictor p(1);
  p.launch(0, 20, 100);
  p.issued(0, 0, 1, 100);
  p.issued(0, 1, 2, 101);
  EXPECT_EQ(p.remaining(0), 18);
  EXPECT_EQ(p.stalls(0), 0U);  // issued at launch, then back to back
  // CPIavg = (102 - 100) / 2 = 1: 18 x 1 + 0.
  EXPECT_EQ(p.criticality(0, 102), 18U);
}

TEST(CriticalityPredictor, BranchesCorrectTheRemainingInstructions) {
  CriticalityPredictor p(1);
  p.launch(0, 20, 0);
  p.issued(0, 7, 3, 0);   // backward to 3 from 7: the body 3..7 runs again
  EXPECT_EQ(p.remaining(0), 24);
  p.issued(0, 3, 10, 1);  // forward to 10 from 3: 4..9 skipped, and itself
  EXPECT_EQ(p.remaining(0), 17);
  p.issued(0, 10, std::nullopt, 2);  // next PC unknown (a barrier): just itself
  EXPECT_EQ(p.remaining(0), 16);
}

TEST(CriticalityPredictor, StallsAreTheCyclesBetweenIssues) {
  CriticalityPredictor p(1);
  p.launch(0, 100, 10);
  p.issued(0, 0, 1, 14);  // waited 4 cycles since launch
  p.issued(0, 1, 2, 15);  // back to back: no stall
  p.issued(0, 2, 3, 25);  // 9 cycles without issuing
  EXPECT_EQ(p.stalls(0), 13U);
  EXPECT_EQ(p.instructions(0), 3U);
  // nInst 97 x CPIavg (30 - 10) / 3, rounded down, + nStall 13.
  EXPECT_EQ(p.criticality(0, 30), 97U * 20U / 3U + 13U);
}

TEST(CriticalityPredictor, ALaggingWarpIsMoreCritical) {
  // Two warps of the same 50-instruction kernel launched together: warp 0
  // issues every cycle, warp 1 every fourth (it is kept waiting).
  CriticalityPredictor p(2);
  p.launch(0, 50, 0);
  p.launch(1, 50, 0);
  for (std::uint32_t i = 0; i < 8; ++i) {
    p.issued(0, i, i + 1, i);
    if (i % 4 == 0) p.issued(1, i / 4, i / 4 + 1, i);
  }
  // Warp 0: 42 left at CPI 1; warp 1: 48 left at CPI 4, 3 stall cycles.
  EXPECT_EQ(p.criticality(0, 8), 42U);
  EXPECT_EQ(p.criticality(1, 8), 48U * 4U + 3U);
  EXPECT_GT(p.criticality(1, 8), p.criticality(0, 8));
  // A spinning warp's backward branches keep its nInst up: it stays critical.
  p.issued(0, 8, 0, 8);
  EXPECT_EQ(p.remaining(0), 50);
}

TEST(CriticalityPredictor, CriticalWarpsLieAboveTheFractionOfTheRange) {
  CriticalityPredictor p(3);
  for (std::uint32_t w = 0; w < 3; ++w) p.launch(w, 10 * (w + 1), 0);
  for (std::uint32_t w = 0; w < 3; ++w) p.issued(w, 0, 1, 0);
  // criticality at cycle 1: 9, 19, 29 (CPI 1, no stall).
  const std::vector<std::uint32_t> live{0, 1, 2};
  EXPECT_FALSE(p.critical(0, live, 0.5, 1));
  EXPECT_FALSE(p.critical(1, live, 0.5, 1));  // exactly half way: not above
  EXPECT_TRUE(p.critical(2, live, 0.5, 1));
  EXPECT_TRUE(p.critical(1, live, 0.25, 1));
  EXPECT_FALSE(p.critical(2, {2}, 0.5, 1));  // alone: all equal, none critical
}

struct Fixture {
  std::vector<WarpFacts> facts;
  CriticalityPredictor predictor;
  explicit Fixture(std::uint32_t n) : facts(n), predictor(n) {
    for (std::uint32_t w = 0; w < n; ++w) {
      facts[w].active = true;
      facts[w].age = w;  // warp 0 is the oldest
      predictor.launch(w, 100, 0);
    }
  }
  std::unique_ptr<SchedulerUnit> make(bool greedy, const BackOff* back_off = nullptr) {
    SchedulerConfig c;
    c.policy = WarpScheduler::Cawa;
    c.cawa.greedy = greedy;
    std::vector<std::uint32_t> sup;
    for (std::uint32_t i = 0; i < facts.size(); ++i) sup.push_back(i);
    return make_scheduler(c, sup, facts, back_off, &predictor);
  }
};

std::vector<std::uint32_t> order(SchedulerUnit& s, Cycle now) {
  s.begin_cycle(now);
  std::vector<std::uint32_t> o;
  s.order(o);
  return o;
}

TEST(CawaScheduler, MostCriticalFirstOlderOnTies) {
  Fixture f(4);
  auto s = f.make(false);
  EXPECT_EQ(order(*s, 0), (std::vector<std::uint32_t>{0, 1, 2, 3}));  // all equal: by age
  // Warp 2 jumps back over a loop body: more left to do, more critical.
  f.predictor.issued(2, 40, 10, 0);
  // Warp 3 waits 20 cycles before its first issue: more stall cycles.
  f.predictor.issued(3, 0, 1, 20);
  f.predictor.issued(0, 0, 1, 20);
  f.predictor.issued(1, 0, 1, 20);
  // At 21: warp 2 has 130 left at CPI 21 (the one issue at 0); the others
  // 99 at CPI 21, warps 0, 1 and 3 with 20 stall cycles.
  EXPECT_EQ(f.predictor.criticality(2, 21), 130U * 21U);
  EXPECT_EQ(f.predictor.criticality(3, 21), 99U * 21U + 20U);
  EXPECT_EQ(order(*s, 21), (std::vector<std::uint32_t>{2, 0, 1, 3}));
  s->issued(2);  // not greedy: the order does not keep warp 2 first for that
  f.predictor.issued(2, 10, 11, 21);
  f.predictor.issued(2, 11, 12, 22);
  // Warp 2: 128 left at CPI 23 / 3, 20 stall cycles: 128 * 23 / 3 + 20 = 1001 < 99 * 23 + 20.
  EXPECT_EQ(order(*s, 23), (std::vector<std::uint32_t>{0, 1, 3, 2}));
}

TEST(CawaScheduler, GreedyKeepsTheLastWarpThenMostCritical) {
  Fixture f(3);
  auto s = f.make(true);
  f.predictor.issued(1, 50, 0, 0);  // warp 1 the most critical
  s->issued(0);
  EXPECT_EQ(order(*s, 5), (std::vector<std::uint32_t>{0, 1, 2}));
  s->issued(2);
  EXPECT_EQ(order(*s, 6), (std::vector<std::uint32_t>{2, 1, 0}));
  f.facts[2].active = false;  // finished: no greed
  EXPECT_EQ(order(*s, 7), (std::vector<std::uint32_t>{1, 0, 2}));
}

TEST(CawaScheduler, BlockedWarpsGoLast) {
  Fixture f(3);
  auto s = f.make(false);
  f.predictor.issued(1, 50, 0, 0);
  f.facts[1].blocked = true;
  EXPECT_EQ(order(*s, 1), (std::vector<std::uint32_t>{0, 2, 1}));
}

TEST(CawaScheduler, BowsPutsBackedOffWarpsBehind) {
  Fixture f(3);
  BowsConfig b;
  b.enabled = true;
  b.adaptive = false;
  b.delay = 0;
  BackOff back_off(b, 3);
  auto s = f.make(false, &back_off);
  f.predictor.issued(1, 50, 0, 0);  // the most critical ...
  back_off.issued(1, 0, true);      // ... but spinning: backed off
  EXPECT_EQ(order(*s, 1), (std::vector<std::uint32_t>{0, 2, 1}));
}

TEST(CawaScheduler, WithoutAPredictorTheCawaPolicyIsRoundRobin) {
  std::vector<WarpFacts> facts(3);
  for (auto& x : facts) x.active = true;
  SchedulerConfig c;
  c.policy = WarpScheduler::Cawa;
  auto s = make_scheduler(c, {0, 1, 2}, facts);
  s->issued(0);
  std::vector<std::uint32_t> o;
  s->order(o);
  EXPECT_EQ(o, (std::vector<std::uint32_t>{1, 2, 0}));
}

}  // namespace
}  // namespace lockstep::sim
