// What executing one instruction did to the threads of the unit that issued
// it: the only thing a divergence model sees of an instruction.
#pragma once

#include <array>
#include <cstdint>

#include "semantics/value/mask.hpp"

namespace lockstep::sem {

/// What a step did to transactions: began one (outermost `__tbegin`), ended
/// the commit process (`__tcommit`: committed or failed validation), or
/// aborted attempts elsewhere (`__tabort`, the watchdog).
enum class TxEvent : std::uint8_t { None, Begin, Commit, Abort };

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
  /// Transactions (Kilo TM, docs/tm.md), under the models with the TM
  /// extension only: what the step did to the outermost transaction. The
  /// groups above already hold every thread's next PC (a retried thread's is
  /// its transaction's restart PC), which is all a per-thread model needs;
  /// the SIMT stack also reads these (its R and T entries, Fig 4.3).
  TxEvent tx = TxEvent::None;
  Mask tx_retry = 0;  ///< threads whose attempt ended without committing (they restart)

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
