// Operands and whole instruction lines.
//
// Immediates print so that re-parsing gives the same bits: integers in
// decimal, f32 as 0fXXXXXXXX, f64 as 0dXXXXXXXXXXXXXXXX. Addresses print as
// `[base]`, `[base+off]` or `[base+-off]` (the form nvcc emits), absolute
// ones as `[0x100]`. The IR-only opcodes print as the call sequences the
// lowering recognises:
//   call.uni __tbegin, ();
//   call.uni (retval0), vprintf, (param0, param1);
//   call.uni __assertfail, (param0, param1, param2, param3, param4);
// and a Call (not inlined) as written:
//   call.uni (retval0), _Z5scalei, (param0);
//   call (retval0), %rd5, (param0), $L__proto12;
#include <cstdint>
#include <limits>

#include "frontend/ptx/printer_parts.hpp"

namespace lockstep::ptx::printer {
namespace {

using ir::Opcode;
using ir::OperandKind;

auto sink(Out& out) { return std::back_inserter(out); }

std::string_view symbol_name(const Names& names, ir::SymScope scope, std::uint32_t index) {
  if (scope == ir::SymScope::Module) {
    return index < names.module.globals.size() ? std::string_view{names.module.globals[index].name}
                                               : std::string_view{"<bad-global>"};
  }
  return index < names.local.vars.size() ? names.local.vars[index] : std::string_view{"<bad-var>"};
}

std::string_view reg_name(const Names& names, std::uint32_t id) {
  return id < names.local.regs.size() ? names.local.regs[id] : std::string_view{"<bad-reg>"};
}

void signed_offset(Out& out, std::int64_t v) {
  if (v == 0) return;
  fmt::format_to(sink(out), "+{}", v);
}

void integer(Out& out, std::int64_t v) {
  if (v == std::numeric_limits<std::int64_t>::min()) {
    put(out, "0x8000000000000000");
  } else {
    fmt::format_to(sink(out), "{}", v);
  }
}

void address(Out& out, const Names& names, const ir::Operand& op) {
  out.push_back('[');
  switch (op.addr_base()) {
    case ir::AddrBase::Absolute:
      fmt::format_to(sink(out), "{:#x}", static_cast<std::uint64_t>(op.value));
      break;
    case ir::AddrBase::Reg:
      put(out, reg_name(names, op.a));
      signed_offset(out, op.value);
      break;
    case ir::AddrBase::Symbol:
      put(out, symbol_name(names, op.scope, op.a));
      signed_offset(out, op.value);
      break;
  }
  out.push_back(']');
}

/// Operands first..first+count-1 separated by ", ".
void operand_list(Out& out, const Names& names, const ir::Operand* ops, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) {
    if (i != 0) put(out, ", ");
    print_operand(out, names, ops[i]);
  }
}

std::string_view callee(Opcode op) noexcept {
  switch (op) {
    case Opcode::TmBegin: return "__tbegin";
    case Opcode::TmCommit: return "__tcommit";
    case Opcode::TmAbort: return "__tabort";
    case Opcode::Print: return "vprintf";
    default: return "__assertfail";
  }
}

/// `(rets), callee, (args)` of the IR-only opcodes.
void call_operands(Out& out, const Names& names, const ir::Instr& in, const ir::Operand* ops) {
  std::size_t first_arg = 0;
  if (in.op == Opcode::Print && in.op_count == 3) {
    first_arg = 1;
    if (ops[0].kind != OperandKind::Sink) {
      put(out, "(");
      print_operand(out, names, ops[0]);
      put(out, "), ");
    }
  }
  put(out, callee(in.op));
  put(out, ", (");
  operand_list(out, names, ops + first_arg, in.op_count - first_arg);
  put(out, ")");
}

/// `(rets), callee, (args)` of a Call; an indirect call ends in the name of
/// the `.callprototype` print_kernel declares just before it.
void opaque_call_operands(Out& out, const Names& names, std::uint32_t pc) {
  const ir::Instr& in = names.kernel.code[pc];
  if (in.op_count != 3) return;
  const ir::Operand* ops = names.kernel.ops(pc);
  if (ops[0].kind == OperandKind::Vector && ops[0].b != 0) {
    out.push_back('(');
    operand_list(out, names, names.kernel.elems(ops[0]), ops[0].b);
    put(out, "), ");
  }
  print_operand(out, names, ops[1]);
  put(out, ", (");
  if (ops[2].kind == OperandKind::Vector) operand_list(out, names, names.kernel.elems(ops[2]), ops[2].b);
  out.push_back(')');
  if (const std::string_view proto = names.local.table(pc); !proto.empty()) {
    put(out, ", ");
    put(out, proto);
  }
}

}  // namespace

