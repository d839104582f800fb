// The symbolic inputs of a launch: one SymContext input per symbolic
// parameter and per element of a symbolic buffer (spec order), the initial
// path condition (their min/max ranges) and the initial byte shadow (the
// parameter image and buffer bytes that hold them).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checker/symbolic/sym_context.hpp"
#include "checker/symbolic/sym_memory.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {

struct SymbolicStart {
  std::vector<std::uint32_t> path_condition;  ///< sorted
  SymMemory shadow;
};

/// Declares the inputs of `spec` in `ctx` (setup must be prepared from spec).
[[nodiscard]] SymbolicStart declare_inputs(SymContext& ctx, const sem::LaunchSpec& spec, const sem::LaunchSetup& setup);

/// The input ranges as text ("0 <= n <= 63, flag"), every input named.
[[nodiscard]] std::string constraints_text(const SymContext& ctx);

}  // namespace lockstep::checker
