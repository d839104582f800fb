// BOWS's back-off delay limit on one SM (research 000-aware-bows-ddos-mp.md
// §3.3, Fig 6.4): fixed, or adapted once per execution window of
// `interval` cycles from the window's counts of all warp instructions and
// of SIB instructions the SM issued:
//
//   if SIB > FRAC1 * Total                              limit += step
//   if Total / SIB < FRAC2 * prevTotal / prevSIB        limit -= 2 * step
//   clamp to [min, max]
//
// The limit a window computes is used in the next. lockstep's readings of
// what the figure leaves open: the counters are per SM (as BOWS's other
// state); the limit starts at `delay_min`; a window in which the SM issued
// nothing changes nothing and is not a "previous window"; a window without
// SIB instructions has an infinite Total / SIB (so the second rule cannot
// fire in it, and fires in the next window that spins); the first window
// has no previous one (only the first rule applies). Windows are aligned to
// multiples of `interval` from cycle 0.
#pragma once

#include <cstdint>

#include "sim/config/spin_config.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

class BowsDelayLimit {
 public:
  explicit BowsDelayLimit(const BowsConfig& config);

  /// The limit in force at `now` (closes the windows that ended before it).
  [[nodiscard]] std::uint64_t limit(Cycle now) noexcept;
  /// A warp instruction issued at `now`; `sib`: a confirmed SIB.
  void count(Cycle now, bool sib) noexcept;
  /// Windows closed so far with a change of the limit (for statistics).
  [[nodiscard]] std::uint64_t changes() const noexcept { return changes_; }

 private:
  void advance(Cycle now) noexcept;
  void close_window() noexcept;

  BowsConfig config_;
  std::uint64_t limit_;
  Cycle window_end_;
  std::uint64_t total_ = 0, sib_ = 0;            ///< this window
  std::uint64_t prev_total_ = 0, prev_sib_ = 0;  ///< the last window that issued anything
  bool have_prev_ = false;
  std::uint64_t changes_ = 0;
};

}  // namespace lockstep::sim