void print_operand(Out& out, const Names& names, const ir::Operand& op) {
  switch (op.kind) {
    case OperandKind::Reg:
      if (op.negated) out.push_back('!');
      put(out, reg_name(names, op.a));
      return;
    case OperandKind::RegPair:
      put(out, reg_name(names, op.a));
      out.push_back('|');
      put(out, reg_name(names, op.b));
      return;
    case OperandKind::Sink:
      out.push_back('_');
      return;
    case OperandKind::ImmInt:
      integer(out, op.value);
      return;
    case OperandKind::ImmF32:
      fmt::format_to(sink(out), "0f{:08X}", static_cast<std::uint32_t>(op.value));
      return;
    case OperandKind::ImmF64:
      fmt::format_to(sink(out), "0d{:016X}", static_cast<std::uint64_t>(op.value));
      return;
    case OperandKind::Special: {
      const auto reg = static_cast<ir::SpecialReg>(op.a);
      put(out, ir::special_reg_name(reg));
      if (reg == ir::SpecialReg::Envreg) {
        fmt::format_to(sink(out), "{}", op.b);
      } else if (op.b >= 1 && op.b <= 3) {
        out.push_back('.');
        out.push_back("xyz"[op.b - 1]);
      }
      return;
    }
    case OperandKind::Symbol:
      put(out, symbol_name(names, op.scope, op.a));
      signed_offset(out, op.value);
      return;
    case OperandKind::Address:
      address(out, names, op);
      return;
    case OperandKind::Label: {
      const std::string_view target = names.local.target(op.label_pc());
      if (target.empty()) {
        fmt::format_to(sink(out), "<bad-label-{}>", op.label_pc());
      } else {
        put(out, target);
      }
      return;
    }
    case OperandKind::Vector:
      out.push_back('{');
      operand_list(out, names, names.kernel.elems(op), op.b);
      out.push_back('}');
      return;
    case OperandKind::Function:
      put(out, op.a < names.module.functions.size() ? std::string_view{names.module.functions[op.a].name}
                                                    : std::string_view{"<bad-function>"});
      return;
  }
}

void print_instr(Out& out, const Names& names, std::uint32_t pc) {
  const ir::Instr& in = names.kernel.code[pc];
  const ir::Operand* ops = names.kernel.ops(pc);
  if (in.guarded()) {
    out.push_back('@');
    if (in.guard_negated) out.push_back('!');
    put(out, reg_name(names, in.guard));
    out.push_back(' ');
  }
  print_opcode(out, in);
  switch (in.op) {
    case Opcode::TmBegin:
    case Opcode::TmCommit:
    case Opcode::TmAbort:
    case Opcode::Print:
    case Opcode::AssertFail:
      out.push_back('\t');
      call_operands(out, names, in, ops);
      break;
    case Opcode::Call:
      out.push_back('\t');
      opaque_call_operands(out, names, pc);
      break;
    case Opcode::BrxIdx:
      // The target list is declared by print_kernel as a `.branchtargets`
      // table named after the PC, just before this line.
      out.push_back('\t');
      if (in.op_count > 0) print_operand(out, names, ops[0]);
      if (const std::string_view table = names.local.table(pc); !table.empty()) {
        put(out, ", ");
        put(out, table);
      }
      break;
    default:
      if (in.op_count > 0) {
        out.push_back('\t');
        operand_list(out, names, ops, in.op_count);
      }
      break;
  }
  out.push_back(';');
}

}  // namespace lockstep::ptx::printer
