// Choosing kernels of a module by name (`--kernel NAME`).
#pragma once

#include <string>
#include <vector>

#include "frontend/ir/module.hpp"

namespace lockstep::cli {

/// All kernels when `name` is empty, else the one named; throws InputError
/// ("no kernel named 'x' in FILE (kernels: a, b)") when there is none, and
/// require_kernels' error when the module has no kernel at all.
[[nodiscard]] std::vector<const ir::Kernel*> select_kernels(const ir::Module& module, const std::string& name);

}  // namespace lockstep::cli
