// BOWS's per-warp state on one SM (research 000-aware-bows-ddos-mp.md
// §3.2, §3.6): which warps are backed off, in which order they were, and
// when each may start its next spin iteration.
//
//   - a warp that issues a confirmed spin-inducing branch (DDOS) becomes
//     backed off: it joins the back of the backed-off queue;
//   - every scheduler's order puts the warps that are not backed off first,
//     in the base policy's order, then the backed-off queue (reorder; the
//     BOWS scheduler wrapper, schedulers/bows.hpp, applies it to any
//     policy);
//   - a backed-off warp may issue only once its pending delay has run out
//     (held);
//   - when a backed-off warp issues, it leaves the backed-off state and its
//     pending delay is loaded with the delay limit (bows_delay_limit.hpp):
//     its next spin iteration cannot start before `limit` cycles from now.
//     An iteration that already took longer is not delayed.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/config/spin_config.hpp"
#include "sim/core/bows_delay_limit.hpp"

namespace lockstep::sim {

class BackOff {
 public:
  BackOff(const BowsConfig& config, std::uint32_t warps) : limit_(config), warps_(warps) {}

  /// Warp `w` issued an instruction at `now`; `sib`: it was a confirmed SIB.
  /// The delay loaded when the warp left the backed-off state, if it did.
  std::optional<std::uint64_t> issued(std::uint32_t w, Cycle now, bool sib);
  /// Warp `w` is backed off and its pending delay has not run out at `now`.
  [[nodiscard]] bool held(std::uint32_t w, Cycle now) const noexcept {
    return warps_[w].backed_off && now < warps_[w].ready_at;
  }
  [[nodiscard]] bool backed_off(std::uint32_t w) const noexcept { return warps_[w].backed_off; }
  /// When warp `w`'s pending delay runs out.
  [[nodiscard]] Cycle ready_at(std::uint32_t w) const noexcept { return warps_[w].ready_at; }
  /// Moves the backed-off warps of `order` behind the others, in the order
  /// they were backed off (stable otherwise).
  void reorder(std::vector<std::uint32_t>& order) const;
  /// A new warp starts in slot `w`.
  void reset(std::uint32_t w) noexcept { warps_[w] = Warp{}; }

  [[nodiscard]] std::uint64_t current_limit(Cycle now) noexcept { return limit_.limit(now); }
  [[nodiscard]] std::uint64_t limit_changes() const noexcept { return limit_.changes(); }

 private:
  struct Warp {
    bool backed_off = false;
    std::uint64_t queued = 0;  ///< position in the backed-off queue (smaller: earlier)
    Cycle ready_at = 0;        ///< the pending delay runs out at this cycle
  };

  BowsDelayLimit limit_;
  std::vector<Warp> warps_;
  std::uint64_t next_queued_ = 0;
  mutable std::vector<std::uint32_t> scratch_;
};

}  // namespace lockstep::sim
