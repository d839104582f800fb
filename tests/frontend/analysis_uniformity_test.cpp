// Uniformity (divergence) analysis on small hand-built kernels.
#include <gtest/gtest.h>

#include "frontend/analysis/def_use.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::analysis {
namespace {

using test::build_cfg;
using test::BuiltKernel;

struct Run {
  BuiltKernel k;
  KernelAnalysis a;
  [[nodiscard]] bool divergent(std::string_view reg) const { return a.uniformity.divergent(k.reg(reg)); }
  [[nodiscard]] DivergenceCause cause(std::string_view reg) const { return a.uniformity.cause(k.reg(reg)).cause; }
  /// Uniformity of the conditional branch ending the named block.
  [[nodiscard]] bool uniform(std::string_view block) const {
    const BranchUniformity* b = a.uniformity.branch(k.last_pc(block));
    if (b == nullptr) throw std::runtime_error("no conditional branch");
    return b->uniform;
  }
};

Run run(std::string_view text) {
  Run r{build_cfg(text), {}};
  r.a = analyze_kernel(r.k.kernel);
  return r;
}

TEST(Uniformity, TidDependentBranchDiverges) {
  const auto r = run(R"(
    A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; @%p1 bra C
    B: mov %r2, 1
    C: exit
  )");
  EXPECT_TRUE(r.divergent("%r1"));
  EXPECT_EQ(r.cause("%r1"), DivergenceCause::ThreadId);
  EXPECT_EQ(r.cause("%p1"), DivergenceCause::Data);
  EXPECT_EQ(r.a.uniformity.cause(r.k.reg("%p1")).from, r.k.reg("%r1"));
  EXPECT_EQ(r.a.uniformity.cause(r.k.reg("%p1")).pc, 1U);
  EXPECT_FALSE(r.uniform("A"));
  const BranchUniformity* b = r.a.uniformity.branch(r.k.last_pc("A"));
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->cond, r.k.reg("%p1"));
  EXPECT_FALSE(b->uni_asserted);
  EXPECT_FALSE(r.divergent("%r2"));  // written under the branch but never read after the join
  EXPECT_TRUE(r.a.uniformity.branch_uniform(r.k.last_pc("B")));  // not a conditional branch
}

TEST(Uniformity, CtaidDependentBranchIsUniform) {
  const auto r = run(R"(
    A: mov %r1, %ctaid.x; mov %r5, %ntid.x; mul %r2, %r1, %r5; ld.param %r3, [n]; setp.lt %p1, %r2, %r3; @%p1 bra C
    B: mov %r4, 1
    C: add %r6, %r4, %r2; exit
  )");
  EXPECT_FALSE(r.divergent("%r1"));
  EXPECT_FALSE(r.divergent("%r2"));
  EXPECT_FALSE(r.divergent("%r3"));
  EXPECT_FALSE(r.divergent("%p1"));
  EXPECT_TRUE(r.uniform("A"));
  EXPECT_FALSE(r.divergent("%r4"));
  EXPECT_FALSE(r.divergent("%r6"));
}

TEST(Uniformity, UniformSpecialRegisters) {
  const auto r = run(R"(
    A: mov %r1, %warpid; mov %r2, %smid; mov %r3, %nctaid.y; mov %r4, %laneid; mov %r5, %clock; mov %r6, %lanemask_lt
  )");
  EXPECT_FALSE(r.divergent("%r1"));
  EXPECT_FALSE(r.divergent("%r2"));
  EXPECT_FALSE(r.divergent("%r3"));
  EXPECT_EQ(r.cause("%r4"), DivergenceCause::ThreadId);
  EXPECT_EQ(r.cause("%r5"), DivergenceCause::Clock);
  EXPECT_EQ(r.cause("%r6"), DivergenceCause::ThreadId);
}

