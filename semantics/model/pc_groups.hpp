// Per-thread PCs grouped by PC, for the models whose threads each have one
// (its, the PC-selection heuristics): the lanes at a PC, and the wait
// report of a set of lanes, one entry per PC.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "semantics/model/wait_info.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

using LanePcs = std::array<std::uint32_t, kWarpSize>;

/// The lanes of `among` whose PC is pc.
[[nodiscard]] inline Mask lanes_at_pc(const LanePcs& pcs, Mask among, std::uint32_t pc) noexcept {
  Mask m = 0;
  for_each_lane(among, [&](unsigned l) { m |= static_cast<Mask>(pcs[l] == pc) << l; });
  return m;
}

/// Appends one WaitInfo of `kind` per PC among the lanes of `among`, in the
/// order of their lowest lanes (a Reconverge entry waits at its own PC).
inline void append_pc_groups(const LanePcs& pcs, Mask among, WaitKind kind, std::vector<WaitInfo>& out) {
  for (Mask rest = among; rest != 0;) {
    const std::uint32_t pc = pcs[lowest_lane(rest)];
    const Mask g = lanes_at_pc(pcs, rest, pc);
    out.push_back(WaitInfo{g, pc, kind, kind == WaitKind::Reconverge ? pc : 0});
    rest &= ~g;
  }
}

}  // namespace lockstep::sem
