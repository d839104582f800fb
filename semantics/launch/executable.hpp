// What the static commands accept but no launch can execute: a call to an
// external function without a body, an indirect call (its target unknown),
// and taking a function's address (lockstep gives functions no addresses).
// The frontend keeps them (ir::Opcode::Call, ir::OperandKind::Function) so
// that parse, cfg, print, detect and ssde work on such kernels; every
// launch (run, verify, equiv, and the simulator, which prepares its launches
// the same way) refuses them here, before anything runs.
#pragma once

#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::sem {

/// Throws InputError at the first instruction of `kernel` (in PC order) that
/// cannot be executed, e.g.
///   k.ptx:12:5: error: call to external function 'foo' has no body: it cannot be executed (the static commands
///   accept it)
void require_executable(const ir::Module& module, const ir::Kernel& kernel);

}  // namespace lockstep::sem
