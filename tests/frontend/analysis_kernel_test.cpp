// All analyses of a kernel together (KernelAnalysis), on the research's
// lock kernels written as small CFGs, and on degenerate kernels.
#include <gtest/gtest.h>

#include <vector>

#include "frontend/analysis/def_use.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::analysis {
namespace {

using test::build_cfg;
using V = std::vector<std::uint32_t>;

TEST(KernelAnalysis, SpinLock) {
  // Fig. 3.3: while (atomicCAS(mutex, 0, 1) != 0); critical section; atomicExch(mutex, 0);
  const auto k = build_cfg(R"(
    A: ld.param.u64 %rd1, [mutex]
    L: atom.global.cas.b32 %r1, [%rd1], 0, 1; setp.ne.s32 %p1, %r1, 0; @%p1 bra L
    C: atom.global.exch.b32 %r2, [%rd1], 0; exit
  )");
  const auto a = analyze_kernel(k.kernel);
  ASSERT_EQ(a.loops.size(), 1U);
  EXPECT_EQ(a.loops.loop(0).blocks, (k.ids({"L"})));
  EXPECT_EQ(a.loops.loop(0).exits, (k.ids({"C"})));
  const auto branches = a.branches();
  ASSERT_EQ(branches.size(), 1U);
  EXPECT_EQ(branches[0].pc, k.last_pc("L"));
  EXPECT_EQ(branches[0].targets, (k.ids({"L", "C"})));
  EXPECT_EQ(branches[0].ipdom, k.block("C"));
  EXPECT_EQ(branches[0].ipdom_nvidia, k.block("C"));
  EXPECT_FALSE(branches[0].uniform);
  EXPECT_EQ(a.uniformity.cause(k.reg("%r1")).cause, DivergenceCause::Atomic);
}

TEST(KernelAnalysis, DoneFlagLock) {
  // Fig. 3.6: done = false; while (!done) { if (atomicCAS(mutex, 0, 1) == 0) { ...; atomicExch(mutex, 0); done = true; } }
  const auto k = build_cfg(R"(
    A: ld.param.u64 %rd1, [mutex]; mov.u32 %r9, 0
    H: atom.global.cas.b32 %r1, [%rd1], 0, 1; setp.ne.s32 %p1, %r1, 0; @%p1 bra T
    CS: atom.global.exch.b32 %r2, [%rd1], 0; mov.u32 %r9, 1
    T: setp.eq.s32 %p2, %r9, 0; @%p2 bra H
    X: exit
  )");
  const auto a = analyze_kernel(k.kernel);
  ASSERT_EQ(a.loops.size(), 1U);
  const Loop& l = a.loops.loop(0);
  EXPECT_EQ(l.header, k.block("H"));
  EXPECT_EQ(l.blocks, (k.ids({"H", "CS", "T"})));
  EXPECT_EQ(l.latches, (k.ids({"T"})));
  EXPECT_EQ(l.exits, (k.ids({"X"})));
  EXPECT_EQ(l.exiting, (k.ids({"T"})));
  EXPECT_TRUE(l.reducible);
  const auto branches = a.branches();
  ASSERT_EQ(branches.size(), 2U);
  EXPECT_EQ(branches[0].block, k.block("H"));
  EXPECT_EQ(branches[0].ipdom, k.block("T"));
  EXPECT_FALSE(branches[0].uniform);
  // done is set on one side of the CAS branch only: it differs at T.
  EXPECT_EQ(branches[1].block, k.block("T"));
  EXPECT_EQ(branches[1].ipdom, k.block("X"));
  EXPECT_FALSE(branches[1].uniform);
  EXPECT_EQ(a.uniformity.cause(k.reg("%r9")).cause, DivergenceCause::Join);
  EXPECT_EQ(a.uniformity.cause(k.reg("%r9")).from, k.block("T"));
  EXPECT_EQ(a.ipdom_table.find(k.last_pc("H")), k.first_pc("T"));
  EXPECT_EQ(a.ipdom_table.find(k.last_pc("T")), k.first_pc("X"));
  EXPECT_EQ(a.nvidia_table, a.ipdom_table);
}

TEST(KernelAnalysis, EmptyKernel) {
  ir::Kernel k;
  ir::build_blocks(k);
  const auto a = analyze_kernel(k);
  EXPECT_EQ(a.exit_block(), 0U);
  EXPECT_EQ(a.loops.size(), 0U);
  EXPECT_TRUE(a.branches().empty());
  EXPECT_TRUE(a.ipdom_table.empty());
  EXPECT_EQ(a.uniformity.reg_count(), kPseudoRegCount);
}

TEST(KernelAnalysis, SingleBlock) {
  const auto k = build_cfg("A: mov %r1, %tid.x; exit");
  const auto a = analyze_kernel(k.kernel);
  EXPECT_EQ(a.dom.idom(0), kNone);
  EXPECT_EQ(a.postdom.ipdom(0), 1U);
  EXPECT_TRUE(a.uniformity.divergent(k.reg("%r1")));
  EXPECT_TRUE(a.branches().empty());
}

TEST(KernelAnalysis, FallingOffTheEndLeavesTheKernel) {
  // The last block ends with a guarded branch: falling through leaves.
  const auto k = build_cfg(R"(
    A:
    B: ? A
  )");
  const auto a = analyze_kernel(k.kernel);
  EXPECT_TRUE(k.kernel.blocks[1].may_exit);
  EXPECT_EQ(a.postdom.ipdom(1), a.exit_block());
  EXPECT_TRUE(a.postdom.anchors().empty());
  ASSERT_EQ(a.loops.size(), 1U);
  EXPECT_EQ(a.loops.loop(0).kernel_exiting, (V{1}));
}

}  // namespace
}  // namespace lockstep::analysis
