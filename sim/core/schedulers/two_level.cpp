#include "sim/core/schedulers/two_level.hpp"

#include <algorithm>

namespace lockstep::sim {

TwoLevelScheduler::TwoLevelScheduler(std::vector<std::uint32_t> supervised, const std::vector<WarpFacts>& facts,
                                     std::uint32_t max_active, WarpOrder inner, WarpOrder outer)
    : SchedulerUnit(std::move(supervised), facts), max_active_(std::max<std::uint32_t>(1, max_active)),
      inner_(inner), outer_(outer) {
  pending_.assign(supervised_.begin(), supervised_.end());
}

void TwoLevelScheduler::refill() {
  const auto waiting = [&](std::uint32_t w) {
    const WarpFacts& f = facts(w);
    return !f.active || f.blocked || f.long_pending;
  };
  for (std::size_t i = 0; i < active_.size();) {
    if (waiting(active_[i])) {
      pending_.push_back(active_[i]);
      active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
  const bool by_age = outer_ == WarpOrder::Oldest || outer_ == WarpOrder::Gto || outer_ == WarpOrder::Youngest ||
                      outer_ == WarpOrder::Gty;
  const bool youngest = outer_ == WarpOrder::Youngest || outer_ == WarpOrder::Gty;
  // Promote: ready warps in the outer order (pending ones that still wait only when nothing else is left).
  for (int pass = 0; pass < 2 && active_.size() < max_active_ && !pending_.empty(); ++pass) {
    while (active_.size() < max_active_) {
      std::size_t pick = pending_.size();
      for (std::size_t i = 0; i < pending_.size(); ++i) {
        const std::uint32_t w = pending_[i];
        if (!facts(w).active || (pass == 0 && waiting(w))) continue;
        if (pick == pending_.size()) {
          pick = i;
          if (!by_age) break;
          continue;
        }
        const std::uint64_t a = facts(w).age;
        const std::uint64_t b = facts(pending_[pick]).age;
        if (youngest ? a > b : a < b) pick = i;
      }
      if (pick == pending_.size()) break;
      active_.push_back(pending_[pick]);
      pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(pick));
    }
  }
}

void TwoLevelScheduler::order(std::vector<std::uint32_t>& out) {
  out.clear();
  refill();
  const bool greedy = inner_ == WarpOrder::Gto || inner_ == WarpOrder::Gtlrr || inner_ == WarpOrder::Gty;
  if (greedy && have_last_ && std::find(active_.begin(), active_.end(), last_) != active_.end()) out.push_back(last_);
  const std::size_t first = out.size();
  switch (inner_) {
    case WarpOrder::Lrr:
    case WarpOrder::Srr:
    case WarpOrder::Gtlrr: {
      std::size_t start = 0;
      if (have_last_) {
        const auto it = std::find(active_.begin(), active_.end(), last_);
        if (it != active_.end()) start = static_cast<std::size_t>(it - active_.begin()) + 1;
      }
      for (std::size_t i = 0; i < active_.size(); ++i) {
        const std::uint32_t w = active_[(start + i) % active_.size()];
        if (first == 1 && w == out.front()) continue;
        out.push_back(w);
      }
      break;
    }
    default: {
      const bool young = inner_ == WarpOrder::Youngest || inner_ == WarpOrder::Gty;
      for (const std::uint32_t w : active_) {
        if (first == 1 && w == out.front()) continue;
        out.push_back(w);
      }
      std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                       [&](std::uint32_t a, std::uint32_t b) {
                         return young ? facts(a).age > facts(b).age : facts(a).age < facts(b).age;
                       });
      break;
    }
  }
}

}  // namespace lockstep::sim
