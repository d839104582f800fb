// KernelPair: register names, copy equality and control successors
// (kernel_pair.hpp).
#include "checker/equiv/kernel_pair.hpp"

#include <fmt/format.h>

#include <unordered_map>

namespace lockstep::checker::equiv {
namespace {

constexpr std::uint32_t kAdded = 0xffffffffU;

bool leaves(ir::Opcode op) noexcept { return op == ir::Opcode::Ret || op == ir::Opcode::Exit || op == ir::Opcode::Trap; }

std::uint32_t fall_target(const ir::Kernel& k, std::uint32_t pc) noexcept {
  return pc + 1 < k.code.size() ? pc + 1 : kEdgeExit;
}

const std::string& symbol_name(const ir::Module& m, const ir::Kernel& k, const ir::Operand& o) {
  return o.scope == ir::SymScope::Module ? m.globals[o.a].name : k.vars[o.a].name;
}

}  // namespace

std::vector<CtrlEdge> successors(const ir::Kernel& kernel, std::uint32_t pc) {
  std::vector<CtrlEdge> out;
  const ir::Instr& instr = kernel.code[pc];
  if (instr.is_branch()) {
    for (unsigned i = 0; i < instr.op_count; ++i) {
      const ir::Operand& o = kernel.op(pc, i);
      if (o.kind == ir::OperandKind::Label) {
        out.push_back({false, o.label_pc() < kernel.code.size() ? o.label_pc() : kEdgeExit});
      } else if (o.kind == ir::OperandKind::Vector) {
        for (std::uint32_t j = 0; j < o.b; ++j) {
          const ir::Operand& e = kernel.operands[o.a + j];
          if (e.kind == ir::OperandKind::Label) {
            out.push_back({false, e.label_pc() < kernel.code.size() ? e.label_pc() : kEdgeExit});
          }
        }
      }
    }
  } else if (leaves(instr.op)) {
    out.push_back({false, kEdgeExit});
  }
  if (!instr.ends_flow()) out.push_back({true, fall_target(kernel, pc)});
  return out;
}

KernelPair::KernelPair(const ir::Module& in_module, const ir::Kernel& in, const ir::Module& out_module,
                       const ir::Kernel& out, std::span<const std::uint32_t> origin)
    : in_module_(&in_module), in_(&in), out_module_(&out_module), out_(&out), origin_(origin) {
  std::unordered_map<std::string, std::uint32_t> by_name;
  for (std::uint32_t r = 0; r < in.regs.size(); ++r) by_name.emplace(in.regs[r].name, r);
  in_reg_.assign(out.regs.size(), ir::kNoReg);
  for (std::uint32_t r = 0; r < out.regs.size(); ++r) {
    const auto it = by_name.find(out.regs[r].name);
    if (it != by_name.end() && in.regs[it->second].type == out.regs[r].type) in_reg_[r] = it->second;
  }
}

bool KernelPair::added(std::uint32_t out_pc) const noexcept {
  return out_pc >= origin_.size() || origin_[out_pc] == kAdded;
}

std::string KernelPair::operand_mismatch(const ir::Operand& o, const ir::Operand& i, bool branch) const {
  if (o.kind != i.kind) return "operand kinds differ";
  switch (o.kind) {
    case ir::OperandKind::Reg:
      if (o.negated != i.negated || in_reg_[o.a] != i.a) {
        return fmt::format("register {} instead of {}", out_->regs[o.a].name, in_->regs[i.a].name);
      }
      return {};
    case ir::OperandKind::RegPair:
      if (in_reg_[o.a] != i.a || in_reg_[o.b] != i.b) return "register pair differs";
      return {};
    case ir::OperandKind::Symbol:
      if (o.scope != i.scope || o.value != i.value ||
          symbol_name(*out_module_, *out_, o) != symbol_name(*in_module_, *in_, i)) {
        return "symbol differs";
      }
      return {};
    case ir::OperandKind::Address:
      if (o.b != i.b || o.value != i.value) return "address differs";
      if (o.addr_base() == ir::AddrBase::Reg && in_reg_[o.a] != i.a) {
        return fmt::format("address register {} instead of {}", out_->regs[o.a].name, in_->regs[i.a].name);
      }
      if (o.addr_base() == ir::AddrBase::Symbol &&
          (o.scope != i.scope || symbol_name(*out_module_, *out_, o) != symbol_name(*in_module_, *in_, i))) {
        return "address symbol differs";
      }
      return {};
    case ir::OperandKind::Label:
      if (branch) return {};  // targets are the projection check's business
      if (o.label_pc() >= origin_.size() ? i.label_pc() < in_->code.size()
                                         : origin_[o.label_pc()] != i.label_pc()) {
        return "label operand names another instruction";
      }
      return {};
    case ir::OperandKind::Vector:
      if (o.b != i.b) return "vector lengths differ";
      for (std::uint32_t j = 0; j < o.b; ++j) {
        auto m = operand_mismatch(out_->operands[o.a + j], in_->operands[i.a + j], branch);
        if (!m.empty()) return m;
      }
      return {};
    default:
      if (o.a != i.a || o.b != i.b || o.value != i.value || o.negated != i.negated) return "operand differs";
      return {};
  }
}

std::string KernelPair::copy_mismatch(std::uint32_t out_pc, std::uint32_t in_pc) const {
  if (in_pc >= in_->code.size()) return fmt::format("origin {} is not an input pc", in_pc);
  ir::Instr o = out_->code[out_pc];
  ir::Instr i = in_->code[in_pc];
  if (o.guarded() != i.guarded() || o.guard_negated != i.guard_negated ||
      (o.guarded() && in_reg_[o.guard] != i.guard)) {
    return "guards differ";
  }
  o.guard = i.guard;
  if (leaves(i.op) && i.op != ir::Opcode::Trap && o.op == ir::Opcode::Bra) {
    // A ret/exit sent to the single exit block: a plain branch, same guard.
    if (o.op_count != 1 || out_->op(out_pc, 0).kind != ir::OperandKind::Label) return "ret/exit became a complex branch";
    return {};
  }
  if (!ir::same_meaning(o, i)) {
    return fmt::format("{} instead of {}", ir::opcode_name(o.op), ir::opcode_name(i.op));
  }
  for (unsigned k = 0; k < o.op_count; ++k) {
    auto m = operand_mismatch(out_->op(out_pc, k), in_->op(in_pc, k), o.is_branch());
    if (!m.empty()) return fmt::format("operand {}: {}", k, m);
  }
  return {};
}

std::string KernelPair::where_out(std::uint32_t pc) const {
  if (pc == kEdgeExit || pc >= out_->code.size()) return "the exit";
  return fmt::format("output pc {} (line {})", pc, out_->code[pc].loc.line);
}

std::string KernelPair::where_in(std::uint32_t pc) const {
  if (pc == kEdgeExit || pc >= in_->code.size()) return "the exit";
  return fmt::format("input pc {} (line {})", pc, in_->code[pc].loc.line);
}

}  // namespace lockstep::checker::equiv
