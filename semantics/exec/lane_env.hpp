// What the launch state supplies to one warp instruction besides registers:
// special-register values per lane and the addresses of variables.
//
// Both are needed only by rarer operands (`%tid.x`, `mov.u64 %rd, sym`), so
// they go through a small virtual interface; the per-lane hot path of the
// executor never calls it.
#pragma once

#include <cstdint>

#include "frontend/ir/operand.hpp"

namespace lockstep::sem {

class LaneEnv {
 public:
  virtual ~LaneEnv() = default;
  /// Value of a special register for the thread in `lane` (component: 0 none,
  /// 1 x, 2 y, 3 z; for %envreg the index).
  [[nodiscard]] virtual std::uint64_t special(ir::SpecialReg r, std::uint32_t component,
                                              unsigned lane) const = 0;
  /// special() for every lane in `active` at once (out[lane]; other lanes 0).
  virtual void special_lanes(ir::SpecialReg r, std::uint32_t component, std::uint32_t active,
                             std::uint64_t* out) const {
    for (unsigned l = 0; l < 32; ++l) out[l] = ((active >> l) & 1U) != 0 ? special(r, component, l) : 0;
  }
  /// Address of a variable in its own state space (what `mov.u64 %rd, sym`
  /// yields): the global address for .global/.const-in-global, the offset in
  /// the space's window for .shared/.local/.param/.const.
  [[nodiscard]] virtual std::uint64_t symbol_address(ir::SymScope scope, std::uint32_t var) const = 0;
  /// Space of a variable.
  [[nodiscard]] virtual ir::Space symbol_space(ir::SymScope scope, std::uint32_t var) const = 0;
};

}  // namespace lockstep::sem
