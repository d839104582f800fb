// In-place canonicalisation of a launch state before it is hashed: every
// register that the thread holding it can no longer read is set to zero
// (the registers dead at the thread's next instruction, and all registers
// of lanes without an unfinished thread). Sound because a dead value is
// never observed (live_registers.hpp); the state's futures are unchanged.
//
// Under a SIMT-stack model a thread's next instruction is the PC of the
// topmost stack entry holding it (LaunchState::explain); the entries below
// resume at reconvergence points that every path from there reaches, so the
// registers live there are live at the top entry's PC as well.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "checker/explore/live_registers.hpp"
#include "semantics/model/wait_info.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::checker {

/// Sets row[l] to V{} for every lane l in m (branch-free over the 32 lanes).
template <class V>
void clear_lanes(V* row, sem::Mask m) {
  if (m == 0xffffffffU) {
    std::fill(row, row + sem::kWarpSize, V{});
    return;
  }
  for (unsigned l = 0; l < sem::kWarpSize; ++l) {
    if (((m >> l) & 1U) != 0) row[l] = V{};
  }
}

template <class S>
void canonicalize_warp(S& s, std::uint32_t w, const LiveRegisters& live, std::vector<sem::WaitInfo>& scratch) {
  auto* regs = s.registers(w);
  if (regs == nullptr) return;
  scratch.clear();
  s.explain(w, scratch);
  sem::Mask holding = 0;
  for (const sem::WaitInfo& wi : scratch) {
    holding |= wi.lanes;
    for (const std::uint32_t r : live.dead(wi.pc)) clear_lanes(regs + std::size_t{r} * sem::kWarpSize, wi.lanes);
  }
  const sem::Mask gone = s.warp(w).live & ~holding;  // lanes whose thread has exited
  if (gone == 0) return;
  for (std::uint32_t r = 0; r < live.registers(); ++r) clear_lanes(regs + std::size_t{r} * sem::kWarpSize, gone);
}

/// After a step of unit (w, key): warp w, or under a block-scope model
/// (whose compacted warp holds threads of several static warps) every warp
/// of w's block.
template <class S>
void canonicalize_step(S& s, std::uint32_t w, const LiveRegisters& live, std::vector<sem::WaitInfo>& scratch) {
  if constexpr (S::kBlockScope) {
    const std::uint32_t wpb = s.warps_per_block();
    const std::uint32_t first = w / wpb * wpb;
    for (std::uint32_t i = 0; i < wpb; ++i) canonicalize_warp(s, first + i, live, scratch);
  } else {
    canonicalize_warp(s, w, live, scratch);
  }
}

template <class S>
void canonicalize_all(S& s, const LiveRegisters& live, std::vector<sem::WaitInfo>& scratch) {
  for (std::uint32_t w = 0; w < s.warp_count(); ++w) canonicalize_warp(s, w, live, scratch);
}

}  // namespace lockstep::checker
