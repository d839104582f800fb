// Algorithm 1 on the thesis's examples and hand-written loop shapes, in both
// modes: spin lock (Fig. 3.3), done flag (Fig. 3.6), nested locks (CP-DS),
// a wait inside an outer loop (BH-ST), two locks in the arms of an if.
#include "tests/checker/detect/detect_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::Alias;
using checker::DetectMode;
using checker::LoopReason;
using checker::WriteRelation;
using ir::AtomOp;
using ir::Opcode;

TEST(DetectLoops, SpinLockFlaggedInBothModes) {
  const auto d = Detected::file("models/kernels/spin_lock/spin_lock.ptx");
  const std::uint32_t cas = d.nth(Opcode::Atom, 0, AtomOp::Cas);
  const std::uint32_t exch = d.nth(Opcode::Atom, 0, AtomOp::Exch);
  for (auto mode : {DetectMode::Thesis, DetectMode::Refined}) {
    const auto r = d.run(mode);
    ASSERT_EQ(r.loops.size(), 1U);
    const auto& f = r.loops[0];
    EXPECT_TRUE(f.flagged);
    EXPECT_EQ(f.reason, LoopReason::Redefined);
    EXPECT_EQ(read_pcs(f), std::vector<std::uint32_t>{cas});
    // The release (must alias) and the counter store through the other
    // pointer parameter (may alias: parameters carry no restrict).
    ASSERT_EQ(f.writes.size(), 2U);
    EXPECT_EQ(d.kernel().code[f.writes[0].pc].op, Opcode::St);
    EXPECT_EQ(f.writes[0].alias, Alias::May);
    EXPECT_EQ(f.writes[1].pc, exch);
    EXPECT_EQ(f.writes[1].relation, WriteRelation::Reachable);
    EXPECT_EQ(f.writes[1].alias, Alias::Must);
    ASSERT_EQ(f.exits.size(), 1U);
    EXPECT_FALSE(f.exits[0].uniform);
    EXPECT_TRUE(r.barriers.empty());
    EXPECT_TRUE(r.flagged());
  }
}

TEST(DetectLoops, DoneFlagIsNotFlagged) {
  // Fig. 3.6: the exit depends on the CAS only through control; no shared
  // write is reachable from the loop's exit or parallel to it.
  const auto d = Detected::file("models/kernels/done_flag_lock/done_flag_lock.ptx");
  for (auto mode : {DetectMode::Thesis, DetectMode::Refined}) {
    const auto r = d.run(mode);
    ASSERT_FALSE(r.loops.empty());
    for (const auto& f : r.loops) EXPECT_FALSE(f.flagged) << checker::loop_reason_name(f.reason);
  }
}

TEST(DetectLoops, NoLoopsNoFindings) {
  const auto d = Detected::file("models/kernels/vector_add/vector_add.ptx");
  EXPECT_TRUE(d.thesis().loops.empty());
  EXPECT_FALSE(d.refined().flagged());
}

TEST(DetectLoops, LoopWithoutSharedReadIsNotFlagged) {
  const auto d = Detected::body(R"(
  mov.u32 %r1, 0;
L:
  add.s32 %r1, %r1, 3;
  setp.lt.s32 %p1, %r1, 100;
  @%p1 bra L;
  ld.param.u64 %rd1, [k_p0];
  st.global.u32 [%rd1], %r1;
  ret;)");
  const auto r = d.thesis();
  ASSERT_EQ(r.loops.size(), 1U);
  EXPECT_FALSE(r.loops[0].flagged);
  EXPECT_EQ(r.loops[0].reason, LoopReason::NoSharedRead);
}

TEST(DetectLoops, DataDependenceThroughRedefinedRegisters) {
  // The exit compares %r3, which is written twice: once from a load before
  // the loop, once from the atomic in it; only the atomic is in the loop.
  const auto d = Detected::body(R"(
  ld.param.u64 %rd1, [k_p0];
  cvta.to.global.u64 %rd2, %rd1;
  ld.global.u32 %r3, [%rd2+4];
L:
  atom.global.add.u32 %r3, [%rd2], 1;
  add.s32 %r4, %r3, 0;
  setp.lt.u32 %p1, %r4, 100;
  @%p1 bra L;
  st.global.u32 [%rd2], 0;
  ret;)");
  const auto r = d.thesis();
  ASSERT_EQ(r.loops.size(), 1U);
  EXPECT_TRUE(r.loops[0].flagged);
  EXPECT_EQ(read_pcs(r.loops[0]), std::vector<std::uint32_t>{d.nth(Opcode::Atom)});
}

