#include "sim/core/back_off.hpp"

#include <algorithm>

namespace lockstep::sim {

std::optional<std::uint64_t> BackOff::issued(std::uint32_t w, Cycle now, bool sib) {
  Warp& x = warps_[w];
  limit_.count(now, sib);
  std::optional<std::uint64_t> loaded;
  if (x.backed_off) {
    x.backed_off = false;
    loaded = limit_.limit(now);
    x.ready_at = now + *loaded;
  }
  if (sib) {
    x.backed_off = true;
    x.queued = next_queued_++;
  }
  return loaded;
}

void BackOff::reorder(std::vector<std::uint32_t>& order) const {
  scratch_.clear();
  std::size_t kept = 0;
  for (const std::uint32_t w : order) {
    if (warps_[w].backed_off) {
      scratch_.push_back(w);
    } else {
      order[kept++] = w;
    }
  }
  if (scratch_.empty()) return;
  std::sort(scratch_.begin(), scratch_.end(),
            [&](std::uint32_t a, std::uint32_t b) { return warps_[a].queued < warps_[b].queued; });
  std::copy(scratch_.begin(), scratch_.end(), order.begin() + static_cast<std::ptrdiff_t>(kept));
}

}  // namespace lockstep::sim
