// The scoreboard: which registers of each warp have a write in flight.
//
// An instruction may issue only when none of the registers it reads or
// writes has a write pending (read-after-write and write-after-write
// hazards; GPGPU-Sim's Scoreboard::checkCollision). Issue reserves the
// registers it writes; writeback releases them. Registers written by loads
// and atomics are marked long-latency (GPGPU-Sim's long-op registers, which
// the two-level scheduler demotes warps on).
//
// This is an abstraction of what GPUs do: Fermi-era GPUs track register
// dependences in hardware much like this, but Kepler and later GPUs let
// the compiler encode stall counts and dependence barriers in the SASS
// control bits, which PTX does not have. A scoreboard on the PTX registers
// lets an instruction start as soon as its operands are ready, which is
// what a good schedule of those control bits achieves; it does not model
// the compiler's latency assumptions.
//
// Each pending register carries a reserved mask (R-mask), the threads whose
// write is in flight (research 000-aware-bows-ddos-mp.md §2.4, Multi-Path
// IPDOM's scoreboard): an instruction collides only when one of its own
// threads has a write pending, so independent splits of one warp issue
// without false dependences. Issue ORs the instruction's threads into the
// R-mask of each register it writes; writeback clears them; the register is
// free when its R-mask is empty. Models whose units are whole warps pass the
// full mask, which is GPGPU-Sim's per-warp scoreboard.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "semantics/value/mask.hpp"

namespace lockstep::sim {

class Scoreboard {
 public:
  Scoreboard() = default;
  Scoreboard(std::uint32_t warps, std::uint32_t registers)
      : registers_(registers), pending_(std::size_t{warps} * registers, 0),
        long_mark_(std::size_t{warps} * registers, 0), count_(warps, 0), long_(warps, 0) {}

  /// True when one of `reads` or `writes` has a write pending in `warp` for one of `threads`.
  [[nodiscard]] bool collides(std::uint32_t warp, std::span<const std::uint32_t> reads,
                              std::span<const std::uint32_t> writes, sem::Mask threads = sem::kFullMask) const noexcept {
    if (count_[warp] == 0) return false;
    const sem::Mask* p = pending_.data() + std::size_t{warp} * registers_;
    for (const std::uint32_t r : reads) {
      if ((p[r] & threads) != 0) return true;
    }
    for (const std::uint32_t r : writes) {
      if ((p[r] & threads) != 0) return true;
    }
    return false;
  }
  /// `threads` of `warp` write `writes` (a load or atomic: long latency).
  void reserve(std::uint32_t warp, std::span<const std::uint32_t> writes, bool long_latency,
               sem::Mask threads = sem::kFullMask) noexcept {
    const std::size_t base = std::size_t{warp} * registers_;
    for (const std::uint32_t r : writes) {
      if (pending_[base + r] == 0) ++count_[warp];
      pending_[base + r] |= threads;
      if (long_latency && long_mark_[base + r] == 0) {
        long_mark_[base + r] = 1;
        ++long_[warp];
      }
    }
  }
  /// The writes of `threads` to `writes` are done.
  void release(std::uint32_t warp, std::span<const std::uint32_t> writes, sem::Mask threads = sem::kFullMask) noexcept {
    const std::size_t base = std::size_t{warp} * registers_;
    for (const std::uint32_t r : writes) {
      if (pending_[base + r] == 0) continue;
      pending_[base + r] &= ~threads;
      if (pending_[base + r] != 0) continue;
      --count_[warp];
      if (long_mark_[base + r] != 0) {
        long_mark_[base + r] = 0;
        --long_[warp];
      }
    }
  }
  /// Some register of the warp waits for a write.
  [[nodiscard]] bool any_pending(std::uint32_t warp) const noexcept { return count_[warp] != 0; }
  /// Some register of the warp waits for a load or atomic.
  [[nodiscard]] bool long_pending(std::uint32_t warp) const noexcept { return long_[warp] != 0; }

 private:
  std::uint32_t registers_ = 0;
  std::vector<sem::Mask> pending_;       ///< per warp and register: the R-mask (0: free)
  std::vector<std::uint8_t> long_mark_;  ///< per warp and register: a long-latency write is pending
  std::vector<std::uint32_t> count_;     ///< pending registers per warp
  std::vector<std::uint32_t> long_;      ///< of which long-latency
};

}  // namespace lockstep::sim
