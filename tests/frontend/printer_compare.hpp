// Comparing two IR modules for the printer's round-trip tests: the first
// difference in code, operands, registers, variables, functions, labels,
// blocks or CUDA positions, as text ("" when they agree).
#pragma once

#include <fmt/format.h>

#include <string>

#include "frontend/ir/module.hpp"

namespace lockstep::test {

/// Operand equality that follows Vector operands to their elements (the
/// index where the elements are stored may differ).
inline bool same_operand(const ir::Kernel& ka, const ir::Operand& a, const ir::Kernel& kb,
                  const ir::Operand& b) {
  if (a.kind != ir::OperandKind::Vector || b.kind != ir::OperandKind::Vector) return a == b;
  if (a.b != b.b || a.negated != b.negated) return false;
  for (std::uint32_t i = 0; i < a.b; ++i) {
    if (!same_operand(ka, ka.elems(a)[i], kb, kb.elems(b)[i])) return false;
  }
  return true;
}

/// The first difference between two kernels, or "".
inline std::string kernel_difference(const ir::Kernel& a, const ir::Kernel& b) {
  if (a.name != b.name) return "name " + a.name + " vs " + b.name;
  if (a.linkage != b.linkage) return "linkage";
  if (a.directives != b.directives) return "directives";
  if (a.regs.size() != b.regs.size()) {
    return fmt::format("{} registers vs {}", a.regs.size(), b.regs.size());
  }
  for (std::size_t i = 0; i < a.regs.size(); ++i) {
    if (a.regs[i] != b.regs[i]) {
      return fmt::format("register {}: {} .{} vs {} .{}", i, a.regs[i].name,
                         ir::type_name(a.regs[i].type), b.regs[i].name,
                         ir::type_name(b.regs[i].type));
    }
  }
  if (a.vars.size() != b.vars.size()) {
    return fmt::format("{} variables vs {}", a.vars.size(), b.vars.size());
  }
  for (std::size_t i = 0; i < a.vars.size(); ++i) {
    if (!ir::same_meaning(a.vars[i], b.vars[i])) {
      return fmt::format("variable {}: {} vs {}", i, a.vars[i].name, b.vars[i].name);
    }
  }
  if (a.params != b.params) return "params";
  if (a.labels.size() != b.labels.size()) {
    return fmt::format("{} labels vs {}", a.labels.size(), b.labels.size());
  }
  for (std::size_t i = 0; i < a.labels.size(); ++i) {
    if (a.labels[i] != b.labels[i]) {
      return fmt::format("label {}: {}@{} vs {}@{}", i, a.labels[i].name, a.labels[i].pc,
                         b.labels[i].name, b.labels[i].pc);
    }
  }
  if (a.code.size() != b.code.size()) {
    return fmt::format("{} instructions vs {}", a.code.size(), b.code.size());
  }
  for (std::uint32_t pc = 0; pc < a.code.size(); ++pc) {
    if (!ir::same_meaning(a.code[pc], b.code[pc])) return fmt::format("instruction {}", pc);
    if (a.code[pc].cuda != b.code[pc].cuda) return fmt::format("CUDA position at {}", pc);
    for (unsigned i = 0; i < a.code[pc].op_count; ++i) {
      if (!same_operand(a, a.op(pc, i), b, b.op(pc, i))) {
        return fmt::format("operand {} of instruction {}", i, pc);
      }
    }
  }
  if (a.blocks != b.blocks) return "blocks";
  return "";
}

/// The first difference between two modules, or "".
inline std::string module_difference(const ir::Module& a, const ir::Module& b) {
  if (a.version_major != b.version_major || a.version_minor != b.version_minor) return "version";
  if (a.targets != b.targets) return "targets";
  if (a.address_size != b.address_size) return "address size";
  if (a.has_address_size != b.has_address_size) return ".address_size presence";
  if (a.files != b.files) return "files";
  if (a.globals.size() != b.globals.size()) {
    return fmt::format("{} globals vs {}", a.globals.size(), b.globals.size());
  }
  for (std::size_t i = 0; i < a.globals.size(); ++i) {
    if (!ir::same_meaning(a.globals[i], b.globals[i])) {
      return fmt::format("global {}: {} vs {}", i, a.globals[i].name, b.globals[i].name);
    }
  }
  if (a.functions.size() != b.functions.size()) {
    return fmt::format("{} functions vs {}", a.functions.size(), b.functions.size());
  }
  for (std::size_t i = 0; i < a.functions.size(); ++i) {
    if (!ir::same_meaning(a.functions[i], b.functions[i])) {
      return fmt::format("function {}: {} vs {}", i, a.functions[i].name, b.functions[i].name);
    }
  }
  if (a.kernels.size() != b.kernels.size()) {
    return fmt::format("{} kernels vs {}", a.kernels.size(), b.kernels.size());
  }
  for (std::size_t i = 0; i < a.kernels.size(); ++i) {
    if (auto d = kernel_difference(a.kernels[i], b.kernels[i]); !d.empty()) {
      return "kernel " + a.kernels[i].name + ": " + d;
    }
  }
  return "";
}

}  // namespace lockstep::test
