// The reconvergence table: for each conditional branch, the PC at which the
// threads of a warp that diverged there are joined again.
//
// This is the input the SIMT-stack divergence models of the semantics take:
// when a warp diverges at the branch at PC `branch_pc`, the entries pushed
// for its outcomes carry `reconv_pc` as their reconvergence PC. Different
// producers build different tables for the same kernel and the caller picks
// one: the immediate post-dominator table and its NVIDIA variant
// (analysis/reconvergence.hpp), later the SafePDom tables of SSDE/AWARE.
//
// A reconvergence PC is the first PC of a basic block, or kExitPc for the
// virtual exit: threads that diverged there only meet again when they have
// all left the kernel.
//
// A plain value: a vector of entries sorted by branch PC, one per branch,
// with logarithmic lookup. Copy, compare and store it freely.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace lockstep::analysis {

/// Reconvergence "PC" of the virtual exit.
inline constexpr std::uint32_t kExitPc = 0xffffffffU;

class ReconvergenceTable {
 public:
  struct Entry {
    std::uint32_t branch_pc = 0;
    std::uint32_t reconv_pc = 0;  ///< first PC of a block, or kExitPc
    friend bool operator==(const Entry&, const Entry&) = default;
  };

  ReconvergenceTable() = default;
  /// From entries in any order; for a branch PC given twice the last wins.
  explicit ReconvergenceTable(std::vector<Entry> entries);

  /// Sets (inserts or replaces) the reconvergence PC of a branch.
  void set(std::uint32_t branch_pc, std::uint32_t reconv_pc);
  /// The reconvergence PC of the branch at branch_pc, if it is in the table.
  [[nodiscard]] std::optional<std::uint32_t> find(std::uint32_t branch_pc) const noexcept;
  [[nodiscard]] bool contains(std::uint32_t branch_pc) const noexcept { return find(branch_pc).has_value(); }

  /// Entries sorted by branch PC.
  [[nodiscard]] std::span<const Entry> entries() const noexcept { return entries_; }
  [[nodiscard]] std::size_t size() const noexcept { return entries_.size(); }
  [[nodiscard]] bool empty() const noexcept { return entries_.empty(); }

  friend bool operator==(const ReconvergenceTable&, const ReconvergenceTable&) = default;

 private:
  std::vector<Entry> entries_;
};

}  // namespace lockstep::analysis
