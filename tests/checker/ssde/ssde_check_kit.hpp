// SSDE on hand-built kernels: run it and check every property the output
// must have (docs/detection-plan.md §5.1 step 10, §6.1 property list).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/checker/ssde/path_check.hpp"
#include "tests/checker/ssde/ssde_test_kit.hpp"
#include "tests/frontend/cfg_builder.hpp"
#include "tests/frontend/printer_ptxas.hpp"

namespace lockstep::test {

/// One SsdeLoop of a built kernel: the loop of `header` (a block name) with
/// the given back edges (pairs of block names).
inline checker::SsdeLoop ssde_loop(const BuiltKernel& b, const analysis::KernelAnalysis& a, const std::string& header,
                                   std::vector<std::pair<std::string, std::string>> edges) {
  checker::SsdeLoop loop;
  loop.header = b.block(header);
  loop.loop = a.loops.innermost(loop.header);
  for (const auto& [s, d] : edges) loop.back_edges.emplace_back(b.block(s), b.block(d));
  return loop;
}

/// The reconvergence PC of the branch at `pc` (NVIDIA table), followed
/// through blocks SSDE added (made of added instructions only) until `bbs`
/// or another block: from an edge block (one successor) to its successor,
/// from a dispatch block (ending with a branch on an added predicate) to
/// the reconvergence PC of its branch.
inline std::uint32_t reconvergence_through_added(const checker::SsdeResult& r, const analysis::KernelAnalysis& a,
                                                 std::size_t input_regs, std::uint32_t pc, std::uint32_t bbs) {
  const ir::Kernel& out = r.kernel;
  std::uint32_t at = a.nvidia_table.find(pc).value_or(analysis::kExitPc);
  for (std::size_t step = 0; step < out.blocks.size() && at != bbs && at < out.code.size(); ++step) {
    const ir::Block& b = out.blocks[out.block_of(at)];
    bool added = true;
    for (std::uint32_t p = b.first_pc; p <= b.last_pc; ++p) added = added && r.origin[p] == checker::kAddedPc;
    if (!added) break;
    const ir::Instr& last = out.code[b.last_pc];
    if (last.op == ir::Opcode::Bra && last.guarded() && last.guard >= input_regs) {
      at = a.nvidia_table.find(b.last_pc).value_or(analysis::kExitPc);
    } else if (b.succs.size() == 1 && !b.may_exit) {
      at = out.blocks[b.succs.front()].first_pc;
    } else {
      break;
    }
  }
  return at;
}

/// Every property of an SSDE output of `input`:
///  - every input instruction once, in order, non-control ones unchanged;
///  - every output path is an input path, every input edge has one;
///  - printing re-parses to the same kernel (registers compared by name);
///  - ptxas accepts the printed text (when installed and `ptxas` is set);
///  - every loop through a BBS is reducible, and every back-edge source's
///    conditional branch that leaves the loop reconverges at its BBS (NVIDIA table), possibly
///    through blocks SSDE added (reconvergence_through_added).
inline void expect_valid_ssde(const ir::Kernel& input, const std::vector<checker::SsdeGroup>& groups,
                              const checker::SsdeResult& r, const std::string& stem, bool ptxas = true) {
  const ir::Kernel& out = r.kernel;
  EXPECT_EQ(same_instructions(input, r), "");
  const PathCheck paths = check_paths(input, r);
  EXPECT_EQ(paths.error, "");
  EXPECT_EQ(missing_edges(input, paths), "");
  const ir::Module module = module_of(out);
  const std::string text = ptx::print(module);
  EXPECT_EQ(difference_by_register_names(out, reparse(text, out.name)), "") << text;
  if (const std::string tool = ptxas ? find_ptxas() : std::string(); !tool.empty()) {
    EXPECT_EQ(ptxas_errors(tool, text, stem), "") << text;
  }
  const auto a = analysis::analyze_kernel(out);
  const auto in = analysis::analyze_kernel(input);
  ASSERT_EQ(r.report.switches.size(), groups.size());
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const auto& sw = r.report.switches[g];
    EXPECT_EQ(sw.point, groups[g].point);
    EXPECT_EQ(label_pc(out, sw.bbs_label), sw.bbs_pc);
    EXPECT_TRUE(loops_through_reducible(out, a, sw.bbs_pc)) << text;
    for (const auto& loop : groups[g].loops) {
      for (const auto& [s, d] : loop.back_edges) {
        const std::uint32_t pc = output_pc(r, input.blocks[s].last_pc);
        // Kernels with infinite loops, and sources whose branch does not
        // leave the loop, are left out (see checker/ssde/ssde_check.cpp).
        const auto& exiting = in.loops.loop(loop.loop).exiting;
        if (!a.postdom.anchors().empty() || !in.postdom.anchors().empty() ||
            !analysis::is_conditional_branch(out.code[pc]) ||
            !std::binary_search(exiting.begin(), exiting.end(), s)) {
          continue;
        }
        EXPECT_EQ(reconvergence_through_added(r, a, input.regs.size(), pc, sw.bbs_pc), sw.bbs_pc)
            << "latch " << s << "\n" << text;
      }
    }
  }
}

}  // namespace lockstep::test