TEST(Uniformity, ValueDefinedUnderDivergentBranchIsDivergentAfterTheJoin) {
  const auto r = run(R"(
    A: mov %r1, %tid.x; mov %r2, 0; setp.lt %p1, %r1, 4; @%p1 bra C
    B: mov %r2, 7; add %r3, %r2, 1; setp.eq %p2, %r3, 8; @%p2 bra C
    B2: mov %r9, 3
    C: add %r4, %r2, 0; exit
  )");
  EXPECT_FALSE(r.uniform("A"));
  EXPECT_TRUE(r.divergent("%r2"));
  EXPECT_EQ(r.cause("%r2"), DivergenceCause::Join);
  EXPECT_EQ(r.a.uniformity.cause(r.k.reg("%r2")).from, r.k.block("C"));
  EXPECT_EQ(r.a.uniformity.cause(r.k.reg("%r2")).pc, r.k.last_pc("A"));
  EXPECT_TRUE(r.divergent("%r4"));
  // Inside the region, before the join, the active threads agree.
  EXPECT_FALSE(r.divergent("%r3"));
  EXPECT_TRUE(r.uniform("B"));
  EXPECT_FALSE(r.divergent("%r9"));  // not read after the join
}

TEST(Uniformity, UniformBranchInsideADivergentRegion) {
  // The inner diamond's join J is reached from one side of the divergent
  // branch only: a value set in its arms and read at J stays uniform.
  const auto r = run(R"(
    A: mov %r1, %tid.x; ld.param %r7, [n]; setp.lt %p1, %r1, 4; @%p1 bra E
    B: setp.lt %p2, %r7, 3; @%p2 bra D
    C: mov %r2, 1; -> J
    D: mov %r2, 2
    J: add %r3, %r2, 1; -> F
    E:
    F: exit
  )");
  EXPECT_FALSE(r.uniform("A"));
  EXPECT_TRUE(r.uniform("B"));
  EXPECT_FALSE(r.divergent("%r2"));
  EXPECT_FALSE(r.divergent("%r3"));
}

TEST(Uniformity, LoopWithDivergentExit) {
  // for (i = 0; i < tid; ++i) { s += 2; t = s * 3 } ; use i
  const auto r = run(R"(
    A: mov %r1, %tid.x; mov %r2, 0; mov %r5, 0
    H: add %r2, %r2, 1; add %r5, %r5, 2; mul %r6, %r5, 3; setp.lt %p1, %r2, %r1; @%p1 bra H
    X: add %r3, %r2, 0; exit
  )");
  EXPECT_FALSE(r.uniform("H"));
  EXPECT_TRUE(r.divergent("%r2"));  // threads leave at different iterations
  EXPECT_EQ(r.cause("%r2"), DivergenceCause::LoopExit);
  EXPECT_EQ(r.a.uniformity.cause(r.k.reg("%r2")).from, 0U);  // loop 0
  EXPECT_TRUE(r.divergent("%r3"));
  EXPECT_FALSE(r.divergent("%r5"));  // only read inside the loop
  EXPECT_FALSE(r.divergent("%r6"));
}

TEST(Uniformity, LoopWithUniformExitKeepsValuesUniform) {
  const auto r = run(R"(
    A: ld.param %r1, [n]; mov %r2, 0
    H: add %r2, %r2, 1; setp.lt %p1, %r2, %r1; @%p1 bra H
    X: add %r3, %r2, 0; exit
  )");
  EXPECT_TRUE(r.uniform("H"));
  EXPECT_FALSE(r.divergent("%r2"));
  EXPECT_FALSE(r.divergent("%r3"));
}

TEST(Uniformity, UniformBreakUnderDivergentControlIsADivergentExit) {
  // while (i < 100) { ++i; if (tid == 0) { if (i > n) break; } }: the break
  // condition is uniform, but only some threads evaluate it.
  const auto r = run(R"(
    A: mov %r1, %tid.x; setp.eq %p1, %r1, 0; ld.param %r9, [n]; mov %r2, 0
    H: add %r2, %r2, 1; @%p1 bra B2
    B1: -> L
    B2: setp.gt %p2, %r2, %r9; @%p2 bra X
    L: setp.lt %p3, %r2, 100; @%p3 bra H
    X: add %r4, %r2, 0; exit
  )");
  EXPECT_FALSE(r.uniform("H"));
  EXPECT_TRUE(r.uniform("B2"));  // i is uniform inside the loop
  EXPECT_TRUE(r.uniform("L"));
  EXPECT_EQ(r.cause("%r2"), DivergenceCause::LoopExit);
  EXPECT_TRUE(r.divergent("%r4"));
}

