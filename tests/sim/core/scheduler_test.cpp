// The warp schedulers' orders: lrr from the warp after the last issued,
// gto greedy then oldest (blocked warps last), glrr greedy then round
// robin, oldest by age, two_level with its active set; and the scoreboard.
#include <gtest/gtest.h>

#include "sim/core/schedulers/warp_scheduler.hpp"
#include "sim/core/scoreboard.hpp"

namespace lockstep::sim {
namespace {

struct Fixture {
  std::vector<WarpFacts> facts;
  explicit Fixture(std::size_t n) : facts(n) {
    for (std::size_t i = 0; i < n; ++i) {
      facts[i].active = true;
      facts[i].age = 100 - i;  // warp 0 is the youngest
    }
  }
  std::unique_ptr<SchedulerUnit> make(WarpScheduler policy, std::uint32_t active = 0, WarpOrder inner = WarpOrder::Lrr,
                                      WarpOrder outer = WarpOrder::Lrr) {
    SchedulerConfig c;
    c.policy = policy;
    c.two_level_active = active;
    c.two_level_inner = inner;
    c.two_level_outer = outer;
    std::vector<std::uint32_t> sup;
    for (std::uint32_t i = 0; i < facts.size(); ++i) sup.push_back(i);
    return make_scheduler(c, sup, facts);
  }
};

std::vector<std::uint32_t> order(SchedulerUnit& s) {
  std::vector<std::uint32_t> o;
  s.order(o);
  return o;
}

TEST(Schedulers, LooseRoundRobin) {
  Fixture f(4);
  auto s = f.make(WarpScheduler::Lrr);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{0, 1, 2, 3}));
  s->issued(1);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{2, 3, 0, 1}));
  s->issued(3);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{0, 1, 2, 3}));
}

TEST(Schedulers, GreedyThenOldest) {
  Fixture f(4);
  auto s = f.make(WarpScheduler::Gto);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{3, 2, 1, 0}));  // oldest first
  s->issued(1);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{1, 3, 2, 0}));  // greedy
  f.facts[3].blocked = true;
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{1, 2, 0, 3}));  // blocked last
  f.facts[1].active = false;
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{2, 0, 3, 1}));  // finished: no greed
}

TEST(Schedulers, GreedyThenLooseRoundRobin) {
  Fixture f(4);
  auto s = f.make(WarpScheduler::Glrr);
  s->issued(2);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{2, 3, 0, 1}));
}

TEST(Schedulers, GreedyThenOldestWithAgeRotation) {
  Fixture f(4);
  SchedulerConfig c;
  c.policy = WarpScheduler::Gto;
  c.gto_rotation = 100;
  auto s = make_scheduler(c, {0, 1, 2, 3}, f.facts);
  s->begin_cycle(99);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{3, 2, 1, 0}));  // oldest first
  s->begin_cycle(100);  // the oldest goes to the back
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{2, 1, 0, 3}));
  s->issued(0);
  s->begin_cycle(150);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{0, 2, 1, 3}));  // greedy first, as ever
  s->begin_cycle(250);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{0, 1, 3, 2}));
  s->begin_cycle(2000);  // a long jump: at most one turn of the warps
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{0, 1, 3, 2}));
  f.facts[3].age = 1000;  // a new warp in slot 3: its demotion is forgotten, it is the youngest
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{0, 1, 2, 3}));
  // Strict GTO never rotates.
  c.gto_rotation = 0;
  Fixture g(3);
  auto strict = make_scheduler(c, {0, 1, 2}, g.facts);
  strict->begin_cycle(1000000);
  EXPECT_EQ(order(*strict), (std::vector<std::uint32_t>{2, 1, 0}));
}

TEST(Schedulers, Oldest) {
  Fixture f(3);
  auto s = f.make(WarpScheduler::Oldest);
  s->issued(0);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{2, 1, 0}));
}

TEST(Schedulers, TwoLevelKeepsAnActiveSet) {
  Fixture f(4);
  auto s = f.make(WarpScheduler::TwoLevel, 2);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{0, 1}));
  f.facts[0].long_pending = true;  // demoted, warp 2 promoted
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{1, 2}));
  s->issued(1);
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{2, 1}));
  f.facts[0].long_pending = false;
  f.facts[2].active = false;  // finished: warp 3 comes in (the queue's order)
  EXPECT_EQ(order(*s), (std::vector<std::uint32_t>{3, 1}));
}

TEST(Scoreboard, ReadAfterWriteAndWriteAfterWrite) {
  Scoreboard sb(2, 8);
  const std::uint32_t r3[] = {3};
  const std::uint32_t r4[] = {4};
  EXPECT_FALSE(sb.collides(0, r3, r4));
  sb.reserve(0, r3, true);
  EXPECT_TRUE(sb.collides(0, r3, {}));  // read after write
  EXPECT_TRUE(sb.collides(0, {}, r3));  // write after write
  EXPECT_FALSE(sb.collides(1, r3, r3)); // per warp
  EXPECT_TRUE(sb.long_pending(0));
  sb.release(0, r3);
  EXPECT_FALSE(sb.any_pending(0));
  EXPECT_FALSE(sb.collides(0, r3, r4));
}

}  // namespace
}  // namespace lockstep::sim
