// The refined filters of docs/detection.md: each with the example it
// removes (flagged in thesis mode, dropped in refined mode with its reason)
// and a near miss it must keep.
#include "tests/checker/detect/detect_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::LoopReason;

constexpr const char* kPrologue = R"(
  ld.param.u64 %rd1, [k_p0];
  cvta.to.global.u64 %rd2, %rd1;
)";

TEST(DetectFilters, UniformExitOutsideDivergenceIsDropped) {
  // do { } while (!__all(flag)); flag = 1;  (BH-FC style vote exit)
  const auto d = Detected::body(std::string(kPrologue) + R"(
L:
  ld.volatile.global.u32 %r2, [%rd2];
  setp.ne.u32 %p2, %r2, 0;
  vote.sync.all.pred %p3, %p2, -1;
  @!%p3 bra L;
  st.volatile.global.u32 [%rd2], 1;
  ret;)");
  const auto t = d.thesis();
  const auto r = d.refined();
  ASSERT_EQ(r.loops.size(), 1U);
  EXPECT_TRUE(t.loops[0].flagged);
  EXPECT_TRUE(r.loops[0].exits[0].uniform);
  EXPECT_FALSE(r.loops[0].flagged);
  EXPECT_EQ(r.loops[0].reason, LoopReason::UniformExit);
  EXPECT_EQ(r.loops[0].filters, std::vector<LoopReason>{LoopReason::UniformExit});
}

TEST(DetectFilters, UniformExitInsideDivergentBranchIsKept) {
  // if (lane < 16) while (!__all(flag)); flag = 1;  Lanes 16-31 wait at the
  // if's reconvergence point, and only they set the flag.
  const auto d = Detected::body(std::string(kPrologue) + R"(
  mov.u32 %r1, %laneid;
  setp.ge.u32 %p1, %r1, 16;
  @%p1 bra JOIN;
L:
  ld.volatile.global.u32 %r2, [%rd2];
  setp.ne.u32 %p2, %r2, 0;
  vote.sync.all.pred %p3, %p2, 65535;
  @!%p3 bra L;
JOIN:
  st.volatile.global.u32 [%rd2], 1;
  ret;)");
  const auto r = d.refined();
  const auto& f = r.loops[d.loop_at("L")];
  EXPECT_TRUE(f.exits[0].uniform);
  EXPECT_TRUE(f.flagged);
  ASSERT_EQ(f.writes.size(), 1U);
  EXPECT_EQ(f.writes[0].pc, d.label("JOIN"));
}

TEST(DetectFilters, SelfBoundedRetryLoopIsDropped) {
  // for (t = 0; t < 64; ++t) if (atomicCAS(m, 0, 1) == 0) break; atomicExch(m, 0);
  const auto d = Detected::body(std::string(kPrologue) + R"(
  mov.u32 %r1, 0;
L:
  atom.global.cas.b32 %r2, [%rd2], 0, 1;
  setp.eq.s32 %p1, %r2, 0;
  @%p1 bra DONE;
  add.s32 %r1, %r1, 1;
  setp.lt.s32 %p2, %r1, 64;
  @%p2 bra L;
DONE:
  atom.global.exch.b32 %r3, [%rd2], 0;
  ret;)");
  EXPECT_TRUE(d.thesis().loops[0].flagged);
  const auto r = d.refined();
  EXPECT_FALSE(r.loops[0].flagged);
  EXPECT_EQ(r.loops[0].reason, LoopReason::SelfBounded);
}

TEST(DetectFilters, NonUnitOrInclusiveBoundsAreKept) {
  // `t <= n` can hold forever (n = INT_MAX); a step of 2 can skip the bound.
  for (const char* shape : {"add.s32 %r1, %r1, 1;\n  setp.le.s32 %p2, %r1, %r9;",
                            "add.s32 %r1, %r1, 2;\n  setp.ne.s32 %p2, %r1, 63;"}) {
    const auto d = Detected::body(std::string(kPrologue) + R"(
  ld.param.u32 %r9, [k_p1];
  mov.u32 %r1, 0;
L:
  atom.global.cas.b32 %r2, [%rd2], 0, 1;
  setp.eq.s32 %p1, %r2, 0;
  @%p1 bra DONE;
  )" + shape + R"(
  @%p2 bra L;
DONE:
  atom.global.exch.b32 %r3, [%rd2], 0;
  ret;)");
    EXPECT_TRUE(d.refined().loops[0].flagged) << shape;
  }
}

