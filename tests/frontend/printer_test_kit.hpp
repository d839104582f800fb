// Helpers for the printer tests: building small ir::Modules by hand.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "frontend/ir/module.hpp"

namespace lockstep::test {

/// An operand to emit; a Vector carries its elements here (the builder stores
/// them after the instruction's own operands, as lowering does).
struct Op {
  ir::Operand o;
  std::vector<ir::Operand> elems;
  Op(ir::Operand op) : o(op) {}  // NOLINT(google-explicit-constructor)
};

inline ir::Operand reg(std::uint32_t id, bool neg = false) { return ir::Operand::reg(id, neg); }
inline ir::Operand imm(std::int64_t v) { return ir::Operand::imm(v); }
inline ir::Operand label(std::uint32_t pc) { return ir::Operand::label(pc); }
inline ir::Operand sink() { return ir::Operand{}; }

inline ir::Operand pair(std::uint32_t a, std::uint32_t b) {
  ir::Operand o;
  o.kind = ir::OperandKind::RegPair;
  o.a = a;
  o.b = b;
  return o;
}

inline ir::Operand f32(float f) {
  std::uint32_t bits = 0;
  std::memcpy(&bits, &f, sizeof bits);
  ir::Operand o;
  o.kind = ir::OperandKind::ImmF32;
  o.value = bits;
  return o;
}

inline ir::Operand f64(double d) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &d, sizeof bits);
  ir::Operand o;
  o.kind = ir::OperandKind::ImmF64;
  o.value = static_cast<std::int64_t>(bits);
  return o;
}

inline ir::Operand special(ir::SpecialReg r, std::uint32_t component = 0) {
  ir::Operand o;
  o.kind = ir::OperandKind::Special;
  o.a = static_cast<std::uint32_t>(r);
  o.b = component;
  return o;
}

inline ir::Operand symbol(std::uint32_t var, ir::SymScope scope, std::int64_t offset = 0) {
  ir::Operand o;
  o.kind = ir::OperandKind::Symbol;
  o.a = var;
  o.scope = scope;
  o.value = offset;
  return o;
}

inline ir::Operand addr_reg(std::uint32_t r, std::int64_t offset = 0) {
  ir::Operand o;
  o.kind = ir::OperandKind::Address;
  o.b = static_cast<std::uint32_t>(ir::AddrBase::Reg);
  o.a = r;
  o.value = offset;
  return o;
}

inline ir::Operand addr_sym(std::uint32_t var, ir::SymScope scope, std::int64_t offset = 0) {
  ir::Operand o;
  o.kind = ir::OperandKind::Address;
  o.b = static_cast<std::uint32_t>(ir::AddrBase::Symbol);
  o.a = var;
  o.scope = scope;
  o.value = offset;
  return o;
}

inline ir::Operand addr_abs(std::int64_t address) {
  ir::Operand o;
  o.kind = ir::OperandKind::Address;
  o.b = static_cast<std::uint32_t>(ir::AddrBase::Absolute);
  o.value = address;
  return o;
}

inline Op vec(std::vector<ir::Operand> elems) {
  ir::Operand o;
  o.kind = ir::OperandKind::Vector;
  Op op(o);
  op.elems = std::move(elems);
  return op;
}

inline ir::Instr instr(ir::Opcode op, ir::Type type = ir::Type::None) {
  ir::Instr in;
  in.op = op;
  in.type = type;
  return in;
}

inline ir::Instr with(ir::Instr in, std::initializer_list<ir::InstrFlag> flags) {
  for (auto f : flags) in.set(f);
  return in;
}

inline ir::Variable variable(std::string name, ir::Space space, ir::Type type,
                             std::vector<std::uint64_t> dims = {}) {
  ir::Variable v;
  v.name = std::move(name);
  v.space = space;
  v.type = type;
  v.dims = std::move(dims);
  return v;
}

/// Builds one kernel.
class KernelBuilder {
 public:
  explicit KernelBuilder(std::string name, ir::Linkage linkage = ir::Linkage::Visible) {
    k_.name = std::move(name);
    k_.linkage = linkage;
  }

  std::uint32_t reg(std::string name, ir::Type type) {
    k_.regs.push_back({std::move(name), type});
    return static_cast<std::uint32_t>(k_.regs.size() - 1);
  }

  /// Declares `%prefix<n>` and returns the id of `%prefix0`.
  std::uint32_t regs(const std::string& prefix, ir::Type type, unsigned n) {
    const auto first = static_cast<std::uint32_t>(k_.regs.size());
    for (unsigned i = 0; i < n; ++i) reg(prefix + std::to_string(i), type);
    return first;
  }

  std::uint32_t param(std::string name, ir::Type type) {
    auto v = variable(std::move(name), ir::Space::Param, type);
    v.is_param = true;
    k_.vars.push_back(std::move(v));
    const auto i = static_cast<std::uint32_t>(k_.vars.size() - 1);
    k_.params.push_back(i);
    return i;
  }

  std::uint32_t var(ir::Variable v) {
    k_.vars.push_back(std::move(v));
    return static_cast<std::uint32_t>(k_.vars.size() - 1);
  }

  void label(std::string name, std::uint32_t pc) { k_.labels.push_back({std::move(name), pc}); }

  /// Appends an instruction; returns its PC.
  std::uint32_t emit(ir::Instr in, std::vector<Op> ops = {}) {
    in.op_begin = static_cast<std::uint32_t>(k_.operands.size());
    in.op_count = static_cast<std::uint16_t>(ops.size());
    for (const auto& op : ops) k_.operands.push_back(op.o);
    for (std::size_t i = 0; i < ops.size(); ++i) {
      if (ops[i].o.kind != ir::OperandKind::Vector) continue;
      auto& v = k_.operands[in.op_begin + i];
      v.a = static_cast<std::uint32_t>(k_.operands.size());
      v.b = static_cast<std::uint32_t>(ops[i].elems.size());
      for (const auto& e : ops[i].elems) k_.operands.push_back(e);
    }
    k_.code.push_back(in);
    return static_cast<std::uint32_t>(k_.code.size() - 1);
  }

  [[nodiscard]] ir::Kernel& kernel() { return k_; }
  [[nodiscard]] ir::Kernel take() { return std::move(k_); }

 private:
  ir::Kernel k_;
};

/// A module with `.version 9.0`, `.target sm_75`, `.address_size 64`.
inline ir::Module module64() {
  ir::Module m;
  m.version_major = 9;
  m.version_minor = 0;
  m.targets = {"sm_75"};
  m.address_size = 64;
  m.has_address_size = true;
  return m;
}

}  // namespace lockstep::test
