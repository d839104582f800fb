// Register liveness at block entries, computed per register on demand.
//
// A register (or pseudo register, analysis/def_use.hpp) is live at the entry
// of a block when some path from there reads it before an unguarded write
// to it. Guarded writes and memory-pseudo-register writes do not end a live
// range.
//
// The construction scans the code once and records, per register, the
// blocks that read it before writing it and the blocks that write it
// (killing), from the kernel's DefUseTable (analysis/def_use_table.hpp),
// which a caller that already has one passes in. live_in(r) then walks predecessors backwards from the reading
// blocks, stopping at killing blocks; the answer is cached. The cost of a
// query is the size of the register's live range, so analyses that only
// ask about a few registers never pay for the whole kernel.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontend/analysis/def_use_table.hpp"
#include "frontend/analysis/digraph.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

class RegisterLiveness {
 public:
  /// `g` is the kernel's block graph; it must outlive this object.
  RegisterLiveness(const ir::Kernel& kernel, const Digraph& g);
  /// The same from the kernel's def/use table (`table` is only read here).
  RegisterLiveness(const ir::Kernel& kernel, const Digraph& g, const DefUseTable& table);

  /// Blocks at whose entry register r is live, ascending.
  [[nodiscard]] std::span<const std::uint32_t> live_in(std::uint32_t reg);
  /// True when r is live at the entry of block b.
  [[nodiscard]] bool live_at_entry(std::uint32_t reg, std::uint32_t block);

 private:
  const Digraph* g_;
  // Per register (CSR): blocks reading it before any killing write, and
  // blocks with a killing write.
  std::vector<std::uint32_t> use_off_, use_blocks_, kill_off_, kill_blocks_;
  // Cache of computed answers (CSR-like: offset kNone = not yet computed).
  std::vector<std::uint32_t> cache_begin_, cache_end_, cache_;
  // Scratch for queries.
  std::vector<std::uint32_t> seen_, killed_;
  std::uint32_t query_ = 0;
};

}  // namespace lockstep::analysis
