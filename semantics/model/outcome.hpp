// What executing one instruction did to the threads of the unit that issued
// it: the only thing a divergence model sees of an instruction.
#pragma once

#include <array>
#include <cstdint>

#include "semantics/value/mask.hpp"

namespace lockstep::sem {

struct Outcome {
  struct Group {
    std::uint32_t pc;
    Mask mask;
  };
  /// Next-PC groups in branch order: a guarded `bra` gives taken, then
  /// not-taken; `brx.idx` gives its label-list order; anything else one group
  /// {pc+1}. Empty groups are never listed; groups have distinct PCs.
  std::array<Group, kWarpSize> groups;
  unsigned count = 0;
  Mask exited = 0;   ///< threads that executed exit/ret
  Mask blocked = 0;  ///< threads that arrived at a CTA barrier or warp sync and wait

  void add(std::uint32_t pc, Mask m) noexcept {
    if (m == 0) return;
    for (unsigned i = 0; i < count; ++i) {
      if (groups[i].pc == pc) {
        groups[i].mask |= m;
        return;
      }
    }
    groups[count++] = Group{pc, m};
  }
};

}  // namespace lockstep::sem