TEST(DetectFilters, SelfBoundedThroughCopiesWithAReloadedBound) {
  // nvcc -G: the induction variable lives in mov copies and the bound is
  // reloaded from memory every iteration (`for (i = row[v]; i < row[v+1]; ++i)`).
  // `i < bound` fails at INT_MAX whatever the bound is, so the loop is bounded.
  const auto d = Detected::body(std::string(kPrologue) + R"(
  ld.global.u32 %r14, [%rd2];
L:
  mov.u32 %r3, %r14;
  ld.global.u32 %r12, [%rd2+4];
  setp.lt.s32 %p3, %r3, %r12;
  not.pred %p4, %p3;
  @%p4 bra DONE;
  add.s32 %r4, %r3, 1;
  mov.u32 %r14, %r4;
  bra.uni L;
DONE:
  st.global.u32 [%rd2+4], %r3;
  ret;)");
  EXPECT_TRUE(d.thesis().loops[0].flagged);
  const auto r = d.refined();
  EXPECT_FALSE(r.loops[0].flagged);
  EXPECT_EQ(r.loops[0].reason, LoopReason::SelfBounded);
}

TEST(DetectFilters, InequalityAgainstAReloadedBoundIsKept) {
  // `i != bound` with the bound reloaded each iteration: another thread can
  // keep the bound away from i (a wait), so the loop stays flagged.
  const auto d = Detected::body(std::string(kPrologue) + R"(
  mov.u32 %r14, 0;
L:
  mov.u32 %r3, %r14;
  ld.volatile.global.u32 %r12, [%rd2+4];
  setp.ne.s32 %p3, %r3, %r12;
  not.pred %p4, %p3;
  @%p4 bra DONE;
  add.s32 %r4, %r3, 1;
  mov.u32 %r14, %r4;
  bra.uni L;
DONE:
  st.global.u32 [%rd2+4], %r3;
  ret;)");
  EXPECT_TRUE(d.refined().loops[0].flagged);
}

TEST(DetectFilters, SingleLaneLockIsDropped) {
  // if (laneid == 0) { while (atomicCAS(m, 0, 1)); ...; atomicExch(m, 0); }
  // Only lane 0 runs the loop: no loop-mate waits at its exit.
  const auto d = Detected::body(std::string(kPrologue) + R"(
  mov.u32 %r1, %laneid;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
L:
  atom.global.cas.b32 %r2, [%rd2], 0, 1;
  setp.ne.s32 %p2, %r2, 0;
  @%p2 bra L;
  atom.global.exch.b32 %r3, [%rd2], 0;
DONE:
  ret;)");
  EXPECT_TRUE(d.thesis().loops[0].flagged);
  const auto r = d.refined();
  EXPECT_FALSE(r.loops[0].flagged);
  EXPECT_EQ(r.loops[0].reason, LoopReason::SingleLane);
}

TEST(DetectFilters, SingleLaneWaitOnItsWarpMatesIsKept) {
  // if (laneid == 0) while (flag == 0); flag = 1;  The other lanes wait at
  // the guard's reconvergence point, and only they set the flag.
  const auto d = Detected::body(std::string(kPrologue) + R"(
  mov.u32 %r1, %laneid;
  setp.eq.u32 %p1, %r1, 0;
  @!%p1 bra JOIN;
L:
  ld.volatile.global.u32 %r2, [%rd2];
  setp.eq.s32 %p2, %r2, 0;
  @%p2 bra L;
JOIN:
  st.volatile.global.u32 [%rd2], 1;
  ret;)");
  const auto r = d.refined();
  EXPECT_TRUE(r.loops[d.loop_at("L")].flagged);
}

TEST(DetectFilters, ReadOnlyReadsAreDropped) {
  const auto d = Detected::body(std::string(kPrologue) + R"(
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
L:
  ld.global.nc.u32 %r2, [%rd4];
  setp.eq.s32 %p1, %r2, 0;
  @%p1 bra L;
  st.global.u32 [%rd2], 1;
  ret;)");
  EXPECT_TRUE(d.thesis().loops[0].flagged);
  const auto r = d.refined();
  EXPECT_FALSE(r.loops[0].flagged);
  EXPECT_EQ(r.loops[0].reason, LoopReason::ReadOnlyReads);
  EXPECT_TRUE(r.loops[0].reads.empty());
}

TEST(DetectFilters, UniformBranchesMakeNothingParallel) {
  // The loop is in one arm of `if (blockIdx.x == 0)` and the write in the
  // other: thesis mode counts it as parallel, refined mode does not (a
  // uniform branch never splits a warp).
  const auto d = Detected::body(std::string(kPrologue) + R"(
  mov.u32 %r1, %ctaid.x;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra OTHER;
L:
  ld.volatile.global.u32 %r2, [%rd2];
  setp.eq.s32 %p2, %r2, 0;
  @%p2 bra L;
  bra.uni JOIN;
OTHER:
  st.volatile.global.u32 [%rd2], 1;
JOIN:
  ret;)");
  const auto t = d.thesis();
  const auto& tf = t.loops[d.loop_at("L")];
  EXPECT_TRUE(tf.flagged);
  ASSERT_EQ(tf.writes.size(), 1U);
  EXPECT_EQ(tf.writes[0].relation, checker::WriteRelation::Parallel);
  const auto r = d.refined();
  EXPECT_FALSE(r.loops[d.loop_at("L")].flagged);
}

}  // namespace
}  // namespace lockstep::test
