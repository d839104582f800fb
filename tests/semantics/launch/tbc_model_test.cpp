// Thread block compaction (semantics/model/model_tbc.hpp, docs/models/tbc.md)
// against the thesis's exact claims (research 001-microarch-tbc.md §6):
//   - the Fig 3.5 toy: 8 warp issues of basic blocks under the per-warp
//     stack, 7 under TBC, and the static warps back at D (claims 3, 7);
//   - the Fig 3.7 trace: arrival order W2, W3, W1, the masks and warp counts
//     after each arrival, the compactor's warps {5,2,3,4} and {-,-,11,8} for
//     C, then {1,6,7,12} and {9,10,-,-} for B (claim 4);
//   - empty target entries pop (claim 8);
//   - the lane invariant, the warp-count bound and the restoration of the
//     static warps checked after every step of the generated programs
//     (claims 5-7);
//   - warp-synchronous code in a divergent region sees the compacted warp
//     with the compactor on and its static warp with it off (claim 10);
//   - a bra.uni that diverges inside a compacted warp is an error naming it;
//   - likely-convergence points: the latch of a loop with a break.
// The thesis's warps have 4 threads; here warps have 32 lanes, so thesis
// thread i is lane (i-1) % 4 of static warp (i-1) / 4, and the other lanes
// of each warp exit first (Fig 3.7) or take the toy's B path (Fig 3.5).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "random_program.hpp"
#include "run_kit.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/model/model_stack.hpp"
#include "semantics/model/model_tbc.hpp"

namespace lockstep::test {
namespace {

using sem::Mask;
using Tbc = sem::ModelTbc;

const std::string& kHeader = kPtxHeader;

std::string spec_for(const std::string& kernel, unsigned threads) { return one_out_spec(kernel, threads); }

/// Fig 3.5 / Example 3: flag threads (thesis 1, 6, 7) run C, the others B.
/// Every basic block's first instruction is marked by its label.
const std::string kToy = kHeader + R"(
.visible .entry toy(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  mov.b64 %rd1, 0x0000000600000001;
  shr.b64 %rd2, %rd1, %r1;
  and.b64 %rd3, %rd2, 1;
  setp.ne.u64 %p1, %rd3, 0;
  @%p1 bra $C;
$B:
  mov.u32 %r2, 2;
  bra.uni $D;
$C:
  mov.u32 %r2, 1;
$D:
  ld.param.u64 %rd4, [out];
  cvta.to.global.u64 %rd5, %rd4;
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd7, %rd5, %rd6;
  st.global.u32 [%rd7], %r2;
  ret;
}
)";

/// Fig 3.7: 3 static warps; lanes 0-3 hold thesis threads 1-12; C gets
/// {2,3,4,5,8,11} (the taken side, so C runs first), B {1,6,7,9,10,12}.
/// The C set as nibbles per warp: w0 0xE, w1 0x9, w2 0x4 = 0x49E.
const std::string kFig37 = kHeader + R"(
.visible .entry fig37(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<10>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 31;
  setp.ge.u32 %p1, %r2, 4;
  @%p1 exit;
  shr.u32 %r3, %r1, 5;
  shl.b32 %r4, %r3, 2;
  add.u32 %r5, %r4, %r2;
  mov.u32 %r6, 1182;
  shr.u32 %r7, %r6, %r5;
  and.b32 %r7, %r7, 1;
  setp.ne.u32 %p2, %r7, 0;
  @%p2 bra $C;
$B:
  mov.u32 %r8, 2;
  bra.uni $D;
$C:
  mov.u32 %r8, 1;
$D:
  ld.param.u64 %rd4, [out];
  cvta.to.global.u64 %rd5, %rd4;
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd7, %rd5, %rd6;
  st.global.u32 [%rd7], %r8;
  ret;
}
)";

/// Thesis thread i (1-based) of a 4-thread-warp figure as (static warp, lane).
constexpr std::pair<unsigned, unsigned> thesis_thread(unsigned i) { return {(i - 1) / 4, (i - 1) % 4}; }

/// A per-static-warp mask from thesis thread ids.
std::vector<Mask> mask_of(std::initializer_list<unsigned> threads, unsigned warps) {
  std::vector<Mask> m(warps, 0);
  for (const unsigned t : threads) m[thesis_thread(t).first] |= sem::lane_bit(thesis_thread(t).second);
  return m;
}

