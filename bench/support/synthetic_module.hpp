// Loading a synthesised single-kernel module (big_kernel, spin_kernel): the
// text must load and hold exactly one kernel.
#pragma once

#include "frontend/ir/module.hpp"
#include "frontend/source.hpp"

namespace lockstep::bench {

/// Loads `source`; throws std::runtime_error naming what went wrong (the
/// frontend's diagnostic, or the kernel count) when it is not one loadable
/// kernel.
[[nodiscard]] ir::Module load_synthesised(const Source& source);

}  // namespace lockstep::bench
