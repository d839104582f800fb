// The message of the launch error for an aligned barrier (`bar.sync`,
// `bar.arrive`, `bar.red`) executed in divergent code under a model that
// enforces them (ModelWithAlignedBarriers; docs/models/its.md).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "frontend/ir/instr.hpp"
#include "semantics/model/wait_info.hpp"

namespace lockstep::sem {

/// `in`: the barrier; `executing`: the lanes that execute it; `guard_off`: lanes of the unit whose
/// guard is false; `apart`: every lane in divergent code with them (guard_off included);
/// `where`: the warp's threads by PC (the model's explanation); `warp`: the warp in its block.
[[nodiscard]] std::string aligned_barrier_text(const ir::Instr& in, std::uint32_t pc, std::uint32_t warp,
                                               Mask executing, Mask guard_off, Mask apart,
                                               std::span<const WaitInfo> where);

}  // namespace lockstep::sem