TEST(DetectLoops, ControlDependenceBringsReadsIntoTheSlice) {
  // The exit predicate is a constant set on one side of a branch on a load:
  // the load is in the slice through control dependence only.
  const auto d = Detected::body(R"(
  ld.param.u64 %rd1, [k_p0];
  cvta.to.global.u64 %rd2, %rd1;
L:
  mov.pred %p2, 0;
  ld.volatile.global.u32 %r1, [%rd2];
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra SKIP;
  mov.pred %p2, 1;
SKIP:
  @!%p2 bra L;
  st.global.u32 [%rd2], 0;
  ret;)");
  const auto r = d.thesis();
  ASSERT_EQ(r.loops.size(), 1U);
  EXPECT_EQ(read_pcs(r.loops[0]), std::vector<std::uint32_t>{d.nth(Opcode::Ld, 1)});
  EXPECT_TRUE(r.loops[0].flagged);
}

TEST(DetectLoops, GenericAccessesToLocalMemoryAreNotShared) {
  // A generic load from a thread's own local array (nvcc's stack frame) is
  // not a shared read: no other thread can redefine it.
  const auto d = Detected::body(R"(
  .local .align 4 .b8 depot[64];
  ld.param.u64 %rd1, [k_p0];
  mov.u64 %rd5, depot;
  cvta.local.u64 %rd6, %rd5;
  st.u32 [%rd6], 0;
L:
  ld.u32 %r1, [%rd6];
  add.s32 %r2, %r1, 3;
  st.u32 [%rd6], %r2;
  setp.lt.s32 %p1, %r2, 100;
  @%p1 bra L;
  st.u32 [%rd1], %r2;
  ret;)");
  const auto r = d.thesis();
  ASSERT_EQ(r.loops.size(), 1U);
  EXPECT_TRUE(r.loops[0].reads.empty());
  EXPECT_EQ(r.loops[0].reason, LoopReason::NoSharedRead);
}

TEST(DetectLoops, BarrierCutsReachability) {
  // The release is behind a CTA barrier: not reachable without crossing it.
  const auto d = Detected::body(R"(
  ld.param.u64 %rd1, [k_p0];
  cvta.to.global.u64 %rd2, %rd1;
L:
  atom.global.cas.b32 %r1, [%rd2], 0, 1;
  setp.ne.s32 %p1, %r1, 0;
  @%p1 bra L;
  bar.sync 0;
  atom.global.exch.b32 %r2, [%rd2], 0;
  ret;)");
  const auto r = d.thesis();
  ASSERT_EQ(r.loops.size(), 1U);
  EXPECT_FALSE(r.loops[0].flagged);
  EXPECT_EQ(r.loops[0].reason, LoopReason::NoRedefiningWrite);
}

TEST(DetectLoops, NestedLocksFalseRedefinitionThroughMayAlias) {
  // CP-DS (SSDE §5.5): two locks on distinct pointer parameters, which may
  // alias: the inner loop's writes include the release of the outer lock.
  const auto d = Detected::body(R"(
  ld.param.u64 %rd1, [k_p0];
  ld.param.u64 %rd3, [k_p1];
  cvta.to.global.u64 %rd2, %rd1;
  cvta.to.global.u64 %rd4, %rd3;
L1:
  atom.global.cas.b32 %r1, [%rd2], 0, 1;
  setp.ne.s32 %p1, %r1, 0;
  @%p1 bra L1;
L2:
  atom.global.cas.b32 %r2, [%rd4], 0, 1;
  setp.ne.s32 %p2, %r2, 0;
  @%p2 bra L2;
  atom.global.exch.b32 %r3, [%rd4], 0;
  atom.global.exch.b32 %r4, [%rd2], 0;
  ret;)");
  const std::uint32_t rel2 = d.nth(Opcode::Atom, 0, AtomOp::Exch);
  const std::uint32_t rel1 = d.nth(Opcode::Atom, 1, AtomOp::Exch);
  const std::uint32_t ret = rel1 + 1;
  for (auto mode : {DetectMode::Thesis, DetectMode::Refined}) {
    const auto r = d.run(mode);
    const auto& outer = r.loops[d.loop_at("L1")];
    const auto& inner = r.loops[d.loop_at("L2")];
    EXPECT_TRUE(outer.flagged);
    EXPECT_TRUE(inner.flagged);
    const auto iw = write_pcs(inner);
    EXPECT_NE(std::find(iw.begin(), iw.end(), rel1), iw.end()) << "false redefinition through may-alias";
    const auto s = d.safe(r);
    EXPECT_EQ(s.loops[d.loop_at("L1")].point, ret);
    EXPECT_EQ(s.loops[d.loop_at("L2")].point, ret);
  }
  // With distinct parameters assumed not to alias, the inner lock's SafePDom
  // is just after its own release.
  const auto r = d.run(DetectMode::Refined, true);
  const auto s = d.safe(r, checker::SafeTarget::Stack, true);
  EXPECT_EQ(write_pcs(r.loops[d.loop_at("L2")]), std::vector<std::uint32_t>{rel2});
  EXPECT_EQ(s.loops[d.loop_at("L2")].point, rel2 + 1);
  EXPECT_EQ(s.loops[d.loop_at("L1")].point, ret);
}

