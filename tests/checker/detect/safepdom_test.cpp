// Algorithms 2, 3 and 5 and the table they produce.
#include "tests/checker/detect/detect_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::DetectMode;
using checker::SafeTarget;
using ir::AtomOp;
using ir::Opcode;

TEST(SafePdom, SpinLockIsAfterTheRelease) {
  // SSDE §4.1: the SafePDom of Fig. 3.3's loop is the instruction after
  // atomicExch; the table sends the loop's exit branch there.
  const auto d = Detected::file("models/kernels/spin_lock/spin_lock.ptx");
  for (auto mode : {DetectMode::Thesis, DetectMode::Refined}) {
    const auto r = d.run(mode);
    const auto s = d.safe(r);
    const std::uint32_t exch = d.nth(Opcode::Atom, 0, AtomOp::Exch);
    ASSERT_EQ(s.loops.size(), 1U);
    EXPECT_TRUE(s.loops[0].flagged);
    EXPECT_EQ(s.loops[0].point, exch + 1);
    ASSERT_GE(s.loops[0].history.size(), 2U);
    EXPECT_EQ(s.loops[0].history[0].cause, checker::RiseCause::Exit);
    EXPECT_EQ(s.loops[0].history[1].cause, checker::RiseCause::Write);
    const std::uint32_t br = r.loops[0].exits[0].pc;
    EXPECT_EQ(s.table.find(br), exch + 1);
    EXPECT_NE(d.analysis.nvidia_table.find(br), exch + 1);
  }
}

TEST(SafePdom, UnflaggedLoopsKeepTheirReconvergence) {
  const auto d = Detected::file("models/kernels/done_flag_lock/done_flag_lock.ptx");
  const auto s = d.safe(d.refined());
  EXPECT_EQ(s.table, d.analysis.nvidia_table);
}

constexpr const char* kNested = R"(
  ld.param.u64 %rd1, [k_p0];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r9, %tid.x;
  mul.wide.u32 %rd8, %r9, 4;
  mov.u64 %rd9, sbuf;
  add.s64 %rd10, %rd9, %rd8;
OUTER:
  ld.volatile.shared.u32 %r5, [%rd10];
  setp.eq.s32 %p3, %r5, 0;
  @%p3 bra END;
INNER:
  atom.global.cas.b32 %r1, [%rd2], 0, 1;
  setp.ne.s32 %p1, %r1, 0;
  @%p1 bra INNER;
  st.shared.u32 [%rd10], 0;
  bra.uni OUTER;
END:
  atom.global.exch.b32 %r2, [%rd2], 0;
  ret;)";

TEST(SafePdom, InnerSafePdomDelayingAnOuterLoopFlagsIt) {
  // The inner lock is released after the outer loop; the outer loop's exit
  // reads shared memory that no write in its region redefines, so Algorithm 1
  // leaves it alone, but the inner SafePDom (after the release) delays the
  // outer loop's reconvergence past END: Algorithm 3 flags it.
  const auto d = Detected::body(kNested);
  const auto r = d.refined();
  const std::uint32_t outer = d.loop_at("OUTER");
  const std::uint32_t inner = d.loop_at("INNER");
  EXPECT_FALSE(r.loops[outer].flagged) << checker::loop_reason_name(r.loops[outer].reason);
  EXPECT_TRUE(r.loops[inner].flagged);
  const auto s = d.safe(r);
  const std::uint32_t ret = d.label("END") + 1;
  EXPECT_EQ(s.loops[inner].point, ret);
  EXPECT_TRUE(s.loops[outer].flagged);
  EXPECT_EQ(s.loops[outer].point, ret);
  EXPECT_EQ(s.loops[outer].history.back().cause, checker::RiseCause::Conflict);
}

TEST(SafePdom, AwareIgnoresParallelWritesAndResolvesPerBranch) {
  // Two locks in the arms of an if: for the stack the parallel arm's writes
  // push both SafePDoms to the join; AWARE (Algorithm 5) only delays each
  // loop past its own release.
  const auto d = Detected::body(kTwoLocksInIfArms);
  const auto r = d.refined();
  const auto stack = d.safe(r, SafeTarget::Stack);
  const auto aware = d.safe(r, SafeTarget::Aware);
  const std::uint32_t exch_t = d.nth(Opcode::Atom, 0, AtomOp::Exch);
  const std::uint32_t exch_e = d.nth(Opcode::Atom, 1, AtomOp::Exch);
  const std::uint32_t br_t = d.label("ELSE") - 3;  // @%p2 bra T
  EXPECT_EQ(d.kernel().code[br_t].op, Opcode::Bra);
  EXPECT_EQ(stack.table.find(br_t), d.label("JOIN"));
  EXPECT_EQ(aware.table.find(br_t), exch_t + 1);
  EXPECT_EQ(aware.table.find(d.label("JOIN") - 2), exch_e + 1);
  // Algorithm 5 keeps the enclosing if's point at the join.
  EXPECT_EQ(aware.table.find(d.label("T") - 1), d.label("JOIN"));
}

}  // namespace
}  // namespace lockstep::test
