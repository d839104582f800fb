// Thread-block prioritisation for thread block compaction (research 001
// §3.8): tbc_age tries the oldest block's warps first, tbc_rrb rotates the
// block order every cycle, tbc_srr keeps the block that issued first until
// a cycle in which it did not; within a block, loose round robin. And
// dynamic warp formation's majority policy.
#include <gtest/gtest.h>

#include "sim/core/schedulers/warp_scheduler.hpp"

namespace lockstep::sim {
namespace {

/// Six warps: warps 0-1 of block age 2, 2-3 of age 0, 4-5 of age 1.
struct Blocks {
  std::vector<WarpFacts> facts = std::vector<WarpFacts>(6);
  Blocks() {
    const std::uint64_t age[] = {2, 2, 0, 0, 1, 1};
    for (std::size_t i = 0; i < facts.size(); ++i) {
      facts[i].active = true;
      facts[i].age = i;
      facts[i].block_age = age[i];
    }
  }
  std::unique_ptr<SchedulerUnit> make(WarpScheduler policy) {
    SchedulerConfig c;
    c.policy = policy;
    return make_scheduler(c, {0, 1, 2, 3, 4, 5}, facts);
  }
};

std::vector<std::uint32_t> order(SchedulerUnit& s, Cycle now) {
  std::vector<std::uint32_t> o;
  s.begin_cycle(now);
  s.order(o);
  return o;
}

using Order = std::vector<std::uint32_t>;

TEST(BlockPriority, AgeOldestBlockFirstRoundRobinWithin) {
  Blocks b;
  auto s = b.make(WarpScheduler::TbcAge);
  EXPECT_EQ(order(*s, 0), (Order{2, 3, 4, 5, 0, 1}));
  s->issued(2);
  EXPECT_EQ(order(*s, 1), (Order{3, 2, 4, 5, 0, 1}));
  s->issued(3);
  EXPECT_EQ(order(*s, 2), (Order{2, 3, 4, 5, 0, 1}));
  b.facts[2].active = b.facts[3].active = false;  // the oldest block finished
  EXPECT_EQ(order(*s, 3), (Order{4, 5, 0, 1, 2, 3}));
}

TEST(BlockPriority, RrbRotatesEveryCycle) {
  Blocks b;
  auto s = b.make(WarpScheduler::TbcRrb);
  EXPECT_EQ(order(*s, 0), (Order{2, 3, 4, 5, 0, 1}));
  EXPECT_EQ(order(*s, 1), (Order{4, 5, 0, 1, 2, 3}));
  EXPECT_EQ(order(*s, 2), (Order{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(order(*s, 3), (Order{2, 3, 4, 5, 0, 1}));
}

TEST(BlockPriority, SrrStickyUntilTheBlockDoesNotIssue) {
  Blocks b;
  auto s = b.make(WarpScheduler::TbcSrr);
  EXPECT_EQ(order(*s, 0), (Order{2, 3, 4, 5, 0, 1}));  // the oldest block starts
  s->issued(4);                                        // another block issued: the oldest did not
  EXPECT_EQ(order(*s, 1), (Order{5, 4, 0, 1, 2, 3}));  // so the next block has priority
  s->issued(5);
  EXPECT_EQ(order(*s, 2), (Order{4, 5, 0, 1, 2, 3}));  // it issued: it keeps it
  s->issued(5);
  EXPECT_EQ(order(*s, 3), (Order{4, 5, 0, 1, 2, 3}));
  EXPECT_EQ(order(*s, 4), (Order{0, 1, 2, 3, 4, 5}));  // nothing issued in cycle 3: the next block
}

// majority (dynamic warp formation's policy): the PC most threads wait at first.
TEST(BlockPriority, MajorityPcWithMostThreadsFirst) {
  Blocks b;
  const std::uint32_t pc[] = {7, 9, 7, 9, 9, 3};
  const std::uint32_t threads[] = {10, 4, 10, 4, 4, 32};
  for (std::size_t i = 0; i < b.facts.size(); ++i) {
    b.facts[i].pc = pc[i];
    b.facts[i].threads = threads[i];
  }
  auto s = b.make(WarpScheduler::Majority);
  EXPECT_EQ(order(*s, 0), (Order{5, 0, 2, 1, 3, 4}));  // pc 3: 32 threads, pc 7: 20, pc 9: 12
  b.facts[5].blocked = true;                           // blocked warps go last
  b.facts[1].threads = 20;                             // pc 9: 28 threads now
  EXPECT_EQ(order(*s, 1), (Order{1, 3, 4, 0, 2, 5}));
}

}  // namespace
}  // namespace lockstep::sim
