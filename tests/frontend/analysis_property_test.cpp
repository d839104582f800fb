// The CFG analyses checked against their definitions on many random CFGs
// (brute force: reachability with one block removed, natural loops from
// back edges, the NVIDIA rule by enumeration).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "frontend/analysis/branch_joins.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::analysis {
namespace {

using Adj = std::vector<std::vector<std::uint32_t>>;

/// A random CFG description: n blocks with random terminators.
std::string random_cfg(std::mt19937& rng, std::uint32_t n) {
  std::string text;
  auto pick = [&](std::uint32_t hi) { return std::uniform_int_distribution<std::uint32_t>(0, hi - 1)(rng); };
  for (std::uint32_t i = 0; i < n; ++i) {
    text += "B" + std::to_string(i) + ": ";
    const bool last = i + 1 == n;
    switch (pick(last ? 3 : 7)) {
      case 0: text += "exit"; break;
      case 1: text += "-> B" + std::to_string(pick(n)); break;
      case 2: text += "?? B" + std::to_string(pick(n)) + " B" + std::to_string(pick(n)) + " B" + std::to_string(pick(n)); break;
      case 3: case 4: text += "? B" + std::to_string(pick(n)); break;
      case 5: text += "@%q exit"; break;
      default: break;  // falls through to the next block
    }
    text += "\n";
  }
  return text;
}

std::vector<bool> reach(const Adj& succ, std::uint32_t from, std::uint32_t removed) {
  std::vector<bool> seen(succ.size(), false);
  if (from == removed) return seen;
  std::vector<std::uint32_t> work{from};
  seen[from] = true;
  while (!work.empty()) {
    const std::uint32_t n = work.back();
    work.pop_back();
    for (const std::uint32_t s : succ[n])
      if (s != removed && !seen[s]) {
        seen[s] = true;
        work.push_back(s);
      }
  }
  return seen;
}

/// a dominates b in the graph rooted at root (b reachable).
bool brute_dominates(const Adj& succ, std::uint32_t root, std::uint32_t a, std::uint32_t b) {
  return a == b || !reach(succ, root, a)[b];
}

/// Whether some simple path from `from` to `z`, with no interior node in
/// `stops` (the branch and its stop block), leaves a path from `other` to
/// `z` disjoint from it except at z.
bool disjoint_paths(const Adj& succ, std::uint32_t from, std::uint32_t other, std::uint32_t z,
                    const std::vector<bool>& stops, std::vector<bool>& on_path) {
  if (from == z) {  // the first path is done: search the second one
    if (other == z) return true;
    if (on_path[other] || stops[other]) return false;
    std::vector<bool> seen(on_path);
    std::vector<std::uint32_t> work{other};
    seen[other] = true;
    while (!work.empty()) {
      const std::uint32_t x = work.back();
      work.pop_back();
      for (const std::uint32_t y : succ[x]) {
        if (y == z) return true;
        if (!seen[y] && !stops[y]) {
          seen[y] = true;
          work.push_back(y);
        }
      }
    }
    return false;
  }
  if (stops[from]) return false;
  on_path[from] = true;
  bool found = false;
  for (const std::uint32_t y : succ[from])
    if (!found && (y == z || !on_path[y])) found = disjoint_paths(succ, y, other, z, stops, on_path);
  on_path[from] = false;
  return found;
}

// Joins of branches against their definition: two paths from distinct
// successors, disjoint except at the join, stopping at the branch and its
// stop block (the IPDOM, or an arbitrary block).
TEST(AnalysisProperties, BranchJoinsAreMeetingPointsOfDisjointPaths) {
  std::mt19937 rng(7355608);
  unsigned joins_seen = 0, cyclic_joins = 0;
  for (int round = 0; round < 300; ++round) {
    const std::uint32_t n = 2 + static_cast<std::uint32_t>(round % 11);
    const std::string text = random_cfg(rng, n);
    SCOPED_TRACE(text);
    const auto k = test::build_cfg(text);
    const auto a = analyze_kernel(k.kernel);
    Adj succ(n);
    for (const auto& b : k.kernel.blocks) succ[b.id] = b.succs;
    BranchJoins finder(a.graph);
    for (std::uint32_t b = 0; b < n; ++b) {
      if (succ[b].size() < 2) continue;
      for (const std::uint32_t stop : {a.postdom.ipdom(b), kNone, (b + 1 + static_cast<std::uint32_t>(round)) % n}) {
        SCOPED_TRACE("branch " + std::to_string(b) + " stop " + std::to_string(stop));
        finder.run(b, stop);
        std::vector<bool> stops(n, false);
        stops[b] = true;
        if (stop < n) stops[stop] = true;
        // Region: reachable from the successors without passing the stops.
        std::vector<bool> in_region(n, false);
        std::vector<std::uint32_t> work;
        for (const std::uint32_t s : succ[b])
          if (!in_region[s]) {
            in_region[s] = true;
            work.push_back(s);
          }
        while (!work.empty()) {
          const std::uint32_t x = work.back();
          work.pop_back();
          if (stops[x]) continue;
          for (const std::uint32_t y : succ[x])
            if (!in_region[y]) {
              in_region[y] = true;
              work.push_back(y);
            }
        }
        std::vector<bool> got_region(n, false), got_join(n, false);
        for (const std::uint32_t x : finder.region()) {
          ASSERT_FALSE(got_region[x]);
          got_region[x] = true;
        }
        for (const std::uint32_t x : finder.joins()) got_join[x] = true;
        for (std::uint32_t z = 0; z < n; ++z) {
          ASSERT_EQ(got_region[z], in_region[z]) << "region " << z;
          bool join = false;
          std::vector<bool> on_path(n, false);
          for (const std::uint32_t s1 : succ[b])
            for (const std::uint32_t s2 : succ[b])
              if (!join && s1 != s2 && in_region[z]) join = disjoint_paths(succ, s1, s2, z, stops, on_path);
          ASSERT_EQ(got_join[z], join) << "join " << z;
          joins_seen += join ? 1U : 0U;
          cyclic_joins += join && a.loops.innermost(z) != kNone ? 1U : 0U;
        }
      }
    }
  }
  std::printf("joins %u, in loops %u\n", joins_seen, cyclic_joins);
  EXPECT_GT(joins_seen, 100U);
  EXPECT_GT(cyclic_joins, 20U);
}

TEST(AnalysisProperties, RandomCfgs) {
  std::mt19937 rng(20240611);
  // How often the interesting cases came up, so the test is known to cover them.
  unsigned irreducible = 0, nested = 0, anchored = 0, nvidia_differs = 0, through_cycle = 0, unreachable = 0;
  for (int round = 0; round < 400; ++round) {
    const std::uint32_t n = 2 + static_cast<std::uint32_t>(round % 11);
    const std::string text = random_cfg(rng, n);
    SCOPED_TRACE(text);
    const auto k = test::build_cfg(text);
    const auto a = analyze_kernel(k.kernel);
    const std::uint32_t exit = a.exit_block();
    Adj succ(n);
    for (const auto& b : k.kernel.blocks) succ[b.id] = b.succs;
    const auto reachable = reach(succ, 0, kNone);
    unreachable += static_cast<unsigned>(std::count(reachable.begin(), reachable.end(), false));
    anchored += static_cast<unsigned>(a.postdom.anchors().size());
    for (const auto& l : a.loops.loops()) {
      irreducible += l.reducible ? 0U : 1U;
      nested += l.parent != kNone ? 1U : 0U;
    }

    // Dominators.
    for (std::uint32_t x = 0; x < n; ++x) {
      ASSERT_EQ(a.dom.reachable(x), reachable[x]);
      for (std::uint32_t y = 0; y < n; ++y) {
        const bool expect = reachable[x] && reachable[y] && brute_dominates(succ, 0, x, y);
        ASSERT_EQ(a.dom.dominates(x, y), expect) << x << " dom " << y;
      }
      if (reachable[x] && x != 0) {
        const std::uint32_t i = a.dom.idom(x);
        ASSERT_TRUE(a.dom.strictly_dominates(i, x));
        for (std::uint32_t y = 0; y < n; ++y)  // every strict dominator dominates the idom
          if (a.dom.strictly_dominates(y, x)) {
            ASSERT_TRUE(a.dom.dominates(y, i));
          }
      }
    }

    // Post-dominators, on the reverse graph with the virtual exit and the
    // anchor edges the tree reports.
    Adj rev(n + 1);
    for (std::uint32_t x = 0; x < n; ++x)
      for (const std::uint32_t s : succ[x]) rev[s].push_back(x);
    for (const auto& b : k.kernel.blocks)
      if (b.may_exit) rev[exit].push_back(b.id);
    for (const std::uint32_t anchor : a.postdom.anchors()) rev[exit].push_back(anchor);
    for (std::uint32_t x = 0; x < n; ++x) {
      ASSERT_TRUE(a.postdom.tree().reachable(x));
      for (std::uint32_t y = 0; y <= n; ++y)
        ASSERT_EQ(a.postdom.post_dominates(y, x), brute_dominates(rev, exit, y, x)) << y << " pdom " << x;
    }
    // Anchors only where needed: an anchor cannot reach an exit by itself.
    for (const std::uint32_t anchor : a.postdom.anchors()) {
      const auto from = reach(succ, anchor, kNone);
      for (const auto& b : k.kernel.blocks) ASSERT_FALSE(from[b.id] && b.may_exit);
    }

    // Loops: every loop is strongly connected, its header is an entry, and
    // reducible loops are exactly the natural loops merged per header.
    for (std::uint32_t id = 0; id < a.loops.size(); ++id) {
      const Loop& l = a.loops.loop(id);
      std::vector<bool> in(n, false);
      for (const std::uint32_t x : l.blocks) in[x] = true;
      Adj inner(n);
      for (const std::uint32_t x : l.blocks)
        for (const std::uint32_t s : succ[x])
          if (in[s]) inner[x].push_back(s);
      for (const std::uint32_t x : l.blocks) {
        const auto r = reach(inner, x, kNone);
        for (const std::uint32_t y : l.blocks) ASSERT_TRUE(r[y] || (x == y && l.blocks.size() == 1));
      }
      ASSERT_TRUE(std::binary_search(l.entries.begin(), l.entries.end(), l.header));
      ASSERT_EQ(l.reducible, l.entries.size() == 1);
      for (const std::uint32_t x : l.blocks) {
        ASSERT_TRUE(a.loops.contains(id, x));
        if (l.reducible) {
          ASSERT_TRUE(a.dom.dominates(l.header, x));
        }
      }
      if (l.parent != kNone) {
        const Loop& p = a.loops.loop(l.parent);
        ASSERT_LT(l.parent, id);
        ASSERT_TRUE(std::includes(p.blocks.begin(), p.blocks.end(), l.blocks.begin(), l.blocks.end()));
        ASSERT_FALSE(std::binary_search(l.blocks.begin(), l.blocks.end(), p.header));
      }
      if (!l.reducible) continue;
      // The natural loop of the header's back edges.
      std::vector<bool> natural(n, false);
      natural[l.header] = true;
      std::vector<std::uint32_t> work;
      for (std::uint32_t t = 0; t < n; ++t)
        if (reachable[t] && std::count(succ[t].begin(), succ[t].end(), l.header) > 0 && a.dom.dominates(l.header, t) &&
            !natural[t]) {
          natural[t] = true;
          work.push_back(t);
        }
      while (!work.empty()) {
        const std::uint32_t x = work.back();
        work.pop_back();
        for (std::uint32_t p = 0; p < n; ++p)
          if (reachable[p] && !natural[p] && std::count(succ[p].begin(), succ[p].end(), x) > 0) {
            natural[p] = true;
            work.push_back(p);
          }
      }
      for (std::uint32_t x = 0; x < n; ++x) ASSERT_EQ(natural[x], in[x]) << "natural loop of " << l.header;
    }
    // Every back edge's target heads a loop containing the edge (a natural
    // loop, or an irreducible region whose header it is).
    for (std::uint32_t t = 0; t < n; ++t)
      for (const std::uint32_t h : succ[t])
        if (reachable[t] && a.dom.dominates(h, t)) {
          const std::uint32_t id = a.loops.loop_with_header(h);
          ASSERT_NE(id, kNone);
          ASSERT_TRUE(a.loops.contains(id, t));
        }
    // Each block's innermost loop is the deepest loop containing it.
    for (std::uint32_t x = 0; x < n; ++x) {
      std::uint32_t deepest = kNone;
      for (std::uint32_t id = 0; id < a.loops.size(); ++id) {
        const auto& bl = a.loops.loop(id).blocks;
        if (std::binary_search(bl.begin(), bl.end(), x) &&
            (deepest == kNone || a.loops.loop(id).depth > a.loops.loop(deepest).depth))
          deepest = id;
      }
      ASSERT_EQ(a.loops.innermost(x), deepest);
    }

    // Reconvergence: the IPDOM, and the NVIDIA rule by enumeration.
    for (const auto& br : a.reconvergence) {
      ASSERT_EQ(br.ipdom, a.postdom.ipdom(br.block));
      if (!a.dom.reachable(br.block)) {
        ASSERT_EQ(br.ipdom_nvidia, br.ipdom);
        continue;
      }
      // The closest dominator d of the branch (itself included) that
      // dominates its own IPDOM p, with p strictly post-dominating the branch.
      std::uint32_t anchor = kNone;
      for (std::uint32_t d = 0; d < n; ++d) {
        if (!a.dom.dominates(d, br.block)) continue;
        const std::uint32_t p = a.postdom.ipdom(d);
        const bool ok = (p == exit || a.dom.dominates(d, p)) && p != br.block &&
                        brute_dominates(rev, exit, p, br.block);
        if (ok && (anchor == kNone || a.dom.depth(d) > a.dom.depth(anchor))) anchor = d;
      }
      const std::uint32_t expect = anchor == kNone ? exit : a.postdom.ipdom(anchor);
      nvidia_differs += expect != br.ipdom ? 1U : 0U;
      through_cycle += anchor != kNone && anchor != br.block && a.postdom.ipdom(anchor) != exit &&
                               a.dom.dominates(a.postdom.ipdom(anchor), br.block)
                           ? 1U
                           : 0U;
      ASSERT_EQ(br.nvidia_anchor, anchor);
      std::uint32_t walked = kNone;
      ASSERT_EQ(nvidia_reconvergence(br.block, a.dom, a.postdom, walked), expect);
      ASSERT_EQ(walked, anchor);
      ASSERT_EQ(br.ipdom_nvidia, expect);
    }
  }
  EXPECT_GT(irreducible, 0U);
  EXPECT_GT(nested, 0U);
  EXPECT_GT(anchored, 0U);
  EXPECT_GT(nvidia_differs, 0U);
  EXPECT_GT(through_cycle, 0U);
  EXPECT_GT(unreachable, 0U);
  std::printf("covered: irreducible %u nested %u anchored %u nvidia-differs %u through-cycle %u unreachable %u\n",
              irreducible, nested, anchored, nvidia_differs, through_cycle, unreachable);
}

}  // namespace
}  // namespace lockstep::analysis
