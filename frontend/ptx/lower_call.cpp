// `call`: recognised callees become IR instructions (transactional-memory
// markers, vprintf, __assertfail); every other call to a device function with
// a body is inlined; calls to external functions and through registers stay
// calls (lower_opaque_call.cpp).
//
// Inlining a call runs a fresh BodyLowerer over the callee's body. Its
// formal `.param` parameters become other names of the caller's argument
// variables (the `param0` of nvcc's call sequence) and its return parameters
// of the caller's `retval0`; arguments that are registers or immediates get
// a fresh `.param` variable written before the body (and read back after it
// for return values). Old-style `.reg` parameters get fresh registers and
// `mov`s. The callee's `ret` becomes a branch to the end of its copy. Each
// copy is an ir::InlineFrame of the kernel (the callee, the call's
// positions, the caller's frame) that its instructions record.
#include <fmt/format.h>

#include "frontend/ptx/callee_name.hpp"
#include "frontend/ptx/lower_kernel.hpp"

namespace lockstep::ptx::lowering {
namespace {

using Kind = ast::Operand::Kind;

bool is_immediate(Kind k) noexcept {
  return k == Kind::Int || k == Kind::Float32 || k == Kind::Float64 || k == Kind::Decimal;
}

ir::Operand param_address(std::uint32_t var) {
  ir::Operand o;
  o.kind = ir::OperandKind::Address;
  o.b = static_cast<std::uint32_t>(ir::AddrBase::Symbol);
  o.scope = ir::SymScope::Kernel;
  o.a = var;
  return o;
}

ir::Operand immediate(const ast::Operand& a) {
  ir::Operand o;
  o.value = static_cast<std::int64_t>(a.value);
  o.kind = a.kind == Kind::Int       ? ir::OperandKind::ImmInt
           : a.kind == Kind::Float32 ? ir::OperandKind::ImmF32
                                     : ir::OperandKind::ImmF64;
  return o;
}

/// An instruction made by inlining (a parameter move), placed at the call.
ir::Instr synthetic(ir::Opcode op, ir::Type type, const ir::Instr& at) {
  ir::Instr in;
  in.op = op;
  in.type = type;
  in.space = op == ir::Opcode::Mov ? ir::Space::None : ir::Space::Param;
  in.loc = at.loc;
  in.cuda = at.cuda;
  return in;
}

}  // namespace

bool recognised_callee(const ast::Function& fn) noexcept {
  const std::string_view name = callee_base_name(fn.name);
  return name == "__tbegin" || name == "__tcommit" || name == "__tabort" || fn.name == "vprintf" ||
         fn.name == "__assertfail";
}

void BodyLowerer::emit(ir::Instr in, const ir::Operand& a, const ir::Operand& b) {
  in.op_begin = static_cast<std::uint32_t>(k_.operands.size());
  in.op_count = 2;
  k_.operands.push_back(a);
  k_.operands.push_back(b);
  push(in);
}

void BodyLowerer::call(const ast::Instruction& in, const decode::Decoded& d) {
  if (in.operands.empty() || in.operands[0].kind != Kind::Name) {
    fail(in.opcode_offset, "'call' needs the name of the called function");
  }
  const ast::Operand& callee = in.operands[0];
  ir::Instr base = d.instr;
  base.loc = locate(in.offset);
  base.cuda = cuda_;
  const auto it = ks_.mod.functions.find(callee.text);
  if (it == ks_.mod.functions.end()) {
    const Resolved r = resolve(callee.text);
    if (r.kind == Resolved::Kind::Reg) {
      if (in.has_guard) guard(in.guard, base);
      indirect_call(in, r.id, base);
      return;
    }
    if (r.kind != Resolved::Kind::None) {
      fail(callee.offset, fmt::format("'{}' is a variable: a call needs a function or a register holding its address",
                                      callee.text));
    }
    fail(callee.offset, fmt::format("call to undefined function '{}'", callee.text));
  }
  const ast::Function& fn = *it->second;
  if (fn.is_entry) fail(callee.offset, fmt::format("cannot call kernel '{}'", callee.text));
  if (in.has_guard) guard(in.guard, base);

  if (recognised_callee(fn)) {
    recognised_call(in, fn, base);
    return;
  }
  if (!fn.has_body) {
    external_call(in, fn, base);
    return;
  }
  inline_call(in, fn, base);
}

ir::Operand BodyLowerer::param_symbol(const ast::Operand& a, std::string_view callee) {
  const Resolved r = a.kind == Kind::Name ? resolve(a.text) : Resolved{};
  if (r.kind != Resolved::Kind::Var) {
    fail(a.offset, fmt::format("the arguments of '{}' must be .param variables", callee));
  }
  ir::Operand o;
  o.kind = ir::OperandKind::Symbol;
  o.scope = ir::SymScope::Kernel;
  o.a = r.id;
  return o;
}

void BodyLowerer::recognised_call(const ast::Instruction& in, const ast::Function& fn, ir::Instr base) {
  const std::string_view name = callee_base_name(fn.name);
  const ast::Offset at = in.operands[0].offset;
  base.op_begin = static_cast<std::uint32_t>(k_.operands.size());
  if (name == "__tbegin" || name == "__tcommit" || name == "__tabort") {
    base.op = name == "__tbegin" ? ir::Opcode::TmBegin
              : name == "__tcommit" ? ir::Opcode::TmCommit
                                    : ir::Opcode::TmAbort;
    base.op_count = 0;
    push(base);
    return;
  }
  if (fn.name == "vprintf") {
    if (in.call_args.size() != 2) {
      fail(at, fmt::format("'vprintf' expects 2 arguments, found {}", in.call_args.size()));
    }
    if (in.call_rets.size() > 1) {
      fail(at, fmt::format("'vprintf' returns 1 value, not {}", in.call_rets.size()));
    }
    base.op = ir::Opcode::Print;
    base.op_count = 3;
    k_.operands.resize(base.op_begin + 3);
    const ir::Operand ret = in.call_rets.empty() ? ir::Operand{} : param_symbol(in.call_rets[0], fn.name);
    const ir::Operand fmt_arg = param_symbol(in.call_args[0], fn.name);
    const ir::Operand args = param_symbol(in.call_args[1], fn.name);
    k_.operands[base.op_begin] = ret;
    k_.operands[base.op_begin + 1] = fmt_arg;
    k_.operands[base.op_begin + 2] = args;
    push(base);
    return;
  }
  // __assertfail(message, file, line, function, char size)
  if (!in.call_rets.empty()) fail(at, "'__assertfail' returns no value");
  if (in.call_args.size() > 8) fail(at, fmt::format("'__assertfail' takes 5 arguments, found {}", in.call_args.size()));
  if (in.call_args.size() != fn.params.size() && !fn.params.empty()) {
    fail(at, fmt::format("'__assertfail' expects {} arguments, found {}", fn.params.size(), in.call_args.size()));
  }
  base.op = ir::Opcode::AssertFail;
  base.op_count = static_cast<std::uint16_t>(in.call_args.size());
  k_.operands.resize(base.op_begin + in.call_args.size());
  for (std::size_t i = 0; i < in.call_args.size(); ++i) {
    const ir::Operand o = param_symbol(in.call_args[i], fn.name);
    k_.operands[base.op_begin + i] = o;
  }
  push(base);
}

void BodyLowerer::check_call_arity(const ast::Instruction& in, const ast::Function& fn) {
  const ast::Offset at = in.operands[0].offset;
  if (in.call_args.size() != fn.params.size()) {
    fail(at, fmt::format("'{}' expects {} argument{}, found {}", fn.name, fn.params.size(),
                         fn.params.size() == 1 ? "" : "s", in.call_args.size()));
  }
  if (!in.call_rets.empty() && in.call_rets.size() != fn.rets.size()) {
    fail(at, fmt::format("'{}' returns {} value{}, but the call takes {}", fn.name, fn.rets.size(),
                         fn.rets.size() == 1 ? "" : "s", in.call_rets.size()));
  }
}

void BodyLowerer::inline_call(const ast::Instruction& in, const ast::Function& fn, ir::Instr base) {
  const ast::Offset at = in.operands[0].offset;
  for (std::size_t i = 0; i < ks_.call_stack.size(); ++i) {
    if (ks_.call_stack[i] != fn.name) continue;
    std::string chain;
    for (std::size_t j = i; j < ks_.call_stack.size(); ++j) chain += fmt::format("{} -> ", ks_.call_stack[j]);
    chain += fn.name;
    fail(at, fmt::format("recursive call: {}", chain));
  }
  if (ks_.call_stack.size() >= kMaxCallDepth) {
    fail(at, fmt::format("calls nested more than {} deep", kMaxCallDepth));
  }
  check_call_arity(in, fn);
  ks_.mod.inlined[&fn] = true;

  // A guarded call skips the whole copy when the guard is false.
  std::optional<std::uint32_t> skip;
  if (base.guarded()) {
    skip = anonymous_slot();
    ir::Instr bra = base;
    bra.op = ir::Opcode::Bra;
    bra.guard_negated = !base.guard_negated;
    bra.op_begin = static_cast<std::uint32_t>(k_.operands.size());
    bra.op_count = 1;
    k_.operands.emplace_back();
    put_label(bra.op_begin, *skip);
    push(bra);
    base.guard = ir::kNoReg;
    base.guard_negated = false;
  }

  const auto frame = static_cast<std::uint32_t>(k_.frames.size());
  const std::uint32_t depth = loc_frame_ == ir::kNoFrame ? 1 : k_.frames[loc_frame_].depth + 1;
  k_.frames.push_back(ir::InlineFrame{std::string(fn.name), base.loc, base.cuda, loc_frame_, depth});
  BodyLowerer callee(ks_, fn, ks_.next_instance++, cuda_, frame);
  std::vector<Pending> after;
  for (std::size_t i = 0; i < fn.params.size(); ++i) {
    bind_argument(callee, fn.params[i], &in.call_args[i], false, base, after);
  }
  for (std::size_t i = 0; i < fn.rets.size(); ++i) {
    bind_argument(callee, fn.rets[i], i < in.call_rets.size() ? &in.call_rets[i] : nullptr, true, base, after);
  }
  ks_.call_stack.push_back(fn.name);
  callee.run();
  ks_.call_stack.pop_back();
  for (const Pending& p : after) emit(p.instr, p.a, p.b);
  if (skip) define_slot(*skip, "$L__skip");
}

void BodyLowerer::bind_argument(BodyLowerer& callee, const ast::VarDecl& formal, const ast::Operand* actual,
                                bool is_return, const ir::Instr& at, std::vector<Pending>& after) {
  const auto type = ir::parse_type(formal.type);
  if (!type) fail(formal.offset, fmt::format("unknown type '.{}'", formal.type));
  const bool reg_style = formal.space == "reg";
  if (!reg_style && formal.space != "param") {
    fail(formal.offset, "function parameters must be in the .param or .reg state space");
  }
  const ast::Offset where = actual != nullptr ? actual->offset : formal.offset;
  Resolved r;
  if (actual != nullptr) {
    if (actual->kind == Kind::Name) {
      r = resolve(actual->text);
      if (r.kind == Resolved::Kind::None) {
        fail(where, fmt::format("undeclared identifier '{}'", actual->text));
      }
      if (r.kind == Resolved::Kind::Global) {
        fail(where, fmt::format("argument '{}' must be a .param variable, a register or an immediate", actual->text));
      }
      if (r.kind == Resolved::Kind::Reg && is_pred(r.id) != (*type == ir::Type::Pred)) {
        fail(where, fmt::format("argument '{}' does not match the parameter type '.{}'", actual->text, formal.type));
      }
    } else if (!is_immediate(actual->kind) || is_return) {
      fail(where, "call arguments must be .param variables, registers or immediates");
    }
  }
  const bool is_var = r.kind == Resolved::Kind::Var;
  if (!reg_style) {
    if (is_var) {
      callee.alias_var(formal.name, r.id, formal.name_offset);
      return;
    }
    if (actual != nullptr && (!formal.dims.empty() || formal.vec != 1)) {
      fail(where, fmt::format("argument for '{}' must be a .param variable", formal.name));
    }
    const std::uint32_t var = callee.add_var(formal, false);
    if (actual == nullptr) return;
    const ir::Operand value = r.kind == Resolved::Kind::Reg ? ir::Operand::reg(r.id) : immediate(*actual);
    if (is_return) {
      after.push_back(Pending{synthetic(ir::Opcode::Ld, *type, at), value, param_address(var)});
    } else {
      emit(synthetic(ir::Opcode::St, *type, at), param_address(var), value);
    }
    return;
  }
  const std::uint32_t reg = callee.add_reg(formal.name, *type, formal.name_offset);
  if (actual == nullptr) return;
  const ir::Operand formal_reg = ir::Operand::reg(reg);
  if (is_var) {
    if (is_return) {
      after.push_back(Pending{synthetic(ir::Opcode::St, *type, at), param_address(r.id), formal_reg});
    } else {
      emit(synthetic(ir::Opcode::Ld, *type, at), formal_reg, param_address(r.id));
    }
    return;
  }
  const ir::Operand value = r.kind == Resolved::Kind::Reg ? ir::Operand::reg(r.id) : immediate(*actual);
  if (is_return) {
    after.push_back(Pending{synthetic(ir::Opcode::Mov, *type, at), value, formal_reg});
  } else {
    emit(synthetic(ir::Opcode::Mov, *type, at), formal_reg, value);
  }
}

}  // namespace lockstep::ptx::lowering
