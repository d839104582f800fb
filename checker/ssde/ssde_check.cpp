// SSDE's self-check and report (docs/detection-plan.md §5.1 step 10).
//
// On the output kernel, the threads that take a back edge must wait at the
// group's BBS for the threads of their warp that left the loop. So the
// branch ending every back-edge source that also leaves the loop (when it
// is a conditional branch; a source whose two edges both iterate, an inner
// and an outer back edge, is no exit and is not checked) must reconverge at
// BBS under the NVIDIA rule, or in a block SSDE added on the way to BBS:
// an edge block (moves, then one successor), from which the reconverged
// threads go on together, or a dispatch block (a single-entry repair header
// X, a merged dispatch D) whose own branch reconverges at BBS in turn, so
// that the threads meet there and part again only to meet at BBS. The first
// happens when the source's other edge stays in an inner loop (every path
// out of it crosses the edge block), the second when BBS lies in a loop
// that the new back edges enter at BBS (the repair header then sits on the
// back edges too). A kernel with blocks that cannot leave it, in the input
// or in the output (infinite loops, whose post-dominators the analysis
// makes up by leaving them at their header), is not checked: there the
// points and the reconvergence points depend on that choice.
//
// A failure is an error of the transformation (std::runtime_error), except
// for two shapes of input points that no CFG change can serve, reported
// with std::invalid_argument:
//  - conflicting points: a block of the loop that the point post-dominated
//    in the input is no longer post-dominated by BBS in the output. The
//    loop reaches its point through the back edge of another group's loop
//    (an inner loop inside an outer one whose point comes later); that back
//    edge now goes to the other BBS, whose default leaves the outer loop,
//    so a path avoids this BBS. Algorithm 3 raises such a point to the
//    other group's.
//  - a point reached only through the back edge of an enclosing loop (it
//    lies where that loop starts, e.g. in its header, when the inner loop's
//    exit leads to the outer latch): BBS then dominates the loop, and the
//    NVIDIA rule never makes a block a reconvergence point of branches it
//    dominates. The point is to be raised (to the enclosing loop's exit).
#include <fmt/format.h>

#include <optional>
#include <stdexcept>

#include "checker/ssde/ssde_work.hpp"
#include "frontend/analysis/dominators.hpp"
#include "frontend/analysis/reconvergence.hpp"

namespace lockstep::checker::ssde_detail {
namespace {

/// The output and what the check needs of it.
struct Output {
  const ir::Kernel& kernel;
  std::span<const std::uint32_t> origin;
  std::vector<std::uint32_t> new_pc;  ///< input PC -> output PC
  analysis::Digraph graph;
  analysis::DominatorTree dom;
  analysis::PostDominatorTree pdom;
  analysis::ReconvergenceTable table;

