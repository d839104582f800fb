// SSDE on hand-built CFGs: a point in the middle of a block, a point at a
// block start with several predecessors, the virtual exit, two loops
// sharing one point, a loop with two back edges, two groups back to back,
// and an irreducible loop.
#include <gtest/gtest.h>

#include <stdexcept>

#include "tests/checker/ssde/ssde_check_kit.hpp"

namespace lockstep {
namespace {

using test::build_cfg;
using test::ssde_loop;

/// A built kernel, printed and re-parsed first so that its instructions are
/// decoded as the lowering decodes them (the output is compared with its own
/// re-parse); block ids and PCs stay those of the built kernel.
ir::Kernel normalised(const test::BuiltKernel& built) {
  ir::Kernel k = test::reparse(ptx::print(test::module_of(built.kernel)), built.kernel.name);
  if (k.blocks != built.kernel.blocks) throw std::runtime_error("normalised: blocks differ");
  return k;
}

struct Shape {
  test::BuiltKernel built;
  ir::Kernel kernel;
  analysis::KernelAnalysis analysis;
  std::vector<checker::SsdeGroup> groups;
  checker::SsdeResult result;

  explicit Shape(const std::string& text)
      : built(build_cfg(text)), kernel(normalised(built)), analysis(analysis::analyze_kernel(kernel)) {}
  [[nodiscard]] std::uint32_t reg(const std::string& name) const {
    for (std::uint32_t i = 0; i < kernel.regs.size(); ++i) {
      if (kernel.regs[i].name == name) return i;
    }
    throw std::runtime_error("no register " + name);
  }
  void group(std::uint32_t point, std::vector<checker::SsdeLoop> loops) {
    checker::SsdeGroup g;
    g.point = point;
    g.loops = std::move(loops);
    groups.push_back(std::move(g));
  }
  void transform() { result = checker::ssde_transform(kernel, analysis, groups); }
  [[nodiscard]] const ir::Kernel& out() const { return result.kernel; }
};

TEST(SsdeShapes, MidBlockPointSplitsTheBlock) {
  Shape r(R"(
    E: mov %r1, %tid.x
    H: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra H
    C: st.global.u32 [%rd2], %r1; atom.global.exch.b32 %r3, [%rd1], 0; add %r4, %r1, 1; st.global.u32 [%rd2+4], %r4
  )");
  const std::uint32_t point = r.built.first_pc("C") + 2;  // the add
  r.group(point, {ssde_loop(r.built, r.analysis, "H", {{"H", "H"}})});
  r.transform();
  test::expect_valid_ssde(r.kernel, r.groups, r.result, "ssde_mid_block");
  const ir::Kernel& out = r.out();
  const auto& sw = r.result.report.switches.at(0);
  // BBA = st, exch, mov 0 | BBS = setp, bra | BBB = add, st, exit ($L__ssde_B0).
  const std::uint32_t add = test::output_pc(r.result, point);
  EXPECT_EQ(sw.bbs_pc + 2, add);
  EXPECT_EQ(test::label_pc(out, "$L__ssde_B0"), add);
  EXPECT_EQ(out.code[sw.bbs_pc - 1].op, ir::Opcode::Mov);
  EXPECT_EQ(out.code[sw.bbs_pc - 2].aop, ir::AtomOp::Exch);
  EXPECT_EQ(out.blocks[out.block_of(sw.bbs_pc - 1)].first_pc, test::output_pc(r.result, r.built.first_pc("C")));
  EXPECT_EQ(r.result.report.edge_splits, 1U);
}

/// True when the block ending at `pc` sets `reg` to `value` before its branch.
bool sets_before(const ir::Kernel& out, std::uint32_t pc, const std::string& reg, std::int64_t value) {
  const ir::Block& b = out.blocks[out.block_of(pc)];
  for (std::uint32_t p = b.first_pc; p < pc; ++p) {
    if (out.code[p].op == ir::Opcode::Mov && out.regs[out.op(p, 0).a].name == reg && out.op(p, 1).value == value) {
      return true;
    }
  }
  return false;
}

TEST(SsdeShapes, BlockStartWithSeveralPredecessors) {
  // S is entered by C's fall-through, by D's unconditional jump and by a
  // jump from E that skips the lock.
  Shape r(R"(
    E: mov %r1, %tid.x; setp.lt.u32 %p2, %r1, 4; @%p2 bra S
    H: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra H
    C: atom.global.exch.b32 %r3, [%rd1], 0; setp.eq.u32 %p3, %r1, 7; @%p3 bra D
    S: st.global.u32 [%rd2], %r1; exit
    D: add %r5, %r1, 2; bra S
  )");
  r.group(r.built.first_pc("S"), {ssde_loop(r.built, r.analysis, "H", {{"H", "H"}})});
  r.transform();
  test::expect_valid_ssde(r.kernel, r.groups, r.result, "ssde_block_start");
  const ir::Kernel& out = r.out();
  const auto& sw = r.result.report.switches.at(0);
  // BBS sits right before S, which keeps its label.
  const std::uint32_t s = test::label_pc(out, "S");
  EXPECT_EQ(sw.bbs_pc + 2, s);
  // C falls into BBS through an edge block setting 0 (C has two successors).
  const std::uint32_t c_bra = test::output_pc(r.result, r.built.last_pc("C"));
  EXPECT_EQ(out.code[c_bra + 1].op, ir::Opcode::Mov);
  EXPECT_EQ(out.op(c_bra + 1, 1).value, 0);
  EXPECT_EQ(c_bra + 2, sw.bbs_pc);
  // D carries its move itself and jumps to BBS.
  const std::uint32_t d_bra = test::output_pc(r.result, r.built.last_pc("D"));
  EXPECT_TRUE(sets_before(out, d_bra, sw.edge_register, 0));
  EXPECT_EQ(out.op(d_bra, 0).label_pc(), sw.bbs_pc);
  // E's jump cannot come from the loop: it still goes to S, and BBS stays
  // dominated by the loop (no repair needed; the header's branch reconverges at BBS).
  const std::uint32_t e_bra = test::output_pc(r.result, r.built.last_pc("E"));
  EXPECT_EQ(out.op(e_bra, 0).label_pc(), s);
  EXPECT_EQ(r.result.report.new_headers, 0U);
  const auto a = analysis::analyze_kernel(out);
  EXPECT_EQ(a.nvidia_table.find(test::output_pc(r.result, r.built.last_pc("H"))), sw.bbs_pc);
}

TEST(SsdeShapes, JumpJoiningThePathToTheLoopsPointNeedsANewHeader) {
  // E's jump skips the lock but joins the path from the loop at X, before
  // S: X's edge into S comes from the loop, so it enters BBS, and the loop
  // through BBS (H -> C -> X -> BBS -> H) is entered at H and at X.
  Shape r(R"(
    E: mov %r1, %tid.x; setp.lt.u32 %p2, %r1, 4; @%p2 bra X
    H: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra H
    C: atom.global.exch.b32 %r3, [%rd1], 0
    X: add %r4, %r1, 1
    S: st.global.u32 [%rd2], %r4
  )");
  r.group(r.built.first_pc("S"), {ssde_loop(r.built, r.analysis, "H", {{"H", "H"}})});
  r.transform();
  test::expect_valid_ssde(r.kernel, r.groups, r.result, "ssde_joined");
  const ir::Kernel& out = r.out();
  const auto& sw = r.result.report.switches.at(0);
  // A new header $L__ssde_H0 (before X, the entry first in reverse
  // postorder); both of E's edges (to H and to X) now go to it. Inside it,
  // BBS -> H -> BBS is entered at BBS (from X) and at H (from the new
  // header): a second round makes $L__ssde_H1.
  EXPECT_EQ(r.result.report.new_headers, 2U);
  const std::uint32_t x = test::label_pc(out, "$L__ssde_H0");
  ASSERT_NE(x, analysis::kExitPc);
  const ir::Block& e = out.blocks[out.block_of(test::output_pc(r.result, r.built.last_pc("E")))];
  for (const std::uint32_t s : e.succs) {
    const ir::Block& succ = out.blocks[s];
    EXPECT_EQ(succ.succs, std::vector<std::uint32_t>{out.block_of(x)}) << succ.label;
  }
  // The lock's branch reconverges at BBS (through X's dispatch).
  const auto a = analysis::analyze_kernel(out);
  EXPECT_EQ(test::reconvergence_through_added(r.result, a, r.kernel.regs.size(),
                                              test::output_pc(r.result, r.built.last_pc("H")), sw.bbs_pc),
            sw.bbs_pc);
}

TEST(SsdeShapes, EntryOfAnEnclosingLoopWhoseHeaderIsThePointSkipsBbs) {
  // S is the header of an outer loop (S -> E ... -> S); E's jump to S only
  // comes from the spin loop through S itself, so it keeps going to S.
  Shape r(R"(
    O: mov %r1, %tid.x
    E: setp.lt.u32 %p2, %r1, 4; @%p2 bra S
    H: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra H
    C: atom.global.exch.b32 %r3, [%rd1], 0; setp.eq.u32 %p3, %r1, 7; @%p3 bra D
    S: st.global.u32 [%rd2], %r1; add %r1, %r1, 1; setp.lt.u32 %p4, %r1, 9; @%p4 bra E
    T: exit
    D: add %r5, %r1, 2; bra S
  )");
  r.group(r.built.first_pc("S"), {ssde_loop(r.built, r.analysis, "H", {{"H", "H"}})});
  r.transform();
  test::expect_valid_ssde(r.kernel, r.groups, r.result, "ssde_block_start_outer");
  const ir::Kernel& out = r.out();
  EXPECT_EQ(r.result.report.new_headers, 0U);
  const std::uint32_t e_bra = test::output_pc(r.result, r.built.last_pc("E"));
  EXPECT_EQ(out.op(e_bra, 0).label_pc(), test::label_pc(out, "S"));
}

TEST(SsdeShapes, VirtualExitIsMaterialised) {
  Shape r(R"(
    E: mov %r1, %tid.x; setp.lt.u32 %p2, %r1, 4; @%p2 ret
    H: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra H
    C: atom.global.exch.b32 %r3, [%rd1], 0; setp.eq.u32 %p3, %r1, 7; @%p3 bra R2
    R1: st.global.u32 [%rd2], %r1; ret
    R2: st.global.u32 [%rd2+4], %r1; exit
  )");
  r.group(analysis::kExitPc, {ssde_loop(r.built, r.analysis, "H", {{"H", "H"}})});
  r.transform();
  test::expect_valid_ssde(r.kernel, r.groups, r.result, "ssde_exit");
  const ir::Kernel& out = r.out();
  EXPECT_TRUE(r.result.report.exit_materialised);
  const std::uint32_t exit = test::label_pc(out, "$L__ssde_exit");
  const auto& sw = r.result.report.switches.at(0);
  EXPECT_EQ(sw.bbs_pc + 2, exit);
  // The only ret/exit left is the exit block's; the guarded ret became a guarded branch.
  for (std::uint32_t pc = 0; pc < out.code.size(); ++pc) {
    if (out.code[pc].op == ir::Opcode::Ret || out.code[pc].op == ir::Opcode::Exit) {
      EXPECT_EQ(pc, exit);
    }
  }
  const std::uint32_t guarded = test::output_pc(r.result, r.built.last_pc("E"));
  EXPECT_EQ(out.code[guarded].op, ir::Opcode::Bra);
  EXPECT_TRUE(out.code[guarded].guarded());
  EXPECT_EQ(out.code[guarded].guard, r.reg("%p2"));
}

TEST(SsdeShapes, TwoLoopsSharingOnePoint) {
  Shape r(R"(
    A: mov %r1, %tid.x; setp.lt.u32 %p0, %r1, 16; @%p0 bra H2
    H1: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra H1
    R1: atom.global.exch.b32 %r3, [%rd1], 0; bra J
    H2: atom.global.cas.b32 %r4, [%rd2], 0, 1; setp.ne.u32 %p2, %r4, 0; @%p2 bra H2
    R2: atom.global.exch.b32 %r5, [%rd2], 0
    J: st.global.u32 [%rd3], %r1
  )");
  r.group(r.built.first_pc("J"), {ssde_loop(r.built, r.analysis, "H1", {{"H1", "H1"}}),
                                  ssde_loop(r.built, r.analysis, "H2", {{"H2", "H2"}})});
  r.transform();
  test::expect_valid_ssde(r.kernel, r.groups, r.result, "ssde_two_loops");
  const ir::Kernel& out = r.out();
  const auto& sw = r.result.report.switches.at(0);
  ASSERT_EQ(sw.cases.size(), 2U);
  EXPECT_EQ(sw.cases[0].value, 1U);
  EXPECT_EQ(sw.cases[0].target_label, "H1");
  EXPECT_EQ(sw.cases[1].value, 2U);
  EXPECT_EQ(sw.cases[1].target_label, "H2");
  // One backward edge: BBS branches when the register is not 0 to D, which
  // dispatches to H1 and H2 and falls into A (their nearest common dominator).
  EXPECT_EQ(out.code[sw.bbs_pc].cmp, ir::CmpOp::Ne);
  const std::uint32_t d = test::label_pc(out, "$L__ssde_D0");
  EXPECT_EQ(out.op(sw.bbs_pc + 1, 0).label_pc(), d);
  EXPECT_EQ(out.op(d + 1, 0).label_pc(), test::label_pc(out, "H1"));
  EXPECT_EQ(out.op(d + 3, 0).label_pc(), test::label_pc(out, "H2"));
  EXPECT_EQ(d + 4, test::output_pc(r.result, 0));
  EXPECT_EQ(r.result.report.merged_back_edges, 2U);
  const auto a = analysis::analyze_kernel(out);
  for (const auto& loop : a.loops.loops()) EXPECT_TRUE(loop.reducible);
  // The kernel starts with `mov %ssde_c0, 0` (A was the entry).
  EXPECT_EQ(out.code[0].op, ir::Opcode::Mov);
}

TEST(SsdeShapes, LoopWithTwoBackEdges) {
  Shape r(R"(
    E: mov %r1, %tid.x
    H: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra B
    C: atom.global.exch.b32 %r3, [%rd1], 0; bra X
    B: ld.global.u32 %r4, [%rd2]; setp.eq.u32 %p2, %r4, 0; @%p2 bra H
    B2: add %r5, %r4, 1; bra H
    X: st.global.u32 [%rd3], %r1
  )");
  r.group(r.built.first_pc("X"), {ssde_loop(r.built, r.analysis, "H", {{"B", "H"}, {"B2", "H"}})});
  r.transform();
  test::expect_valid_ssde(r.kernel, r.groups, r.result, "ssde_two_back_edges");
  const ir::Kernel& out = r.out();
  const auto& sw = r.result.report.switches.at(0);
  // Both edges return to H: one case, value 1 on both.
  ASSERT_EQ(sw.cases.size(), 1U);
  EXPECT_EQ(r.result.report.merged_back_edges, 0U);
  const std::uint32_t b2 = test::output_pc(r.result, r.built.last_pc("B2"));
  EXPECT_EQ(out.op(b2, 0).label_pc(), sw.bbs_pc);
  EXPECT_EQ(out.op(b2 - 1, 1).value, 1);
}

TEST(SsdeShapes, BackToBackLoopsWhereOnePointIsTheOthersHeader) {
  Shape r(R"(
    E: mov %r1, %tid.x
    H1: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra H1
    H2: atom.global.cas.b32 %r3, [%rd2], 0, 1; setp.ne.u32 %p2, %r3, 0; @%p2 bra H2
    R: atom.global.exch.b32 %r4, [%rd2], 0; atom.global.exch.b32 %r5, [%rd1], 0; st.global.u32 [%rd3], %r1
  )");
  r.group(r.built.first_pc("H2"), {ssde_loop(r.built, r.analysis, "H1", {{"H1", "H1"}})});
  r.group(r.built.first_pc("R") + 2, {ssde_loop(r.built, r.analysis, "H2", {{"H2", "H2"}})});
  r.transform();
  test::expect_valid_ssde(r.kernel, r.groups, r.result, "ssde_back_to_back");
  // BBS0 sits before H2, and H2's own back edge goes to BBS1, not through BBS0.
  const ir::Kernel& out = r.out();
  EXPECT_EQ(r.result.report.switches[0].bbs_pc + 2, test::label_pc(out, "H2"));
}

TEST(SsdeShapes, IrreducibleLoopIsTransformedWithARepair) {
  // {A, B} is entered at A (fall-through from E) and at B (E's jump).
  Shape r(R"(
    E: mov %r1, %tid.x; setp.lt.u32 %p0, %r1, 4; @%p0 bra B
    A: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra B
    R: atom.global.exch.b32 %r3, [%rd1], 0; bra X
    B: ld.global.u32 %r4, [%rd2]; setp.eq.u32 %p2, %r4, 0; @%p2 bra A
    X: st.global.u32 [%rd3], %r1
  )");
  const std::uint32_t id = r.analysis.loops.innermost(r.built.block("A"));
  ASSERT_FALSE(r.analysis.loops.loop(id).reducible);
  checker::SsdeLoop loop;
  loop.loop = id;
  loop.header = r.analysis.loops.loop(id).header;
  loop.back_edges = {{r.built.block("A"), r.built.block("B")}, {r.built.block("B"), r.built.block("A")}};
  r.group(r.built.first_pc("X"), {loop});
  r.transform();
  test::expect_valid_ssde(r.kernel, r.groups, r.result, "ssde_irreducible");
  EXPECT_EQ(r.result.report.switches.at(0).cases.size(), 2U);
  const auto a = analysis::analyze_kernel(r.out());
  for (const auto& l : a.loops.loops()) EXPECT_TRUE(l.reducible);
}

TEST(SsdeShapes, MalformedGroupsAreRejected) {
  Shape r(R"(
    E: mov %r1, %tid.x
    H: atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra H
    C: atom.global.exch.b32 %r3, [%rd1], 0
  )");
  const auto loop = ssde_loop(r.built, r.analysis, "H", {{"H", "H"}});
  auto bad = [&](std::uint32_t point, std::vector<checker::SsdeLoop> loops) {
    std::vector<checker::SsdeGroup> groups(1);
    groups[0].point = point;
    groups[0].loops = std::move(loops);
    EXPECT_THROW((void)checker::ssde_transform(r.kernel, r.analysis, groups), std::invalid_argument);
  };
  bad(1000, {loop});                                                // not a PC
  bad(r.built.first_pc("H"), {loop});                               // inside the loop
  bad(r.built.first_pc("E"), {loop});                               // before the loop
  bad(r.built.first_pc("C"), {});                                   // no back edge
  bad(r.built.first_pc("C"), {ssde_loop(r.built, r.analysis, "H", {{"E", "C"}})});  // not an edge
  bad(r.built.first_pc("C"), {loop, loop});                         // an edge twice
  std::vector<checker::SsdeGroup> twice(2);
  twice[0].point = twice[1].point = r.built.first_pc("C");
  twice[0].loops = {loop};
  twice[1].loops = {ssde_loop(r.built, r.analysis, "H", {{"E", "H"}})};
  EXPECT_THROW((void)checker::ssde_transform(r.kernel, r.analysis, twice), std::invalid_argument);
  // No group: the kernel as it was.
  const auto same = checker::ssde_transform(r.kernel, r.analysis, {});
  EXPECT_EQ(test::kernel_difference(r.kernel, same.kernel), "");
}

}  // namespace
}  // namespace lockstep
