// Unit tests of the steps under Algorithm 1 on hand-built CFGs
// (tests/frontend/cfg_builder.hpp): the point order and its join, control
// dependence, branch sides (Listing 1's P_{T→R}), barrier-cut reachability
// and ReachBrSet, and the region P_{A→S} of Algorithms 3 and 5.
#include <gtest/gtest.h>

#include "checker/detect/block_set.hpp"
#include "checker/detect/control_dependence.hpp"
#include "checker/detect/memory_access.hpp"
#include "checker/detect/point.hpp"
#include "checker/detect/reachability.hpp"
#include "checker/detect/regions.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::checker {
namespace {

using test::build_cfg;

// A diamond inside a loop, then a tail:
//   H: loop header, branches to A or B; A and B join at J; J loops back to H
//   or falls to T.
constexpr const char* kLoopDiamond = R"(
E: mov %r1, %tid.x
H: ? B
A: add %r2, %r1, 1; -> J
B: add %r2, %r1, 2
J: ? H
T: exit
)";

TEST(DetectSteps, PointJoinAndAfter) {
  const auto k = build_cfg(kLoopDiamond);
  const auto a = analysis::analyze_kernel(k.kernel);
  const PointOrder p(k.kernel, a);
  const std::uint32_t ja = k.first_pc("A"), jb = k.first_pc("B"), jj = k.first_pc("J");
  EXPECT_EQ(p.join(ja, jb), jj);                       // the diamond's join
  EXPECT_EQ(p.join(ja, ja + 1), ja + 1);               // same block: the later point
  EXPECT_EQ(p.join(jj, k.first_pc("T")), k.first_pc("T"));
  EXPECT_EQ(p.join(ja, analysis::kExitPc), analysis::kExitPc);
  EXPECT_TRUE(p.post_dominates(jj, ja));
  EXPECT_FALSE(p.post_dominates(ja, jj));
  EXPECT_TRUE(p.post_dominates(analysis::kExitPc, ja));
  // After the last instruction of a block: the start of its IPDOM.
  EXPECT_EQ(p.after(k.last_pc("A")), jj);
  EXPECT_EQ(p.after(k.first_pc("A")), k.first_pc("A") + 1);
}

TEST(DetectSteps, ControlDependence) {
  const auto k = build_cfg(kLoopDiamond);
  const auto a = analysis::analyze_kernel(k.kernel);
  const ControlDependence cd(k.kernel, a);
  auto deps = [&](const char* b) {
    auto s = cd.of(k.block(b));
    return std::vector<std::uint32_t>(s.begin(), s.end());
  };
  EXPECT_EQ(deps("A"), std::vector<std::uint32_t>{k.block("H")});
  EXPECT_EQ(deps("B"), std::vector<std::uint32_t>{k.block("H")});
  // The loop body depends on the latch (it runs again only if J loops).
  EXPECT_EQ(deps("H"), std::vector<std::uint32_t>{k.block("J")});
  EXPECT_EQ(deps("J"), std::vector<std::uint32_t>{k.block("J")});
  EXPECT_TRUE(deps("T").empty());
  EXPECT_TRUE(deps("E").empty());
}

TEST(DetectSteps, BranchSidesStopAtTheReconvergenceBlock) {
  const auto k = build_cfg(kLoopDiamond);
  const auto a = analysis::analyze_kernel(k.kernel);
  const auto sides = branch_sides(k.kernel, a, a.uniformity, true);
  ASSERT_EQ(sides.size(), 2U);
  const BranchSides& h = sides[0];
  EXPECT_EQ(h.pc, k.last_pc("H"));
  EXPECT_EQ(h.reconv_block, k.block("J"));
  ASSERT_EQ(h.sides.size(), 2U);
  EXPECT_EQ(h.sides[0].elements(), std::vector<std::uint32_t>{k.block("B")});  // taken
  EXPECT_EQ(h.sides[1].elements(), std::vector<std::uint32_t>{k.block("A")});  // fall-through
  // The latch's taken side runs around the loop until it reaches T.
  const BranchSides& j = sides[1];
  EXPECT_EQ(j.reconv_block, k.block("T"));
  EXPECT_EQ(j.sides[0].elements(), (std::vector<std::uint32_t>{k.block("H"), k.block("A"), k.block("B"),
                                                                k.block("J")}));
  EXPECT_TRUE(j.sides[1].empty());
}

TEST(DetectSteps, ReachabilityStopsInsideABarrierBlock) {
  const auto k = build_cfg(R"(
S: mov %r1, 1
P: ? Q
M: add %r2, %r1, 1; bar.sync 0; add %r3, %r1, 2
Q: add %r4, %r1, 3
X: exit
)");
  std::vector<std::uint32_t> first_barrier(k.kernel.blocks.size(), analysis::kNone);
  for (const auto& b : k.kernel.blocks)
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc; ++pc)
      if (is_cta_barrier(k.kernel.code[pc]) && first_barrier[b.id] == analysis::kNone) first_barrier[b.id] = pc;
  const std::uint32_t start[] = {k.block("P")};
  const BarrierCutReach r(k.kernel, first_barrier, start);
  const std::uint32_t m = k.block("M");
  EXPECT_TRUE(r.reaches(m, k.first_pc("M")));           // before the barrier
  EXPECT_FALSE(r.reaches(m, k.first_pc("M") + 2));      // after it
  EXPECT_FALSE(r.passes(k.kernel, m));
  EXPECT_TRUE(r.reaches(k.block("Q"), k.first_pc("Q")));  // through P's other edge
  EXPECT_FALSE(r.reaches(k.block("S"), k.first_pc("S")));
  // ReachBrSet of Q: P's branch is on the barrier-free path.
  EXPECT_EQ(r.branches_to(k.kernel, k.block("Q")), std::vector<std::uint32_t>{k.last_pc("P")});
  // Nothing passes M, so its successors are only reached through P.
  EXPECT_TRUE(r.branches_to(k.kernel, k.block("M")).size() == 1);
}

TEST(DetectSteps, BlockSetOperations) {
  BlockSet a(130), b(130);
  EXPECT_TRUE(a.empty());
  EXPECT_TRUE(a.insert(3));
  EXPECT_FALSE(a.insert(3));
  a.insert(129);
  b.insert(3);
  EXPECT_TRUE(b.subset_of(a));
  EXPECT_FALSE(a.subset_of(b));
  b.unite(a);
  EXPECT_EQ(b.elements(), (std::vector<std::uint32_t>{3, 129}));
  EXPECT_EQ(b.count(), 2U);
  EXPECT_FALSE(b.contains(130));
}

}  // namespace
}  // namespace lockstep::checker