/// A compacted warp as thesis thread ids by lane 0..3 (0 = empty lane).
std::vector<unsigned> warp_threads(const Tbc::Warp& w) {
  std::vector<unsigned> t(4, 0);
  for (unsigned l = 0; l < 4; ++l) {
    if (sem::has_lane(w.lanes, l)) t[l] = w.home[l] * 4 + l + 1;
  }
  return t;
}

std::uint32_t label_pc(const ir::Kernel& k, const std::string& name) {
  for (const ir::LabelInfo& l : k.labels) {
    if (l.name == name) return l.pc;
  }
  ADD_FAILURE() << "no label " << name;
  return 0;
}

TEST(TbcModel, Fig35ToySavesOneWarpIssue) {
  const auto p = prepare_from_text(kToy, spec_for("toy", 64));
  const auto block_issues = [&p](auto model) {
    sem::LaunchState<decltype(model)> s(*p->setup, model);
    const ir::Kernel& k = *p->setup->kernel;
    unsigned issues = 0;
    for (int guard = 0; guard < 1000 && s.status() == sem::LaunchStatus::Running; ++guard) {
      for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
        const Mask en = s.enabled(w);
        if (en == 0) continue;
        const std::uint32_t pc = s.model().unit(s.model_state(w), sem::lowest_lane(en)).pc;
        if (k.blocks[k.block_of(pc)].first_pc == pc) ++issues;
        s.step(w, sem::lowest_lane(en));
      }
    }
    EXPECT_EQ(s.status(), sem::LaunchStatus::Completed);
    return issues;
  };
  EXPECT_EQ(block_issues(sem::ModelStack{}), 8U);  // A A C C B B D D
  EXPECT_EQ(block_issues(Tbc{}), 7U);              // A A C B B D D

  // run's statistics: TBC issues C (one instruction) once instead of twice.
  const RunCapture stack = run_capture(*p, sem::ModelKind::Stack, {});
  const RunCapture tbc = run_capture(*p, sem::ModelKind::Tbc, {});
  ASSERT_EQ(tbc.status, sem::RunStatus::Completed) << tbc.description;
  EXPECT_EQ(stack.stats.warp_instructions, tbc.stats.warp_instructions + 1);
  EXPECT_EQ(stack.stats.thread_instructions, tbc.stats.thread_instructions);
  EXPECT_EQ(stack.buffers, tbc.buffers);
}

TEST(TbcModel, Fig35StaticWarpsComeBackAtD) {
  const auto p = prepare_from_text(kToy, spec_for("toy", 64));
  sem::LaunchState<Tbc> s(*p->setup, Tbc{});
  const std::uint32_t d = label_pc(*p->setup->kernel, "$D");
  bool seen = false;
  for (int guard = 0; guard < 1000 && s.status() == sem::LaunchStatus::Running && !seen; ++guard) {
    const Tbc::State& ms = s.model_state(0);
    if (ms.stack.size() == 1 && ms.stack[0].pc == d) {
      seen = true;
      for (unsigned k = 0; k < 2; ++k) {
        EXPECT_EQ(ms.warps[k].lanes, sem::kFullMask);
        for (unsigned l = 0; l < sem::kWarpSize; ++l) EXPECT_EQ(ms.warps[k].home[l], k);
      }
      break;
    }
    for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
      if (s.enabled(w) != 0) s.step(w, sem::lowest_lane(s.enabled(w)));
    }
  }
  EXPECT_TRUE(seen);
}