TEST(Uniformity, LoopExitDivergenceDoesNotLeakIntoTheNextLoopInstance) {
  // An outer loop re-initialises i before the inner loop: the divergent
  // value of i after the inner loop does not reach the inner loop's reads.
  const auto r = run(R"(
    A: mov %r1, %tid.x; ld.param %r9, [n]; mov %r8, 0
    O: mov %r2, 0
    H: add %r2, %r2, 1; setp.lt %p1, %r2, %r1; @%p1 bra H
    M: add %r4, %r2, 0; add %r8, %r8, 1; setp.lt %p3, %r8, %r9; @%p3 bra O
    X: exit
  )");
  EXPECT_FALSE(r.uniform("H"));
  EXPECT_TRUE(r.divergent("%r4"));
  EXPECT_FALSE(r.divergent("%r8"));
  EXPECT_TRUE(r.uniform("M"));
}

TEST(Uniformity, AtomicResultsAreDivergent) {
  // The spin lock of Fig. 3.3: while (atomicCAS(mutex, 0, 1) != 0);
  const auto r = run(R"(
    A: ld.param %rd1, [mutex]
    L: atom.global.cas %r1, [%rd1], 0, 1; setp.ne %p1, %r1, 0; @%p1 bra L
    C: atom.global.exch %r2, [%rd1], 0; exit
  )");
  EXPECT_EQ(r.cause("%r1"), DivergenceCause::Atomic);
  EXPECT_FALSE(r.divergent("%rd1"));
  EXPECT_FALSE(r.uniform("L"));
}

TEST(Uniformity, LoadsFromWrittenMemoryAreDivergent) {
  const auto r = run(R"(
    A: ld.param %rd1, [p]; ld.global %r1, [%rd1]; ld.shared %r2, [%rd1]; ld.const %r3, [%rd1]; ld.global.nc %r4, [%rd1]; ldu.global %r5, [%rd1]; ld %r6, [%rd1]
    B: mov %r7, 5; st.global [%rd1], %r7
  )");
  EXPECT_EQ(r.cause("%r1"), DivergenceCause::Memory);  // the kernel writes global memory
  EXPECT_FALSE(r.divergent("%r2"));                    // ... but not shared memory
  EXPECT_FALSE(r.divergent("%r3"));
  EXPECT_FALSE(r.divergent("%r4"));                    // non-coherent loads read read-only data
  EXPECT_FALSE(r.divergent("%r5"));
  EXPECT_EQ(r.cause("%r6"), DivergenceCause::Memory);  // generic may alias global
}

TEST(Uniformity, LoadsFromReadOnlyMemoryAreUniform) {
  const auto r = run(R"(
    A: ld.param %rd1, [p]; ld.global %r1, [%rd1]; ld.shared %r2, [%rd1]; ld %r3, [%rd1]; setp.lt %p1, %r1, 3; @%p1 bra C
    B:
    C: exit
  )");
  EXPECT_FALSE(r.divergent("%r1"));
  EXPECT_FALSE(r.divergent("%r2"));
  EXPECT_FALSE(r.divergent("%r3"));
  EXPECT_TRUE(r.uniform("A"));
}

TEST(Uniformity, SharedMemoryWrittenByAtomics) {
  const auto r = run(R"(
    A: mov %r9, 0; ld.shared %r1, [%r9]; red.shared.add [%r9], 1
  )");
  EXPECT_EQ(r.cause("%r1"), DivergenceCause::Memory);
}

