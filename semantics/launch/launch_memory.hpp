// LaunchState: per-warp storage created on first issue (registers, local
// memory) and the memory port of one instruction.
#pragma once

#include <utility>

#include "semantics/launch/launch_state.hpp"
#include "semantics/memory/memory_port.hpp"

namespace lockstep::sem {

template <DivergenceModel M, class D>
void LaunchState<M, D>::ensure_registers(std::uint32_t w) {
  Warp& wd = warps_[w];
  if (!wd.regs.empty()) return;
  if (!spare_regs_.empty()) {
    wd.regs = std::move(spare_regs_.back());
    spare_regs_.pop_back();
  }
  wd.regs.assign(setup_->reg_bits.size() * kWarpSize, dom_.constant(0));
  if (setup_->layout->local_size() != 0) {
    wd.local.reserve(kWarpSize);
    for (unsigned l = 0; l < kWarpSize; ++l) wd.local.push_back(has_lane(wd.live, l) ? setup_->layout->new_local() : SpaceMemory{});
  }
}

template <DivergenceModel M, class D>
MemoryPort LaunchState<M, D>::port(std::uint32_t w) {
  Warp& wd = warps_[w];
  MemoryPort p;
  p.global = &global_;
  p.shared = &blocks_[slot_of(w)].shared;
  if (!wd.local.empty()) {
    for (unsigned l = 0; l < kWarpSize; ++l) p.local[l] = has_lane(wd.live, l) ? &wd.local[l] : nullptr;
  }
  p.constant = &setup_->constants;
  p.param = &setup_->params;
  p.map = &setup_->map;
  p.layout = setup_->layout.get();
  if (report_ != nullptr) p.log = &report_->access;
  if (tx_on() && !tx_[w].empty()) {
    for (unsigned l = 0; l < kWarpSize; ++l) tx_port_[l] = tx_[w][l].depth != 0 ? &tx_[w][l].log : nullptr;
    p.tx = &tx_port_;
  }
  return p;
}

}  // namespace lockstep::sem