TEST(TbcModel, Fig37TraceMasksWarpCountsAndCompactedWarps) {
  const auto p = prepare_from_text(kFig37, spec_for("fig37", 96));
  const ir::Kernel& k = *p->setup->kernel;
  const std::uint32_t pc_b = label_pc(k, "$B"), pc_c = label_pc(k, "$C"), pc_d = label_pc(k, "$D");
  sem::LaunchState<Tbc> s(*p->setup, Tbc{});
  // Every warp drops its lanes 4..31 (they exit) and runs to the B/C branch.
  const auto& ms = s.model_state(0);
  ASSERT_EQ(ms.warps.size(), 3U);
  const std::uint32_t branch = pc_b - 1;
  for (std::uint32_t w = 0; w < 3; ++w) {
    for (int guard = 0; guard < 100 && ms.warps[w].pc != branch; ++guard) s.step(w, w);
  }
  // Now the three static warps (lanes 0..3 each) sit at the B/C branch.
  ASSERT_EQ(ms.stack.size(), 1U);
  EXPECT_EQ(ms.stack[0].wcnt, 3U);
  for (unsigned w = 0; w < 3; ++w) {
    EXPECT_EQ(ms.warps[w].lanes, 0xfU);
    EXPECT_TRUE(sem::tbc_divergent_branch(k, ms.warps[w].pc));
  }
  // (2) W2 arrives first.
  s.step(1, 1);
  ASSERT_EQ(ms.stack.size(), 3U);
  EXPECT_EQ(ms.tos, 0U);
  EXPECT_EQ(ms.stack[0].pc, pc_d);
  EXPECT_EQ(ms.stack[0].wcnt, 2U);
  EXPECT_EQ(ms.stack[1].pc, pc_b);
  EXPECT_EQ(ms.stack[2].pc, pc_c);
  EXPECT_EQ(ms.stack[1].mask, mask_of({6, 7}, 3));
  EXPECT_EQ(ms.stack[2].mask, mask_of({5, 8}, 3));
  EXPECT_EQ(ms.stack[1].rpc, pc_d);
  EXPECT_EQ(ms.stack[2].rpc, pc_d);
  // (9) W3.
  s.step(2, 2);
  EXPECT_EQ(ms.stack[0].wcnt, 1U);
  EXPECT_EQ(ms.stack[1].mask, mask_of({6, 7, 9, 10, 12}, 3));
  EXPECT_EQ(ms.stack[2].mask, mask_of({5, 8, 11}, 3));
  // (10) W1: WCnt 0, C becomes TOS with WCnt 2 and the compactor's warps.
  s.step(0, 0);
  EXPECT_EQ(ms.stack[1].mask, mask_of({1, 6, 7, 9, 10, 12}, 3));
  EXPECT_EQ(ms.stack[2].mask, mask_of({2, 3, 4, 5, 8, 11}, 3));
  EXPECT_EQ(ms.tos, 2U);
  EXPECT_EQ(ms.stack[2].wcnt, 2U);
  EXPECT_EQ(warp_threads(ms.warps[0]), (std::vector<unsigned>{5, 2, 3, 4}));
  EXPECT_EQ(warp_threads(ms.warps[1]), (std::vector<unsigned>{0, 0, 11, 8}));
  EXPECT_EQ(ms.warps[2].lanes, 0U);
  // C's warps reconverge at D: C pops, B is compacted into 2 warps.
  s.step(0, 0);
  s.step(1, 1);
  EXPECT_EQ(ms.tos, 1U);
  EXPECT_EQ(ms.stack[1].wcnt, 2U);
  EXPECT_EQ(warp_threads(ms.warps[0]), (std::vector<unsigned>{1, 6, 7, 12}));
  EXPECT_EQ(warp_threads(ms.warps[1]), (std::vector<unsigned>{9, 10, 0, 0}));
  // B runs (2 instructions per warp), pops; D gets the three static warps back.
  for (int i = 0; i < 2; ++i) {
    s.step(0, 0);
    s.step(1, 1);
  }
  ASSERT_EQ(ms.stack.size(), 1U);
  EXPECT_EQ(ms.stack[0].pc, pc_d);
  EXPECT_EQ(ms.stack[0].wcnt, 3U);
  for (unsigned w = 0; w < 3; ++w) EXPECT_EQ(warp_threads(ms.warps[w]), (std::vector<unsigned>{4 * w + 1, 4 * w + 2, 4 * w + 3, 4 * w + 4}));
  while (s.status() == sem::LaunchStatus::Running) {
    bool any = false;
    for (std::uint32_t w = 0; w < 3; ++w) {
      if (s.enabled(w) != 0) {
        s.step(w, w);
        any = true;
      }
    }
    ASSERT_TRUE(any);
  }
  EXPECT_EQ(s.status(), sem::LaunchStatus::Completed);
}

