#include "sim/core/schedulers/block_priority.hpp"

#include <algorithm>

namespace lockstep::sim {

void BlockPriorityScheduler::resident_blocks(std::vector<std::uint64_t>& out) const {
  out.clear();
  for (const std::uint32_t w : supervised_) {
    if (facts(w).active) out.push_back(facts(w).block_age);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void BlockPriorityScheduler::begin_cycle(Cycle now) {
  now_ = now;
  if (kind_ != BlockPriority::Srr) return;
  resident_blocks(blocks_);
  if (blocks_.empty()) {
    has_sticky_ = false;
    return;
  }
  const bool resident = has_sticky_ && std::binary_search(blocks_.begin(), blocks_.end(), sticky_);
  if (!resident) {
    // The block that had priority finished: the next one by age (cyclically).
    const auto next = has_sticky_ ? std::upper_bound(blocks_.begin(), blocks_.end(), sticky_) : blocks_.begin();
    sticky_ = next == blocks_.end() ? blocks_.front() : *next;
    has_sticky_ = true;
  } else if (!sticky_issued_) {
    const auto next = std::upper_bound(blocks_.begin(), blocks_.end(), sticky_);
    sticky_ = next == blocks_.end() ? blocks_.front() : *next;
  }
  sticky_issued_ = false;
}

void BlockPriorityScheduler::order(std::vector<std::uint32_t>& out) {
  out.clear();
  round_robin_from(last_ + 1, out);
  // Rank of each block: its position in the block order this cycle.
  resident_blocks(blocks_);
  const std::size_t n = blocks_.size();
  std::size_t first = 0;  // the block with the highest priority, as an index into blocks_
  if (n != 0 && kind_ == BlockPriority::Rrb) first = static_cast<std::size_t>(now_ % n);
  if (n != 0 && kind_ == BlockPriority::Srr && has_sticky_) {
    first = static_cast<std::size_t>(std::lower_bound(blocks_.begin(), blocks_.end(), sticky_) - blocks_.begin()) % n;
  }
  const auto rank = [&](std::uint32_t w) -> std::size_t {
    if (!facts(w).active || n == 0) return n;  // inactive warps last
    const auto at = static_cast<std::size_t>(std::lower_bound(blocks_.begin(), blocks_.end(), facts(w).block_age) -
                                             blocks_.begin());
    return (at + n - first) % n;
  };
  std::stable_sort(out.begin(), out.end(), [&](std::uint32_t a, std::uint32_t b) { return rank(a) < rank(b); });
}

void BlockPriorityScheduler::issued(std::uint32_t warp) {
  last_ = position(warp);
  if (has_sticky_ && facts(warp).block_age == sticky_) sticky_issued_ = true;
  if (kind_ == BlockPriority::Srr && !has_sticky_) {
    sticky_ = facts(warp).block_age;
    has_sticky_ = true;
    sticky_issued_ = true;
  }
}

}  // namespace lockstep::sim
