#include "frontend/analysis/branch_joins.hpp"

namespace lockstep::analysis {

BranchJoins::BranchJoins(const Digraph& g) : g_(&g), seen_(g.size(), 0), local_(g.size(), 0) {}

std::uint32_t BranchJoins::local(std::uint32_t block) {
  if (seen_[block] != token_) {
    seen_[block] = token_;
    local_[block] = static_cast<std::uint32_t>(block_.size());
    block_.push_back(block);
  }
  return local_[block];
}

std::uint32_t BranchJoins::intersect(std::uint32_t a, std::uint32_t b) const noexcept {
  while (a != b) {
    while (a > b) a = idom_[a];
    while (b > a) b = idom_[b];
  }
  return a;
}

void BranchJoins::run(std::uint32_t branch, std::uint32_t stop) {
  ++token_;
  region_.clear();
  joins_.clear();
  edges_.clear();
  order_.clear();
  const auto succs = g_->succs(branch);
  const auto edge_nodes = static_cast<std::uint32_t>(succs.size());
  // Root and edge nodes first; an edge node's block_ is its target.
  block_.assign(1, kNone);
  block_.insert(block_.end(), succs.begin(), succs.end());

  // Depth-first search from the root (local ids in discovery order).
  rpo_.assign(block_.size(), 0);  // 0 = not visited yet (the root is visited first)
  stack_node_.assign(1, 0);
  stack_next_.assign(1, 0);
  rpo_[0] = 1;
  while (!stack_node_.empty()) {
    const std::uint32_t n = stack_node_.back();
    const std::uint32_t i = stack_next_.back()++;
    std::uint32_t to = kNone;
    if (n == 0) {
      if (i < edge_nodes) to = 1 + i;
    } else if (n <= edge_nodes) {
      if (i == 0) to = local(block_[n]);
    } else if (const std::uint32_t b = block_[n]; b != branch && b != stop) {
      const auto s = g_->succs(b);
      if (i < s.size()) to = local(s[i]);
    }
    if (to == kNone) {
      order_.push_back(n);
      stack_node_.pop_back();
      stack_next_.pop_back();
      continue;
    }
    edges_.emplace_back(n, to);
    if (to >= rpo_.size()) rpo_.resize(block_.size(), 0);
    if (rpo_[to] == 0) {
      rpo_[to] = 1;
      stack_node_.push_back(to);
      stack_next_.push_back(0);
    }
  }
  const auto count = static_cast<std::uint32_t>(order_.size());
  for (std::uint32_t i = 0; i < count; ++i) rpo_[order_[i]] = count - 1 - i;

  // Predecessors by RPO number (CSR).
  pred_off_.assign(std::size_t{count} + 1, 0);
  for (auto& [from, to] : edges_) {
    from = rpo_[from];
    to = rpo_[to];
    ++pred_off_[to + 1];
  }
  for (std::uint32_t i = 0; i < count; ++i) pred_off_[i + 1] += pred_off_[i];
  pred_.resize(edges_.size());
  idom_.assign(count, kNone);  // reused as the fill cursor first
  for (std::uint32_t i = 0; i < count; ++i) idom_[i] = pred_off_[i];
  for (const auto& [from, to] : edges_) pred_[idom_[to]++] = from;

  // Dominators (Cooper, Harvey, Kennedy) on RPO numbers; the root is 0.
  idom_.assign(count, kNone);
  idom_[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t x = 1; x < count; ++x) {
      std::uint32_t d = kNone;
      for (std::uint32_t j = pred_off_[x]; j < pred_off_[x + 1]; ++j) {
        const std::uint32_t p = pred_[j];
        if (idom_[p] == kNone) continue;
        d = d == kNone ? p : intersect(p, d);
      }
      if (d != idom_[x]) {
        idom_[x] = d;
        changed = true;
      }
    }
  }

  // Iterated dominance frontier of the edge nodes.
  def_.assign(count, 0);
  for (std::uint32_t n = 1; n <= edge_nodes; ++n) def_[rpo_[n]] = 1;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t x = 1; x < count; ++x) {
      if (def_[x] != 0 || pred_off_[x + 1] - pred_off_[x] < 2) continue;
      for (std::uint32_t j = pred_off_[x]; j < pred_off_[x + 1] && def_[x] == 0; ++j)
        for (std::uint32_t r = pred_[j]; r != idom_[x]; r = idom_[r])
          if (def_[r] != 0) {
            def_[x] = 1;
            changed = true;
            break;
          }
    }
  }

  // Results in reverse postorder (order_ is the postorder of local ids).
  for (std::uint32_t i = count; i-- > 0;) {
    const std::uint32_t n = order_[i];
    if (n <= edge_nodes) continue;
    region_.push_back(block_[n]);
    if (def_[rpo_[n]] != 0) joins_.push_back(block_[n]);
  }
}

}  // namespace lockstep::analysis
