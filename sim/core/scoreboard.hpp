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
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace lockstep::sim {

class Scoreboard {
 public:
  Scoreboard() = default;
  Scoreboard(std::uint32_t warps, std::uint32_t registers)
      : registers_(registers), pending_(std::size_t{warps} * registers, 0), count_(warps, 0), long_(warps, 0) {}

  /// True when one of `reads` or `writes` has a write pending in `warp`.
  [[nodiscard]] bool collides(std::uint32_t warp, std::span<const std::uint32_t> reads,
                              std::span<const std::uint32_t> writes) const noexcept {
    if (count_[warp] == 0) return false;
    const std::uint8_t* p = pending_.data() + std::size_t{warp} * registers_;
    for (const std::uint32_t r : reads) {
      if (p[r] != 0) return true;
    }
    for (const std::uint32_t r : writes) {
      if (p[r] != 0) return true;
    }
    return false;
  }
  void reserve(std::uint32_t warp, std::span<const std::uint32_t> writes, bool long_latency) noexcept {
    std::uint8_t* p = pending_.data() + std::size_t{warp} * registers_;
    const std::uint8_t mark = long_latency ? 2 : 1;
    for (const std::uint32_t r : writes) {
      if (p[r] == 0) {
        ++count_[warp];
        if (long_latency) ++long_[warp];
      }
      p[r] = mark;
    }
  }
  void release(std::uint32_t warp, std::span<const std::uint32_t> writes) noexcept {
    std::uint8_t* p = pending_.data() + std::size_t{warp} * registers_;
    for (const std::uint32_t r : writes) {
      if (p[r] == 0) continue;
      --count_[warp];
      if (p[r] == 2) --long_[warp];
      p[r] = 0;
    }
  }
  /// Some register of the warp waits for a write.
  [[nodiscard]] bool any_pending(std::uint32_t warp) const noexcept { return count_[warp] != 0; }
  /// Some register of the warp waits for a load or atomic.
  [[nodiscard]] bool long_pending(std::uint32_t warp) const noexcept { return long_[warp] != 0; }

 private:
  std::uint32_t registers_ = 0;
  std::vector<std::uint8_t> pending_;  ///< per warp and register: 0 free, 1 pending, 2 pending a long-latency write
  std::vector<std::uint32_t> count_;   ///< pending registers per warp
  std::vector<std::uint32_t> long_;    ///< of which long-latency
};

}  // namespace lockstep::sim
