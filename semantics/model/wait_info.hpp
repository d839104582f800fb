// Why threads of a warp are not making progress, as a model explains it
// for deadlock and livelock reports.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "semantics/value/mask.hpp"

namespace lockstep::sem {

enum class WaitKind : std::uint8_t {
  Ready,        ///< could issue (part of a running unit)
  Reconverge,   ///< parked in a SIMT-stack entry below the top, waiting for reconvergence
  Pending,      ///< a divergent path on the SIMT stack that runs after the paths above it
  Barrier,      ///< arrived at a CTA barrier
  WarpSync,     ///< arrived at a warp-synchronous collective / bar.warp.sync
  GridBarrier,  ///< could issue, but spins in a grid barrier on the grid workspace (reports only:
                ///< semantics/launch/grid_barrier_wait.hpp; models never say it)
  CommitUnits,  ///< at __tcommit, waiting for the commit units' outcome (a TM protocol model;
                ///< the launch state says it: launch_tx_units.hpp; models never do)
};

struct WaitInfo {
  Mask lanes = 0;
  std::uint32_t pc = 0;        ///< where the threads are (their next instruction)
  WaitKind kind = WaitKind::Ready;
  std::uint32_t until_pc = 0;  ///< Reconverge: the reconvergence PC they wait at
};

/// Adds lane `lane` waiting at `pc` (kind, until) to the entries of `out`
/// from `first` on: to the entry with the same place and reason, else a new
/// one (block-scope models explain a static warp lane by lane).
inline void add_waiting_lane(std::vector<WaitInfo>& out, std::size_t first, unsigned lane, std::uint32_t pc,
                             WaitKind kind, std::uint32_t until) {
  for (std::size_t i = first; i < out.size(); ++i) {
    if (out[i].pc == pc && out[i].kind == kind && out[i].until_pc == until) {
      out[i].lanes |= lane_bit(lane);
      return;
    }
  }
  out.push_back(WaitInfo{lane_bit(lane), pc, kind, until});
}

[[nodiscard]] inline const char* wait_kind_name(WaitKind k) noexcept {
  switch (k) {
    case WaitKind::Ready: return "ready";
    case WaitKind::Reconverge: return "reconvergence";
    case WaitKind::Pending: return "pending-path";
    case WaitKind::Barrier: return "barrier";
    case WaitKind::WarpSync: return "warp-sync";
    case WaitKind::GridBarrier: return "grid-barrier";
    case WaitKind::CommitUnits: return "commit-units";
  }
  return "?";
}

}  // namespace lockstep::sem
