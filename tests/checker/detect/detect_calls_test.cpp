// Opaque calls (a call to an external function without a body, an indirect
// call) in detection: lockstep cannot see what they do, so each is a shared
// read and a shared write of any address and may hold a barrier. These tests
// pin the soundness this buys: a loop whose only possible redefinition is a
// call is flagged, a loop that spins on a call's result is flagged, and a
// call under a divergent branch is reported as a possible divergent barrier.
#include "tests/checker/detect/detect_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::LoopReason;

const std::string kDecls =
    ".extern .func (.param .b32 func_retval0) try_lock(.param .b64 try_lock_p);\n"
    ".extern .func unlock(.param .b64 unlock_p);\n"
    ".extern .func work();\n";

constexpr const char* kPrologue = R"(
  ld.param.u64 %rd1, [k_p0];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %laneid;
)";

TEST(DetectCalls, ACallIsTheOnlyWriteThatCanReleaseASpinLoop) {
  // if (lane == 0) while (*flag == 0); else work();   work() may set *flag.
  const auto d = Detected::body(std::string(kPrologue) + R"(
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra OTHER;
L:
  ld.volatile.global.u32 %r2, [%rd2];
  setp.eq.u32 %p2, %r2, 0;
  @%p2 bra L;
  bra.uni JOIN;
OTHER:
  call.uni work, ();
JOIN:
  ret;)",
                                "sm_80", kDecls);
  for (const auto& r : {d.thesis(), d.refined()}) {
    ASSERT_EQ(r.loops.size(), 1U);
    EXPECT_TRUE(r.loops[0].flagged);
    EXPECT_EQ(r.loops[0].reason, LoopReason::Redefined);
    EXPECT_EQ(write_pcs(r.loops[0]), std::vector<std::uint32_t>{d.nth(ir::Opcode::Call)});
    EXPECT_EQ(r.loops[0].writes[0].relation, checker::WriteRelation::Parallel);
  }
}

TEST(DetectCalls, WithoutTheCallNothingReleasesTheLoop) {
  // The near miss: the same kernel with the call removed has no write at all
  // (and, nothing writing memory, the loaded flag is uniform).
  const auto d = Detected::body(std::string(kPrologue) + R"(
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra JOIN;
L:
  ld.volatile.global.u32 %r2, [%rd2];
  setp.eq.u32 %p2, %r2, 0;
  @%p2 bra L;
JOIN:
  ret;)",
                                "sm_80", kDecls);
  EXPECT_FALSE(d.thesis().loops[0].flagged);
  EXPECT_EQ(d.thesis().loops[0].reason, LoopReason::NoRedefiningWrite);
  EXPECT_FALSE(d.refined().loops[0].flagged);
}

TEST(DetectCalls, ASpinOnACallsResultReadsSharedMemory) {
  // while (!try_lock(m)); unlock(m);   Both are external: the loop's exit
  // depends on what try_lock read, which unlock (after the loop, reachable
  // from the exit's reconvergence point) may change.
  const auto d = Detected::body(std::string(kPrologue) + R"(
L:
  {
  .param .b64 param0;
  st.param.b64 [param0], %rd2;
  .param .b32 retval0;
  call.uni (retval0), try_lock, (param0);
  ld.param.b32 %r2, [retval0];
  }
  setp.eq.u32 %p2, %r2, 0;
  @%p2 bra L;
  {
  .param .b64 param0;
  st.param.b64 [param0], %rd2;
  call.uni unlock, (param0);
  }
  ret;)",
                                "sm_80", kDecls);
  const std::uint32_t try_lock = d.nth(ir::Opcode::Call, 0);
  const std::uint32_t unlock = d.nth(ir::Opcode::Call, 1);
  const auto r = d.refined();
  ASSERT_EQ(r.loops.size(), 1U);
  EXPECT_FALSE(r.loops[0].exits[0].uniform);  // the call's result differs between threads
  EXPECT_TRUE(r.loops[0].flagged);
  EXPECT_EQ(read_pcs(r.loops[0]), std::vector<std::uint32_t>{try_lock});
  EXPECT_EQ(write_pcs(r.loops[0]), std::vector<std::uint32_t>{unlock});
  EXPECT_EQ(r.loops[0].writes[0].relation, checker::WriteRelation::Reachable);
}

TEST(DetectCalls, ACallUnderADivergentBranchMayHoldABarrier) {
  const auto d = Detected::body(std::string(kPrologue) + R"(
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra JOIN;
  call.uni work, ();
JOIN:
  bar.sync 0;
  ret;)",
                                "sm_80", kDecls);
  for (const auto& r : {d.thesis(), d.refined()}) {
    ASSERT_EQ(r.barriers.size(), 1U);
    EXPECT_EQ(r.barriers[0].pc, d.nth(ir::Opcode::Call));
    EXPECT_TRUE(r.barriers[0].call);
    EXPECT_TRUE(r.flagged());
  }
}

TEST(DetectCalls, ACallUnderAUniformBranchIsNotReported) {
  const auto d = Detected::body(R"(
  ld.param.u64 %rd1, [k_p0];
  setp.eq.u64 %p1, %rd1, 0;
  @%p1 bra JOIN;
  call.uni work, ();
JOIN:
  ret;)",
                                "sm_80", kDecls);
  EXPECT_TRUE(d.refined().barriers.empty());
  EXPECT_FALSE(d.refined().flagged());
}

TEST(DetectCalls, ADivergentGuardSplitsTheWarpToo) {
  // @%p call / @%p bar.sync with a lane-dependent guard: reported at the
  // instruction itself; a uniform guard is not.
  const auto d = Detected::body(std::string(kPrologue) + R"(
  setp.ne.u32 %p1, %r1, 0;
  @%p1 call.uni work, ();
  @%p1 bar.sync 0;
  ld.param.u64 %rd3, [k_p1];
  setp.eq.u64 %p2, %rd3, 0;
  @%p2 call.uni work, ();
  @%p2 bar.sync 1;
  ret;)",
                                "sm_80", kDecls);
  const auto r = d.refined();
  ASSERT_EQ(r.barriers.size(), 2U);
  EXPECT_EQ(r.barriers[0].pc, d.nth(ir::Opcode::Call, 0));
  EXPECT_EQ(r.barriers[0].branch_pc, r.barriers[0].pc);
  EXPECT_TRUE(r.barriers[0].call);
  EXPECT_EQ(r.barriers[1].pc, d.nth(ir::Opcode::Bar, 0));
  EXPECT_EQ(r.barriers[1].branch_pc, r.barriers[1].pc);
  EXPECT_FALSE(r.barriers[1].call);
}

TEST(DetectCalls, AnIndirectCallIsOpaqueToo) {
  const auto d = Detected::body(std::string(kPrologue) + R"(
  ld.param.u64 %rd3, [k_p1];
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra JOIN;
  proto: .callprototype _ ();
  call %rd3, (), proto;
JOIN:
  ret;)",
                                "sm_80", kDecls);
  const auto r = d.refined();
  ASSERT_EQ(r.barriers.size(), 1U);
  EXPECT_TRUE(r.barriers[0].call);
}

}  // namespace
}  // namespace lockstep::test
