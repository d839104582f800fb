// Lane masks of one warp and iteration over their set bits.
//
// Bit l of a Mask is lane l (rightmost bit = lane 0, as in the research
// figures). Warp-scope divergence models and the executor work on masks.
#pragma once

#include <bit>
#include <cstdint>

namespace lockstep::sem {

using Mask = std::uint32_t;
inline constexpr unsigned kWarpSize = 32;
inline constexpr Mask kFullMask = 0xffffffffU;

[[nodiscard]] constexpr Mask lane_bit(unsigned lane) noexcept { return Mask{1} << lane; }
[[nodiscard]] constexpr bool has_lane(Mask m, unsigned lane) noexcept { return ((m >> lane) & 1U) != 0; }
[[nodiscard]] constexpr unsigned lane_count(Mask m) noexcept { return static_cast<unsigned>(std::popcount(m)); }
[[nodiscard]] constexpr unsigned lowest_lane(Mask m) noexcept { return static_cast<unsigned>(std::countr_zero(m)); }

/// Calls f(lane) for every set lane, in ascending lane order.
template <class F>
constexpr void for_each_lane(Mask m, F&& f) {
  while (m != 0) {
    const unsigned lane = lowest_lane(m);
    f(lane);
    m &= m - 1;
  }
}

}  // namespace lockstep::sem
