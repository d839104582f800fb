// The region and the joins of a branch: where the paths leaving a branch by
// different successors meet again before its reconvergence point.
//
// For a branch in block B with stop block R (its immediate post-dominator,
// or kNone), the region is the set of blocks reachable from B's successors
// by paths that stop at R and at B: R and B are reached but not passed (B
// again is a new instance of the branch). A join is a block z of the region
// such that two paths from distinct successors of B reach z, disjoint except
// at z, neither passing R or B before z (a path may be the successor itself).
// These are the blocks where a value set differently on each outgoing edge
// of B needs a phi: in SSA terms, the iterated dominance frontier of B's
// outgoing edges in the region graph rooted at B (Cytron et al.: the join
// set of the definitions equals their iterated dominance frontier).
//
// Method: a depth-first search from a virtual root with one node per
// outgoing edge of B numbers the region in reverse postorder; dominators of
// that graph (Cooper–Harvey–Kennedy iteration on RPO numbers), then the
// iterated dominance frontier of the edge nodes, to a fixpoint (a block
// joins when one of its predecessors' dominator chains, up to the block's
// immediate dominator, holds an edge node or a join). Every answer is exact
// for loops and irreducible regions inside the region: a block reached
// first by one successor's paths is never passed on as a join by mistake.
//
// Cost: proportional to the region (times the loop nesting depth for the
// fixpoints); the workspace is sized once per graph and reused.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontend/analysis/digraph.hpp"

namespace lockstep::analysis {

class BranchJoins {
 public:
  /// `g` must outlive this object.
  explicit BranchJoins(const Digraph& g);

  /// Computes region and joins of the branch in block `branch` that stops
  /// at `stop` (kNone: nowhere).
  void run(std::uint32_t branch, std::uint32_t stop);

  /// Blocks of the region (including B and R when reached), in reverse
  /// postorder from B.
  [[nodiscard]] std::span<const std::uint32_t> region() const noexcept { return region_; }
  /// The joins, in reverse postorder from B.
  [[nodiscard]] std::span<const std::uint32_t> joins() const noexcept { return joins_; }

 private:
  [[nodiscard]] std::uint32_t local(std::uint32_t block);
  [[nodiscard]] std::uint32_t intersect(std::uint32_t a, std::uint32_t b) const noexcept;

  const Digraph* g_;
  std::uint32_t token_ = 0;
  std::vector<std::uint32_t> seen_, local_;  ///< per block: run token, local node id
  // Per local node (0 = root, 1..k = edge nodes, then blocks by discovery).
  std::vector<std::uint32_t> block_;          ///< block of a block node (edge node: its target)
  std::vector<std::uint32_t> rpo_;            ///< local id -> reverse postorder number
  std::vector<std::uint32_t> order_;          ///< postorder of local ids
  std::vector<std::uint32_t> stack_node_, stack_next_;
  std::vector<Edge> edges_;                   ///< (from, to) local ids, then RPO numbers
  // Per RPO number.
  std::vector<std::uint32_t> pred_off_, pred_, idom_;
  std::vector<std::uint8_t> def_;             ///< edge node or join
  std::vector<std::uint32_t> region_, joins_;
};

}  // namespace lockstep::analysis
