// Dominator and post-dominator trees of a kernel's block graph.
//
// Dominators. Block a dominates block b when every path from the entry
// (block 0) to b passes through a; every block dominates itself. The tree is
// computed with the Lengauer-Tarjan algorithm (path compression, O(m log n);
// the simpler Cooper-Harvey-Kennedy iteration is quadratic on long chains
// of blocks that all branch to one join, as unrolled bounds checks make
// them). Blocks that are
// unreachable from the entry are not in the tree: idom() is kNone, and
// dominates() is false whenever either argument is unreachable.
//
// Post-dominators. Block a post-dominates block b when every path from b to
// the end of the kernel passes through a. A kernel may leave at several
// places (several ret/exit/trap, guarded or not), so the tree is rooted at a
// virtual exit node whose id is the number of blocks, joined from every block
// whose last instruction may leave (ir::Block::may_exit).
//
// Blocks that can never reach an exit (infinite loops, dead ends) would
// otherwise be outside the tree. For them, the strongly connected components
// of the blocks that cannot reach the exit are formed, and every bottom
// component (one with no edge to another such component) is joined to the
// virtual exit from its header: the member that comes first in reverse
// postorder from the entry (for blocks unreachable from the entry, the
// smallest id). Every other such block reaches a bottom component, so after
// this every block lies in the tree. Inside an infinite loop, blocks then
// post-dominate as if the loop were left at its header: a diamond in the
// loop body still has its join as immediate post-dominator, and the header
// post-dominates the whole loop. The blocks joined this way are reported by
// PostDominatorTree::anchors().
//
// Queries are O(1) (dominates() uses DFS entry/exit numbers on the tree),
// except nearest_common_dominator(), which climbs the tree.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "frontend/analysis/digraph.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

/// The dominator tree of a rooted directed graph.
class DominatorTree {
 public:
  DominatorTree() = default;
  /// Dominators of `g` with respect to `root`.
  DominatorTree(const Digraph& g, std::uint32_t root);

  /// Number of nodes of the graph (reachable or not).
  [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(idom_.size()); }
  [[nodiscard]] std::uint32_t root() const noexcept { return root_; }
  /// True when n is reachable from the root (n is in the tree); false for
  /// ids outside the graph, such as the post-dominator tree's virtual exit
  /// asked of a dominator tree.
  [[nodiscard]] bool reachable(std::uint32_t n) const noexcept {
    return n < rpo_index_.size() && rpo_index_[n] != kNone;
  }
  /// Immediate dominator; kNone for the root and for unreachable nodes.
  [[nodiscard]] std::uint32_t idom(std::uint32_t n) const noexcept { return idom_[n]; }
  /// Children in the tree, ascending.
  [[nodiscard]] std::span<const std::uint32_t> children(std::uint32_t n) const noexcept {
    return {child_.data() + child_off_[n], child_.data() + child_off_[n + 1]};
  }
  /// Depth in the tree (root 0); kNone for unreachable nodes.
  [[nodiscard]] std::uint32_t depth(std::uint32_t n) const noexcept { return depth_[n]; }
  /// a dominates b (reflexive). False when a or b is unreachable.
  [[nodiscard]] bool dominates(std::uint32_t a, std::uint32_t b) const noexcept {
    return reachable(a) && reachable(b) && pre_[a] <= pre_[b] && post_[b] <= post_[a];
  }
  [[nodiscard]] bool strictly_dominates(std::uint32_t a, std::uint32_t b) const noexcept {
    return a != b && dominates(a, b);
  }
  /// The deepest node dominating both; kNone when either is unreachable.
  [[nodiscard]] std::uint32_t nearest_common_dominator(std::uint32_t a, std::uint32_t b) const noexcept;
  /// Reachable nodes in reverse postorder (the root first).
  [[nodiscard]] std::span<const std::uint32_t> rpo() const noexcept { return rpo_; }
  /// Position of n in rpo(); kNone for unreachable nodes.
  [[nodiscard]] std::uint32_t rpo_index(std::uint32_t n) const noexcept { return rpo_index_[n]; }

 private:
  std::uint32_t root_ = 0;
  std::vector<std::uint32_t> idom_, depth_, rpo_, rpo_index_, pre_, post_;
  std::vector<std::uint32_t> child_off_{0}, child_;
};

/// The post-dominator tree of a kernel, rooted at a virtual exit node.
class PostDominatorTree {
 public:
  PostDominatorTree() = default;
  /// `tree` is the dominator tree of the reversed block graph rooted at the
  /// virtual exit; `anchors` the blocks joined to it for want of a path.
  PostDominatorTree(DominatorTree tree, std::vector<std::uint32_t> anchors)
      : tree_(std::move(tree)), anchors_(std::move(anchors)) {}

  /// Id of the virtual exit (== number of blocks).
  [[nodiscard]] std::uint32_t exit() const noexcept { return tree_.root(); }
  /// Immediate post-dominator of block b: a block id or exit(); kNone for
  /// exit() itself.
  [[nodiscard]] std::uint32_t ipdom(std::uint32_t b) const noexcept { return tree_.idom(b); }
  /// a post-dominates b (reflexive; exit() post-dominates every block).
  [[nodiscard]] bool post_dominates(std::uint32_t a, std::uint32_t b) const noexcept {
    return tree_.dominates(a, b);
  }
  [[nodiscard]] bool strictly_post_dominates(std::uint32_t a, std::uint32_t b) const noexcept {
    return tree_.strictly_dominates(a, b);
  }
  /// The nearest node post-dominating both (a block id or exit()).
  [[nodiscard]] std::uint32_t nearest_common_post_dominator(std::uint32_t a, std::uint32_t b) const noexcept {
    return tree_.nearest_common_dominator(a, b);
  }
  /// Children in the tree, ascending (children(exit()) are the blocks whose
  /// immediate post-dominator is the virtual exit).
  [[nodiscard]] std::span<const std::uint32_t> children(std::uint32_t n) const noexcept {
    return tree_.children(n);
  }
  /// Blocks joined to the virtual exit because they could not reach it
  /// (headers of infinite loops, dead ends), ascending.
  [[nodiscard]] std::span<const std::uint32_t> anchors() const noexcept { return anchors_; }
  /// The underlying tree over the reverse graph (nodes: blocks + exit()).
  [[nodiscard]] const DominatorTree& tree() const noexcept { return tree_; }

 private:
  DominatorTree tree_;
  std::vector<std::uint32_t> anchors_;
};

/// Dominator tree of the kernel's blocks (kernel.blocks must be built).
[[nodiscard]] DominatorTree dominator_tree(const ir::Kernel& kernel);
/// Post-dominator tree of the kernel's blocks, with the virtual exit.
[[nodiscard]] PostDominatorTree post_dominator_tree(const ir::Kernel& kernel);
/// The same, reusing the kernel's block graph (analysis/digraph.hpp).
[[nodiscard]] PostDominatorTree post_dominator_tree(const ir::Kernel& kernel, const Digraph& g);

}  // namespace lockstep::analysis
