// ssde_groups and loop_back_edges on hand-built CFGs (cfg_builder.hpp) with
// hand-written SafePDom results: grouping by point, order, back edges of
// reducible loops with several latches and of irreducible loops.
#include <gtest/gtest.h>

#include <stdexcept>

#include "checker/pipeline/ssde_groups.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::checker {
namespace {

using analysis::Edge;

LoopSafePdom flagged_at(std::uint32_t loop, std::uint32_t point, bool flagged = true) {
  LoopSafePdom s;
  s.loop = loop;
  s.flagged = flagged;
  s.point = point;
  return s;
}

// Two sequential loops: H1 with two latches (X1, Y1), then a self-loop H2.
constexpr const char* kTwoLoops = R"(
  E: mov %r1, 0
  H1: add %r1, %r1, 1
  X1: ? H1
  Y1: ? H1
  H2: ? H2
  Z: exit
)";

TEST(LoopBackEdges, EveryLatchOfAReducibleLoop) {
  const auto k = test::build_cfg(kTwoLoops);
  const auto a = analysis::analyze_kernel(k.kernel);
  ASSERT_EQ(a.loops.size(), 2U);
  const std::uint32_t h1 = k.block("H1");
  EXPECT_EQ(loop_back_edges(a, a.loops.loop_with_header(h1)),
            (std::vector<Edge>{{k.block("X1"), h1}, {k.block("Y1"), h1}}));
  const std::uint32_t h2 = k.block("H2");
  EXPECT_EQ(loop_back_edges(a, a.loops.loop_with_header(h2)), (std::vector<Edge>{{h2, h2}}));
}

TEST(LoopBackEdges, EveryEdgeIntoAnEntryOfAnIrreducibleLoop) {
  // B and C form a cycle entered at both: A -> C, A -> B.
  const auto k = test::build_cfg(R"(
    A: ? C
    B: -> C
    C: ? B
    D: exit
  )");
  const auto a = analysis::analyze_kernel(k.kernel);
  ASSERT_EQ(a.loops.size(), 1U);
  ASSERT_FALSE(a.loops.loop(0).reducible);
  const std::uint32_t b = k.block("B");
  const std::uint32_t c = k.block("C");
  EXPECT_EQ(loop_back_edges(a, 0), (std::vector<Edge>{{b, c}, {c, b}}));
}

TEST(SsdeGroups, NothingFlaggedGivesNoGroup) {
  const auto k = test::build_cfg(kTwoLoops);
  const auto a = analysis::analyze_kernel(k.kernel);
  SafePdoms s;
  s.loops = {flagged_at(0, k.first_pc("Z"), false), flagged_at(1, k.first_pc("Z"), false)};
  EXPECT_TRUE(ssde_groups(k.kernel, a, s).empty());
}

TEST(SsdeGroups, LoopsSharingAPointShareAGroup) {
  const auto k = test::build_cfg(kTwoLoops);
  const auto a = analysis::analyze_kernel(k.kernel);
  const std::uint32_t z = k.first_pc("Z");
  SafePdoms s;
  s.loops = {flagged_at(1, z), flagged_at(0, z)};  // any order in, LoopInfo order out
  const auto groups = ssde_groups(k.kernel, a, s);
  ASSERT_EQ(groups.size(), 1U);
  EXPECT_EQ(groups[0].point, z);
  ASSERT_EQ(groups[0].loops.size(), 2U);
  EXPECT_EQ(groups[0].loops[0].loop, 0U);
  EXPECT_EQ(groups[0].loops[1].loop, 1U);
  const std::uint32_t h0 = a.loops.loop(0).header;
  EXPECT_EQ(groups[0].loops[0].header, h0);
  EXPECT_EQ(groups[0].loops[0].back_edges, loop_back_edges(a, 0));
}

TEST(SsdeGroups, GroupsOrderedByPointWithTheVirtualExitLast) {
  const auto k = test::build_cfg(kTwoLoops);
  const auto a = analysis::analyze_kernel(k.kernel);
  const std::uint32_t h2 = k.first_pc("H2");
  SafePdoms s;
  s.loops = {flagged_at(0, analysis::kExitPc), flagged_at(1, h2)};
  const auto groups = ssde_groups(k.kernel, a, s);
  ASSERT_EQ(groups.size(), 2U);
  EXPECT_EQ(groups[0].point, h2);
  EXPECT_EQ(groups[0].loops[0].loop, 1U);
  EXPECT_EQ(groups[1].point, analysis::kExitPc);
  EXPECT_EQ(groups[1].loops[0].loop, 0U);
}

TEST(SsdeGroups, OnlyFlaggedLoopsAreTransformed) {
  const auto k = test::build_cfg(kTwoLoops);
  const auto a = analysis::analyze_kernel(k.kernel);
  SafePdoms s;
  s.loops = {flagged_at(0, k.first_pc("Z"), false), flagged_at(1, k.first_pc("Z"))};
  const auto groups = ssde_groups(k.kernel, a, s);
  ASSERT_EQ(groups.size(), 1U);
  ASSERT_EQ(groups[0].loops.size(), 1U);
  EXPECT_EQ(groups[0].loops[0].loop, 1U);
}

TEST(SsdeGroups, APointOutsideTheKernelIsRejected) {
  const auto k = test::build_cfg(kTwoLoops);
  const auto a = analysis::analyze_kernel(k.kernel);
  SafePdoms s;
  s.loops = {flagged_at(0, static_cast<std::uint32_t>(k.kernel.code.size()))};
  EXPECT_THROW((void)ssde_groups(k.kernel, a, s), std::invalid_argument);
}

}  // namespace
}  // namespace lockstep::checker
