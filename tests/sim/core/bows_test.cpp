// BOWS on hand-made issue sequences (research 000-aware-bows-ddos-mp.md
// §3.2, §3.3, §3.6): the backed-off queue order, the pending delay between
// the starts of two spin iterations, the adaptive delay limit of Fig 6.4
// window by window, and the wrapper over a base policy (GTO's greedy warp
// loses its place when backed off).
#include <gtest/gtest.h>

#include <optional>

#include "sim/core/back_off.hpp"
#include "sim/core/bows_delay_limit.hpp"
#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {
namespace {

BowsConfig fixed(std::uint64_t delay) {
  BowsConfig c;
  c.enabled = true;
  c.adaptive = false;
  c.delay = delay;
  return c;
}

TEST(BackOff, BackedOffWarpsGoLastInTheOrderTheyWereBackedOff) {
  BackOff b(fixed(0), 4);
  b.issued(2, 0, true);
  b.issued(0, 1, true);
  std::vector<std::uint32_t> order{0, 1, 2, 3};
  b.reorder(order);
  EXPECT_EQ(order, (std::vector<std::uint32_t>{1, 3, 2, 0}));
  b.issued(2, 5, false);  // warp 2 issues again: no longer backed off
  order = {0, 1, 2, 3};
  b.reorder(order);
  EXPECT_EQ(order, (std::vector<std::uint32_t>{1, 2, 3, 0}));
}

TEST(BackOff, APendingDelaySeparatesTheStartsOfSpinIterations) {
  BackOff b(fixed(100), 2);
  EXPECT_FALSE(b.issued(0, 10, true).has_value());  // the SIB: backed off, no delay pending yet
  EXPECT_TRUE(b.backed_off(0));
  EXPECT_FALSE(b.held(0, 11));
  EXPECT_EQ(b.issued(0, 11, false), std::optional<std::uint64_t>(100));  // the next iteration starts: delay 100 loaded
  EXPECT_FALSE(b.backed_off(0));
  EXPECT_EQ(b.ready_at(0), 111U);
  EXPECT_FALSE(b.held(0, 30));  // not backed off: never held
  b.issued(0, 30, true);        // the SIB again, 19 cycles into the iteration
  EXPECT_TRUE(b.held(0, 30));
  EXPECT_TRUE(b.held(0, 110));
  EXPECT_FALSE(b.held(0, 111));
  b.issued(0, 111, false);
  b.issued(0, 300, true);  // an iteration longer than the limit is not delayed
  EXPECT_FALSE(b.held(0, 301));
  EXPECT_FALSE(b.held(1, 0));
  b.reset(0);
  EXPECT_FALSE(b.backed_off(0));
}

BowsConfig adaptive() {
  BowsConfig c;
  c.enabled = true;
  c.adaptive = true;  // T = 1000, FRAC1 = 0.05, FRAC2 = 0.8, step 250, limits 1000 .. 10000
  return c;
}

/// Counts `total` instructions of which `sib` SIBs in window `w`.
void window(BowsDelayLimit& l, std::uint64_t w, std::uint64_t total, std::uint64_t sib) {
  for (std::uint64_t i = 0; i < total; ++i) l.count(w * 1000 + i, i < sib);
}

TEST(BowsDelayLimit, AdaptsOncePerWindowAsInFig6_4) {
  BowsDelayLimit l(adaptive());
  EXPECT_EQ(l.limit(0), 1000U);  // starts at the minimum
  window(l, 0, 100, 10);         // 10% SIBs > FRAC1: up one step
  EXPECT_EQ(l.limit(999), 1000U);  // used from the next window on
  EXPECT_EQ(l.limit(1000), 1250U);
  window(l, 1, 100, 10);  // up; 10 instructions per SIB, as before: no fall
  EXPECT_EQ(l.limit(2000), 1500U);
  window(l, 2, 100, 50);  // up; 2 per SIB < 0.8 x 10: down two steps
  EXPECT_EQ(l.limit(3000), 1250U);
  window(l, 3, 100, 0);  // no SIB: nothing changes
  EXPECT_EQ(l.limit(4000), 1250U);
  window(l, 4, 100, 10);  // up; finite after infinite: down two steps
  EXPECT_EQ(l.limit(5000), 1000U);
  window(l, 5, 100, 50);  // up; 2 < 0.8 x 10: down, clamped at the minimum
  EXPECT_EQ(l.limit(6000), 1000U);
  // Windows of steady spinning climb to the maximum and stay there.
  for (std::uint64_t w = 6; w < 60; ++w) window(l, w, 100, 10);
  EXPECT_EQ(l.limit(60000), 10000U);
  // Idle windows (cycles skipped) change nothing.
  EXPECT_EQ(l.limit(500000), 10000U);
}

TEST(BowsDelayLimit, FixedLimitNeverChanges) {
  BowsDelayLimit l(fixed(700));
  for (std::uint64_t w = 0; w < 5; ++w) window(l, w, 100, 90);
  EXPECT_EQ(l.limit(10000), 700U);
  EXPECT_EQ(l.changes(), 0U);
}

TEST(BowsScheduler, WrapsAnyBasePolicy) {
  std::vector<WarpFacts> facts(4);
  for (std::size_t i = 0; i < 4; ++i) {
    facts[i].active = true;
    facts[i].age = 100 - i;  // warp 3 is the oldest
  }
  BackOff b(fixed(0), 4);
  SchedulerConfig c;
  c.policy = WarpScheduler::Gto;
  auto s = make_scheduler(c, {0, 1, 2, 3}, facts, &b);
  std::vector<std::uint32_t> o;
  s->issued(1);
  s->order(o);
  EXPECT_EQ(o, (std::vector<std::uint32_t>{1, 3, 2, 0}));  // greedy, then oldest
  b.issued(1, 0, true);  // warp 1 executed a SIB
  s->order(o);
  EXPECT_EQ(o, (std::vector<std::uint32_t>{3, 2, 0, 1}));
  b.issued(3, 1, true);
  s->order(o);
  EXPECT_EQ(o, (std::vector<std::uint32_t>{2, 0, 1, 3}));
  c.policy = WarpScheduler::Lrr;
  auto lrr = make_scheduler(c, {0, 1, 2, 3}, facts, &b);
  lrr->issued(0);
  lrr->order(o);
  EXPECT_EQ(o, (std::vector<std::uint32_t>{2, 0, 1, 3}));  // round robin from 1, backed off last
}

}  // namespace
}  // namespace lockstep::sim
