// Reconvergence points (IPDOM and the NVIDIA variant) and reconvergence tables.
#include <gtest/gtest.h>

#include <vector>

#include "frontend/analysis/reconvergence.hpp"
#include "frontend/analysis/reconvergence_table.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::analysis {
namespace {

using test::build_cfg;
using test::BuiltKernel;

struct Result {
  std::vector<BranchReconvergence> branches;
  ReconvergenceTable ipdom, nvidia;
  std::uint32_t exit = 0;
};

Result analyse(const BuiltKernel& k) {
  const auto dom = dominator_tree(k.kernel);
  const auto pdom = post_dominator_tree(k.kernel);
  Result r;
  r.branches = branch_reconvergence(k.kernel, dom, pdom);
  r.ipdom = ipdom_table(k.kernel, pdom);
  r.nvidia = nvidia_table(k.kernel, dom, pdom);
  r.exit = pdom.exit();
  EXPECT_EQ(r.ipdom, ipdom_table(k.kernel, r.branches));
  return r;
}

const BranchReconvergence& at(const Result& r, std::uint32_t block) {
  for (const auto& b : r.branches)
    if (b.block == block) return b;
  throw std::runtime_error("no branch in block");
}

TEST(Reconvergence, Diamond) {
  const auto k = build_cfg(R"(
    A: ? C
    B: -> D
    C:
    D: exit
  )");
  const auto r = analyse(k);
  ASSERT_EQ(r.branches.size(), 1U);  // the unconditional bra of B is not a conditional branch
  const auto& br = r.branches[0];
  EXPECT_EQ(br.pc, k.last_pc("A"));
  EXPECT_EQ(br.block, k.block("A"));
  EXPECT_EQ(br.targets, (k.ids({"C", "B"})));
  EXPECT_EQ(br.ipdom, k.block("D"));
  EXPECT_EQ(br.ipdom_nvidia, k.block("D"));
  EXPECT_EQ(br.nvidia_anchor, k.block("A"));
  EXPECT_EQ(r.ipdom.find(k.last_pc("A")), k.first_pc("D"));
  EXPECT_EQ(r.nvidia.find(k.last_pc("A")), k.first_pc("D"));
  EXPECT_FALSE(r.ipdom.find(k.last_pc("B")).has_value());
  EXPECT_EQ(r.ipdom.size(), 1U);
}

TEST(Reconvergence, IfWithoutElse) {
  const auto k = build_cfg(R"(
    A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; @%p1 bra J
    T: add %r2, %r1, 1
    J: exit
  )");
  const auto r = analyse(k);
  ASSERT_EQ(r.branches.size(), 1U);
  EXPECT_EQ(r.branches[0].pc, 2U);
  EXPECT_EQ(r.branches[0].targets, (k.ids({"J", "T"})));
  EXPECT_EQ(r.branches[0].ipdom, k.block("J"));
  EXPECT_EQ(r.ipdom.find(2), k.first_pc("J"));
}

TEST(Reconvergence, BreakOutOfALoop) {
  // while (c1) { if (c2) break; L } X: ... -- the break and the loop
  // condition both leave to X.
  const auto k = build_cfg(R"(
    A:
    H: ? X
    B: ? X
    L: -> H
    X: exit
  )");
  const auto r = analyse(k);
  ASSERT_EQ(r.branches.size(), 2U);
  const auto& cond = at(r, k.block("H"));
  const auto& brk = at(r, k.block("B"));
  EXPECT_EQ(cond.ipdom, k.block("X"));
  EXPECT_EQ(cond.ipdom_nvidia, k.block("X"));
  EXPECT_EQ(cond.nvidia_anchor, k.block("H"));
  EXPECT_EQ(brk.targets, (k.ids({"X", "L"})));
  EXPECT_EQ(brk.ipdom, k.block("X"));
  // B does not dominate X (H enters it too): the NVIDIA rule takes the
  // loop header's post-dominator, which is the same block here.
  EXPECT_EQ(brk.ipdom_nvidia, k.block("X"));
  EXPECT_EQ(brk.nvidia_anchor, k.block("H"));
  EXPECT_EQ(r.ipdom.find(brk.pc), k.first_pc("X"));
  EXPECT_EQ(r.nvidia, r.ipdom);
}

TEST(Reconvergence, BreakToItsOwnTarget) {
  // The break goes to Y, past the normal loop exit X (which falls into Y).
  const auto k = build_cfg(R"(
    A:
    H: ? X
    B: ? Y
    L: -> H
    X:
    Y: exit
  )");
  const auto r = analyse(k);
  const auto& cond = at(r, k.block("H"));
  const auto& brk = at(r, k.block("B"));
  EXPECT_EQ(cond.ipdom, k.block("Y"));  // the break bypasses X
  EXPECT_EQ(brk.ipdom, k.block("Y"));
  EXPECT_EQ(brk.ipdom_nvidia, k.block("Y"));
  EXPECT_EQ(brk.nvidia_anchor, k.block("H"));
}

TEST(Reconvergence, NvidiaRuleWhenTheBranchDoesNotDominateItsIpdom) {
  // An unstructured CFG, the shape of Fig. 3.8 (left) with a jump into the
  // join: the inner branch B would reconverge at J, but J is also entered
  // from C, so B does not dominate J. The closest dominating block whose
  // post-dominator is settable is A, which reconverges at K.
  const auto k = build_cfg(R"(
    A: ? C
    B: ? J
    B2: -> J
    C: ? J
    C2: -> K
    J:
    K: exit
  )");
  const auto r = analyse(k);
  ASSERT_EQ(r.branches.size(), 3U);
  const auto& a = at(r, k.block("A"));
  const auto& b = at(r, k.block("B"));
  const auto& c = at(r, k.block("C"));
  EXPECT_EQ(a.ipdom, k.block("K"));
  EXPECT_EQ(a.ipdom_nvidia, k.block("K"));
  EXPECT_EQ(b.ipdom, k.block("J"));
  EXPECT_EQ(b.ipdom_nvidia, k.block("K"));
  EXPECT_EQ(b.nvidia_anchor, k.block("A"));
  EXPECT_EQ(c.ipdom, k.block("K"));
  EXPECT_EQ(c.ipdom_nvidia, k.block("K"));
  EXPECT_EQ(c.nvidia_anchor, k.block("A"));  // C does not dominate K (J enters it)
  EXPECT_EQ(r.ipdom.find(b.pc), k.first_pc("J"));
  EXPECT_EQ(r.nvidia.find(b.pc), k.first_pc("K"));
  EXPECT_NE(r.ipdom, r.nvidia);
}

TEST(Reconvergence, NvidiaRuleSkipsDominatorsThatDoNotQualify) {
  // B's IPDOM J is also entered from M: B does not dominate it. P (idom of B)
  // reconverges at N, which E0 also enters: P does not dominate N. D (idom
  // of P) reconverges at P, which B's paths never reach again: P does not
  // post-dominate B. E0 dominates its IPDOM N, which post-dominates B.
  const auto k = build_cfg(R"(
    E0: ? N
    D:
    P: ? M
    B: ? R
    Q: -> J
    R: -> J
    M: ? N
    J:
    N: exit
  )");
  const auto r = analyse(k);
  const auto& b = at(r, k.block("B"));
  EXPECT_EQ(b.ipdom, k.block("J"));
  EXPECT_EQ(b.ipdom_nvidia, k.block("N"));
  EXPECT_EQ(b.nvidia_anchor, k.block("E0"));
  const auto& p = at(r, k.block("P"));
  EXPECT_EQ(p.ipdom, k.block("N"));
  EXPECT_EQ(p.ipdom_nvidia, k.block("N"));
  EXPECT_EQ(p.nvidia_anchor, k.block("E0"));
  const auto& m = at(r, k.block("M"));
  EXPECT_EQ(m.ipdom, k.block("N"));
  EXPECT_EQ(m.nvidia_anchor, k.block("E0"));
}

TEST(Reconvergence, BrxIdx) {
  const auto k = build_cfg(R"(
    A: mov %r1, %laneid; brx.idx %r1, {B, C, D}
    B: -> E
    C: -> E
    D:
    E: exit
  )");
  const auto r = analyse(k);
  ASSERT_EQ(r.branches.size(), 1U);
  EXPECT_EQ(r.branches[0].pc, 1U);
  EXPECT_EQ(r.branches[0].targets, (k.ids({"B", "C", "D"})));
  EXPECT_EQ(r.branches[0].ipdom, k.block("E"));
  EXPECT_EQ(r.branches[0].ipdom_nvidia, k.block("E"));
  EXPECT_EQ(r.nvidia.find(1), k.first_pc("E"));
}

TEST(Reconvergence, BranchesWhosePathsOnlyMeetAtTheExit) {
  const auto k = build_cfg(R"(
    A: ? C
    B: exit
    C: ret
  )");
  const auto r = analyse(k);
  ASSERT_EQ(r.branches.size(), 1U);
  EXPECT_EQ(r.branches[0].ipdom, r.exit);
  EXPECT_EQ(r.branches[0].ipdom_nvidia, r.exit);
  EXPECT_EQ(r.branches[0].nvidia_anchor, k.block("A"));
  EXPECT_EQ(r.ipdom.find(r.branches[0].pc), kExitPc);
}

TEST(Reconvergence, GuardedBranchToTheNextBlockHasOneTarget) {
  const auto k = build_cfg(R"(
    A: ? B
    B: exit
  )");
  const auto r = analyse(k);
  ASSERT_EQ(r.branches.size(), 1U);
  EXPECT_EQ(r.branches[0].targets, (k.ids({"B"})));
  EXPECT_EQ(r.branches[0].ipdom, k.block("B"));
}

TEST(Reconvergence, LoopBranchReconvergesAtTheLoopExit) {
  // do { ... } while (c): the latch branch's IPDOM is the block after the loop.
  const auto k = build_cfg(R"(
    A:
    H:
    L: ? H
    X: exit
  )");
  const auto r = analyse(k);
  ASSERT_EQ(r.branches.size(), 1U);
  EXPECT_EQ(r.branches[0].ipdom, k.block("X"));
  EXPECT_EQ(r.branches[0].ipdom_nvidia, k.block("X"));
}

TEST(ReconvergenceTable, IsASortedValue) {
  ReconvergenceTable t({{30, 40}, {10, 20}, {20, kExitPc}, {10, 25}});
  ASSERT_EQ(t.size(), 3U);
  EXPECT_EQ(t.entries()[0], (ReconvergenceTable::Entry{10, 25}));  // the last of equal PCs wins
  EXPECT_EQ(t.entries()[1], (ReconvergenceTable::Entry{20, kExitPc}));
  EXPECT_EQ(t.entries()[2], (ReconvergenceTable::Entry{30, 40}));
  EXPECT_EQ(t.find(20), kExitPc);
  EXPECT_FALSE(t.find(15).has_value());
  EXPECT_FALSE(t.contains(31));
  ReconvergenceTable u = t;
  EXPECT_EQ(u, t);
  u.set(15, 16);
  u.set(30, 41);
  EXPECT_NE(u, t);
  EXPECT_EQ(u.size(), 4U);
  EXPECT_EQ(u.find(15), 16U);
  EXPECT_EQ(u.find(30), 41U);
  EXPECT_EQ(u.entries()[1].branch_pc, 15U);
  EXPECT_TRUE(ReconvergenceTable{}.empty());
}

}  // namespace
}  // namespace lockstep::analysis