TEST(Uniformity, DivergentAddressMakesALoadDivergent) {
  const auto r = run(R"(
    A: mov %r1, %tid.x; ld.param %r2, [%r1]; ld.const %r3, [%r1+4]
  )");
  EXPECT_EQ(r.cause("%r2"), DivergenceCause::Data);
  EXPECT_EQ(r.cause("%r3"), DivergenceCause::Data);
}

TEST(Uniformity, LocalMemoryFollowsWhatIsStored) {
  const auto uniform_store = run(R"(
    A: mov %r1, 3; st.local [%r1], %r1; ld.local %r2, [%r1]
  )");
  EXPECT_FALSE(uniform_store.divergent("%r2"));
  const auto divergent_store = run(R"(
    A: mov %r1, 3; mov %r5, %tid.x; st.local [%r1], %r5; ld.local %r2, [%r1]
  )");
  EXPECT_EQ(divergent_store.cause("%r2"), DivergenceCause::Data);
  EXPECT_TRUE(divergent_store.a.uniformity.divergent(pseudo_reg(divergent_store.k.kernel, PseudoReg::LocalMemory)));
  // A uniform store under divergent control: after the join threads differ.
  const auto controlled = run(R"(
    A: mov %r1, 3; mov %r5, %tid.x; setp.eq %p1, %r5, 0; @%p1 bra C
    B: st.local [%r1], %r1
    C: ld.local %r2, [%r1]; exit
  )");
  EXPECT_EQ(controlled.cause("%r2"), DivergenceCause::Data);
  EXPECT_EQ(controlled.a.uniformity.cause(pseudo_reg(controlled.k.kernel, PseudoReg::LocalMemory)).cause,
            DivergenceCause::Join);
}

TEST(Uniformity, GenericAccessAndPerThreadMemory) {
  // A divergent spill: generic loads cannot see it while no local address
  // is made generic.
  const auto spill = run(R"(
    A: mov %r1, %tid.x; st.local [%r9], %r1; ld %r5, [%rd6]; ld.local %r4, [%r9]
  )");
  EXPECT_FALSE(spill.divergent("%r5"));
  EXPECT_EQ(spill.cause("%r4"), DivergenceCause::Data);
  // A divergent generic store cannot reach kernel parameters.
  const auto store = run(R"(
    A: mov %r1, %tid.x; st [%rd5], %r1; ld.param %r2, [n]; ld %r3, [%rd6]
  )");
  EXPECT_FALSE(store.divergent("%r2"));
  EXPECT_EQ(store.cause("%r3"), DivergenceCause::Memory);  // it may write what the generic load reads
  // Once a local address is generic, generic loads may read the spill.
  const auto exposed = run(R"(
    A: mov.local %rd1, buf; cvta.local.u64 %rd2, %rd1; mov %r1, %tid.x; st.local [%rd1], %r1; ld %r3, [%rd2]; ld.param %r2, [n]
  )");
  EXPECT_EQ(exposed.cause("%r3"), DivergenceCause::Data);
  EXPECT_FALSE(exposed.divergent("%r2"));
}

TEST(Uniformity, WarpWideResults) {
  const auto r = run(R"(
    A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; vote.sync.ballot.b32 %r2, %p1, -1; vote.all.pred %p2, %p1; activemask.b32 %r3; shfl.sync.idx.b32 %r4, %r3, 0, 31, -1; match.any.sync.b32 %r5, %r1, -1; match.all.sync.b32 %r6, %r1, -1; redux.sync.add.u32 %r7, %r1, -1; vote.sync.ballot.b32 %r8, %p1, %r1
  )");
  EXPECT_FALSE(r.divergent("%r2"));  // every active thread gets the same ballot
  EXPECT_FALSE(r.divergent("%p2"));
  EXPECT_FALSE(r.divergent("%r3"));
  EXPECT_EQ(r.cause("%r4"), DivergenceCause::Shuffle);
  EXPECT_EQ(r.cause("%r5"), DivergenceCause::Data);  // match.any: depends on each thread's value
  EXPECT_FALSE(r.divergent("%r6"));
  EXPECT_FALSE(r.divergent("%r7"));
  EXPECT_TRUE(r.divergent("%r8"));  // a divergent member mask
}

