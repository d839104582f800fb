#include "frontend/analysis/digraph.hpp"

#include <algorithm>

namespace lockstep::analysis {

Digraph::Digraph(std::uint32_t nodes, std::span<const Edge> edges) : nodes_(nodes) {
  // Group edges by source, keeping their order (counting sort).
  std::vector<std::uint32_t> count(std::size_t{nodes} + 1, 0);
  for (const auto& [from, to] : edges) ++count[from + 1];
  for (std::uint32_t n = 0; n < nodes; ++n) count[n + 1] += count[n];
  std::vector<std::uint32_t> grouped(edges.size());
  {
    std::vector<std::uint32_t> next(count.begin(), count.end() - 1);
    for (const auto& [from, to] : edges) grouped[next[from]++] = to;
  }
  // Drop duplicates within each source's list, keeping the first occurrence.
  std::vector<std::uint32_t> seen(nodes, kNone);
  succ_off_.assign(std::size_t{nodes} + 1, 0);
  succ_.reserve(edges.size());
  std::vector<std::uint32_t> in_degree(nodes, 0);
  for (std::uint32_t n = 0; n < nodes; ++n) {
    for (std::uint32_t i = count[n]; i < count[n + 1]; ++i) {
      const std::uint32_t to = grouped[i];
      if (seen[to] == n) continue;
      seen[to] = n;
      succ_.push_back(to);
      ++in_degree[to];
    }
    succ_off_[n + 1] = static_cast<std::uint32_t>(succ_.size());
  }
  // Predecessors: visiting sources in ascending order keeps each list sorted.
  pred_off_.assign(std::size_t{nodes} + 1, 0);
  for (std::uint32_t n = 0; n < nodes; ++n) pred_off_[n + 1] = pred_off_[n] + in_degree[n];
  pred_.resize(succ_.size());
  std::vector<std::uint32_t> next(pred_off_.begin(), pred_off_.end() - 1);
  for (std::uint32_t n = 0; n < nodes; ++n)
    for (const std::uint32_t to : succs(n)) pred_[next[to]++] = n;
}

Digraph block_graph(const ir::Kernel& kernel) {
  std::vector<Edge> edges;
  for (const auto& b : kernel.blocks)
    for (const std::uint32_t s : b.succs) edges.emplace_back(b.id, s);
  return Digraph(static_cast<std::uint32_t>(kernel.blocks.size()), edges);
}

std::vector<std::uint32_t> reverse_postorder(const Digraph& g, std::uint32_t root) {
  std::vector<std::uint32_t> post;
  if (root >= g.size()) return post;
  post.reserve(g.size());
  std::vector<bool> visited(g.size(), false);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> stack;  // (node, next successor index)
  visited[root] = true;
  stack.emplace_back(root, 0);
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    const auto succs = g.succs(node);
    if (next < succs.size()) {
      const std::uint32_t s = succs[next++];
      if (!visited[s]) {
        visited[s] = true;
        stack.emplace_back(s, 0);
      }
    } else {
      post.push_back(node);
      stack.pop_back();
    }
  }
  std::reverse(post.begin(), post.end());
  return post;
}

SccFinder::SccFinder(const Digraph& g)
    : g_(&g), member_(g.size(), 0), index_(g.size(), kNone), low_(g.size(), 0),
      on_stack_(g.size(), false) {}

std::vector<std::vector<std::uint32_t>> SccFinder::run(std::span<const std::uint32_t> nodes) {
  Components found;
  run(nodes, found);
  std::vector<std::vector<std::uint32_t>> out(found.size());
  for (std::uint32_t c = 0; c < found.size(); ++c) out[c].assign(found[c].begin(), found[c].end());
  return out;
}

void SccFinder::run(std::span<const std::uint32_t> nodes, Components& out) {
  ++run_;
  for (const std::uint32_t n : nodes) {
    member_[n] = run_;
    index_[n] = kNone;
  }
  out.off_.assign(1, 0);
  out.nodes_.clear();
  out.nodes_.reserve(nodes.size());
  auto& tarjan = tarjan_;
  auto& calls = calls_;
  tarjan.clear();
  calls.clear();
  std::uint32_t counter = 0;
  auto open = [&](std::uint32_t n) {
    index_[n] = low_[n] = counter++;
    tarjan.push_back(n);
    on_stack_[n] = true;
    calls.emplace_back(n, 0);
  };
  for (const std::uint32_t root : nodes) {
    if (index_[root] != kNone) continue;
    open(root);
    while (!calls.empty()) {
      const std::uint32_t v = calls.back().first;
      const auto succs = g_->succs(v);
      if (calls.back().second < succs.size()) {
        const std::uint32_t w = succs[calls.back().second++];
        if (member_[w] != run_) continue;
        if (index_[w] == kNone) {
          open(w);
        } else if (on_stack_[w]) {
          low_[v] = std::min(low_[v], index_[w]);
        }
        continue;
      }
      calls.pop_back();
      if (!calls.empty()) {
        const std::uint32_t parent = calls.back().first;
        low_[parent] = std::min(low_[parent], low_[v]);
      }
      if (low_[v] != index_[v]) continue;
      const auto begin = static_cast<std::ptrdiff_t>(out.nodes_.size());
      std::uint32_t w = kNone;
      do {
        w = tarjan.back();
        tarjan.pop_back();
        on_stack_[w] = false;
        out.nodes_.push_back(w);
      } while (w != v);
      std::sort(out.nodes_.begin() + begin, out.nodes_.end());
      out.off_.push_back(static_cast<std::uint32_t>(out.nodes_.size()));
    }
  }
}

}  // namespace lockstep::analysis
