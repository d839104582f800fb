// SSDE on the spin lock model (research/000-deadlock-ssde.md Fig. 4.2): the
// self-loop at $L__BB0_1 waits at BBS, placed right before the `ret` after
// the releasing atom.exch.
#include <gtest/gtest.h>

#include "tests/checker/ssde/path_check.hpp"
#include "tests/checker/ssde/ssde_test_kit.hpp"
#include "tests/frontend/printer_ptxas.hpp"

namespace lockstep {
namespace {

struct SpinLock {
  ir::Module module = test::load_model("spin_lock");
  const ir::Kernel& kernel = module.kernels.at(0);
  analysis::KernelAnalysis analysis = analysis::analyze_kernel(kernel);
  std::uint32_t header = 0;
  std::uint32_t exch = 0;  ///< PC of atom.global.exch
  checker::SsdeResult result;

  SpinLock() {
    header = kernel.block_of(test::label_pc(kernel, "$L__BB0_1"));
    for (std::uint32_t pc = 0; pc < kernel.code.size(); ++pc) {
      if (kernel.code[pc].op == ir::Opcode::Atom && kernel.code[pc].aop == ir::AtomOp::Exch) exch = pc;
    }
    checker::SsdeGroup group;
    group.point = exch + 1;
    checker::SsdeLoop loop;
    loop.loop = analysis.loops.loop_with_header(header);
    loop.header = header;
    loop.back_edges = {{header, header}};
    group.loops.push_back(loop);
    const std::vector<checker::SsdeGroup> groups{group};
    result = checker::ssde_transform(kernel, analysis, groups);
  }
};

TEST(SsdeSpinLock, InputIsTheExpectedSelfLoop) {
  SpinLock s;
  ASSERT_EQ(s.analysis.loops.size(), 1U);
  EXPECT_EQ(s.analysis.loops.loop(0).header, s.header);
  EXPECT_EQ(s.analysis.loops.loop(0).latches, std::vector<std::uint32_t>{s.header});
  EXPECT_EQ(s.kernel.code[s.exch + 1].op, ir::Opcode::Ret);
}

TEST(SsdeSpinLock, SpinningBranchGoesThroughAnEdgeBlockToBbs) {
  SpinLock s;
  const ir::Kernel& out = s.result.kernel;
  const auto& sw = s.result.report.switches.at(0);
  EXPECT_EQ(sw.bbs_label, "$L__ssde_S0");
  EXPECT_EQ(sw.edge_register, "%ssde_c0");
  const std::uint32_t branch = test::output_pc(s.result, s.kernel.blocks[s.header].last_pc);
  ASSERT_TRUE(out.code[branch].is_branch() && out.code[branch].guarded());
  // The taken edge: an edge block `mov.u32 %ssde_c0, 1; bra BBS`.
  const std::uint32_t edge = out.op(branch, 0).label_pc();
  ASSERT_EQ(out.code[edge].op, ir::Opcode::Mov);
  EXPECT_EQ(out.regs[out.op(edge, 0).a].name, "%ssde_c0");
  EXPECT_EQ(out.op(edge, 1).value, 1);
  ASSERT_EQ(out.code[edge + 1].op, ir::Opcode::Bra);
  EXPECT_FALSE(out.code[edge + 1].guarded());
  EXPECT_EQ(out.op(edge + 1, 0).label_pc(), sw.bbs_pc);
  // BBS: right before the ret; compares and branches back to the header.
  const std::uint32_t ret = test::output_pc(s.result, s.exch + 1);
  ASSERT_EQ(out.code[ret].op, ir::Opcode::Ret);
  EXPECT_EQ(sw.bbs_pc + 2, ret);
  EXPECT_EQ(out.code[sw.bbs_pc].op, ir::Opcode::Setp);
  EXPECT_EQ(out.code[sw.bbs_pc].cmp, ir::CmpOp::Eq);
  EXPECT_EQ(out.op(sw.bbs_pc, 2).value, 1);
  ASSERT_EQ(out.code[sw.bbs_pc + 1].op, ir::Opcode::Bra);
  EXPECT_EQ(out.code[sw.bbs_pc + 1].guard, out.op(sw.bbs_pc, 0).a);
  EXPECT_FALSE(out.code[sw.bbs_pc + 1].has(ir::InstrFlag::Uni));
  EXPECT_EQ(out.op(sw.bbs_pc + 1, 0).label_pc(), test::output_pc(s.result, s.kernel.blocks[s.header].first_pc));
  // The not-spinning path sets 0 before it falls into BBS.
  ASSERT_EQ(out.code[sw.bbs_pc - 1].op, ir::Opcode::Mov);
  EXPECT_EQ(out.op(sw.bbs_pc - 1, 1).value, 0);
  EXPECT_EQ(out.code[sw.bbs_pc - 2].aop, ir::AtomOp::Exch);
  ASSERT_EQ(sw.cases.size(), 1U);
  EXPECT_EQ(sw.cases[0].value, 1U);
  EXPECT_EQ(sw.cases[0].target_label, "$L__BB0_1");
  const auto& r = s.result.report;
  EXPECT_EQ(r.edge_splits, 1U);
  EXPECT_EQ(r.blocks_added, 3U);        // BBS, BBB (the ret on its own), the edge block
  EXPECT_EQ(r.instructions_added, 5U);  // mov 0 | setp, bra | mov 1, bra
  EXPECT_EQ(r.registers_added, 2U);
  EXPECT_EQ(r.merged_back_edges, 0U);
  EXPECT_EQ(r.new_headers, 0U);
  EXPECT_FALSE(r.exit_materialised);
}

TEST(SsdeSpinLock, HeaderBranchReconvergesAtBbsAndTheLoopIsReducible) {
  SpinLock s;
  const ir::Kernel& out = s.result.kernel;
  const auto a = analysis::analyze_kernel(out);
  const std::uint32_t branch = test::output_pc(s.result, s.kernel.blocks[s.header].last_pc);
  const std::uint32_t bbs = s.result.report.switches.at(0).bbs_pc;
  EXPECT_EQ(a.nvidia_table.find(branch), bbs);
  ASSERT_EQ(a.loops.size(), 1U);
  const auto& loop = a.loops.loop(0);
  EXPECT_TRUE(loop.reducible);
  EXPECT_EQ(loop.entries.size(), 1U);
  EXPECT_EQ(out.blocks[loop.header].first_pc, test::output_pc(s.result, s.kernel.blocks[s.header].first_pc));
  EXPECT_TRUE(a.loops.contains(0, out.block_of(bbs)));
}

TEST(SsdeSpinLock, PrintsAndReparsesToTheSameKernel) {
  SpinLock s;
  const std::string text = test::print_with(s.module, s.result.kernel);
  EXPECT_NE(text.find("$L__ssde_S0:"), std::string::npos);
  const ir::Kernel again = test::reparse(text, s.kernel.name);
  EXPECT_EQ(test::kernel_difference(s.result.kernel, again), "") << text;
}

TEST(SsdeSpinLock, PtxasAcceptsTheOutput) {
  const std::string ptxas = test::find_ptxas();
  if (ptxas.empty()) GTEST_SKIP() << "ptxas not installed";
  SpinLock s;
  EXPECT_EQ(test::ptxas_errors(ptxas, test::print_with(s.module, s.result.kernel), "ssde_spin_lock"), "");
}

TEST(SsdeSpinLock, PathsAreInputPaths) {
  SpinLock s;
  EXPECT_EQ(test::same_instructions(s.kernel, s.result), "");
  const auto check = test::check_paths(s.kernel, s.result);
  EXPECT_EQ(check.error, "");
  EXPECT_EQ(test::missing_edges(s.kernel, check), "");
}

}  // namespace
}  // namespace lockstep
