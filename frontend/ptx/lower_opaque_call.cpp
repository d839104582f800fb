// Calls that are not inlined: to an external function without a body
// (`.extern .func f(...);` then `call (retval0), f, (param0);`) and through a
// register (`call (retval0), %rd5, (param0), prototype_0;`). Both become one
// ir::Opcode::Call, which the static analyses treat as opaque and the
// semantics refuse to execute. The callee is recorded in Module::functions
// (ir/function.hpp); an indirect call keeps only its register (the printer
// derives the `.callprototype` from the argument variables).
//
// Arguments and return values follow nvcc's call sequence: `.param`
// variables of the caller (which stay `.param`: the call reads and writes
// them), or registers; arguments may also be immediates.
#include <fmt/format.h>

#include "frontend/ptx/lower_kernel.hpp"

namespace lockstep::ptx::lowering {
namespace {

using Kind = ast::Operand::Kind;

bool is_immediate(Kind k) noexcept {
  return k == Kind::Int || k == Kind::Float32 || k == Kind::Float64 || k == Kind::Decimal;
}

ir::Linkage function_linkage(std::string_view s) noexcept {
  if (s == "visible") return ir::Linkage::Visible;
  if (s == "extern") return ir::Linkage::Extern;
  if (s == "weak") return ir::Linkage::Weak;
  return ir::Linkage::None;
}

}  // namespace

std::uint32_t function_id(ModuleContext& mod, const ast::Function& fn) {
  const auto [it, fresh] = mod.function_ids.try_emplace(&fn, static_cast<std::uint32_t>(mod.module.functions.size()));
  if (!fresh) return it->second;
  ir::Function f;
  f.name = std::string(fn.name);
  f.linkage = function_linkage(fn.linkage);
  f.defined = fn.has_body;
  f.loc = mod.source.locate(fn.name_offset);
  for (const auto* list : {&fn.rets, &fn.params}) {
    for (const ast::VarDecl& p : *list) {
      if (p.space != "param") {
        throw mod.source.error_at(p.offset, fmt::format("'{}' takes .{} parameters: a function that is not inlined "
                                                        "must take .param parameters",
                                                        fn.name, p.space));
      }
      ir::Variable v = make_variable(p, mod.source, mod.source.locate(p.offset));
      (list == &fn.rets ? f.rets : f.params).push_back(std::move(v));
    }
  }
  mod.module.functions.push_back(std::move(f));
  return it->second;
}

ir::Operand BodyLowerer::call_value(const ast::Operand& a, bool is_return, std::string_view callee) {
  if (a.kind == Kind::Name) {
    const Resolved r = resolve(a.text);
    switch (r.kind) {
      case Resolved::Kind::Var: {
        // A call sequence's .param variable (not a kernel parameter).
        if (k_.vars[r.id].space != ir::Space::Param || k_.vars[r.id].is_param) break;
        ir::Operand o;
        o.kind = ir::OperandKind::Symbol;
        o.scope = ir::SymScope::Kernel;
        o.a = r.id;
        return o;
      }
      case Resolved::Kind::Reg:
        if (is_pred(r.id)) {
          fail(a.offset, fmt::format("predicate register '{}' cannot be passed to '{}'", a.text, callee));
        }
        return ir::Operand::reg(r.id);
      case Resolved::Kind::Global: break;
      case Resolved::Kind::None: fail(a.offset, fmt::format("undeclared identifier '{}'", a.text));
    }
  } else if (!is_return && is_immediate(a.kind) && a.kind != Kind::Decimal) {
    ir::Operand o;
    o.value = static_cast<std::int64_t>(a.value);
    o.kind = a.kind == Kind::Int ? ir::OperandKind::ImmInt
             : a.kind == Kind::Float32 ? ir::OperandKind::ImmF32
                                       : ir::OperandKind::ImmF64;
    return o;
  }
  fail(a.offset, fmt::format("the {} of '{}' must be .param variables or registers{}",
                             is_return ? "return values" : "arguments", callee, is_return ? "" : " (or immediates)"));
}

void BodyLowerer::opaque_call(const ast::Instruction& in, const ir::Operand& callee, std::string_view name,
                              ir::Instr base) {
  base.op = ir::Opcode::Call;
  base.type = ir::Type::None;
  base.space = ir::Space::None;
  base.op_begin = static_cast<std::uint32_t>(k_.operands.size());
  base.op_count = 3;
  k_.operands.resize(base.op_begin + 3);
  auto list = [&](const std::vector<ast::Operand>& values, bool is_return) {
    const auto first = static_cast<std::uint32_t>(k_.operands.size());
    k_.operands.resize(first + values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      const ir::Operand o = call_value(values[i], is_return, name);
      k_.operands[first + i] = o;
    }
    ir::Operand v;
    v.kind = ir::OperandKind::Vector;
    v.a = first;
    v.b = static_cast<std::uint32_t>(values.size());
    return v;
  };
  const ir::Operand rets = list(in.call_rets, true);
  const ir::Operand args = list(in.call_args, false);
  k_.operands[base.op_begin] = rets;
  k_.operands[base.op_begin + 1] = callee;
  k_.operands[base.op_begin + 2] = args;
  push(base);
}

void BodyLowerer::external_call(const ast::Instruction& in, const ast::Function& fn, const ir::Instr& base) {
  if (in.operands.size() > 1) {
    fail(in.operands[1].offset, fmt::format("a call to '{}' takes no prototype or target list", fn.name));
  }
  check_call_arity(in, fn);
  ir::Operand callee;
  callee.kind = ir::OperandKind::Function;
  callee.a = function_id(ks_.mod, fn);
  opaque_call(in, callee, fn.name, base);
}

void BodyLowerer::indirect_call(const ast::Instruction& in, std::uint32_t reg, const ir::Instr& base) {
  const ast::Operand& target = in.operands[0];
  if (is_pred(reg)) fail(target.offset, fmt::format("predicate register '{}' cannot hold a function address", target.text));
  if (in.operands.size() != 2 || in.operands[1].kind != Kind::Name) {
    fail(target.offset, fmt::format("the indirect call through '{}' needs a .callprototype or .calltargets label "
                                    "after its arguments",
                                    target.text));
  }
  const ast::Operand& proto = in.operands[1];
  const ast::TargetList* list = target_list(proto.text);
  if (list == nullptr || list->directive == "branchtargets") {
    fail(proto.offset, fmt::format("'{}' is not a .callprototype or .calltargets label", proto.text));
  }
  // The printer declares the prototype from the operands' variables and
  // registers: an immediate has no declared type to give it.
  for (const ast::Operand& a : in.call_args) {
    if (is_immediate(a.kind)) {
      fail(a.offset, fmt::format("the arguments of the indirect call through '{}' must be .param variables or "
                                 "registers",
                                 target.text));
    }
  }
  opaque_call(in, ir::Operand::reg(reg), target.text, base);
}

}  // namespace lockstep::ptx::lowering
