#include "frontend/analysis/loops.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

namespace lockstep::analysis {

namespace {

void sort_unique(std::vector<std::uint32_t>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

/// A region still to be decomposed: its blocks and the loop it lies in.
struct Region {
  std::vector<std::uint32_t> blocks;
  std::uint32_t parent = kNone;
};

}  // namespace

LoopInfo::LoopInfo(const Digraph& g, const DominatorTree& dom, const std::vector<bool>& may_exit)
    : innermost_(g.size(), kNone), header_loop_(g.size(), kNone) {
  // Without a retreating edge in reverse postorder there is no cycle.
  bool cyclic = false;
  for (const std::uint32_t n : dom.rpo())
    for (const std::uint32_t s : g.succs(n)) cyclic = cyclic || dom.rpo_index(s) <= dom.rpo_index(n);
  if (!cyclic) return;

  std::vector<Loop> found;
  SccFinder scc(g);
  Components comps;
  std::vector<std::uint32_t> mark(g.size(), 0);  // == token: in the component being examined
  std::uint32_t token = 0;

  std::vector<Region> work;
  work.push_back({{dom.rpo().begin(), dom.rpo().end()}, kNone});
  while (!work.empty()) {
    Region region = std::move(work.back());
    work.pop_back();
    scc.run(region.blocks, comps);
    for (std::uint32_t c = 0; c < comps.size(); ++c) {
      const auto comp = comps[c];
      const std::uint32_t first = comp.front();
      const auto first_succs = g.succs(first);
      const bool cycle = comp.size() > 1 ||
                         std::find(first_succs.begin(), first_succs.end(), first) != first_succs.end();
      if (!cycle) continue;
      ++token;
      for (const std::uint32_t n : comp) mark[n] = token;
      Loop loop;
      loop.parent = region.parent;
      for (const std::uint32_t n : comp) {
        bool entered = n == dom.root();
        for (const std::uint32_t p : g.preds(n)) entered = entered || (dom.reachable(p) && mark[p] != token);
        if (entered) loop.entries.push_back(n);
      }
      loop.reducible = loop.entries.size() == 1;
      loop.header = *std::min_element(loop.entries.begin(), loop.entries.end(),
                                      [&](std::uint32_t a, std::uint32_t b) {
                                        return dom.rpo_index(a) < dom.rpo_index(b);
                                      });
      for (const std::uint32_t n : comp) {
        bool exiting = false;
        for (const std::uint32_t s : g.succs(n)) {
          if (s == loop.header) loop.latches.push_back(n);
          if (mark[s] != token) {
            exiting = true;
            loop.exits.push_back(s);
          }
        }
        if (exiting) loop.exiting.push_back(n);
        if (may_exit[n]) loop.kernel_exiting.push_back(n);
      }
      sort_unique(loop.exits);
      Region inner{{}, static_cast<std::uint32_t>(found.size())};
      for (const std::uint32_t n : comp)
        if (n != loop.header) inner.blocks.push_back(n);
      loop.blocks.assign(comp.begin(), comp.end());
      found.push_back(std::move(loop));
      if (!inner.blocks.empty()) work.push_back(std::move(inner));
    }
  }

  // Order by header position in reverse postorder: parents before children.
  std::vector<std::uint32_t> order(found.size());
  std::iota(order.begin(), order.end(), 0U);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return dom.rpo_index(found[a].header) < dom.rpo_index(found[b].header);
  });
  std::vector<std::uint32_t> new_id(found.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) new_id[order[i]] = i;
  loops_.reserve(found.size());
  for (const std::uint32_t old : order) {
    Loop loop = std::move(found[old]);
    if (loop.parent != kNone) loop.parent = new_id[loop.parent];
    loops_.push_back(std::move(loop));
  }
  std::vector<std::uint32_t> roots;
  for (std::uint32_t id = 0; id < loops_.size(); ++id) {
    Loop& loop = loops_[id];
    if (loop.parent == kNone) {
      roots.push_back(id);
    } else {
      loops_[loop.parent].children.push_back(id);
      loop.depth = loops_[loop.parent].depth + 1;
    }
    for (const std::uint32_t b : loop.blocks) innermost_[b] = id;
    header_loop_[loop.header] = id;
  }

  // DFS numbers on the nesting forest for O(1) containment.
  pre_.assign(loops_.size(), 0);
  post_.assign(loops_.size(), 0);
  std::uint32_t clock = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> stack;
  for (const std::uint32_t root : roots) {
    pre_[root] = clock++;
    stack.emplace_back(root, 0);
    while (!stack.empty()) {
      auto& [id, next] = stack.back();
      if (next < loops_[id].children.size()) {
        const std::uint32_t c = loops_[id].children[next++];
        pre_[c] = clock++;
        stack.emplace_back(c, 0);
      } else {
        post_[id] = clock++;
        stack.pop_back();
      }
    }
  }
}

LoopInfo find_loops(const ir::Kernel& kernel, const DominatorTree& dom) {
  std::vector<bool> may_exit(kernel.blocks.size(), false);
  for (const auto& b : kernel.blocks) may_exit[b.id] = b.may_exit;
  return LoopInfo(block_graph(kernel), dom, may_exit);
}

}  // namespace lockstep::analysis
