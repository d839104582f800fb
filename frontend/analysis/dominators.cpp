#include "frontend/analysis/dominators.hpp"

#include <algorithm>
#include <span>

namespace lockstep::analysis {

DominatorTree::DominatorTree(const Digraph& g, std::uint32_t root)
    : root_(root), idom_(g.size(), kNone), depth_(g.size(), kNone), rpo_index_(g.size(), kNone),
      pre_(g.size(), 0), post_(g.size(), 0) {
  // Lengauer-Tarjan ("simple" version: path compression without balancing,
  // O(m log n)), iteratively. Vertices are numbered 1..count in depth-first
  // preorder; 0 stands for "none".
  std::vector<std::uint32_t> num(g.size(), 0);  // node -> preorder number
  std::vector<std::uint32_t> vertex{kNone};     // preorder number -> node
  std::vector<std::uint32_t> parent{0};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> stack;  // (node, next successor index)
  vertex.reserve(std::size_t{g.size()} + 1);
  parent.reserve(std::size_t{g.size()} + 1);
  rpo_.reserve(g.size());
  if (root < g.size()) {
    num[root] = 1;
    vertex.push_back(root);
    parent.push_back(0);
    stack.emplace_back(root, 0);
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      const auto succs = g.succs(node);
      if (next < succs.size()) {
        const std::uint32_t s = succs[next++];
        if (num[s] == 0) {
          const std::uint32_t from = num[node];
          num[s] = static_cast<std::uint32_t>(vertex.size());
          vertex.push_back(s);
          parent.push_back(from);
          stack.emplace_back(s, 0);
        }
      } else {
        rpo_.push_back(node);  // postorder for now
        stack.pop_back();
      }
    }
  }
  std::reverse(rpo_.begin(), rpo_.end());
  const auto count = static_cast<std::uint32_t>(rpo_.size());
  for (std::uint32_t i = 0; i < count; ++i) rpo_index_[rpo_[i]] = i;

  // The six per-vertex arrays of the algorithm share one allocation.
  std::vector<std::uint32_t> scratch(6 * (std::size_t{count} + 1), 0);
  const auto array = [&](std::size_t i) { return std::span<std::uint32_t>(scratch).subspan(i * (count + 1), count + 1); };
  const auto semi = array(0), label = array(1), ancestor = array(2), dom = array(3);
  const auto bucket_head = array(4), bucket_next = array(5);
  for (std::uint32_t i = 0; i <= count; ++i) semi[i] = label[i] = i;
  std::vector<std::uint32_t> path;
  auto eval = [&](std::uint32_t v) {
    if (ancestor[v] == 0) return v;
    // Compress the ancestor path of v, farthest first.
    path.clear();
    for (std::uint32_t x = v; ancestor[ancestor[x]] != 0; x = ancestor[x]) path.push_back(x);
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      const std::uint32_t x = *it;
      const std::uint32_t a = ancestor[x];
      if (semi[label[a]] < semi[label[x]]) label[x] = label[a];
      ancestor[x] = ancestor[a];
    }
    return label[v];
  };
  for (std::uint32_t w = count; w >= 2; --w) {
    for (const std::uint32_t p : g.preds(vertex[w])) {
      if (num[p] == 0) continue;  // unreachable predecessor
      const std::uint32_t u = eval(num[p]);
      if (semi[u] < semi[w]) semi[w] = semi[u];
    }
    bucket_next[w] = bucket_head[semi[w]];
    bucket_head[semi[w]] = w;
    const std::uint32_t pw = parent[w];
    ancestor[w] = pw;
    for (std::uint32_t v = bucket_head[pw]; v != 0; v = bucket_next[v]) {
      const std::uint32_t u = eval(v);
      dom[v] = semi[u] < semi[v] ? u : pw;
    }
    bucket_head[pw] = 0;
  }
  for (std::uint32_t w = 2; w <= count; ++w) {
    if (dom[w] != semi[w]) dom[w] = dom[dom[w]];
    idom_[vertex[w]] = vertex[dom[w]];
  }

  // Children lists (ascending), depths and DFS numbers on the tree.
  child_off_.assign(std::size_t{g.size()} + 1, 0);
  for (std::uint32_t n = 0; n < g.size(); ++n)
    if (idom_[n] != kNone) ++child_off_[idom_[n] + 1];
  for (std::uint32_t n = 0; n < g.size(); ++n) child_off_[n + 1] += child_off_[n];
  child_.resize(child_off_.back());
  {
    std::vector<std::uint32_t>& next = num;  // reused: the fill cursor per node
    std::copy(child_off_.begin(), child_off_.end() - 1, next.begin());
    for (std::uint32_t n = 0; n < g.size(); ++n)
      if (idom_[n] != kNone) child_[next[idom_[n]]++] = n;
  }
  for (const std::uint32_t n : rpo_) depth_[n] = idom_[n] == kNone ? 0 : depth_[idom_[n]] + 1;
  if (count == 0) return;
  std::uint32_t clock = 0;
  stack.assign(1, {root, 0});
  pre_[root] = clock++;
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    const auto kids = children(node);
    if (next < kids.size()) {
      const std::uint32_t c = kids[next++];
      pre_[c] = clock++;
      stack.emplace_back(c, 0);
    } else {
      post_[node] = clock++;
      stack.pop_back();
    }
  }
}

