// Loop detection on hand-built CFGs: natural loops, nesting, irreducible regions.
#include <gtest/gtest.h>

#include <vector>

#include "frontend/analysis/loops.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::analysis {
namespace {

using test::build_cfg;
using test::BuiltKernel;
using V = std::vector<std::uint32_t>;

LoopInfo loops_of(const BuiltKernel& k) { return find_loops(k.kernel, dominator_tree(k.kernel)); }

TEST(Loops, NoLoops) {
  const auto k = build_cfg(R"(
    A: ? C
    B: -> D
    C:
    D: exit
  )");
  const auto li = loops_of(k);
  EXPECT_EQ(li.size(), 0U);
  EXPECT_EQ(li.innermost(k.block("A")), kNone);
  EXPECT_EQ(li.depth(k.block("D")), 0U);
}

TEST(Loops, SingleLoop) {
  // A -> H -> B -> {H, X}
  const auto k = build_cfg(R"(
    A:
    H:
    B: ? H
    X: exit
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 1U);
  const Loop& l = li.loop(0);
  EXPECT_EQ(l.header, k.block("H"));
  EXPECT_EQ(l.blocks, (k.ids({"H", "B"})));
  EXPECT_EQ(l.entries, (k.ids({"H"})));
  EXPECT_EQ(l.latches, (k.ids({"B"})));
  EXPECT_EQ(l.exiting, (k.ids({"B"})));
  EXPECT_EQ(l.exits, (k.ids({"X"})));
  EXPECT_TRUE(l.kernel_exiting.empty());
  EXPECT_TRUE(l.reducible);
  EXPECT_EQ(l.parent, kNone);
  EXPECT_EQ(l.depth, 1U);
  EXPECT_EQ(li.innermost(k.block("B")), 0U);
  EXPECT_EQ(li.innermost(k.block("A")), kNone);
  EXPECT_EQ(li.loop_with_header(k.block("H")), 0U);
  EXPECT_EQ(li.loop_with_header(k.block("B")), kNone);
  EXPECT_TRUE(li.contains(0, k.block("H")));
  EXPECT_FALSE(li.contains(0, k.block("X")));
}

TEST(Loops, SelfLoop) {
  const auto k = build_cfg(R"(
    A:
    S: ? S
    X: exit
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 1U);
  EXPECT_EQ(li.loop(0).header, k.block("S"));
  EXPECT_EQ(li.loop(0).blocks, (k.ids({"S"})));
  EXPECT_EQ(li.loop(0).latches, (k.ids({"S"})));
  EXPECT_EQ(li.loop(0).exits, (k.ids({"X"})));
  EXPECT_EQ(li.loop(0).exiting, (k.ids({"S"})));
  EXPECT_TRUE(li.loop(0).reducible);
}

TEST(Loops, NestedLoops) {
  // for (..) { for (..) { I } ; M }: outer header H1, inner header H2.
  const auto k = build_cfg(R"(
    A:
    H1: ? X
    H2: ? M
    I: -> H2
    M: -> H1
    X: exit
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 2U);
  const Loop& outer = li.loop(0);
  const Loop& inner = li.loop(1);
  EXPECT_EQ(outer.header, k.block("H1"));
  EXPECT_EQ(outer.blocks, (k.ids({"H1", "H2", "I", "M"})));
  EXPECT_EQ(outer.latches, (k.ids({"M"})));
  EXPECT_EQ(outer.exits, (k.ids({"X"})));
  EXPECT_EQ(outer.exiting, (k.ids({"H1"})));
  EXPECT_EQ(outer.children, (V{1}));
  EXPECT_EQ(inner.header, k.block("H2"));
  EXPECT_EQ(inner.blocks, (k.ids({"H2", "I"})));
  EXPECT_EQ(inner.latches, (k.ids({"I"})));
  EXPECT_EQ(inner.exits, (k.ids({"M"})));
  EXPECT_EQ(inner.parent, 0U);
  EXPECT_EQ(inner.depth, 2U);
  EXPECT_EQ(li.innermost(k.block("I")), 1U);
  EXPECT_EQ(li.innermost(k.block("M")), 0U);
  EXPECT_EQ(li.depth(k.block("I")), 2U);
  EXPECT_TRUE(li.contains(0, k.block("I")));
  EXPECT_FALSE(li.contains(1, k.block("M")));
}

TEST(Loops, MultipleLatchesMergeIntoOneLoop) {
  // Two back edges to H (continue from B, and the bottom latch C).
  const auto k = build_cfg(R"(
    A:
    H:
    B: ? H
    C: ? H
    X: exit
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 1U);
  EXPECT_EQ(li.loop(0).blocks, (k.ids({"H", "B", "C"})));
  EXPECT_EQ(li.loop(0).latches, (k.ids({"B", "C"})));
  EXPECT_EQ(li.loop(0).exiting, (k.ids({"C"})));
  EXPECT_TRUE(li.loop(0).reducible);
}

TEST(Loops, MultipleExits) {
  // while (c1) { if (c2) break-to-Y; B2 } X: ...; Y: ...
  const auto k = build_cfg(R"(
    A:
    H: ? X
    B: ? Y
    B2: -> H
    X: exit
    Y: @%q exit
    Z: ret
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 1U);
  const Loop& l = li.loop(0);
  EXPECT_EQ(l.blocks, (k.ids({"H", "B", "B2"})));
  EXPECT_EQ(l.exits, (k.ids({"X", "Y"})));
  EXPECT_EQ(l.exiting, (k.ids({"H", "B"})));
  EXPECT_EQ(l.latches, (k.ids({"B2"})));
}

TEST(Loops, ExitFromInsideTheLoopIsReportedAsKernelExiting) {
  const auto k = build_cfg(R"(
    A:
    H: @%q exit
    B: ? H
    X: exit
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 1U);
  EXPECT_EQ(li.loop(0).kernel_exiting, (k.ids({"H"})));
  EXPECT_EQ(li.loop(0).exiting, (k.ids({"B"})));
}

TEST(Loops, IrreducibleTwoEntryCycle) {
  // A -> {B, C}; B <-> C; C -> X. Both B and C are entered from A.
  const auto k = build_cfg(R"(
    A: ? C
    B: -> C
    C: ? B
    X: exit
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 1U);
  const Loop& l = li.loop(0);
  EXPECT_FALSE(l.reducible);
  EXPECT_EQ(l.blocks, (k.ids({"B", "C"})));
  EXPECT_EQ(l.entries, (k.ids({"B", "C"})));
  // The header is the entry first in reverse postorder: A's branch target C
  // is visited first by the DFS, so B finishes first and C comes first in RPO.
  const auto dom = dominator_tree(k.kernel);
  const std::uint32_t first = dom.rpo_index(k.block("B")) < dom.rpo_index(k.block("C")) ? k.block("B") : k.block("C");
  EXPECT_EQ(l.header, first);
  EXPECT_EQ(l.header, k.block("C"));
  EXPECT_EQ(l.latches, (k.ids({"B"})));
  EXPECT_EQ(l.exits, (k.ids({"X"})));
  EXPECT_EQ(l.exiting, (k.ids({"C"})));
}

TEST(Loops, NaturalLoopNestedInAnIrreducibleRegion) {
  // A -> {B, C}; B -> C; C -> D; D -> {D (self loop), E}; E -> {B, X}.
  // {B, C, D, E} has entries B and C; removing its header leaves the
  // natural self-loop at D inside it.
  const auto k = build_cfg(R"(
    A: ? C
    B:
    C:
    D: ? D
    E: ? B
    X: exit
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 2U);
  const Loop& outer = li.loop(0);
  EXPECT_FALSE(outer.reducible);
  EXPECT_EQ(outer.blocks, (k.ids({"B", "C", "D", "E"})));
  EXPECT_EQ(outer.entries, (k.ids({"B", "C"})));
  EXPECT_EQ(outer.exits, (k.ids({"X"})));
  const Loop& inner = li.loop(1);
  EXPECT_TRUE(inner.reducible);
  EXPECT_EQ(inner.header, k.block("D"));
  EXPECT_EQ(inner.blocks, (k.ids({"D"})));
  EXPECT_EQ(inner.parent, 0U);
  EXPECT_EQ(inner.depth, 2U);
  EXPECT_EQ(outer.children, (V{1}));
}

TEST(Loops, IrreducibleRegionInsideANaturalLoop) {
  // Outer natural loop H -> ... -> L -> H containing an irreducible pair {P, Q}.
  const auto k = build_cfg(R"(
    A:
    H: ? Q
    P: ? Q
    L0: -> L
    Q: ? P
    L: ? H
    X: exit
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 2U);
  EXPECT_TRUE(li.loop(0).reducible);
  EXPECT_EQ(li.loop(0).header, k.block("H"));
  EXPECT_EQ(li.loop(0).blocks, (k.ids({"H", "P", "L0", "Q", "L"})));
  EXPECT_FALSE(li.loop(1).reducible);
  EXPECT_EQ(li.loop(1).blocks, (k.ids({"P", "Q"})));
  EXPECT_EQ(li.loop(1).entries, (k.ids({"P", "Q"})));
  EXPECT_EQ(li.loop(1).parent, 0U);
}

TEST(Loops, UnreachableCycleIsIgnored) {
  const auto k = build_cfg(R"(
    A: exit
    U: -> V
    V: -> U
  )");
  const auto li = loops_of(k);
  EXPECT_EQ(li.size(), 0U);
  EXPECT_EQ(li.innermost(k.block("U")), kNone);
}

TEST(Loops, InfiniteLoopHasNoExits) {
  const auto k = build_cfg(R"(
    A:
    H:
    B: -> H
  )");
  const auto li = loops_of(k);
  ASSERT_EQ(li.size(), 1U);
  EXPECT_TRUE(li.loop(0).exits.empty());
  EXPECT_TRUE(li.loop(0).exiting.empty());
  EXPECT_EQ(li.loop(0).latches, (k.ids({"B"})));
}

}  // namespace
}  // namespace lockstep::analysis
