// Fairness units of a launch state (docs/explorer.md, "Non-termination";
// semantics/model/divergence_model.hpp): the warp under a warp-unit model
// (the SIMT stack, AWARE, the PC-selection heuristics: threads waiting for
// reconvergence are not scheduled on their own, which is what makes
// SIMT-induced deadlock fair), the unit key under a keyed model (the thread
// under mimd, the split under Multi-Path IPDOM, the group at one PC under
// independent thread scheduling), plus, for a model with events, one unit
// per warp for its events (AWARE's reconvergence timeouts: some enabled
// timeout of the warp eventually fires).
//
// Unit ids: warp * stride + (key under a keyed model, else 0), and the
// warp's event unit last (stride - 1). Without events the ids are warp
// (warp units) and warp * 32 + key (keyed units). An action whose key is
// kEventKey + e fires event e of its warp. Bit sets over units are vectors
// of 64-bit words.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>

#include "checker/explore/exploration.hpp"
#include "semantics/launch/launch_state.hpp"

namespace lockstep::checker {

/// Keys from here on name model events (key - kEventKey), not units.
inline constexpr unsigned kEventKey = sem::kWarpSize;

template <class S>
using ModelOf = std::remove_cvref_t<decltype(std::declval<const S&>().model())>;
/// Several units per warp, fair per key.
template <class S>
inline constexpr bool kKeyedUnits = sem::kKeyedUnits<ModelOf<S>>;
/// Units of one warp are independent (mimd): their steps may commute.
template <class S>
inline constexpr bool kThreadUnits = ModelOf<S>::kUnits == sem::UnitKind::Thread;
/// Warps with events: a model's (AWARE's timeouts) or, under a model with
/// transactions, the commit units' actions (LaunchState::events).
template <class S>
inline constexpr bool kModelEvents = sem::ModelWithEvents<ModelOf<S>> || sem::ModelWithTransactions<ModelOf<S>>;
template <class S>
inline constexpr std::uint32_t kUnitStride = (kKeyedUnits<S> ? sem::kWarpSize : 1U) + (kModelEvents<S> ? 1U : 0U);

[[nodiscard]] constexpr bool is_event_key(unsigned key) noexcept { return key >= kEventKey; }

template <class S>
[[nodiscard]] std::uint32_t unit_count(const S& s) noexcept {
  return s.warp_count() * kUnitStride<S>;
}

template <class S>
[[nodiscard]] std::uint32_t unit_of(std::uint32_t warp, unsigned key) noexcept {
  if (is_event_key(key)) return warp * kUnitStride<S> + kUnitStride<S> - 1;
  return warp * kUnitStride<S> + (kKeyedUnits<S> ? key : 0U);
}

[[nodiscard]] inline std::size_t unit_words(std::uint32_t units) noexcept { return (units + 63) / 64; }

inline void set_bit(std::span<std::uint64_t> bits, std::uint32_t i) noexcept { bits[i / 64] |= std::uint64_t{1} << (i % 64); }
[[nodiscard]] inline bool test_bit(std::span<const std::uint64_t> bits, std::uint32_t i) noexcept {
  return ((bits[i / 64] >> (i % 64)) & 1U) != 0;
}

/// Calls f(key) for every action of warp w enabled in s: unit keys, then kEventKey + event.
template <class S, class F>
void for_each_action(const S& s, std::uint32_t w, F&& f) {
  for (sem::Mask m = s.enabled(w); m != 0; m &= m - 1) f(sem::lowest_lane(m));
  if constexpr (kModelEvents<S>) {
    for (sem::Mask m = s.events(w); m != 0; m &= m - 1) f(kEventKey + sem::lowest_lane(m));
  }
}

/// True when action `key` of warp w is enabled in s.
template <class S>
[[nodiscard]] bool action_enabled(const S& s, std::uint32_t w, unsigned key) noexcept {
  if (w >= s.warp_count()) return false;
  if (is_event_key(key)) return key - kEventKey < sem::kWarpSize && sem::has_lane(s.events(w), key - kEventKey);
  return sem::has_lane(s.enabled(w), key);
}

/// Sets the units of `s` that are unfinished but not enabled.
template <class S>
void disabled_units(const S& s, std::span<std::uint64_t> out) {
  for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
    const sem::Mask en = s.enabled(w);
    if constexpr (kKeyedUnits<S> && S::kBlockScope) {
      // Keys of a block-scope model (dynamic warp formation) name pool
      // entries, not lanes: every key of an unfinished block is a unit.
      if (!s.warp_done(w)) sem::for_each_lane(~en, [&](unsigned k) { set_bit(out, unit_of<S>(w, k)); });
    } else if constexpr (kKeyedUnits<S>) {
      const sem::Mask waiting = s.warp(w).live & ~s.warp(w).exited & ~en;
      sem::for_each_lane(waiting, [&](unsigned l) { set_bit(out, unit_of<S>(w, l)); });
    } else if (!s.warp_done(w) && en == 0) {
      set_bit(out, unit_of<S>(w, 0));
    }
    if constexpr (kModelEvents<S>) {
      if (!s.warp_done(w) && s.events(w) == 0) set_bit(out, unit_of<S>(w, kEventKey));
    }
  }
}

/// Sets the units of `s` that are unfinished.
template <class S>
void unfinished_units(const S& s, std::span<std::uint64_t> out) {
  for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
    if constexpr (kKeyedUnits<S> && S::kBlockScope) {
      if (!s.warp_done(w)) sem::for_each_lane(~sem::Mask{0}, [&](unsigned k) { set_bit(out, unit_of<S>(w, k)); });
    } else if constexpr (kKeyedUnits<S>) {
      sem::for_each_lane(s.warp(w).live & ~s.warp(w).exited, [&](unsigned l) { set_bit(out, unit_of<S>(w, l)); });
    } else if (!s.warp_done(w)) {
      set_bit(out, unit_of<S>(w, 0));
    }
    if constexpr (kModelEvents<S>) {
      if (!s.warp_done(w)) set_bit(out, unit_of<S>(w, kEventKey));
    }
  }
}

}  // namespace lockstep::checker