TEST(TbcModel, CompactorOffKeepsStaticWarps) {
  const auto p = prepare_from_text(kFig37, spec_for("fig37", 96));
  const std::uint32_t pc_c = label_pc(*p->setup->kernel, "$C");
  sem::LaunchState<Tbc> s(*p->setup, Tbc{false});
  bool seen = false;
  for (int guard = 0; guard < 1000 && s.status() == sem::LaunchStatus::Running; ++guard) {
    const Tbc::State& ms = s.model_state(0);
    if (!seen && ms.stack.back().pc == pc_c && ms.tos + 1 == ms.stack.size()) {
      seen = true;
      EXPECT_EQ(ms.stack.back().wcnt, 3U);
      EXPECT_EQ(warp_threads(ms.warps[0]), (std::vector<unsigned>{0, 2, 3, 4}));
      EXPECT_EQ(warp_threads(ms.warps[1]), (std::vector<unsigned>{5, 0, 0, 8}));
      EXPECT_EQ(warp_threads(ms.warps[2]), (std::vector<unsigned>{0, 0, 11, 0}));
    }
    for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
      if (s.enabled(w) != 0) s.step(w, w);
    }
  }
  EXPECT_TRUE(seen);
  EXPECT_EQ(s.status(), sem::LaunchStatus::Completed);
}

TEST(TbcModel, EmptyTargetEntryPopsWhenItWouldBecomeTop) {
  // Every thread takes the branch: the not-taken entry is pushed empty (the
  // first arrival pushes both targets) and pops without issuing.
  const std::string ptx = kHeader + R"(
.visible .entry all_taken(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 7;
  setp.lt.u32 %p1, %r1, 1000;
  @%p1 bra $T;
  mov.u32 %r2, 9;
$T:
  ld.param.u64 %rd4, [out];
  cvta.to.global.u64 %rd5, %rd4;
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd7, %rd5, %rd6;
  st.global.u32 [%rd7], %r2;
  ret;
}
)";
  const auto p = prepare_from_text(ptx, spec_for("all_taken", 64));
  sem::LaunchState<Tbc> s(*p->setup, Tbc{});
  const Tbc::State& ms = s.model_state(0);
  const std::uint32_t pc_t = label_pc(*p->setup->kernel, "$T");
  // Warp 0 arrives: both target entries exist, the not-taken one empty.
  for (int i = 0; i < 4; ++i) s.step(0, 0);
  ASSERT_EQ(ms.stack.size(), 3U);
  EXPECT_EQ(ms.stack[1].mask, (std::vector<Mask>{0, 0}));
  EXPECT_EQ(ms.stack[2].pc, pc_t);
  EXPECT_EQ(ms.stack[2].mask, (std::vector<Mask>{sem::kFullMask, 0}));
  for (int i = 0; i < 4; ++i) s.step(1, 1);
  // The taken entry's pc is the branch's RPC: it pops at once, and so does
  // the empty not-taken entry; the reconvergence entry runs both warps.
  ASSERT_EQ(ms.stack.size(), 1U);
  EXPECT_EQ(ms.stack[0].pc, pc_t);
  EXPECT_EQ(ms.stack[0].wcnt, 2U);
  const RunCapture c = run_capture(*p, sem::ModelKind::Tbc, {});
  ASSERT_EQ(c.status, sem::RunStatus::Completed) << c.description;
  EXPECT_EQ(element_bits(c.buffers[0], 5, 4), 7U);
}

// Claim 10: warp-synchronous code inside a divergent region. Threads of
// even lanes of warp 0 and odd lanes of warp 1 take the branch and read
// __activemask(): one compacted warp of all 32 lanes with the compactor on,
// their static warps' halves with it off (and under the stack).
TEST(TbcModel, WarpSynchronousCodeSeesTheCompactedWarp) {
  const std::string ptx = kHeader + R"(
.visible .entry active(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  shr.u32 %r3, %r1, 5;
  xor.b32 %r4, %r1, %r3;
  and.b32 %r5, %r4, 1;
  mov.u32 %r2, 0;
  setp.ne.u32 %p1, %r5, 0;
  @%p1 bra $J;
  activemask.b32 %r2;
$J:
  ld.param.u64 %rd4, [out];
  cvta.to.global.u64 %rd5, %rd4;
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd7, %rd5, %rd6;
  st.global.u32 [%rd7], %r2;
  ret;
}
)";
  const auto p = prepare_from_text(ptx, spec_for("active", 64));
  const RunCapture on = run_capture(*p, model_named("tbc"), {});
  const RunCapture off = run_capture(*p, model_named("tbc:compactor=off"), {});
  const RunCapture stack = run_capture(*p, sem::ModelKind::Stack, {});
  ASSERT_EQ(on.status, sem::RunStatus::Completed) << on.description;
  ASSERT_EQ(off.status, sem::RunStatus::Completed) << off.description;
  EXPECT_EQ(element_bits(on.buffers[0], 0, 4), 0xffffffffU);   // thread 0 (warp 0, lane 0)
  EXPECT_EQ(element_bits(on.buffers[0], 33, 4), 0xffffffffU);  // thread 33 (warp 1, lane 1)
  EXPECT_EQ(element_bits(off.buffers[0], 0, 4), 0x55555555U);
  EXPECT_EQ(element_bits(off.buffers[0], 33, 4), 0xaaaaaaaaU);
  EXPECT_EQ(off.buffers, stack.buffers);
  EXPECT_NE(on.buffers, stack.buffers);
}

