// The NVIDIA repairs of SSDE (research/000-deadlock-ssde.md §3.6;
// docs/detection-plan.md §5.1 steps 7 and 8).
//
// Step 7, merged back edges. A BBS with several destinations branches once,
// when its edge register is not 0, to a dispatch node D placed right before
// N, the nearest common dominator of the destinations; every other edge into
// N (and the kernel entry, when N is the entry) now enters D carrying 0; D
// compares and branches to each destination other than N and falls into N.
// One backward edge BBS -> D remains, and D becomes the loop's header.
// This needs BBS to post-dominate N: D's branch must reconverge at BBS at
// the latest, for the latches' branches to reconverge there. And N must not
// reach another group's BBS before this one: D would then put that group's
// loop (or its BBS) inside this loop, entered from D, and that BBS would no
// longer be dominated by its own loop. When either fails (the destinations
// are entries of an irreducible loop whose common dominator is far up; two
// groups interleave), D only dispatches the back edges: it branches to
// every destination but the first and falls into the first, and step 8
// gives the loop its single entry.
//
// Step 8, single-entry repair. On the graph as it now is, every irreducible
// loop that contains a BBS gets a new header X (`$L__ssde_H<m>`) placed
// right before the loop's header (its entry first in reverse postorder). A
// register %ssde_h<m> tells X where to go: the entries are numbered 1, 2,
// ... in the loop's entry order; every edge into an entry from outside the
// loop, and every edge into the header from inside it, goes to X carrying
// that entry's number (the kernel entry too, when it is one of them); X
// branches to every entry other than the header and falls into the header.
// The edges from inside the loop into the header must go through X as well:
// otherwise X would only precede the loop and its entries would stay
// entries. The region of the loop plus X then has X as its only entry.
// Loops nested in a repaired one are looked at again in the next round, on
// the new graph; the rounds end when no loop with a BBS is irreducible.
// Irreducible loops without a BBS are left as they are.
#include <fmt/format.h>

#include <stdexcept>

#include "checker/ssde/ssde_work.hpp"
#include "frontend/analysis/dominators.hpp"
#include "frontend/analysis/loops.hpp"

