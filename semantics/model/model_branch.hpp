// Whether the instruction at a PC is a branch (`bra`, `brx.idx`): the only
// decoding a divergence model does, for rules that depend on executing a
// branch whatever its outcome (AWARE sends the issuing split to the FIFO
// back at every executed branch).
#pragma once

#include <cstdint>

#include "frontend/ir/opcode.hpp"
#include "semantics/model/model_context.hpp"

namespace lockstep::sem {

[[nodiscard]] inline bool is_branch(const ModelContext& ctx, std::uint32_t pc) noexcept {
  if (ctx.kernel == nullptr || pc >= ctx.kernel->code.size()) return false;
  const ir::Opcode op = ctx.kernel->code[pc].op;
  return op == ir::Opcode::Bra || op == ir::Opcode::BrxIdx;
}

}  // namespace lockstep::sem
