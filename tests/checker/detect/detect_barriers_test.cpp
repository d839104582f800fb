// Divergent barriers (checker/detect/barrier_divergence.hpp) next to paths
// that can only end in an error, and through -G stack-frame slots
// (docs/detection.md): each refinement with the kernel it clears and the
// near misses it must keep, in both modes.
#include "tests/checker/detect/detect_test_kit.hpp"

namespace lockstep::test {
namespace {

/// Barrier PCs found in both modes (they must agree).
std::vector<std::uint32_t> barriers(const Detected& d) {
  std::vector<std::uint32_t> out;
  for (const auto& b : d.refined().barriers) out.push_back(b.pc);
  std::vector<std::uint32_t> thesis;
  for (const auto& b : d.thesis().barriers) thesis.push_back(b.pc);
  EXPECT_EQ(out, thesis);
  return out;
}

/// `if (tid >= 16) <ARM>; bar.sync 0`: the arm is the text between the
/// branch and OK.
Detected guard(const std::string& arm) {
  return Detected::body(R"(
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 bra OK;
)" + arm + R"(
OK:
  st.shared.u32 [sbuf], %r1;
  bar.sync 0;
  ret;)");
}

TEST(DetectBarriers, TrapGuardDoesNotMakeTheBarrierDivergent) {
  const auto d = guard("  trap;");
  EXPECT_TRUE(barriers(d).empty());
  // The same arm, longer: every path of it still ends in the trap.
  EXPECT_TRUE(barriers(guard("  add.u32 %r2, %r1, 1;\n  bra.uni T;\nT:\n  trap;")).empty());
}

TEST(DetectBarriers, ArmsThatMayNotEndInAnErrorKeepTheBarrier) {
  // A normal return: the others wait at the barrier for threads that left.
  auto ret = guard("  ret;");
  EXPECT_EQ(barriers(ret), std::vector<std::uint32_t>{ret.nth(ir::Opcode::Bar, 0)});
  // A barrier before the trap: the arm's threads wait before their error.
  const auto early = guard("  bar.sync 0;\n  trap;");
  EXPECT_EQ(barriers(early).size(), 2U);
  // A guarded trap may fall through to the barrier.
  const auto guarded = guard("  setp.eq.u32 %p2, %r1, 20;\n  @%p2 trap;");
  EXPECT_FALSE(barriers(guarded).empty());
  // A loop before the trap may spin for ever.
  const auto spin = guard("S:\n  ld.volatile.shared.u32 %r3, [sother];\n  setp.eq.u32 %p3, %r3, 0;\n"
                          "  @%p3 bra S;\n  trap;");
  EXPECT_FALSE(barriers(spin).empty());
}

TEST(DetectBarriers, TrapInsideOneArmKeepsTheBarrierAfterTheIfElse) {
  // if (tid & 1) { if (tid >= 16) trap; A } else { B }; bar.sync: the trap
  // makes the if/else reconverge at the kernel exit, so on a SIMT stack
  // the arm run first waits at the barrier while the other is parked, even
  // when no thread traps.
  const auto d = Detected::body(R"(
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 1;
  setp.eq.u32 %p1, %r2, 0;
  @%p1 bra ELSE;
  setp.lt.u32 %p2, %r1, 16;
  @%p2 bra A;
  trap;
A:
  st.shared.u32 [sbuf], %r1;
  bra.uni J;
ELSE:
  st.shared.u32 [sbuf+4], %r1;
J:
  bar.sync 0;
  ret;)");
  const auto r = d.refined();
  ASSERT_EQ(r.barriers.size(), 1U);
  EXPECT_EQ(r.barriers[0].branch_pc, d.nth(ir::Opcode::Bra, 0));
  EXPECT_EQ(barriers(d).size(), 1U);
}

TEST(DetectBarriers, TrapGuardInALoopLeavesNoValueDivergent) {
  // for (i = 0; i < 8; ++i) if (bad(tid)) trap;  if (i == 8) bar.sync:
  // without the trap arm no thread leaves the loop early, so i is uniform.
  const auto d = Detected::body(R"(
  mov.u32 %r1, %tid.x;
  mov.u32 %r3, 0;
L:
  setp.lt.u32 %p1, %r1, 1000;
  @%p1 bra OK;
  trap;
OK:
  add.u32 %r3, %r3, 1;
  setp.lt.u32 %p2, %r3, 8;
  @%p2 bra L;
  setp.eq.u32 %p3, %r3, 8;
  @!%p3 bra END;
  bar.sync 0;
END:
  ret;)");
  EXPECT_TRUE(barriers(d).empty());
  // The frontend's analysis, which keeps the trap arm, sees i leave the
  // loop at different iterations.
  EXPECT_FALSE(d.analysis.uniformity.branch_uniform(d.nth(ir::Opcode::Bra, 2)));
}

/// A -G style frame: `depot` made generic, slot 0 = the round count,
/// slot 1 written by SLOT1 (a text), a store through the output pointer,
/// then `for (r = 0; r < slot0; ++r) bar.sync 0;`.
Detected frame(const std::string& before_loop) {
  return Detected::body(R"(
  .local .align 8 .b8 depot[16];
  mov.u64 %rd1, depot;
  cvta.local.u64 %rd2, %rd1;
  ld.param.u64 %rd3, [k_p0];
  ld.param.u64 %rd4, [k_p1];
  cvt.u32.u64 %r1, %rd4;
  mov.u32 %r2, %tid.x;
  st.u32 [%rd2], %r1;
  st.u32 [%rd2+4], %r2;
  mul.wide.u32 %rd5, %r2, 4;
  add.s64 %rd6, %rd3, %rd5;
  st.u32 [%rd6], %r2;
)" + before_loop + R"(
  mov.u32 %r3, 0;
L:
  ld.u32 %r4, [%rd2];
  setp.ge.s32 %p1, %r3, %r4;
  @%p1 bra DONE;
  bar.sync 0;
  add.s32 %r3, %r3, 1;
  bra.uni L;
DONE:
  ret;)");
}

TEST(DetectBarriers, FrameSlotWrittenWithUniformValuesStaysUniform) {
  const auto d = frame("");
  EXPECT_TRUE(barriers(d).empty());
  // Without slots the reload is a generic load of memory the kernel writes.
  const std::uint32_t exit_pc = d.nth(ir::Opcode::Bra, 0);
  EXPECT_FALSE(d.analysis.uniformity.branch_uniform(exit_pc));
}

TEST(DetectBarriers, FrameSlotWithADivergentValueOnSomePathKeepsTheBarrier) {
  // Under a uniform branch, slot 0 gets the thread id.
  const auto data = frame(R"(
  setp.eq.u32 %p2, %r1, 1;
  @!%p2 bra SKIP;
  st.u32 [%rd2], %r2;
SKIP:)");
  EXPECT_EQ(barriers(data).size(), 1U);
  // Under a divergent branch, slot 0 gets a uniform value: after the join
  // threads hold different counts.
  const auto join = frame(R"(
  setp.eq.u32 %p2, %r2, 0;
  @!%p2 bra SKIP;
  st.u32 [%rd2], 7;
SKIP:)");
  EXPECT_EQ(barriers(join).size(), 1U);
  // An 8-byte store of a divergent pair over slots 0 and 1.
  const auto wide = frame("  mov.b64 %rd7, {%r2, %r2};\n  st.u64 [%rd2], %rd7;");
  EXPECT_EQ(barriers(wide).size(), 1U);
  // A store through a pointer loaded from memory may hit the frame.
  const auto unknown = frame("  ld.global.u64 %rd8, [%rd6];\n  st.u32 [%rd8], %r2;");
  EXPECT_EQ(barriers(unknown).size(), 1U);
}

}  // namespace
}  // namespace lockstep::test
