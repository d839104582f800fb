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

/// The tagged-histogram retry loop (SSDE thesis Fig. 3.12) as nvcc -O3 emits
/// it: read the bin, store count + 1 stamped with the lane, read it back,
/// retry unless the stamp survived. The tests choose the read-back and the
/// comparison.
std::string tagged_loop(const std::string& readback, const std::string& cmp) {
  return std::string(kPrologue) + R"(
  mov.u32 %r1, %laneid;
  shl.b32 %r7, %r1, 27;
  mov.u32 %r3, %tid.x;
  and.b32 %r4, %r3, 63;
  shl.b32 %r5, %r4, 2;
  mov.u32 %r6, sbuf;
  add.s32 %r13, %r6, %r5;
  add.s32 %r14, %r13, 4;
L:
  ld.volatile.shared.u32 %r8, [%r13];
  and.b32 %r9, %r8, 134217727;
  add.s32 %r10, %r9, 1;
  or.b32 %r11, %r10, %r7;
  st.volatile.shared.u32 [%r13], %r11;
  )" + readback + R"(
  )" + cmp + R"(
  @%p4 bra L;
  st.volatile.shared.u32 [%r13], 0;
  ret;)";
}

TEST(DetectFilters, TaggedHistogramRetryIsLaneSerialised) {
  // A lane leaves when it reads back its own stamp: it waits for nobody.
  const auto d = Detected::body(
      tagged_loop("ld.volatile.shared.u32 %r12, [%r13];", "setp.ne.s32 %p4, %r12, %r11;"));
  EXPECT_TRUE(d.thesis().loops[0].flagged);
  const auto r = d.refined();
  EXPECT_FALSE(r.loops[0].flagged);
  EXPECT_EQ(r.loops[0].reason, LoopReason::LaneSerialised);
  EXPECT_EQ(r.loops[0].filters, std::vector<LoopReason>{LoopReason::LaneSerialised});
}

TEST(DetectFilters, TaggedHistogramRetryThroughRecomputedAddresses) {
  // nvcc -G recomputes the address for the read-back in the next block,
  // which only the store's block enters.
  const auto d = Detected::body(std::string(kPrologue) + R"(
  mov.u32 %r1, %laneid;
  shl.b32 %r7, %r1, 27;
  mov.u32 %r3, %tid.x;
  and.b32 %r4, %r3, 63;
  cvta.shared.u64 %rd5, sbuf;
L:
  cvt.u64.u32 %rd6, %r4;
  shl.b64 %rd7, %rd6, 2;
  add.s64 %rd8, %rd5, %rd7;
  ld.volatile.u32 %r8, [%rd8];
  and.b32 %r9, %r8, 134217727;
  add.s32 %r10, %r9, 1;
  or.b32 %r11, %r10, %r7;
  cvt.u64.u32 %rd9, %r4;
  shl.b64 %rd10, %rd9, 2;
  add.s64 %rd11, %rd5, %rd10;
  st.volatile.u32 [%rd11], %r11;
  bra.uni BACK;
BACK:
  cvt.u64.u32 %rd12, %r4;
  shl.b64 %rd13, %rd12, 2;
  add.s64 %rd14, %rd5, %rd13;
  ld.volatile.u32 %r12, [%rd14];
  setp.ne.s32 %p4, %r12, %r11;
  @%p4 bra L;
  bra.uni DONE;
DONE:
  st.volatile.u32 [%rd11], 0;
  ret;)");
  EXPECT_TRUE(d.thesis().loops[0].flagged);
  EXPECT_EQ(d.refined().loops[0].reason, LoopReason::LaneSerialised);
}

TEST(DetectFilters, ReadBackOfAnotherAddressOrAnotherValueIsKept) {
  // Each waits for a value another thread may have to write: the read-back
  // of the next word, a loop that leaves only once someone else changed the
  // word, a store of another register, a write between the store and the
  // read-back.
  const std::pair<const char*, const char*> shapes[] = {
      {"ld.volatile.shared.u32 %r12, [%r14];", "setp.ne.s32 %p4, %r12, %r11;"},
      {"ld.volatile.shared.u32 %r12, [%r13];", "setp.eq.s32 %p4, %r12, %r11;"},
      {"ld.volatile.shared.u32 %r12, [%r13];", "setp.ne.s32 %p4, %r12, %r10;"},
      {"st.volatile.shared.u32 [%r14], %r11;\n  ld.volatile.shared.u32 %r12, [%r13];", "setp.ne.s32 %p4, %r12, %r11;"},
  };
  for (const auto& [readback, cmp] : shapes) {
    const auto d = Detected::body(tagged_loop(readback, cmp));
    EXPECT_TRUE(d.refined().loops[0].flagged) << readback << " / " << cmp;
  }
}

TEST(DetectFilters, OwnWriteExitBesideAFlagExitIsKept) {
  // `do { st; if (flag) break; } while (ld != mine)`: the flag exit waits
  // for another thread, so the loop is not serialised by its own writes.
  const auto d = Detected::body(std::string(kPrologue) + R"(
  mov.u32 %r1, %laneid;
  mov.u32 %r6, sbuf;
L:
  st.volatile.shared.u32 [%r6], %r1;
  ld.volatile.global.u32 %r2, [%rd2];
  setp.ne.s32 %p1, %r2, 0;
  @%p1 bra DONE;
  ld.volatile.shared.u32 %r12, [%r6];
  setp.ne.s32 %p4, %r12, %r1;
  @%p4 bra L;
DONE:
  st.volatile.global.u32 [%rd2], 1;
  ret;)");
  EXPECT_TRUE(d.refined().loops[0].flagged);
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
