// Lowering: ast::Module -> ir::Module.
//
// Resolves names (registers, variables, labels, functions) with PTX scoping,
// decodes every instruction's opcode and modifiers into ir::Instr and checks
// its operands, inlines `.func` device functions into the kernels that call
// them (rejecting recursion), turns calls to the transactional-memory markers
// (`__tbegin`, `__tcommit`, `__tabort`, plain or C++-mangled), `vprintf` and
// `__assertfail` into their IR instructions, and builds basic blocks.
#pragma once

#include "frontend/ir/module.hpp"
#include "frontend/ptx/ast.hpp"
#include "frontend/source.hpp"

namespace lockstep::ptx {

/// Throws InputError at the first semantic error (unknown opcode or modifier,
/// undeclared register, undefined label, wrong operand count or kind, ...).
[[nodiscard]] ir::Module lower(const ast::Module& module, const Source& source);

}  // namespace lockstep::ptx