TEST(Uniformity, BraUniIsRecordedButNotTrusted) {
  const auto r = run(R"(
    A: mov %r1, %laneid; setp.lt %p1, %r1, 4; @%p1 bra.uni C
    B: ld.param %r2, [n]; setp.lt %p2, %r2, 4; @%p2 bra.uni D
    C:
    D: exit
  )");
  const BranchUniformity* a = r.a.uniformity.branch(r.k.last_pc("A"));
  const BranchUniformity* b = r.a.uniformity.branch(r.k.last_pc("B"));
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(a->uni_asserted);
  EXPECT_FALSE(a->uniform);
  EXPECT_TRUE(b->uni_asserted);
  EXPECT_TRUE(b->uniform);
}

TEST(Uniformity, GuardedWriteWithDivergentGuard) {
  const auto r = run(R"(
    A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; mov %r2, 0; @%p1 mov %r2, 1; @!%p1 add %r3, %r3, 1
  )");
  EXPECT_EQ(r.cause("%r2"), DivergenceCause::Data);
  EXPECT_EQ(r.a.uniformity.cause(r.k.reg("%r2")).from, r.k.reg("%p1"));
  EXPECT_TRUE(r.divergent("%r3"));
}

TEST(Uniformity, CarryFlagCarriesDivergence) {
  const auto r = run(R"(
    A: mov %r1, %tid.x; add.cc.u32 %r2, %r1, 1; addc.u32 %r3, 0, 0; add.u32 %r4, 5, 6
  )");
  EXPECT_TRUE(r.divergent("%r3"));
  EXPECT_FALSE(r.divergent("%r4"));
}

TEST(Uniformity, BrxIdxWithDivergentIndex) {
  const auto r = run(R"(
    A: mov %r1, %laneid; brx.idx %r1, {B, C}
    B: -> D
    C:
    D: ld.param %r2, [n]; brx.idx %r2, {E, F}
    E: -> F
    F: exit
  )");
  EXPECT_FALSE(r.uniform("A"));
  EXPECT_TRUE(r.uniform("D"));
  EXPECT_EQ(r.a.uniformity.branch(r.k.last_pc("A"))->cond, r.k.reg("%r1"));
}

TEST(Uniformity, DivergenceFeedsThroughBranchesToAFixpoint) {
  // The divergent branch in A makes %r2 divergent at J, which makes the
  // branch in J divergent, whose join K then makes %r5 divergent.
  const auto r = run(R"(
    A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; mov %r2, 0; @%p1 bra J
    B: mov %r2, 1
    J: setp.eq %p2, %r2, 0; mov %r5, 0; @%p2 bra K
    J2: mov %r5, 9
    K: add %r6, %r5, 0; exit
  )");
  EXPECT_FALSE(r.uniform("A"));
  EXPECT_FALSE(r.uniform("J"));
  EXPECT_EQ(r.cause("%r5"), DivergenceCause::Join);
  EXPECT_EQ(r.a.uniformity.cause(r.k.reg("%r5")).pc, r.k.last_pc("J"));
  EXPECT_TRUE(r.divergent("%r6"));
}

TEST(Uniformity, BranchesSummary) {
  const auto r = run(R"(
    A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; @%p1 bra C
    B: -> D
    C:
    D: exit
  )");
  const auto branches = r.a.branches();
  ASSERT_EQ(branches.size(), 1U);
  EXPECT_EQ(branches[0].pc, r.k.last_pc("A"));
  EXPECT_EQ(branches[0].block, r.k.block("A"));
  EXPECT_EQ(branches[0].targets, (r.k.ids({"C", "B"})));
  EXPECT_EQ(branches[0].ipdom, r.k.block("D"));
  EXPECT_EQ(branches[0].ipdom_nvidia, r.k.block("D"));
  EXPECT_FALSE(branches[0].uniform);
  EXPECT_EQ(r.a.exit_block(), 4U);
  EXPECT_EQ(r.a.ipdom_table.find(r.k.last_pc("A")), r.k.first_pc("D"));
  EXPECT_EQ(r.a.nvidia_table, r.a.ipdom_table);
}

