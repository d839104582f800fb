#include "sim/core/criticality.hpp"

#include <algorithm>

namespace lockstep::sim {

void CriticalityPredictor::launch(std::uint32_t w, std::uint32_t static_instructions, Cycle now) noexcept {
  warps_[w] = Warp{};
  warps_[w].n_inst = static_instructions;
  warps_[w].launched = now;
  warps_[w].last_issue = now;
}

void CriticalityPredictor::issued(std::uint32_t w, std::uint32_t pc, std::optional<std::uint32_t> next_pc,
                                  Cycle now) noexcept {
  Warp& x = warps_[w];
  // The first issue waited since launch; a later one since the previous
  // issue, less the cycle that issue took.
  const Cycle gap = now > x.last_issue ? now - x.last_issue : 0;
  x.n_stall += x.any_issue ? (gap > 0 ? gap - 1 : 0) : gap;
  x.any_issue = true;
  x.last_issue = now;
  ++x.issued;
  if (next_pc) {
    x.n_inst += static_cast<std::int64_t>(pc) - static_cast<std::int64_t>(*next_pc);
  } else {
    x.n_inst -= 1;
  }
}

std::uint64_t CriticalityPredictor::criticality(std::uint32_t w, Cycle now) const noexcept {
  const Warp& x = warps_[w];
  const std::uint64_t left = x.n_inst > 0 ? static_cast<std::uint64_t>(x.n_inst) : 0;
  const std::uint64_t cycles = now > x.launched ? now - x.launched : 0;
  const std::uint64_t instructions = std::max<std::uint64_t>(x.issued, 1);
  return left * cycles / instructions + x.n_stall;
}

bool CriticalityPredictor::critical(std::uint32_t w, const std::vector<std::uint32_t>& live, double fraction,
                                    Cycle now) const noexcept {
  if (live.empty()) return false;
  std::uint64_t lo = criticality(live.front(), now);
  std::uint64_t hi = lo;
  for (const std::uint32_t v : live) {
    const std::uint64_t c = criticality(v, now);
    lo = std::min(lo, c);
    hi = std::max(hi, c);
  }
  if (hi == lo) return false;
  const double position = static_cast<double>(criticality(w, now) - std::min(lo, criticality(w, now))) /
                          static_cast<double>(hi - lo);
  return position > fraction;
}

}  // namespace lockstep::sim
