// Fairness units of a launch state (docs/explorer.md, "Non-termination"):
// the warp under a warp-unit model (the SIMT stack: threads waiting for
// reconvergence are not scheduled on their own, which is what makes
// SIMT-induced deadlock fair), the thread under a thread-unit model (mimd).
// Bit sets over units are vectors of 64-bit words.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>

#include "checker/explore/exploration.hpp"
#include "semantics/launch/launch_state.hpp"

namespace lockstep::checker {

template <class S>
inline constexpr bool kThreadUnits = std::remove_cvref_t<decltype(std::declval<const S&>().model())>::kThreadUnits;

template <class S>
[[nodiscard]] std::uint32_t unit_count(const S& s) noexcept {
  return kThreadUnits<S> ? s.warp_count() * sem::kWarpSize : s.warp_count();
}

template <class S>
[[nodiscard]] std::uint32_t unit_of(std::uint32_t warp, unsigned key) noexcept {
  return kThreadUnits<S> ? warp * sem::kWarpSize + key : warp;
}

[[nodiscard]] inline std::size_t unit_words(std::uint32_t units) noexcept { return (units + 63) / 64; }

inline void set_bit(std::span<std::uint64_t> bits, std::uint32_t i) noexcept { bits[i / 64] |= std::uint64_t{1} << (i % 64); }
[[nodiscard]] inline bool test_bit(std::span<const std::uint64_t> bits, std::uint32_t i) noexcept {
  return ((bits[i / 64] >> (i % 64)) & 1U) != 0;
}

/// Sets the units of `s` that are unfinished but not enabled.
template <class S>
void disabled_units(const S& s, std::span<std::uint64_t> out) {
  for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
    const sem::Mask en = s.enabled(w);
    if constexpr (kThreadUnits<S>) {
      const sem::Mask waiting = s.warp(w).live & ~s.warp(w).exited & ~en;
      sem::for_each_lane(waiting, [&](unsigned l) { set_bit(out, unit_of<S>(w, l)); });
    } else if (!s.warp_done(w) && en == 0) {
      set_bit(out, w);
    }
  }
}

/// Sets the units of `s` that are unfinished.
template <class S>
void unfinished_units(const S& s, std::span<std::uint64_t> out) {
  for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
    if constexpr (kThreadUnits<S>) {
      sem::for_each_lane(s.warp(w).live & ~s.warp(w).exited, [&](unsigned l) { set_bit(out, unit_of<S>(w, l)); });
    } else if (!s.warp_done(w)) {
      set_bit(out, w);
    }
  }
}

}  // namespace lockstep::checker