  Output(const ir::Kernel& out, std::span<const std::uint32_t> from, std::size_t input_size)
      : kernel(out), origin(from), new_pc(input_size, cfg::kNoNode), graph(analysis::block_graph(out)),
        dom(graph, 0), pdom(analysis::post_dominator_tree(out, graph)),
        table(analysis::nvidia_table(out, analysis::branch_reconvergence(out, dom, pdom))) {
    for (std::uint32_t pc = 0; pc < from.size(); ++pc) {
      if (from[pc] != cfg::kAdded) new_pc[from[pc]] = pc;
    }
  }
};

std::uint32_t label_pc(const ir::Kernel& out, const std::string& name) {
  for (const auto& l : out.labels) {
    if (l.name == name) return l.pc;
  }
  throw std::runtime_error(fmt::format("ssde: internal: label {} is missing from the output", name));
}

/// Where threads reconverged at `pc` meet next when the block there is one
/// SSDE added: its successor's first PC for an edge block (one successor),
/// the reconvergence PC of its branch for a dispatch block (ending with a
/// branch on an added predicate); kExitPc otherwise.
std::uint32_t through_added(const Output& o, std::size_t input_regs, std::uint32_t pc) {
  if (pc >= o.kernel.code.size()) return analysis::kExitPc;
  const ir::Block& b = o.kernel.blocks[o.kernel.block_of(pc)];
  for (std::uint32_t p = b.first_pc; p <= b.last_pc; ++p) {
    if (o.origin[p] != cfg::kAdded) return analysis::kExitPc;
  }
  const ir::Instr& last = o.kernel.code[b.last_pc];
  if (last.op == ir::Opcode::Bra && last.guarded() && last.guard >= input_regs) {
    return o.table.find(b.last_pc).value_or(analysis::kExitPc);
  }
  if (b.succs.size() == 1 && !b.may_exit) return o.kernel.blocks[b.succs.front()].first_pc;
  return analysis::kExitPc;
}

/// Throws the error for a back-edge source (input PC `latch`, output PC
/// `pc`) whose branch does not reconverge at the group's BBS.
[[noreturn]] void fail(const Output& o, const ir::Kernel& in, const analysis::KernelAnalysis& analysis,
                       const SsdeGroup& group, const SsdeSwitch& sw, std::uint32_t latch, std::uint32_t pc) {
  const std::uint32_t bbs = o.kernel.block_of(sw.bbs_pc);
  const std::string point = sw.point == analysis::kExitPc ? std::string("the exit") : fmt::format("PC {}", sw.point);
  bool conflict = !o.pdom.post_dominates(bbs, o.kernel.block_of(pc));
  for (const auto& loop : group.loops) {
    if (loop.loop >= analysis.loops.size()) continue;
    for (const std::uint32_t b : analysis.loops.loop(loop.loop).blocks) {
      const bool before = sw.point == analysis::kExitPc ||
                          analysis.postdom.strictly_post_dominates(in.block_of(sw.point), b);
      const std::uint32_t now = o.new_pc[in.blocks[b].first_pc];
      conflict = conflict || (before && !o.pdom.post_dominates(bbs, o.kernel.block_of(now)));
    }
  }
  if (conflict) {
    throw std::invalid_argument(fmt::format(
        "ssde: in kernel {}, the point {} conflicts with another group's: its loop (back-edge source ending at "
        "input PC {}) reaches it through the back edge of another group's loop, which now goes to that group's "
        "BBS, so a path avoids this one (the point should be raised to the other group's)",
        o.kernel.name, point, latch));
  }
  if (o.dom.dominates(bbs, o.kernel.block_of(pc))) {
    throw std::invalid_argument(fmt::format(
        "ssde: in kernel {}, the point {} is reached from the back-edge source ending at input PC {} only "
        "through the back edge of an enclosing loop (the point lies where that loop starts), so BBS dominates "
        "the loop and no branch of the loop can reconverge there under the NVIDIA rule (the point should be "
        "raised, to the enclosing loop's exit say)",
        o.kernel.name, point, latch));
  }
  const auto reconv = o.table.find(pc);
  throw std::runtime_error(fmt::format(
      "ssde: internal: in kernel {}, the branch at PC {} (input PC {}) reconverges at {} instead of {} (PC {})",
      o.kernel.name, pc, latch, reconv && *reconv != analysis::kExitPc ? std::to_string(*reconv) : "the exit",
      sw.bbs_label, sw.bbs_pc));
}

}  // namespace

void check_and_report(Work& work, const analysis::KernelAnalysis& analysis, const ir::Kernel& out,
                      std::span<const std::uint32_t> origin, std::span<const SsdeGroup> groups) {
  const ir::Kernel& in = work.graph.input();
  const Output o(out, origin, in.code.size());
  const bool checked = o.pdom.anchors().empty() && analysis.postdom.anchors().empty();
  for (const auto& gw : work.groups) {
    SsdeSwitch sw;
    sw.point = groups[gw.index].point;
    sw.bbs_label = work.graph.node(gw.bbs).label;
    sw.bbs_pc = label_pc(out, sw.bbs_label);
    sw.edge_register = work.graph.registers()[gw.edge_reg].name;
    for (std::uint32_t i = 0; i < gw.targets.size(); ++i) {
      const std::uint32_t pc = o.new_pc[gw.target_pcs[i]];
      sw.cases.push_back({gw.target_loops[i], out.blocks[out.block_of(pc)].label, i + 1});
    }
    for (const std::uint32_t latch : gw.latch_pcs) {
      const std::uint32_t pc = o.new_pc[latch];
      if (!checked || !analysis::is_conditional_branch(out.code[pc])) continue;
      std::uint32_t at = o.table.find(pc).value_or(analysis::kExitPc);
      for (std::size_t step = 0; step < out.blocks.size() && at != sw.bbs_pc && at != analysis::kExitPc; ++step) {
        at = through_added(o, in.regs.size(), at);
      }
      if (at != sw.bbs_pc) fail(o, in, analysis, groups[gw.index], sw, latch, pc);
    }
    work.report.switches.push_back(std::move(sw));
  }
}

}  // namespace lockstep::checker::ssde_detail
