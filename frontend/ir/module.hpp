// A module: one PTX file after lowering.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "frontend/ir/function.hpp"
#include "frontend/ir/kernel.hpp"
#include "frontend/ir/variable.hpp"

namespace lockstep::ir {

struct Module {
  std::string path;                        ///< file name it was read from (diagnostics)
  std::uint32_t version_major = 0;         ///< `.version M.m`
  std::uint32_t version_minor = 0;
  std::vector<std::string> targets;        ///< `.target sm_75, texmode_independent` -> {"sm_75", ...}
  std::uint32_t address_size = 32;         ///< 32 or 64 (`.address_size`; 32 when absent)
  bool has_address_size = false;           ///< the file had an `.address_size` directive
  std::map<std::uint32_t, std::string> files;  ///< `.file N "name"`
  std::vector<Variable> globals;           ///< module-scope variables
  /// Functions the kernels name without inlining them (the callees of
  /// opaque calls, the functions whose address is taken; Operand kind
  /// Function indexes this), in order of first use.
  std::vector<Function> functions;
  std::vector<Kernel> kernels;             ///< entries, in file order

  [[nodiscard]] const Kernel* find_kernel(const std::string& name) const noexcept {
    for (const auto& k : kernels) if (k.name == name) return &k;
    return nullptr;
  }
};

}  // namespace lockstep::ir
