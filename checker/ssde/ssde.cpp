// ssde_transform: Algorithm 4 on the block graph (docs/detection-plan.md
// §5.1). The steps, in the order they run:
//   0. exit materialisation when a point is the virtual exit;
//   1-3. per group, S's block split at S when S is mid-block (BBA | BBB) and
//      BBS placed right before BBB;
//   6, 5. latch retargeting: every back edge goes to BBS carrying the value
//      of its target header (1, 2, ... per distinct header), and BBS's
//      compare-and-branch (default: the fall-through into BBB);
//   4. every other edge into BBB that comes from the loops now enters BBS
//      carrying 0 (see enter_bbs);
//   7, 8. merged back edges and single-entry repair (ssde_repair.cpp);
//   9, 10. relayout, self-check and report (ssde_check.cpp).
// Latches are retargeted before the other edges are moved so that a latch
// whose header is another group's S (two spin loops back to back) keeps
// its own back edge, and that group's BBS is entered from this BBS's case
// with 0.
//
// Values: the thesis gives every back edge a unique value; edges that
// return to the same header share one here (one case per destination), as
// the value only selects the switch's destination.
#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <utility>

#include "checker/ssde/ssde.hpp"
#include "checker/ssde/ssde_work.hpp"

namespace lockstep::checker {
namespace {

using ssde_detail::GroupWork;
using ssde_detail::Work;

void validate(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
              std::span<const SsdeGroup> groups) {
  const auto pcs = static_cast<std::uint32_t>(kernel.code.size());
  const auto blocks = static_cast<std::uint32_t>(kernel.blocks.size());
  std::set<std::uint32_t> points;
  std::set<analysis::Edge> edges;
  for (const auto& g : groups) {
    if (g.point != analysis::kExitPc && g.point >= pcs) {
      throw std::invalid_argument(fmt::format("ssde: point {} is not a PC of kernel {} ({} instructions)",
                                              g.point, kernel.name, pcs));
    }
    if (!points.insert(g.point).second) {
      throw std::invalid_argument(fmt::format("ssde: two groups have the point {}", g.point));
    }
    bool any = false;
    for (const auto& loop : g.loops) {
      for (const auto& [s, d] : loop.back_edges) {
        any = true;
        if (s >= blocks || d >= blocks ||
            std::find(kernel.blocks[s].succs.begin(), kernel.blocks[s].succs.end(), d) ==
                kernel.blocks[s].succs.end()) {
          throw std::invalid_argument(fmt::format(
              "ssde: back edge ({}, {}) of loop {} is not an edge of kernel {}", s, d, loop.loop, kernel.name));
        }
        if (!edges.insert({s, d}).second) {
          throw std::invalid_argument(fmt::format("ssde: back edge ({}, {}) is given twice", s, d));
        }
        if (g.point == analysis::kExitPc) continue;
        const std::uint32_t p = kernel.block_of(g.point);
        if (p == s || !analysis.postdom.strictly_post_dominates(p, s)) {
          throw std::invalid_argument(
              fmt::format("ssde: point {} (block {}) does not post-dominate block {}, the source of back "
                          "edge ({}, {}) of loop {}",
                          g.point, p, s, s, d, loop.loop));
        }
      }
    }
    if (!any) {
      const std::string where = g.point == analysis::kExitPc ? "exit" : std::to_string(g.point);
      throw std::invalid_argument(fmt::format("ssde: the group at point {} has no back edge", where));
    }
  }
}

/// Steps 1-3 for one group: BBB (split when S is mid-block) and BBS before it.
void place_bbs(Work& work, GroupWork& gw, std::uint32_t exit_node) {
  cfg::EditGraph& g = work.graph;
  std::uint32_t node = exit_node;
  std::uint32_t index = 0;
  if (gw.point != analysis::kExitPc) {
    node = g.node_of_pc(gw.point);
    index = g.index_of_pc(gw.point);
  }
  gw.bbb = index == 0 ? node : g.split(node, index, fmt::format("$L__ssde_B{}", gw.index));
  gw.bbs = g.add_node(fmt::format("$L__ssde_S{}", gw.index));
  g.place_before(gw.bbs, gw.bbb);
  gw.edge_reg = g.add_register(fmt::format("%ssde_c{}", gw.index), ir::Type::U32);
}

/// Steps 6 and 5 for one group: back edges to BBS, and BBS's branch.
void retarget_latches(Work& work, GroupWork& gw, const ir::Kernel& kernel, const analysis::LoopInfo& loops,
                      const SsdeGroup& group) {
  cfg::EditGraph& g = work.graph;
  const std::string edge_label = fmt::format("$L__ssde_E{}_", gw.index);
  for (const auto& loop : group.loops) {
    for (const auto& [s, d] : loop.back_edges) {
      const std::uint32_t header = g.node_of_pc(kernel.blocks[d].first_pc);
      auto it = std::find(gw.targets.begin(), gw.targets.end(), header);
      if (it == gw.targets.end()) {
        gw.targets.push_back(header);
        gw.target_loops.push_back(loop.loop);
        gw.target_pcs.push_back(kernel.blocks[d].first_pc);
        it = gw.targets.end() - 1;
      }
      const auto value = static_cast<std::uint32_t>(it - gw.targets.begin()) + 1;
      const std::uint32_t last = kernel.blocks[s].last_pc;
      // A back-edge source whose branch does not leave the loop (both ways
      // iterate: an inner and an outer back edge) has no exit to reconverge.
      const bool leaves = loop.loop >= loops.size() ||
                          std::binary_search(loops.loop(loop.loop).exiting.begin(),
                                             loops.loop(loop.loop).exiting.end(), s);
      if (leaves) gw.latch_pcs.push_back(last);
      gw.latch_nodes.push_back(g.node_of_pc(last));
      if (!work.move_edge(g.node_of_pc(last), header, gw.bbs, gw.edge_reg, value, edge_label, gw.edge_blocks)) {
        throw std::runtime_error(fmt::format("ssde: internal: back edge ({}, {}) is not an edge any more", s, d));
      }
    }
  }
  const std::string pred = fmt::format("%ssde_p{}_", gw.index);
  if (gw.targets.size() == 1) {
    const ssde_detail::Case only{1, gw.targets.front()};
    work.dispatch(gw.bbs, gw.edge_reg, {&only, 1}, gw.bbb, pred);
    return;
  }
  // Several destinations: one backward edge to the dispatch node D (step 7).
  const std::uint32_t p = g.add_register(pred + "1", ir::Type::Pred);
  gw.dispatch = g.add_node(fmt::format("$L__ssde_D{}", gw.index));
  work.add_setp(gw.bbs, ir::CmpOp::Ne, p, gw.edge_reg, 0);
  work.add_branch(gw.bbs, p, gw.dispatch);
  g.node(gw.bbs).fall = gw.bbb;
}

/// Marks with `stamp` every node reachable from the group's back-edge
/// sources and destinations without going through BBB (S onwards).
void mark_reachable(const cfg::EditGraph& g, const GroupWork& gw, std::vector<std::uint32_t>& mark,
                    std::uint32_t stamp) {
  std::vector<std::uint32_t> stack;
  auto visit = [&](std::uint32_t n) {
    if (n < mark.size() && mark[n] != stamp) {
      mark[n] = stamp;
      stack.push_back(n);
    }
  };
  for (const std::uint32_t n : gw.latch_nodes) visit(n);
  for (const std::uint32_t n : gw.targets) visit(n);
  while (!stack.empty()) {
    const std::uint32_t n = stack.back();
    stack.pop_back();
    if (n == gw.bbb) continue;
    g.for_each_slot(n, [&](std::uint32_t, std::uint32_t t) { visit(t); });
  }
}

/// Step 4 for every group: the other edges into BBB that come from the
/// group's loops (their sources are reachable from a back edge without
/// passing S) enter BBS with 0. Edges that cannot come from the loops on
/// the way to S (the code before them, a jump that skips them, the entry of
/// an enclosing loop whose header S is) keep going to BBB: a thread on them
/// has nothing to wait for, and BBS stays dominated by the loops, as the
/// NVIDIA rule needs for BBS to be the latches' reconvergence point.
/// The kernel entry cannot come from the loops either: when BBB is the
/// entry block, a new first block jumps over BBS (laid out before BBB) to
/// it. The sources are collected in one pass: moving an edge into one BBB
/// never makes an edge into another.
void enter_bbs(Work& work) {
  cfg::EditGraph& g = work.graph;
  std::vector<std::uint32_t> group_of(g.size(), cfg::kNoNode);
  for (const auto& gw : work.groups) group_of[gw.bbb] = gw.index;
  std::vector<std::vector<std::uint32_t>> sources(work.groups.size());
  for (std::uint32_t n = 0; n < g.size(); ++n) {
    g.for_each_slot(n, [&](std::uint32_t, std::uint32_t t) {
      if (t >= group_of.size() || group_of[t] == cfg::kNoNode) return;
      auto& list = sources[group_of[t]];
      if (list.empty() || list.back() != n) list.push_back(n);
    });
  }
  std::vector<std::uint32_t> reached(g.size(), cfg::kNoNode);
  for (auto& gw : work.groups) {
    mark_reachable(g, gw, reached, gw.index);
    const std::string edge_label = fmt::format("$L__ssde_E{}_", gw.index);
    for (const std::uint32_t src : sources[gw.index]) {
      if (src == gw.bbs || reached[src] != gw.index) continue;
      work.move_edge(src, gw.bbb, gw.bbs, gw.edge_reg, 0, edge_label, gw.edge_blocks);
    }
    if (g.entry() == gw.bbb) {
      const std::uint32_t start = g.add_node();
      g.node(start).fall = gw.bbb;
      g.place_first(start);
      g.set_entry(start);
    }
  }
}

}  // namespace

SsdeResult ssde_transform(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                          std::span<const SsdeGroup> groups) {
  validate(kernel, analysis, groups);
  Work work(kernel);
  SsdeResult result;
  if (groups.empty()) {
    result.kernel = work.graph.relayout(&result.origin);
    return result;
  }

  const bool to_exit = std::any_of(groups.begin(), groups.end(),
                                   [](const SsdeGroup& g) { return g.point == analysis::kExitPc; });
  const std::uint32_t exit_node = to_exit ? ssde_detail::materialise_exit(work) : cfg::kNoNode;
  work.groups.resize(groups.size());
  for (std::uint32_t i = 0; i < groups.size(); ++i) {
    work.groups[i].index = i;
    work.groups[i].point = groups[i].point;
    place_bbs(work, work.groups[i], exit_node);
  }
  for (std::uint32_t i = 0; i < groups.size(); ++i) {
    retarget_latches(work, work.groups[i], kernel, analysis.loops, groups[i]);
  }
  enter_bbs(work);
  ssde_detail::merge_back_edges(work);
  ssde_detail::repair_single_entry(work);

  if (work.graph.layout().front() != work.graph.entry()) {
    throw std::runtime_error("ssde: internal: the entry block is not laid out first");
  }
  result.kernel = work.graph.relayout(&result.origin);
  ssde_detail::check_and_report(work, analysis, result.kernel, result.origin, groups);
  const auto& out = result.kernel;
  work.report.blocks_added = static_cast<std::uint32_t>(out.blocks.size() - kernel.blocks.size());
  work.report.instructions_added = static_cast<std::uint32_t>(out.code.size() - kernel.code.size());
  work.report.registers_added = static_cast<std::uint32_t>(out.regs.size() - kernel.regs.size());
  result.report = std::move(work.report);
  return result;
}

}  // namespace lockstep::checker
