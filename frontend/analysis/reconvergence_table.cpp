#include "frontend/analysis/reconvergence_table.hpp"

#include <algorithm>
#include <utility>

namespace lockstep::analysis {

namespace {
bool by_branch(const ReconvergenceTable::Entry& a, const ReconvergenceTable::Entry& b) {
  return a.branch_pc < b.branch_pc;
}
}  // namespace

ReconvergenceTable::ReconvergenceTable(std::vector<Entry> entries) : entries_(std::move(entries)) {
  std::stable_sort(entries_.begin(), entries_.end(), by_branch);
  // Keep the last of equal branch PCs.
  std::vector<Entry> unique;
  unique.reserve(entries_.size());
  for (const auto& e : entries_) {
    if (!unique.empty() && unique.back().branch_pc == e.branch_pc) {
      unique.back() = e;
    } else {
      unique.push_back(e);
    }
  }
  entries_ = std::move(unique);
}

void ReconvergenceTable::set(std::uint32_t branch_pc, std::uint32_t reconv_pc) {
  const Entry e{branch_pc, reconv_pc};
  auto it = std::lower_bound(entries_.begin(), entries_.end(), e, by_branch);
  if (it != entries_.end() && it->branch_pc == branch_pc) {
    it->reconv_pc = reconv_pc;
  } else {
    entries_.insert(it, e);
  }
}

std::optional<std::uint32_t> ReconvergenceTable::find(std::uint32_t branch_pc) const noexcept {
  const Entry key{branch_pc, 0};
  auto it = std::lower_bound(entries_.begin(), entries_.end(), key, by_branch);
  if (it == entries_.end() || it->branch_pc != branch_pc) return std::nullopt;
  return it->reconv_pc;
}

}  // namespace lockstep::analysis
