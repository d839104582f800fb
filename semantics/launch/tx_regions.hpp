// The static shape every transaction must have before a launch runs it
// (docs/tm.md): `__tbegin`/`__tcommit` balanced on every path (each
// instruction at one nesting depth, whatever the path to it; flattened
// nesting), one `__tcommit` closing each outermost transaction (a single
// exit, as `atomic{}`), unguarded `__tbegin`/`__tcommit`, `__tabort` only
// inside a transaction, and no exit, barrier or warp collective inside one.
#pragma once

#include <vector>

#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::sem {

/// Throws InputError at the first offending instruction (file:line:col);
/// returns true when the kernel has transactions.
bool check_transactions(const ir::Module& module, const ir::Kernel& kernel);

/// Per instruction of a kernel that passed check_transactions: whether it
/// runs inside a transaction (after an outermost __tbegin, before its
/// __tcommit). All false without transactions.
[[nodiscard]] std::vector<bool> transactional_pcs(const ir::Kernel& kernel);

/// True when an instruction outside every transaction may write global
/// memory (a store, atomic or reduction to .global or a generic address).
[[nodiscard]] bool plain_global_writes(const ir::Kernel& kernel);

}  // namespace lockstep::sem
