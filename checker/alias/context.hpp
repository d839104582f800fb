// What the address analysis needs to know about the kernel besides its
// register values: the module (for module-scope variables), the spaces a
// generic address can reach, the pointer size, and which kernel variables
// are entry parameters.
#pragma once

#include <cstdint>
#include <vector>

#include "checker/alias/abs_value.hpp"
#include "frontend/ir/kernel.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker::addr {

struct Context {
  const ir::Module* module = nullptr;
  const ir::Kernel* kernel = nullptr;
  /// Spaces a generic address can reach: global, shared, const, param, and
  /// local when the kernel makes local addresses generic.
  std::uint8_t generic_space = kAllSpaces;
  /// Bytes of a pointer (the module's address size); only loads of this
  /// width can produce pointers.
  unsigned pointer_bytes = 8;
  /// For each kernel variable: its entry-parameter index, or -1.
  std::vector<std::int32_t> param_of_var;

  Context(const ir::Module& m, const ir::Kernel& k);

  /// The variable a Symbol operand names.
  [[nodiscard]] const ir::Variable& var(std::uint32_t id, ir::SymScope scope) const noexcept {
    return scope == ir::SymScope::Kernel ? kernel->vars[id] : module->globals[id];
  }
  /// The base naming a variable's address, and the pointer value of
  /// `sym+offset` (certainly an address, the same in every thread).
  [[nodiscard]] Base sym_base(std::uint32_t id, ir::SymScope scope) const noexcept;
  [[nodiscard]] AbsValue sym_value(std::uint32_t id, ir::SymScope scope, std::int64_t offset) const noexcept;
  /// True for variables whose contents the analysis tracks per thread:
  /// local variables and the param variables of inlined device functions.
  [[nodiscard]] bool is_cell_var(std::uint32_t id, ir::SymScope scope) const noexcept;
};

}  // namespace lockstep::checker::addr
