// Loops of a kernel's block graph, reducible or not, with their nesting.
//
// A loop is a strongly connected region of blocks reachable from the entry
// that contains a cycle (two or more blocks, or one block branching to
// itself). Its entries are the blocks of the region with a predecessor
// outside it (the kernel entry, block 0, counts as entered from outside).
//
// - A region with one entry is a natural loop: the entry is its header, it
//   dominates every block of the loop, and the loop is exactly the union of
//   the natural loops of the back edges into that header (edges whose target
//   dominates their source), i.e. natural loops merged per header.
// - A region with several entries is irreducible (reducible = false); its
//   header is the entry that comes first in reverse postorder, and all the
//   entries are listed.
//
// Nesting follows the recursive decomposition of LLVM's cycle analysis
// (itself a variant of Havlak's): the loops of a region are the strongly
// connected components of the region with its header removed. This also
// finds natural loops nested inside irreducible regions, and irreducible
// regions nested inside natural loops. A header belongs to exactly one loop
// as its header, so the headers of nested loops differ from their parent's.
//
// Blocks unreachable from the entry are in no loop.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontend/analysis/digraph.hpp"
#include "frontend/analysis/dominators.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

struct Loop {
  std::uint32_t header = 0;
  std::vector<std::uint32_t> blocks;   ///< every block of the loop, nested loops' included, ascending
  std::vector<std::uint32_t> entries;  ///< blocks entered from outside, ascending ({header} when reducible)
  std::vector<std::uint32_t> latches;  ///< loop blocks with an edge to the header, ascending
  std::vector<std::uint32_t> exiting;  ///< loop blocks with a successor outside the loop, ascending
  std::vector<std::uint32_t> exits;    ///< blocks outside the loop that succeed a loop block, ascending
  /// Loop blocks that may leave the kernel (ir::Block::may_exit), ascending;
  /// such a block is in `exiting` only if it also has a successor outside.
  std::vector<std::uint32_t> kernel_exiting;
  bool reducible = true;
  std::uint32_t parent = kNone;           ///< enclosing loop (index in LoopInfo::loops()), or kNone
  std::uint32_t depth = 1;                ///< 1 for an outermost loop
  std::vector<std::uint32_t> children;    ///< directly nested loops, in LoopInfo order
  friend bool operator==(const Loop&, const Loop&) = default;
};

class LoopInfo {
 public:
  LoopInfo() = default;
  /// Loops of `g` (the block graph, entry 0); `dom` its dominator tree and
  /// `may_exit[b]` whether block b may leave the kernel.
  LoopInfo(const Digraph& g, const DominatorTree& dom, const std::vector<bool>& may_exit);

  /// All loops, ordered by the reverse-postorder position of their header;
  /// an enclosing loop therefore comes before the loops nested in it.
  [[nodiscard]] std::span<const Loop> loops() const noexcept { return loops_; }
  [[nodiscard]] const Loop& loop(std::uint32_t id) const noexcept { return loops_[id]; }
  [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(loops_.size()); }
  /// The innermost loop containing block b, or kNone.
  [[nodiscard]] std::uint32_t innermost(std::uint32_t b) const noexcept { return innermost_[b]; }
  /// Number of loops containing block b (0 outside every loop).
  [[nodiscard]] std::uint32_t depth(std::uint32_t b) const noexcept {
    return innermost_[b] == kNone ? 0 : loops_[innermost_[b]].depth;
  }
  /// True when block b is in loop `id` (directly or in a nested loop). O(1).
  [[nodiscard]] bool contains(std::uint32_t id, std::uint32_t b) const noexcept {
    const std::uint32_t in = innermost_[b];
    return in != kNone && pre_[id] <= pre_[in] && post_[in] <= post_[id];
  }
  /// The loop whose header is block b, or kNone.
  [[nodiscard]] std::uint32_t loop_with_header(std::uint32_t b) const noexcept { return header_loop_[b]; }

 private:
  std::vector<Loop> loops_;
  std::vector<std::uint32_t> innermost_, header_loop_;
  std::vector<std::uint32_t> pre_, post_;  ///< DFS numbers on the nesting forest
};

/// Loops of a kernel (kernel.blocks must be built).
[[nodiscard]] LoopInfo find_loops(const ir::Kernel& kernel, const DominatorTree& dom);

}  // namespace lockstep::analysis