TEST(TbcModel, BraUniDivergingInsideACompactedWarpIsAnError) {
  const std::string ptx = kHeader + R"(
.visible .entry liar(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  mov.u32 %r1, %tid.x;
  and.b32 %r2, %r1, 1;
  setp.ne.u32 %p1, %r2, 0;
  @%p1 bra.uni $J;
  add.u32 %r1, %r1, 1;
$J:
  ret;
}
)";
  const auto p = prepare_from_text(ptx, spec_for("liar", 32));
  const RunCapture c = run_capture(*p, sem::ModelKind::Tbc, {});
  EXPECT_EQ(c.status, sem::RunStatus::Error);
  EXPECT_NE(c.description.find("tbc: bra.uni at pc 3 is not uniform within a compacted warp"), std::string::npos)
      << c.description;
  EXPECT_EQ(run_capture(*p, sem::ModelKind::Stack, {}).status, sem::RunStatus::Completed);
}

// Example 4 (§3.4): a loop with a rarely taken break. The LCP of the
// branch at A is the latch E: the paths through B and through C's
// non-breaking side merge there instead of at the loop exit F.
const std::string kExample4 = kHeader + R"(
.visible .entry ex4(.param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<12>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
$A:
  add.u32 %r4, %r1, %r2;
  and.b32 %r5, %r4, 3;
  setp.ne.u32 %p1, %r5, 0;
  @%p1 bra $C;
$B:
  add.u32 %r3, %r3, 10;
  bra.uni $E;
$C:
  setp.eq.u32 %p2, %r4, 13;
  @%p2 bra $F;
$E:
  add.u32 %r3, %r3, 1;
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p3, %r2, 8;
  @%p3 bra $A;
$F:
  ld.param.u64 %rd4, [out];
  cvta.to.global.u64 %rd5, %rd4;
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd7, %rd5, %rd6;
  st.global.u32 [%rd7], %r3;
  ret;
}
)";

TEST(TbcModel, LikelyConvergencePointIsTheBreakLoopsLatch) {
  const auto p = prepare_from_text(kExample4, spec_for("ex4", 64));
  const ir::Kernel& k = *p->setup->kernel;
  const sem::LcpTable lcp = sem::make_lcp_table(k, p->setup->analysis, p->setup->table);
  const std::uint32_t branch_a = label_pc(k, "$B") - 1, branch_c = label_pc(k, "$E") - 1;
  EXPECT_EQ(lcp.at(branch_a), label_pc(k, "$E"));
  EXPECT_EQ(lcp.at(branch_c), label_pc(k, "$E"));
  EXPECT_EQ(lcp.at(label_pc(k, "$F") - 1), sem::kNoLcp);  // the back edge itself

  const RunCapture stack = run_capture(*p, sem::ModelKind::Stack, {});
  const RunCapture tbc = run_capture(*p, sem::ModelKind::Tbc, {});
  const RunCapture lcp_run = run_capture(*p, sem::ModelKind::TbcLcp, {});
  ASSERT_EQ(tbc.status, sem::RunStatus::Completed) << tbc.description;
  ASSERT_EQ(lcp_run.status, sem::RunStatus::Completed) << lcp_run.description;
  EXPECT_EQ(tbc.buffers, stack.buffers);
  EXPECT_EQ(lcp_run.buffers, stack.buffers);
  // Merging at the latch runs E once per iteration for B's and C's threads together.
  EXPECT_LT(lcp_run.stats.warp_instructions, tbc.stats.warp_instructions);
}

