// Rebuilding the origin map of an SSDE output from the two kernels alone,
// for `equiv` without `--origin` (docs/equiv.md). Rules, in order, per
// output PC:
//  - a label the input also has puts the input cursor at that label's PC;
//  - the instructions of blocks SSDE makes (labels `$L__ssde_S*`, `_E*`,
//    `_D*`, `_H*`, `_exit`) are added; `$L__ssde_B*` (the split-off part of a
//    block) and `$L__ssde_L*` (a target that had no label) hold copies;
//  - an instruction that writes a register the input does not have, or is
//    guarded by one, is added;
//  - an instruction equal to the input instruction at the cursor modulo
//    branch targets is its copy (the cursor moves on);
//  - an unguarded bra, ret or exit that is not is added (relayout's jumps);
//  - anything else: recovery fails, naming the PC.
// A recovered map is a guess that the refinement checks then verify; a
// failed check under a recovered map is not evidence against the
// transformation, so `equiv` reports it as inconclusive.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker::equiv {

struct RecoveredOrigin {
  std::vector<std::uint32_t> origin;  ///< per output PC (kOriginAdded for added code)
  std::string error;                  ///< non-empty: recovery failed, and why
  [[nodiscard]] bool ok() const noexcept { return error.empty(); }
};

[[nodiscard]] RecoveredOrigin recover_origin(const ir::Module& in_module, const ir::Kernel& in,
                                             const ir::Module& out_module, const ir::Kernel& out);

}  // namespace lockstep::checker::equiv