// Regression: labels used to be propagated in worklist order, so a block
// reached first by one successor's paths passed that label on before it
// turned out to be a join, and the blocks after it (here the loop header H)
// were taken for joins as well. Only J is a join; the loop is uniform.
TEST(Uniformity, EarlyExitUnderDivergentBranchMakesNoFalseJoinDownstream) {
  const auto r = run(R"(
    A: ld.param %r4, [n]; mov %r1, %tid.x; setp.lt %p1, %r1, 5; @%p1 bra S2
    B: add %r2, %r4, 1; bra.uni J
    S2: setp.eq %p2, %r4, 7; @%p2 bra REC
    J: mov %r5, 0
    H: add %r5, %r5, 1; setp.lt %p3, %r5, %r4; @%p3 bra H
    REC: exit
  )");
  EXPECT_FALSE(r.uniform("A"));
  EXPECT_FALSE(r.divergent("%r5"));
  EXPECT_FALSE(r.divergent("%p3"));
  EXPECT_TRUE(r.uniform("H"));
  EXPECT_TRUE(r.uniform("S2"));
}

// The same with the early exit on the fall-through side of the branch.
TEST(Uniformity, EarlyExitOnFallThroughSideMakesNoFalseJoinDownstream) {
  const auto r = run(R"(
    A: ld.param %r4, [n]; mov %r1, %tid.x; setp.lt %p1, %r1, 5; @%p1 bra B
    S2: setp.eq %p2, %r4, 7; @%p2 bra REC
    J0: -> J
    B: add %r2, %r4, 1
    J: mov %r5, 0
    H: add %r5, %r5, 1; setp.lt %p3, %r5, %r4; @%p3 bra H
    REC: exit
  )");
  EXPECT_FALSE(r.uniform("A"));
  EXPECT_FALSE(r.divergent("%r5"));
  EXPECT_TRUE(r.uniform("H"));
}

// A chain of blocks and a nested loop after the join: none is a join.
TEST(Uniformity, NestedLoopAfterJoinUnderEarlyExitStaysUniform) {
  const auto r = run(R"(
    A: ld.param %r4, [n]; mov %r1, %tid.x; setp.lt %p1, %r1, 5; @%p1 bra S2
    B: -> J
    S2: setp.eq %p2, %r4, 7; @%p2 bra REC
    J: mov %r5, 0
    C: mov %r6, 0
    H: add %r5, %r5, 1; mov %r7, 0
    I: add %r7, %r7, 1; add %r6, %r6, %r7; setp.lt %p4, %r7, %r4; @%p4 bra I
    L: setp.lt %p3, %r5, %r4; @%p3 bra H
    E: add %r8, %r6, %r5
    REC: exit
  )");
  EXPECT_FALSE(r.uniform("A"));
  for (const char* reg : {"%r5", "%r6", "%r7", "%r8", "%p3", "%p4"}) EXPECT_FALSE(r.divergent(reg)) << reg;
  EXPECT_TRUE(r.uniform("I"));
  EXPECT_TRUE(r.uniform("L"));
}

// A real join at the loop header still makes the value divergent there.
TEST(Uniformity, JoinAtLoopHeaderAfterEarlyExitIsFound) {
  const auto r = run(R"(
    A: ld.param %r4, [n]; mov %r1, %tid.x; setp.lt %p1, %r1, 5; mov %r5, 0; @%p1 bra S2
    B: mov %r5, 3; -> H
    S2: setp.eq %p2, %r4, 7; @%p2 bra REC
    H: add %r5, %r5, 1; setp.lt %p3, %r5, %r4; @%p3 bra H
    REC: exit
  )");
  EXPECT_EQ(r.cause("%r5"), DivergenceCause::Join);
  EXPECT_EQ(r.a.uniformity.cause(r.k.reg("%r5")).from, r.k.block("H"));
  EXPECT_FALSE(r.uniform("H"));
}

}  // namespace
}  // namespace lockstep::analysis
