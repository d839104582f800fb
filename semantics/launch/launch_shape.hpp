// The shape of a launch: grid and block dimensions and dynamic shared
// memory, with the derived counts the launch state uses.
#pragma once

#include <array>
#include <cstdint>

#include "semantics/value/mask.hpp"

namespace lockstep::sem {

struct LaunchShape {
  std::array<std::uint32_t, 3> grid{1, 1, 1};
  std::array<std::uint32_t, 3> block{1, 1, 1};
  std::uint32_t dynamic_shared = 0;

  [[nodiscard]] std::uint32_t threads_per_block() const noexcept { return block[0] * block[1] * block[2]; }
  [[nodiscard]] std::uint64_t blocks() const noexcept {
    return std::uint64_t{grid[0]} * grid[1] * grid[2];
  }
  [[nodiscard]] std::uint32_t warps_per_block() const noexcept {
    return (threads_per_block() + kWarpSize - 1) / kWarpSize;
  }
  /// Lanes of warp w (in its block) that hold a thread.
  [[nodiscard]] Mask live_lanes(std::uint32_t w) const noexcept {
    const std::uint32_t first = w * kWarpSize;
    const std::uint32_t n = threads_per_block() - first;
    return n >= kWarpSize ? kFullMask : ((Mask{1} << n) - 1);
  }
  /// Three-dimensional index of linear index i in dims d (x fastest).
  [[nodiscard]] static std::array<std::uint32_t, 3> unflatten(std::uint64_t i,
                                                              const std::array<std::uint32_t, 3>& d) noexcept {
    return {static_cast<std::uint32_t>(i % d[0]), static_cast<std::uint32_t>((i / d[0]) % d[1]),
            static_cast<std::uint32_t>(i / (std::uint64_t{d[0]} * d[1]))};
  }
};

}  // namespace lockstep::sem
