// The PC-selection heuristics driven with outcomes (research
// 002-heuristics.md §2; docs/models/heuristics.md): each rule's choice on
// crafted states, Lee's future list, Long's fetch histories and their ties,
// PostDom's reconvergence marks, round-robin's rotation.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "model_kit.hpp"
#include "semantics/model/model_heuristic.hpp"

namespace lockstep::sem::test {
namespace {

constexpr std::uint32_t kCode = 100;

/// Tables for a kernel of kCode instructions in blocks of 10 (block starts 0, 10, ...).
std::shared_ptr<PcTables> tables() {
  auto t = std::make_shared<PcTables>();
  for (std::uint32_t pc = 0; pc < kCode; ++pc) {
    t->block_start.push_back(pc / 10 * 10);
    t->depth.push_back(0);
    t->stack.push_back(0);
    t->priority.push_back(1);
  }
  return t;
}

ModelHeuristic make(Heuristic rule, std::shared_ptr<PcTables> t = tables(), std::uint32_t fhb = 4) {
  return ModelHeuristic(rule, fhb, std::move(t));
}

TEST(HeuristicModel, MinPcRunsTheSmallestPc) {
  ModelFixture f(kCode);
  const ModelHeuristic m = make(Heuristic::MinPc);
  auto s = m.init(f.ctx, 0b1111, 0);
  EXPECT_EQ(m.enabled(s), 0b0001U);
  m.retire(f.ctx, s, 0, two(30, 0b0011, 20, 0b1100));
  EXPECT_EQ(m.unit(s, 2).pc, 20U);
  EXPECT_EQ(m.unit(s, 2).threads, 0b1100U);
  EXPECT_EQ(m.enabled(s), 0b0100U);
  m.retire(f.ctx, s, 2, one(30, 0b1100));  // both at 30: one group
  EXPECT_EQ(m.unit(s, 0).threads, 0b1111U);
}

TEST(HeuristicModel, StackSizeCallDepthAndPathPriorityComeFirst) {
  ModelFixture f(kCode);
  auto t = tables();
  t->stack[30] = 16;    // pc 30 is inside a call: MinSP-MinPC runs the largest stack first
  t->depth[40] = 1;     // pc 40 is one call deeper: MaxFun-MinPC
  t->priority[50] = 5;  // pc 50's block has the longest path to the end: LongestPath
  const auto first = [&](Heuristic h, std::uint32_t other) {
    const ModelHeuristic m = make(h, t);
    auto s = m.init(f.ctx, 0b1111, 0);
    m.retire(f.ctx, s, 0, two(other, 0b0011, 10, 0b1100));
    return m.unit(s, lowest_lane(m.enabled(s))).pc;
  };
  EXPECT_EQ(first(Heuristic::MinSpMinPc, 30), 30U);
  EXPECT_EQ(first(Heuristic::MaxFunMinPc, 40), 40U);
  EXPECT_EQ(first(Heuristic::LongestPath, 50), 50U);
  EXPECT_EQ(first(Heuristic::MinPc, 50), 10U);       // the same states under MinPC
  EXPECT_EQ(first(Heuristic::MinSpMinPc, 40), 10U);  // equal stacks: the smaller PC
}

TEST(HeuristicModel, LeeDefersThreadsThatJumpedBackwards) {
  ModelFixture f(kCode);
  const ModelHeuristic m = make(Heuristic::Lee);
  auto s = m.init(f.ctx, 0b1111, 20);
  m.retire(f.ctx, s, 0, two(10, 0b0011, 21, 0b1100));  // 0,1 jump back: `future`
  EXPECT_EQ(s.future, 0b0011U);
  EXPECT_EQ(m.unit(s, 2).pc, 21U);  // not the smaller PC 10: those threads are in `future`
  m.retire(f.ctx, s, 2, exits(0b1100));  // only `future` threads are left: swap
  EXPECT_EQ(m.unit(s, 0).pc, 10U);
  EXPECT_EQ(s.future, 0U);
}

TEST(HeuristicModel, RoundRobinIssuesOneThreadAtATimeInLaneOrder) {
  ModelFixture f(kCode);
  const ModelHeuristic m = make(Heuristic::RoundRobin);
  auto s = m.init(f.ctx, 0b1011, 0);
  std::vector<unsigned> order;
  for (int i = 0; i < 6; ++i) {
    const Mask en = m.enabled(s);
    ASSERT_EQ(lane_count(en), 1U);
    const unsigned key = lowest_lane(en);
    EXPECT_EQ(m.unit(s, key).threads, lane_bit(key));
    order.push_back(key);
    m.retire(f.ctx, s, key, one(m.unit(s, key).pc + 1, lane_bit(key)));
  }
  EXPECT_EQ(order, (std::vector<unsigned>{0, 1, 3, 0, 1, 3}));
}

TEST(HeuristicModel, LongRunsTheBlockOtherThreadsHaveSeen) {
  // Threads 0,1 ran block 20 and went on to 40; threads 2,3 are in block 20
  // now, threads 0,1 in block 40. Block 20 is in two other threads'
  // histories: it runs first.
  ModelFixture f(kCode);
  const ModelHeuristic m = make(Heuristic::Long);
  auto s = m.init(f.ctx, 0b1111, 0);
  m.retire(f.ctx, s, 0, one(10, 0b1111));
  m.retire(f.ctx, s, 0, two(20, 0b0011, 30, 0b1100));
  EXPECT_EQ(m.unit(s, 0).pc, 20U);  // a tie (each block is in one other thread's history): block order
  m.retire(f.ctx, s, 0, one(40, 0b0011));
  EXPECT_EQ(m.unit(s, 2).pc, 30U);  // a tie again: the block after the last one run (20) is 30
  m.retire(f.ctx, s, 2, one(20, 0b1100));
  EXPECT_EQ(m.unit(s, 2).pc, 20U);  // block 20 is in every other thread's history: priority 3 beats 1
  EXPECT_EQ(s.fhb.size(), 4U * kWarpSize);
}

TEST(HeuristicModel, PdomMarksHoldThreadsUntilTheWholeBranchArrives) {
  ModelFixture f(kCode);
  f.table.set(0, 50);
  const ModelHeuristic m = make(Heuristic::PdomMinSp);
  auto s = m.init(f.ctx, 0b1111, 0);
  m.retire(f.ctx, s, 0, two(30, 0b0011, 10, 0b1100));
  ASSERT_EQ(s.marks.size(), 1U);
  m.retire(f.ctx, s, 2, one(50, 0b1100));  // 2,3 arrive at the mark and wait
  EXPECT_EQ(s.waiting, 0b1100U);
  EXPECT_EQ(m.enabled(s), 0b0001U);
  std::vector<WaitInfo> w;
  m.explain(s, w);
  EXPECT_EQ(w.back().kind, WaitKind::Reconverge);
  m.retire(f.ctx, s, 0, one(50, 0b0011));  // all arrived: the mark pops
  EXPECT_TRUE(s.marks.empty());
  EXPECT_EQ(m.unit(s, 0).threads, 0b1111U);
  // Under minpc (no marks) the first arrival would run on alone.
  const ModelHeuristic minpc = make(Heuristic::MinPc);
  auto t = minpc.init(f.ctx, 0b1111, 0);
  minpc.retire(f.ctx, t, 0, two(30, 0b0011, 10, 0b1100));
  minpc.retire(f.ctx, t, 2, one(50, 0b1100));
  EXPECT_EQ(minpc.unit(t, 0).pc, 30U);
}

TEST(HeuristicModel, BarriersBlockLikeMimd) {
  ModelFixture f(kCode);
  const ModelHeuristic m = make(Heuristic::MinPc);
  auto s = m.init(f.ctx, 0b1111, 0);
  m.retire(f.ctx, s, 0, two(30, 0b0011, 20, 0b1100));
  m.retire(f.ctx, s, 2, blocks(0b1100));
  EXPECT_EQ(m.unit(s, 0).pc, 30U);
  m.release(f.ctx, s, 0b1100, 21);
  EXPECT_EQ(m.unit(s, 2).pc, 21U);
}

}  // namespace
}  // namespace lockstep::sem::test
