// Dominator and post-dominator trees on hand-built CFGs.
#include <gtest/gtest.h>

#include <vector>

#include "frontend/analysis/dominators.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::analysis {
namespace {

using test::build_cfg;
using V = std::vector<std::uint32_t>;

V kids(const DominatorTree& t, std::uint32_t n) {
  auto c = t.children(n);
  return {c.begin(), c.end()};
}

TEST(Dominators, Diamond) {
  const auto k = build_cfg(R"(
    A: ? C
    B: -> D
    C:
    D: exit
  )");
  const auto dom = dominator_tree(k.kernel);
  const std::uint32_t A = k.block("A"), B = k.block("B"), C = k.block("C"), D = k.block("D");
  EXPECT_EQ(dom.idom(A), kNone);
  EXPECT_EQ(dom.idom(B), A);
  EXPECT_EQ(dom.idom(C), A);
  EXPECT_EQ(dom.idom(D), A);
  EXPECT_EQ(kids(dom, A), (V{B, C, D}));
  EXPECT_TRUE(dom.dominates(A, D));
  EXPECT_TRUE(dom.dominates(D, D));
  EXPECT_FALSE(dom.strictly_dominates(D, D));
  EXPECT_FALSE(dom.dominates(B, D));
  EXPECT_FALSE(dom.dominates(C, D));
  EXPECT_EQ(dom.depth(A), 0U);
  EXPECT_EQ(dom.depth(D), 1U);
  EXPECT_EQ(dom.nearest_common_dominator(B, C), A);
  EXPECT_EQ(dom.rpo().front(), A);
  EXPECT_EQ(dom.rpo().size(), 4U);

  const auto pdom = post_dominator_tree(k.kernel);
  EXPECT_EQ(pdom.exit(), 4U);
  EXPECT_EQ(pdom.ipdom(A), D);
  EXPECT_EQ(pdom.ipdom(B), D);
  EXPECT_EQ(pdom.ipdom(C), D);
  EXPECT_EQ(pdom.ipdom(D), pdom.exit());
  EXPECT_EQ(pdom.ipdom(pdom.exit()), kNone);
  EXPECT_TRUE(pdom.post_dominates(D, A));
  EXPECT_FALSE(pdom.post_dominates(B, A));
  EXPECT_TRUE(pdom.post_dominates(pdom.exit(), A));
  EXPECT_EQ(pdom.nearest_common_post_dominator(B, C), D);
  EXPECT_TRUE(pdom.anchors().empty());
}

TEST(Dominators, NestedDiamonds) {
  // A -> {B, E}; B -> {C, D} -> F; E -> F -> G
  const auto k = build_cfg(R"(
    A: ? E
    B: ? D
    C: -> F
    D: -> F
    E:
    F:
    G: exit
  )");
  const auto dom = dominator_tree(k.kernel);
  const auto pdom = post_dominator_tree(k.kernel);
  const std::uint32_t A = k.block("A"), B = k.block("B"), C = k.block("C"), D = k.block("D"),
                      E = k.block("E"), F = k.block("F"), G = k.block("G");
  EXPECT_EQ(dom.idom(C), B);
  EXPECT_EQ(dom.idom(D), B);
  EXPECT_EQ(dom.idom(F), A);
  EXPECT_EQ(dom.idom(G), F);
  EXPECT_EQ(kids(dom, B), (V{C, D}));
  EXPECT_EQ(kids(dom, A), (V{B, E, F}));
  EXPECT_EQ(pdom.ipdom(B), F);  // inner diamond joins at F, which is also the outer join
  EXPECT_EQ(pdom.ipdom(A), F);
  EXPECT_EQ(pdom.ipdom(E), F);
  EXPECT_EQ(pdom.ipdom(F), G);
  EXPECT_EQ(kids(pdom.tree(), F), (V{A, B, C, D, E}));
}

TEST(Dominators, NestedDiamondsWithSeparateJoins) {
  // The inner diamond joins at D before the outer join at F.
  const auto k = build_cfg(R"(
    A: ? E
    B: ? C2
    C1: -> D
    C2:
    D: -> F
    E:
    F: exit
  )");
  const auto pdom = post_dominator_tree(k.kernel);
  EXPECT_EQ(pdom.ipdom(k.block("B")), k.block("D"));
  EXPECT_EQ(pdom.ipdom(k.block("A")), k.block("F"));
  EXPECT_EQ(pdom.ipdom(k.block("D")), k.block("F"));
  const auto dom = dominator_tree(k.kernel);
  EXPECT_EQ(dom.idom(k.block("D")), k.block("B"));
  EXPECT_EQ(dom.idom(k.block("F")), k.block("A"));
}

TEST(Dominators, MultipleExitsUseTheVirtualExit) {
  // A -> {B, C}; B exits; C -> D; D has a guarded exit and falls into E, which returns.
  const auto k = build_cfg(R"(
    A: ? C
    B: exit
    C:
    D: @%q exit
    E: ret
  )");
  const auto pdom = post_dominator_tree(k.kernel);
  const std::uint32_t X = pdom.exit();
  EXPECT_EQ(X, 5U);
  EXPECT_EQ(pdom.ipdom(k.block("A")), X);
  EXPECT_EQ(pdom.ipdom(k.block("B")), X);
  EXPECT_EQ(pdom.ipdom(k.block("C")), k.block("D"));
  EXPECT_EQ(pdom.ipdom(k.block("D")), X);  // it may exit itself or go on to E
  EXPECT_EQ(pdom.ipdom(k.block("E")), X);
  EXPECT_EQ(kids(pdom.tree(), X), (k.ids({"A", "B", "D", "E"})));
  EXPECT_TRUE(k.kernel.blocks[k.block("D")].may_exit);
}

TEST(Dominators, UnreachableBlocksAreOutsideTheDominatorTree) {
  // U is never reached: nothing jumps to it and B does not fall into it.
  const auto k = build_cfg(R"(
    A: ? C
    B: -> C
    U: -> C
    C: exit
  )");
  const auto dom = dominator_tree(k.kernel);
  const std::uint32_t A = k.block("A"), U = k.block("U"), C = k.block("C");
  EXPECT_FALSE(dom.reachable(U));
  EXPECT_EQ(dom.idom(U), kNone);
  EXPECT_EQ(dom.depth(U), kNone);
  EXPECT_EQ(dom.rpo_index(U), kNone);
  EXPECT_FALSE(dom.dominates(A, U));
  EXPECT_FALSE(dom.dominates(U, U));
  EXPECT_EQ(dom.nearest_common_dominator(U, C), kNone);
  EXPECT_EQ(dom.idom(C), A);  // the edge U -> C does not count
  EXPECT_EQ(dom.rpo().size(), 3U);
  // Post-dominance covers it: U still reaches the exit.
  const auto pdom = post_dominator_tree(k.kernel);
  EXPECT_EQ(pdom.ipdom(U), C);
  EXPECT_TRUE(pdom.post_dominates(C, U));
}

TEST(Dominators, InfiniteLoopIsJoinedToTheExitAtItsHeader) {
  // A -> {H, X}; H -> B -> {C, D} -> L -> H forever; X exits.
  const auto k = build_cfg(R"(
    A: ? X
    H:
    B: ? D
    C: -> L
    D:
    L: -> H
    X: exit
  )");
  const auto pdom = post_dominator_tree(k.kernel);
  const std::uint32_t A = k.block("A"), H = k.block("H"), B = k.block("B"), C = k.block("C"),
                      D = k.block("D"), L = k.block("L"), X = k.block("X");
  EXPECT_EQ(std::vector<std::uint32_t>(pdom.anchors().begin(), pdom.anchors().end()), (V{H}));
  EXPECT_EQ(pdom.ipdom(H), pdom.exit());
  EXPECT_EQ(pdom.ipdom(L), H);
  EXPECT_EQ(pdom.ipdom(B), L);  // the diamond in the loop still joins at L
  EXPECT_EQ(pdom.ipdom(C), L);
  EXPECT_EQ(pdom.ipdom(D), L);
  EXPECT_EQ(pdom.ipdom(A), pdom.exit());
  EXPECT_EQ(pdom.ipdom(X), pdom.exit());
  for (std::uint32_t b = 0; b < k.kernel.blocks.size(); ++b) EXPECT_TRUE(pdom.tree().reachable(b)) << b;
}

TEST(Dominators, SelfLoopIsAnchored) {
  // S spins on itself forever: it is joined to the exit, and A's paths
  // (one exits, one spins) only meet there.
  const auto k = build_cfg(R"(
    A: ? S
    B: exit
    S: -> S
  )");
  const auto pdom = post_dominator_tree(k.kernel);
  const std::uint32_t S = k.block("S");
  EXPECT_EQ(std::vector<std::uint32_t>(pdom.anchors().begin(), pdom.anchors().end()), (V{S}));
  EXPECT_EQ(pdom.ipdom(S), pdom.exit());
  EXPECT_EQ(pdom.ipdom(k.block("A")), pdom.exit());
}

TEST(Dominators, OnlyBottomComponentsAreAnchored) {
  // P cannot exit, but it reaches the infinite loop {H, L}: only H is joined
  // to the exit, and P post-dominance goes through H.
  const auto k = build_cfg(R"(
    A: ? P
    E: exit
    P: ? H
    Q:
    H:
    L: -> H
  )");
  const auto pdom = post_dominator_tree(k.kernel);
  const std::uint32_t P = k.block("P"), Q = k.block("Q"), H = k.block("H"), L = k.block("L");
  EXPECT_EQ(std::vector<std::uint32_t>(pdom.anchors().begin(), pdom.anchors().end()), (V{H}));
  EXPECT_EQ(pdom.ipdom(P), H);
  EXPECT_EQ(pdom.ipdom(Q), H);
  EXPECT_EQ(pdom.ipdom(L), H);
}

TEST(Dominators, LoopDominance) {
  // A -> H; H -> {B, X}; B -> H (latch); X exits.
  const auto k = build_cfg(R"(
    A:
    H: ? X
    B: -> H
    X: exit
  )");
  const auto dom = dominator_tree(k.kernel);
  const auto pdom = post_dominator_tree(k.kernel);
  const std::uint32_t A = k.block("A"), H = k.block("H"), B = k.block("B"), X = k.block("X");
  EXPECT_EQ(dom.idom(H), A);
  EXPECT_EQ(dom.idom(B), H);
  EXPECT_EQ(dom.idom(X), H);
  EXPECT_EQ(pdom.ipdom(B), H);
  EXPECT_EQ(pdom.ipdom(H), X);
  EXPECT_EQ(pdom.ipdom(A), H);
  EXPECT_TRUE(pdom.anchors().empty());
}

TEST(Dominators, BrxIdxSuccessors) {
  const auto k = build_cfg(R"(
    A: ?? B C D
    B: -> E
    C: -> E
    D:
    E: exit
  )");
  const auto dom = dominator_tree(k.kernel);
  const auto pdom = post_dominator_tree(k.kernel);
  EXPECT_EQ(k.kernel.blocks[k.block("A")].succs, (k.ids({"B", "C", "D"})));
  EXPECT_EQ(kids(dom, k.block("A")), (k.ids({"B", "C", "D", "E"})));
  EXPECT_EQ(pdom.ipdom(k.block("A")), k.block("E"));
}

}  // namespace
}  // namespace lockstep::analysis
