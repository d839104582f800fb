// Operands: each position of an instruction is checked against its decoded
// role (decode::Role) and resolved to an ir::Operand.
#include <fmt/format.h>

#include "frontend/ir/operand.hpp"
#include "frontend/ptx/lower_kernel.hpp"

namespace lockstep::ptx::lowering {
namespace {

using Kind = ast::Operand::Kind;
using decode::Role;

std::string_view describe(Kind k) noexcept {
  switch (k) {
    case Kind::Int:
    case Kind::Float32:
    case Kind::Float64:
    case Kind::Decimal: return "an immediate";
    case Kind::Address: return "an address";
    case Kind::Vector: return "a vector";
    case Kind::Pair: return "a register pair";
    case Kind::Generic: return "'generic(...)'";
    case Kind::SymPlus: return "a symbol offset";
    case Kind::Name: return "a name";
  }
  return "an operand";
}

/// `%tid.x` -> (Tid, 1); `%envreg3` -> (Envreg, 3); nullopt if not special.
struct Special {
  ir::SpecialReg reg;
  std::uint32_t component;
};
std::optional<Special> parse_special(std::string_view name, std::string& error) {
  if (name.size() < 2 || name[0] != '%') return std::nullopt;
  std::string_view base = name;
  std::string_view comp;
  if (const auto dot = name.find('.'); dot != std::string_view::npos) {
    base = name.substr(0, dot);
    comp = name.substr(dot + 1);
  }
  const auto reg = ir::parse_special_reg(base);
  if (!reg) {
    static constexpr std::string_view kUnsupported[] = {
        "%cluster", "%nclusterid", "%clusterid", "%is_explicit_cluster", "%reserved_smem_offset",
        "%current_graph_exec", "%ctarank", "%nctarank"};
    for (std::string_view u : kUnsupported) {
      if (base.starts_with(u)) error = fmt::format("special register '{}' is not supported", name);
    }
    return std::nullopt;
  }
  if (*reg == ir::SpecialReg::Envreg) {
    std::uint32_t n = 0;
    const std::string_view digits = base.substr(7);
    for (char c : digits) {
      if (c < '0' || c > '9' || n > 31) return std::nullopt;
      n = n * 10 + static_cast<std::uint32_t>(c - '0');
    }
    if (digits.empty() || n > 31 || !comp.empty()) return std::nullopt;
    return Special{*reg, n};
  }
  if (!ir::special_reg_has_component(*reg)) {
    if (!comp.empty()) {
      error = fmt::format("special register '{}' has no component '.{}'", base, comp);
      return std::nullopt;
    }
    return Special{*reg, 0};
  }
  if (comp.size() != 1 || comp[0] < 'x' || comp[0] > 'z') {
    error = fmt::format("special register '{}' needs a component '.x', '.y' or '.z'", base);
    return std::nullopt;
  }
  return Special{*reg, static_cast<std::uint32_t>(comp[0] - 'x' + 1)};
}

ir::Operand imm_operand(const ast::Operand& a) {
  ir::Operand o;
  o.value = static_cast<std::int64_t>(a.value);
  switch (a.kind) {
    case Kind::Int: o.kind = ir::OperandKind::ImmInt; break;
    case Kind::Float32: o.kind = ir::OperandKind::ImmF32; break;
    default: o.kind = ir::OperandKind::ImmF64; break;
  }
  return o;
}

bool is_immediate(Kind k) noexcept {
  return k == Kind::Int || k == Kind::Float32 || k == Kind::Float64 || k == Kind::Decimal;
}

}  // namespace

bool BodyLowerer::is_pred(std::uint32_t reg) const { return k_.regs[reg].type == ir::Type::Pred; }

void BodyLowerer::undeclared(const ast::Operand& a, std::string_view name) const {
  if (name.starts_with('%')) {
    // A dot cannot be part of a register name: `%tidd.x` meant a special register.
    if (name.find('.') != std::string_view::npos) {
      fail(a.offset, fmt::format("unknown special register '{}'", name));
    }
    fail(a.offset, fmt::format("undeclared register '{}'", name));
  }
  fail(a.offset, fmt::format("undeclared identifier '{}'", name));
}

std::uint32_t BodyLowerer::reg_id(const ast::Operand& a, std::string_view name, bool pred,
                                  const ast::Instruction* in) {
  const Resolved r = resolve(name);
  if (r.kind == Resolved::Kind::Reg && is_pred(r.id) == pred) return r.id;
  const std::string what = in != nullptr ? fmt::format("destination of '{}'", in->opcode) : "a guard";
  switch (r.kind) {
    case Resolved::Kind::Reg:
      if (is_pred(r.id) != pred) {
        if (pred) fail(a.offset, fmt::format("{} must be a predicate register, found '{}'", what, name));
        fail(a.offset, fmt::format("{} must not be a predicate register, found '{}'", what, name));
      }
      return r.id;
    case Resolved::Kind::Var:
    case Resolved::Kind::Global:
      fail(a.offset, fmt::format("{} must be a register, found variable '{}'", what, name));
    case Resolved::Kind::None: break;
  }
  std::string error;
  if (parse_special(name, error)) {
    fail(a.offset, fmt::format("{} must be a register, found special register '{}'", what, name));
  }
  if (!error.empty()) fail(a.offset, error);
  undeclared(a, name);
}

void BodyLowerer::guard(const ast::Guard& g, ir::Instr& out) {
  ast::Operand a;
  a.offset = g.offset;
  out.guard = reg_id(a, g.reg, true, nullptr);
  out.guard_negated = g.negated;
}

ir::Operand BodyLowerer::dst(const ast::Operand& a, bool pred, const ast::Instruction& in) {
  if (a.negated) fail(a.offset, fmt::format("'!' is not allowed on a destination of '{}'", in.opcode));
  if (a.kind != Kind::Name) {
    fail(a.offset, fmt::format("destination of '{}' must be a register, found {}", in.opcode, describe(a.kind)));
  }
  if (a.text == "_") return ir::Operand{};
  return ir::Operand::reg(reg_id(a, a.text, pred, &in));
}

ir::Operand BodyLowerer::pair(const ast::Operand& a, bool first_pred, const ast::Instruction& in) {
  ir::Operand o;
  o.kind = ir::OperandKind::RegPair;
  o.a = reg_id(a, a.text, first_pred, &in);
  o.b = reg_id(a, a.text2, true, &in);
  return o;
}

ir::Operand BodyLowerer::src(const ast::Operand& a, bool pred, const ast::Instruction& in) {
  const std::string_view op = in.opcode;
  if (a.negated && !pred) {
    fail(a.offset, fmt::format("'!' applies only to predicate operands, not in this position of '{}'", op));
  }
  if (is_immediate(a.kind)) {
    if (pred) fail(a.offset, fmt::format("operand of '{}' must be a predicate register, found an immediate", op));
    return imm_operand(a);
  }
  if (a.kind != Kind::Name && a.kind != Kind::SymPlus) {
    fail(a.offset, fmt::format("'{}' does not take {} here", op, describe(a.kind)));
  }
  if (a.text == "_") fail(a.offset, fmt::format("'_' cannot be read in '{}'", op));
  const Resolved r = resolve(a.text);
  if (r.kind == Resolved::Kind::Reg && a.kind == Kind::Name) {
    if (is_pred(r.id) != pred) {
      if (pred) fail(a.offset, fmt::format("operand of '{}' must be a predicate register, found '{}'", op, a.text));
      fail(a.offset, fmt::format("predicate register '{}' cannot be a value operand of '{}'", a.text, op));
    }
    return ir::Operand::reg(r.id, a.negated);
  }
  if (r.kind == Resolved::Kind::Var || r.kind == Resolved::Kind::Global) {
    if (pred) fail(a.offset, fmt::format("operand of '{}' must be a predicate register, found variable '{}'", op, a.text));
    ir::Operand o;
    o.kind = ir::OperandKind::Symbol;
    o.a = r.id;
    o.scope = r.kind == Resolved::Kind::Var ? ir::SymScope::Kernel : ir::SymScope::Module;
    o.value = a.kind == Kind::SymPlus ? static_cast<std::int64_t>(a.value) : 0;
    return o;
  }
  if (r.kind == Resolved::Kind::Reg) {
    fail(a.offset, fmt::format("'{}' is a register, not a variable: it takes no offset", a.text));
  }
  std::string error;
  if (a.kind == Kind::Name) {
    if (const auto sp = parse_special(a.text, error)) {
      if (pred) fail(a.offset, fmt::format("operand of '{}' must be a predicate register, found '{}'", op, a.text));
      ir::Operand o;
      o.kind = ir::OperandKind::Special;
      o.a = static_cast<std::uint32_t>(sp->reg);
      o.b = sp->component;
      return o;
    }
  }
  if (!error.empty()) fail(a.offset, error);
  if (const auto fn = ks_.mod.functions.find(a.text); fn != ks_.mod.functions.end()) {
    return function_address(a, *fn->second, in);
  }
  undeclared(a, a.text);
}

ir::Operand BodyLowerer::function_address(const ast::Operand& a, const ast::Function& fn, const ast::Instruction& in) {
  const std::string_view op = in.opcode;
  if (op != "mov" && !op.starts_with("mov.")) {
    fail(a.offset, fmt::format("the address of function '{}' can only be taken with 'mov', not in '{}'", a.text, op));
  }
  if (a.kind != Kind::Name || a.negated) fail(a.offset, fmt::format("'{}' is a function: it takes no offset", a.text));
  if (fn.is_entry) fail(a.offset, fmt::format("the address of kernel '{}' cannot be taken", a.text));
  if (recognised_callee(fn)) {
    fail(a.offset, fmt::format("the address of '{}' cannot be taken: lockstep recognises calls to it", a.text));
  }
  ir::Operand o;
  o.kind = ir::OperandKind::Function;
  o.a = function_id(ks_.mod, fn);
  return o;
}

ir::Operand BodyLowerer::address(const ast::Operand& a, const ast::Instruction& in) {
  if (a.kind != Kind::Address) {
    fail(a.offset, fmt::format("'{}' expects an address '[...]' here, found {}", in.opcode, describe(a.kind)));
  }
  if (!a.elems.empty()) fail(a.offset, "texture and surface operands are not supported");
  ir::Operand o;
  o.kind = ir::OperandKind::Address;
  o.value = static_cast<std::int64_t>(a.value);
  if (a.text.empty()) {
    o.b = static_cast<std::uint32_t>(ir::AddrBase::Absolute);
    return o;
  }
  const Resolved r = resolve(a.text);
  switch (r.kind) {
    case Resolved::Kind::Reg:
      if (is_pred(r.id)) fail(a.offset, fmt::format("predicate register '{}' cannot be an address", a.text));
      o.b = static_cast<std::uint32_t>(ir::AddrBase::Reg);
      o.a = r.id;
      return o;
    case Resolved::Kind::Var:
    case Resolved::Kind::Global:
      o.b = static_cast<std::uint32_t>(ir::AddrBase::Symbol);
      o.a = r.id;
      o.scope = r.kind == Resolved::Kind::Var ? ir::SymScope::Kernel : ir::SymScope::Module;
      return o;
    case Resolved::Kind::None: break;
  }
  std::string error;
  if (parse_special(a.text, error)) {
    fail(a.offset, fmt::format("special register '{}' cannot be an address", a.text));
  }
  if (!error.empty()) fail(a.offset, error);
  undeclared(a, a.text);
}

ir::Operand BodyLowerer::vector(const ast::Operand& a, bool dest, std::uint32_t count,
                                const ast::Instruction& in) {
  if (a.kind != Kind::Vector) {
    if (count == 0) fail(a.offset, fmt::format("'{}' expects a vector here, found {}", in.opcode, describe(a.kind)));
    fail(a.offset, fmt::format("'{}' expects a vector of {} elements, found {}", in.opcode, count, describe(a.kind)));
  }
  const std::size_t n = a.elems.size();
  if (count != 0 ? n != count : (n != 2 && n != 4)) {
    fail(a.offset, fmt::format("'{}' expects a vector of {} elements, found {}", in.opcode,
                               count != 0 ? fmt::format("{}", count) : std::string("2 or 4"), n));
  }
  const auto first = static_cast<std::uint32_t>(k_.operands.size());
  k_.operands.resize(first + n);
  for (std::size_t i = 0; i < n; ++i) {
    const ir::Operand e = dest ? dst(a.elems[i], false, in) : src(a.elems[i], false, in);
    k_.operands[first + i] = e;
  }
  ir::Operand o;
  o.kind = ir::OperandKind::Vector;
  o.a = first;
  o.b = static_cast<std::uint32_t>(n);
  return o;
}

ir::Operand BodyLowerer::targets(const ast::Operand& a, const ast::Instruction& in) {
  if (a.kind != Kind::Name) {
    fail(a.offset, fmt::format("'{}' expects a '.branchtargets' list, found {}", in.opcode, describe(a.kind)));
  }
  const ast::TargetList* found = target_list(a.text);
  if (found == nullptr || found->directive != "branchtargets") {
    fail(a.offset, fmt::format("undefined branch target list '{}'", a.text));
  }
  const ast::TargetList& list = *found;
  const auto first = static_cast<std::uint32_t>(k_.operands.size());
  k_.operands.resize(first + list.names.size());
  for (std::size_t i = 0; i < list.names.size(); ++i) {
    put_label(static_cast<std::uint32_t>(first + i), slot_of(list.names[i], list.offset));
  }
  ir::Operand o;
  o.kind = ir::OperandKind::Vector;
  o.a = first;
  o.b = static_cast<std::uint32_t>(list.names.size());
  return o;
}

ir::Operand BodyLowerer::operand(const ast::Operand& a, Role role, ir::Instr& out,
                                 const ast::Instruction& in) {
  switch (role) {
    case Role::Dst: return dst(a, false, in);
    case Role::DstP: return dst(a, true, in);
    case Role::DstPP: return a.kind == Kind::Pair ? pair(a, true, in) : dst(a, true, in);
    case Role::DstVP: return a.kind == Kind::Pair ? pair(a, false, in) : dst(a, false, in);
    case Role::DstVec: return out.vec > 1 ? vector(a, true, out.vec, in) : dst(a, false, in);
    case Role::MovDst: return a.kind == Kind::Vector ? vector(a, true, 0, in) : dst(a, false, in);
    case Role::Src:
    case Role::Policy: return src(a, false, in);
    case Role::SrcP:
      // `mov.pred %p, 0;`, `set.lt.and.f32.f32 d, a, b, 1;`: a predicate may be an integer.
      if (a.kind == Kind::Int && !a.negated) return imm_operand(a);
      return src(a, true, in);
    case Role::SrcVec: return out.vec > 1 ? vector(a, false, out.vec, in) : src(a, false, in);
    case Role::MovSrc: return a.kind == Kind::Vector ? vector(a, false, 0, in) : src(a, false, in);
    case Role::Addr: return address(a, in);
    case Role::Imm:
      if (a.kind != Kind::Int) {
        fail(a.offset, fmt::format("'{}' expects an integer immediate here, found {}", in.opcode, describe(a.kind)));
      }
      return imm_operand(a);
    case Role::Targets: return targets(a, in);
    case Role::Label: break;  // placed by operands()
  }
  return {};
}

void BodyLowerer::operands(const ast::Instruction& in, const decode::Decoded& d, ir::Instr& out) {
  const std::size_t n = in.operands.size();
  const decode::Shape* shape = nullptr;
  if (d.shape.count == n) {
    shape = &d.shape;
  } else if (d.alt.count == n) {
    shape = &d.alt;
  } else {
    const std::string expected =
        d.alt.count == decode::kNoShape
            ? fmt::format("{}", d.shape.count)
            : fmt::format("{} or {}", std::min(d.shape.count, d.alt.count), std::max(d.shape.count, d.alt.count));
    fail(in.opcode_offset, fmt::format("'{}' expects {} operand{}, found {}", in.opcode, expected,
                                       expected == "1" ? "" : "s", n));
  }
  std::uint16_t kept = 0;
  for (std::size_t i = 0; i < n; ++i) kept = static_cast<std::uint16_t>(kept + (shape->roles[i] != Role::Policy));
  out.op_begin = static_cast<std::uint32_t>(k_.operands.size());
  out.op_count = kept;
  k_.operands.resize(out.op_begin + kept);
  std::uint32_t j = out.op_begin;
  for (std::size_t i = 0; i < n; ++i) {
    const Role role = shape->roles[i];
    const ast::Operand& a = in.operands[i];
    if (role == Role::Label) {
      if (a.kind != Kind::Name) {
        fail(a.offset, fmt::format("'{}' expects a label, found {}", in.opcode, describe(a.kind)));
      }
      put_label(j++, slot_of(a.text, a.offset));
      continue;
    }
    const ir::Operand o = operand(a, role, out, in);
    if (role == Role::Policy) continue;
    k_.operands[j++] = o;
  }
  if (out.op == ir::Opcode::Mov && kept == 2) {
    const ir::Operand& s = k_.operands[out.op_begin + 1];
    if (s.kind == ir::OperandKind::Symbol) {
      out.space = s.scope == ir::SymScope::Kernel ? k_.vars[s.a].space : ks_.mod.module.globals[s.a].space;
    }
  }
}

}  // namespace lockstep::ptx::lowering