TEST(DetectLoops, WaitInsideOuterLoopBhStyle) {
  // BH-ST (Fig. 4.1b): a wait on startd[k] inside `while (k >= 0)`, the
  // signal stored later in the outer body: reachable through the outer back
  // edge. The SafePDom is the outer loop's exit block.
  const auto d = Detected::body(R"(
  ld.param.u64 %rd1, [k_p0];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
OUTER:
  mul.wide.s32 %rd5, %r1, 4;
  add.s64 %rd6, %rd2, %rd5;
WAIT:
  ld.volatile.global.u32 %r2, [%rd6];
  setp.lt.s32 %p1, %r2, 0;
  @%p1 bra WAIT;
  add.s64 %rd7, %rd6, 128;
  st.volatile.global.u32 [%rd7], %r2;
  sub.s32 %r1, %r1, 32;
  setp.ge.s32 %p2, %r1, 0;
  @%p2 bra OUTER;
DONE:
  ret;)");
  for (auto mode : {DetectMode::Thesis, DetectMode::Refined}) {
    const auto r = d.run(mode);
    const auto& wait = r.loops[d.loop_at("WAIT")];
    const auto& outer = r.loops[d.loop_at("OUTER")];
    EXPECT_TRUE(wait.flagged);
    ASSERT_EQ(wait.writes.size(), 1U);
    EXPECT_EQ(wait.writes[0].alias, Alias::May);
    const auto& rb = wait.writes[0].reach_branches;
    EXPECT_NE(std::find(rb.begin(), rb.end(), d.label("DONE") - 1), rb.end()) << "outer exit branch in ReachBrSet";
    EXPECT_FALSE(outer.flagged);
    const auto s = d.safe(r);
    EXPECT_EQ(s.loops[d.loop_at("WAIT")].point, d.label("DONE"));
    // Algorithm 3: the waiting threads leave the outer loop to wait at DONE,
    // so the outer loop must iterate through DONE too.
    EXPECT_TRUE(s.loops[d.loop_at("OUTER")].flagged);
    EXPECT_EQ(s.loops[d.loop_at("OUTER")].point, d.label("DONE"));
  }
}

TEST(DetectLoops, TwoLocksInIfArmsShareOneSafePdom) {
  const auto d = Detected::body(kTwoLocksInIfArms);
  const auto r = d.refined();
  const auto& t = r.loops[d.loop_at("T")];
  const auto& e = r.loops[d.loop_at("ELSE")];
  EXPECT_TRUE(t.flagged);
  EXPECT_TRUE(e.flagged);
  // The other arm's CAS and release are parallel (distinct params may alias).
  bool parallel = false;
  for (const auto& w : t.writes) parallel = parallel || w.relation == WriteRelation::Parallel;
  EXPECT_TRUE(parallel);
  const auto s = d.safe(r);
  EXPECT_EQ(s.loops[d.loop_at("T")].point, d.label("JOIN"));
  EXPECT_EQ(s.loops[d.loop_at("ELSE")].point, d.label("JOIN"));
}

}  // namespace
}  // namespace lockstep::test