std::uint32_t DominatorTree::nearest_common_dominator(std::uint32_t a, std::uint32_t b) const noexcept {
  if (!reachable(a) || !reachable(b)) return kNone;
  while (depth_[a] > depth_[b]) a = idom_[a];
  while (depth_[b] > depth_[a]) b = idom_[b];
  while (a != b) {
    a = idom_[a];
    b = idom_[b];
  }
  return a;
}

DominatorTree dominator_tree(const ir::Kernel& kernel) {
  return DominatorTree(block_graph(kernel), 0);
}

namespace {

/// Blocks that cannot reach any block with may_exit, ascending.
std::vector<std::uint32_t> blocks_without_exit(const ir::Kernel& kernel, const Digraph& g) {
  std::vector<bool> reaches(g.size(), false);
  std::vector<std::uint32_t> work;
  for (const auto& b : kernel.blocks)
    if (b.may_exit) {
      reaches[b.id] = true;
      work.push_back(b.id);
    }
  while (!work.empty()) {
    const std::uint32_t n = work.back();
    work.pop_back();
    for (const std::uint32_t p : g.preds(n))
      if (!reaches[p]) {
        reaches[p] = true;
        work.push_back(p);
      }
  }
  std::vector<std::uint32_t> out;
  for (std::uint32_t n = 0; n < g.size(); ++n)
    if (!reaches[n]) out.push_back(n);
  return out;
}

/// The header of every bottom component of the blocks that cannot exit.
std::vector<std::uint32_t> exit_anchors(const Digraph& g, const std::vector<std::uint32_t>& stuck) {
  std::vector<std::uint32_t> anchors;
  if (stuck.empty()) return anchors;
  std::vector<std::uint32_t> order(g.size(), kNone);  // reverse-postorder key from the entry
  {
    const auto rpo = reverse_postorder(g, 0);
    for (std::uint32_t i = 0; i < rpo.size(); ++i) order[rpo[i]] = i;
  }
  auto key = [&](std::uint32_t n) {
    return order[n] != kNone ? std::uint64_t{order[n]} : std::uint64_t{g.size()} + n;
  };
  SccFinder scc(g);
  Components components;
  scc.run(stuck, components);
  std::vector<std::uint32_t> comp(g.size(), kNone);
  for (std::uint32_t c = 0; c < components.size(); ++c)
    for (const std::uint32_t n : components[c]) comp[n] = c;
  for (std::uint32_t c = 0; c < components.size(); ++c) {
    bool bottom = true;
    for (const std::uint32_t n : components[c])
      for (const std::uint32_t s : g.succs(n)) bottom = bottom && comp[s] == c;
    if (!bottom) continue;
    anchors.push_back(*std::min_element(components[c].begin(), components[c].end(),
                                        [&](std::uint32_t a, std::uint32_t b) { return key(a) < key(b); }));
  }
  std::sort(anchors.begin(), anchors.end());
  return anchors;
}

}  // namespace

PostDominatorTree post_dominator_tree(const ir::Kernel& kernel) {
  return post_dominator_tree(kernel, block_graph(kernel));
}

PostDominatorTree post_dominator_tree(const ir::Kernel& kernel, const Digraph& g) {
  const std::uint32_t exit = g.size();
  const auto anchors = exit_anchors(g, blocks_without_exit(kernel, g));
  std::vector<Edge> reversed;
  reversed.reserve(g.edge_count() + kernel.blocks.size());
  for (const auto& b : kernel.blocks)
    if (b.may_exit) reversed.emplace_back(exit, b.id);
  for (const std::uint32_t a : anchors) reversed.emplace_back(exit, a);
  for (std::uint32_t n = 0; n < g.size(); ++n)
    for (const std::uint32_t s : g.succs(n)) reversed.emplace_back(s, n);
  return PostDominatorTree(DominatorTree(Digraph(exit + 1, reversed), exit), anchors);
}

}  // namespace lockstep::analysis