/// Claims 5-7 after every step: every thread of a compacted warp is in its
/// home lane of a static warp and in the TOS entry, in one warp only; the
/// warps number at most the static warps with a thread in the entry; a full
/// entry (no thread gone) runs as the static warps.
std::string check_invariants(const sem::LaunchState<Tbc>& s) {
  for (std::uint32_t slot = 0; slot < s.slot_count(); ++slot) {
    const Tbc::State& ms = s.model_state(slot * s.warps_per_block());
    if (ms.stack.empty()) continue;
    const Tbc::Entry& e = ms.stack.at(ms.tos);
    std::vector<Mask> seen(e.mask.size(), 0);
    unsigned warps = 0;
    for (const Tbc::Warp& w : ms.warps) {
      if (w.lanes == 0) continue;
      ++warps;
      for (unsigned l = 0; l < sem::kWarpSize; ++l) {
        if (!sem::has_lane(w.lanes, l)) {
          if (w.home[l] != Tbc::kNoWarp) return "a lane outside a warp has a home";
          continue;
        }
        const unsigned j = w.home[l];
        if (j >= e.mask.size()) return "a lane's home is not a static warp of the block";
        if (!sem::has_lane(e.mask[j], l)) return "a compacted warp's thread is not in the TOS entry";
        if (sem::has_lane(seen[j], l)) return "a thread is in two compacted warps";
        seen[j] |= sem::lane_bit(l);
      }
    }
    unsigned with_threads = 0;
    for (const Mask m : e.mask) with_threads += m != 0 ? 1U : 0U;
    if (warps > with_threads || e.wcnt > with_threads) return "more compacted warps than static warps with threads";
    bool full = true;
    for (std::uint32_t j = 0; j < e.mask.size(); ++j) {
      const auto& wd = s.warp(slot * s.warps_per_block() + j);
      full = full && wd.exited == 0 && e.mask[j] == wd.live;
    }
    if (full && s.model().compactor()) {
      for (std::uint32_t k = 0; k < ms.warps.size(); ++k) {
        const Tbc::Warp& w = ms.warps[k];
        for (unsigned l = 0; l < sem::kWarpSize; ++l) {
          if (sem::has_lane(w.lanes, l) && w.home[l] != k) return "a full entry's warps are not the static warps";
        }
      }
    }
  }
  return {};
}

TEST(TbcModel, InvariantsHoldAfterEveryStepOfGeneratedPrograms) {
  unsigned checked = 0;
  std::uint64_t steps = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const RandomProgram rp = generate_random_program(seed);
    const auto p = prepare_from_text(rp.ptx, rp.spec, ".", "rand.ptx");
    for (const bool compactor : {true, false}) {
      sem::LaunchState<Tbc> s(*p->setup, Tbc{compactor});
      std::string bad = check_invariants(s);
      while (bad.empty() && s.status() == sem::LaunchStatus::Running) {
        bool any = false;
        for (std::uint32_t w = 0; w < s.warp_count() && bad.empty(); ++w) {
          const Mask en = s.enabled(w);
          if (en == 0) continue;
          s.step(w, sem::lowest_lane(en));
          ++steps;
          any = true;
          bad = check_invariants(s);
        }
        if (!any) bad = "nothing enabled";
      }
      EXPECT_TRUE(bad.empty()) << "seed " << seed << (compactor ? "" : " (compactor off)") << ": " << bad;
      EXPECT_EQ(s.status(), sem::LaunchStatus::Completed) << "seed " << seed;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 120U);
  EXPECT_GT(steps, 10000U);
}

TEST(TbcModel, SpecNamesAndOptions) {
  EXPECT_EQ(sem::model_spec_name(model_named("tbc")), "tbc");
  EXPECT_EQ(sem::model_spec_name(model_named("tbc-lcp:compactor=off")), "tbc-lcp:compactor=off");
  EXPECT_EQ(sem::model_spec_name(model_named("tbc:compactor=on")), "tbc");
  const sem::ModelSpecParse bad = sem::parse_model_spec("tbc:compactor=maybe");
  EXPECT_FALSE(bad.spec);
  EXPECT_EQ(bad.error, "model 'tbc': compactor 'maybe' is not on or off (options: tbc:compactor=on|off)");
}

}  // namespace
}  // namespace lockstep::test
