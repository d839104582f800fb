// A directed graph over dense node ids, the common ground of the CFG analyses.
//
// Nodes are 0 .. size()-1. Successor and predecessor lists are stored
// compactly (one array of offsets, one of targets). Duplicate edges are kept
// once; a node's successors keep the order in which their edges were first
// given, and its predecessors are listed by ascending source. The block graph
// of a kernel (block_graph) lists successors exactly as ir::Block::succs does.
//
// The traversal helpers are iterative, so kernels with tens of thousands of
// blocks in a chain never exhaust the call stack.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

/// "No node / no block / no loop" in every analysis result.
inline constexpr std::uint32_t kNone = 0xffffffffU;

using Edge = std::pair<std::uint32_t, std::uint32_t>;  ///< (from, to)

class Digraph {
 public:
  Digraph() = default;
  /// A graph of `nodes` nodes with the given edges (endpoints < nodes).
  Digraph(std::uint32_t nodes, std::span<const Edge> edges);

  [[nodiscard]] std::uint32_t size() const noexcept { return nodes_; }
  [[nodiscard]] std::size_t edge_count() const noexcept { return succ_.size(); }
  [[nodiscard]] std::span<const std::uint32_t> succs(std::uint32_t n) const noexcept {
    return {succ_.data() + succ_off_[n], succ_.data() + succ_off_[n + 1]};
  }
  [[nodiscard]] std::span<const std::uint32_t> preds(std::uint32_t n) const noexcept {
    return {pred_.data() + pred_off_[n], pred_.data() + pred_off_[n + 1]};
  }

 private:
  std::uint32_t nodes_ = 0;
  std::vector<std::uint32_t> succ_off_{0}, succ_, pred_off_{0}, pred_;
};

/// The block graph of a kernel (kernel.blocks must be built): node = block id.
[[nodiscard]] Digraph block_graph(const ir::Kernel& kernel);

/// Nodes reachable from `root` in reverse postorder of a depth-first search
/// that visits successors in list order.
[[nodiscard]] std::vector<std::uint32_t> reverse_postorder(const Digraph& g, std::uint32_t root);

/// Components found by SccFinder, stored compactly (one array of offsets,
/// one of nodes).
class Components {
 public:
  [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(off_.size() - 1); }
  [[nodiscard]] std::span<const std::uint32_t> operator[](std::uint32_t c) const noexcept {
    return {nodes_.data() + off_[c], nodes_.data() + off_[c + 1]};
  }

 private:
  friend class SccFinder;
  std::vector<std::uint32_t> off_{0}, nodes_;
};

/// Strongly connected components of induced subgraphs of one graph, found
/// with Tarjan's algorithm. The workspace is sized once for the whole graph
/// and reused, so a call costs time proportional to the subgraph only (the
/// loop analysis decomposes nested regions this way).
class SccFinder {
 public:
  explicit SccFinder(const Digraph& g);
  /// Components of the subgraph induced by `nodes` (edges leaving it are
  /// ignored), in reverse topological order: a component comes after every
  /// component it has an edge to. Each component lists its nodes ascending.
  [[nodiscard]] std::vector<std::vector<std::uint32_t>> run(std::span<const std::uint32_t> nodes);
  /// The same into `out` (cleared first), without a vector per component.
  void run(std::span<const std::uint32_t> nodes, Components& out);

 private:
  const Digraph* g_;
  std::vector<std::uint32_t> member_;  ///< run number the node belongs to
  std::vector<std::uint32_t> index_, low_;
  std::vector<bool> on_stack_;
  std::vector<std::uint32_t> tarjan_;                           ///< Tarjan's node stack
  std::vector<std::pair<std::uint32_t, std::uint32_t>> calls_;  ///< (node, next successor index)
  std::uint32_t run_ = 0;
};

}  // namespace lockstep::analysis
