#include "semantics/launch/executable.hpp"

#include <string>

#include <fmt/format.h>

#include "frontend/diagnostics.hpp"

namespace lockstep::sem {
namespace {

constexpr std::string_view kStatic = "(the static commands accept it)";

std::string function_name(const ir::Module& m, const ir::Operand& o) {
  return o.a < m.functions.size() ? m.functions[o.a].name : std::string("?");
}

/// Why the instruction at pc cannot be executed, or "".
std::string refusal(const ir::Module& m, const ir::Kernel& k, std::uint32_t pc) {
  const ir::Instr& in = k.code[pc];
  if (in.op == ir::Opcode::Call && in.op_count >= 2) {
    const ir::Operand& callee = k.op(pc, 1);
    if (callee.kind == ir::OperandKind::Function) {
      return fmt::format("call to external function '{}' has no body: it cannot be executed {}",
                         function_name(m, callee), kStatic);
    }
    const std::string reg = callee.kind == ir::OperandKind::Reg && callee.a < k.regs.size() ? k.regs[callee.a].name
                                                                                            : std::string("?");
    return fmt::format("indirect call through '{}': its target is unknown, so it cannot be executed {}", reg,
                       kStatic);
  }
  for (unsigned i = 0; i < in.op_count; ++i) {
    const ir::Operand& o = k.op(pc, i);
    if (o.kind == ir::OperandKind::Function) {
      return fmt::format("the address of function '{}' is taken: lockstep gives functions no addresses, so this "
                         "cannot be executed {}",
                         function_name(m, o), kStatic);
    }
  }
  return {};
}

}  // namespace

void require_executable(const ir::Module& module, const ir::Kernel& kernel) {
  for (std::uint32_t pc = 0; pc < kernel.code.size(); ++pc) {
    std::string why = refusal(module, kernel, pc);
    if (!why.empty()) throw InputError(Diagnostic{Severity::Error, module.path, kernel.code[pc].loc, std::move(why)});
  }
}

}  // namespace lockstep::sem
