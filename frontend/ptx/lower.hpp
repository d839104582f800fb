// Lowering: ast::Module -> ir::Module.
//
// Resolves names (registers, variables, labels, functions) with PTX scoping,
// decodes every instruction's opcode and modifiers into ir::Instr and checks
// its operands, inlines `.func` device functions into the kernels that call
// them (rejecting recursion), turns calls to the transactional-memory markers
// (`__tbegin`, `__tcommit`, `__tabort`, plain or C++-mangled), `vprintf` and
// `__assertfail` into their IR instructions, and builds basic blocks.
//
// What the resulting IR looks like, beyond the instructions themselves:
//   - Registers are numbered in order of first use; a declared register that
//     is never used does not appear. Every register, variable and label of a
//     kernel has a name unique in the kernel and apart from the module's
//     variables and functions (a name declared again in a `{ }` scope, or by
//     an inlined function, gets a `_N` or `_i<N>` suffix); these are valid
//     PTX identifiers.
//   - Inlined code: a callee's registers, variables and labels are suffixed
//     `_i<N>` (N counts inlined copies per kernel); its `ret` becomes `bra`
//     to a label `$L__ret_i<N>` after the copy (omitted for a final `ret`);
//     a guarded call becomes a branch around the copy. Instructions keep the
//     SrcLoc/CudaLoc of their own text; parameter moves get the call's.
//   - The `.param` variables of call sequences (nvcc's `param0`, `retval0`,
//     and those made for register or immediate arguments) are `.local` in
//     the IR, with the ld/st/mov naming them: no call reads them after
//     inlining. Those passed to vprintf/__assertfail, or to a call that is
//     not inlined (an external function, a register: ir::Opcode::Call),
//     stay `.param`.
//   - Module::functions declares the functions such calls name and those
//     whose address a `mov` takes, in order of first use.
//   - Module-scope `.reg` declarations (ISA 1.x) are registers shared by a
//     kernel and everything inlined into it.
//   - A kernel that could run off its end (or whose branch targets its end)
//     gets a final `ret`.
//   - Opcode and modifier decoding conventions are in ptx/decode.hpp.
#pragma once

#include "frontend/ir/module.hpp"
#include "frontend/ptx/ast.hpp"
#include "frontend/source.hpp"

namespace lockstep::ptx {

/// Throws InputError at the first semantic error (unknown opcode or modifier,
/// undeclared register, undefined label, wrong operand count or kind, ...).
[[nodiscard]] ir::Module lower(const ast::Module& module, const Source& source);

}  // namespace lockstep::ptx