namespace lockstep::checker::ssde_detail {
namespace {

/// The nearest common dominator of the group's destinations (the first one
/// when they are unreachable).
std::uint32_t common_dominator(const GroupWork& gw, const analysis::DominatorTree& dom) {
  std::uint32_t n = gw.targets.front();
  for (std::size_t i = 1; i < gw.targets.size() && n != analysis::kNone; ++i) {
    n = dom.nearest_common_dominator(n, gw.targets[i]);
  }
  return n == analysis::kNone ? gw.targets.front() : n;
}

/// Step 7 for one group; `n` is N, or kNoNode for a D that only dispatches.
void merge_one(Work& work, GroupWork& gw, std::uint32_t n, const std::vector<std::uint32_t>& sources) {
  cfg::EditGraph& g = work.graph;
  const std::uint32_t fall = n == cfg::kNoNode ? gw.targets.front() : n;
  if (n != cfg::kNoNode) {
    const std::string edge_label = fmt::format("$L__ssde_E{}_", gw.index);
    for (const std::uint32_t src : sources) {
      work.move_edge(src, n, gw.dispatch, gw.edge_reg, 0, edge_label, gw.edge_blocks);
    }
    work.move_entry(n, gw.dispatch, gw.edge_reg, 0);
  }
  // A D that only dispatches is laid out last (right before its first
  // destination it could come first in the code, before the entry); a D
  // with N goes right before N.
  if (n == cfg::kNoNode) {
    g.place_last(gw.dispatch);
  } else {
    g.place_before(gw.dispatch, n);
  }
  std::vector<Case> cases;
  for (std::uint32_t i = 0; i < gw.targets.size(); ++i) {
    if (gw.targets[i] != fall) cases.push_back({i + 1, gw.targets[i]});
  }
  work.dispatch(gw.dispatch, gw.edge_reg, cases, fall, fmt::format("%ssde_d{}_", gw.index));
  work.report.merged_back_edges += static_cast<std::uint32_t>(gw.targets.size());
}

/// True when a BBS of another group than `gw` is reachable from n without
/// passing gw's BBS. `mark` is a visited set shared by the calls: a node is
/// visited when its mark is `stamp` (a different one per call).
bool reaches_other_bbs(const Work& work, const GroupWork& gw, std::uint32_t n, const std::vector<bool>& is_bbs,
                       std::vector<std::uint32_t>& mark, std::uint32_t stamp) {
  const cfg::EditGraph& g = work.graph;
  std::vector<std::uint32_t> stack{n};
  mark[n] = stamp;
  bool found = false;
  while (!stack.empty() && !found) {
    const std::uint32_t x = stack.back();
    stack.pop_back();
    if (x != gw.bbs && is_bbs[x]) found = true;
    if (x == gw.bbs) continue;
    g.for_each_slot(x, [&](std::uint32_t, std::uint32_t t) {
      if (t < mark.size() && mark[t] != stamp) {
        mark[t] = stamp;
        stack.push_back(t);
      }
    });
  }
  return found;
}

/// The post-dominator tree of the edit graph: node size() is the exit
/// (blocks that cannot reach it are not in the tree).
analysis::DominatorTree post_dominators(const cfg::EditGraph& g) {
  std::vector<analysis::Edge> edges;
  for (std::uint32_t n = 0; n < g.size(); ++n) {
    g.for_each_slot(n, [&](std::uint32_t, std::uint32_t t) {
      if (t < g.size()) edges.emplace_back(t, n);
    });
    if (g.may_exit(n)) edges.emplace_back(g.size(), n);
  }
  return analysis::DominatorTree(analysis::Digraph(g.size() + 1, edges), g.size());
}

void repair_one(Work& work, const analysis::LoopInfo& loops, std::uint32_t id, std::uint32_t analysed) {
  cfg::EditGraph& g = work.graph;
  const analysis::Loop& loop = loops.loop(id);
  const std::uint32_t m = work.repairs++;
  const std::uint32_t h = g.add_register(fmt::format("%ssde_h{}", m), ir::Type::U32);
  const std::uint32_t x = g.add_node(fmt::format("$L__ssde_H{}", m));
  const std::string edge_label = fmt::format("$L__ssde_HE{}_", m);
  std::uint32_t edges = 0;
  std::vector<Case> cases;
  for (std::uint32_t j = 0; j < loop.entries.size(); ++j) {
    const std::uint32_t e = loop.entries[j];
    for (const std::uint32_t src : work.sources(e)) {
      const bool inside = src < analysed && loops.contains(id, src);
      if (inside && e != loop.header) continue;
      work.move_edge(src, e, x, h, j + 1, edge_label, edges);
    }
    work.move_entry(e, x, h, j + 1);
    if (e != loop.header) cases.push_back({j + 1, e});
  }
  g.place_before(x, loop.header);
  work.dispatch(x, h, cases, loop.header, fmt::format("%ssde_x{}_", m));
  ++work.report.new_headers;
}

}  // namespace

void merge_back_edges(Work& work) {
  cfg::EditGraph& g = work.graph;
  std::vector<GroupWork*> merged;
  for (auto& gw : work.groups) {
    if (gw.dispatch != cfg::kNoNode) merged.push_back(&gw);
  }
  if (merged.empty()) return;
  // One dominator tree for all groups: a group merged earlier only adds a
  // dispatch node in front of its N, which dominates nothing new elsewhere.
  const analysis::Digraph dg = g.digraph();
  const analysis::DominatorTree dom(dg, g.entry());
  const analysis::DominatorTree pdom = post_dominators(g);
  std::vector<std::uint32_t> common;
  std::vector<std::uint32_t> first_user(g.size(), cfg::kNoNode);
  std::vector<bool> is_bbs(g.size(), false);
  for (const auto& gw : work.groups) is_bbs[gw.bbs] = true;
  std::vector<std::uint32_t> mark(g.size(), cfg::kNoNode);
  for (std::uint32_t i = 0; i < merged.size(); ++i) {
    std::uint32_t n = common_dominator(*merged[i], dom);
    if (!pdom.dominates(merged[i]->bbs, n) || reaches_other_bbs(work, *merged[i], n, is_bbs, mark, i)) {
      n = cfg::kNoNode;
    }
    common.push_back(n);
    if (n != cfg::kNoNode && first_user[n] == cfg::kNoNode) first_user[n] = i;
  }
  // The edges into every N, in one pass; a group whose N an earlier group
  // already used looks again (that group's D now falls into N).
  std::vector<std::vector<std::uint32_t>> sources(merged.size());
  for (std::uint32_t n = 0; n < dg.size(); ++n) {
    g.for_each_slot(n, [&](std::uint32_t, std::uint32_t t) {
      if (t >= first_user.size() || first_user[t] == cfg::kNoNode) return;
      auto& list = sources[first_user[t]];
      if (list.empty() || list.back() != n) list.push_back(n);
    });
  }
  for (std::uint32_t i = 0; i < merged.size(); ++i) {
    if (common[i] == cfg::kNoNode) {
      merge_one(work, *merged[i], cfg::kNoNode, {});
      continue;
    }
    const bool first = first_user[common[i]] == i;
    merge_one(work, *merged[i], common[i], first ? sources[i] : work.sources(common[i]));
  }
}

void repair_single_entry(Work& work) {
  const std::uint32_t limit = 16 + 2 * work.graph.size();
  for (std::uint32_t round = 0;; ++round) {
    if (round > limit) throw std::runtime_error("ssde: internal: the single-entry repair does not end");
    cfg::EditGraph& g = work.graph;
    const analysis::Digraph dg = g.digraph();
    const analysis::DominatorTree dom(dg, g.entry());
    std::vector<bool> may_exit(dg.size(), false);
    for (std::uint32_t n = 0; n < dg.size(); ++n) may_exit[n] = g.may_exit(n);
    const analysis::LoopInfo loops(dg, dom, may_exit);
    std::vector<bool> chosen(loops.size(), false);
    std::vector<std::uint32_t> picked;
    for (std::uint32_t id = 0; id < loops.size(); ++id) {
      const analysis::Loop& loop = loops.loop(id);
      if (loop.reducible) continue;
      bool nested = false;
      for (std::uint32_t p = loop.parent; p != analysis::kNone && !nested; p = loops.loop(p).parent) {
        nested = chosen[p];
      }
      if (nested) continue;
      bool has_bbs = false;
      for (const auto& gw : work.groups) has_bbs = has_bbs || loops.contains(id, gw.bbs);
      if (!has_bbs) continue;
      chosen[id] = true;
      picked.push_back(id);
    }
    if (picked.empty()) return;
    for (const std::uint32_t id : picked) repair_one(work, loops, id, dg.size());
  }
}

}  // namespace lockstep::checker::ssde_detail
