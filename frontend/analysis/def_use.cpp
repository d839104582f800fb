#include "frontend/analysis/def_use.hpp"

namespace lockstep::analysis {

namespace {

using ir::Opcode;
using ir::OperandKind;
using ir::Space;

bool is_generic(Space s) noexcept { return s == Space::Generic || s == Space::None; }

/// The register ids named by an operand (a register, a pair, a vector's
/// register elements); address bases are reported separately.
template <class F>
void operand_regs(const ir::Kernel& kernel, const ir::Operand& o, F&& f) {
  switch (o.kind) {
    case OperandKind::Reg:
      f(o.a);
      break;
    case OperandKind::RegPair:
      f(o.a);
      f(o.b);
      break;
    case OperandKind::Vector: {
      const ir::Operand* e = kernel.elems(o);
      for (std::uint32_t i = 0; i < o.b; ++i)
        if (e[i].kind == OperandKind::Reg) f(e[i].a);
      break;
    }
    default:
      break;
  }
}

/// True when the load at pc names a kernel parameter (`ld.param [k_param_0]`):
/// read-only memory the kernel never writes, so no ParamMemory use.
bool reads_kernel_parameter(const ir::Kernel& kernel, std::uint32_t pc) noexcept {
  const ir::Instr& instr = kernel.code[pc];
  for (unsigned i = 0; i < instr.op_count; ++i) {
    const ir::Operand& o = kernel.op(pc, i);
    if (o.kind != OperandKind::Address) continue;
    return o.addr_base() == ir::AddrBase::Symbol && o.scope == ir::SymScope::Kernel && o.a < kernel.vars.size() &&
           kernel.vars[o.a].is_param;
  }
  return false;
}

/// True when source operand `index` of `instr` is combined across the warp.
bool warp_wide_operand(const ir::Instr& instr, unsigned index) noexcept {
  switch (instr.op) {
    case Opcode::Vote:
    case Opcode::Redux:
      return index == 1;
    case Opcode::Match:
      return instr.match == ir::MatchMode::All && index == 1;
    case Opcode::Bar:  // bar.red: d, a{, b}, {!}c -- c is the combined predicate
      return instr.bar == ir::BarOp::Red && index + 1 == instr.op_count;
    default:
      return false;
  }
}

}  // namespace

unsigned dest_count(const ir::Instr& instr) noexcept {
  if (instr.op_count == 0) return 0;
  switch (instr.op) {
    case Opcode::St:
    case Opcode::Red:
    case Opcode::Prefetch:
    case Opcode::Prefetchu:
    case Opcode::BarWarp:
    case Opcode::Membar:
    case Opcode::Fence:
    case Opcode::Bra:
    case Opcode::BrxIdx:
    case Opcode::Ret:
    case Opcode::Exit:
    case Opcode::Trap:
    case Opcode::Brkpt:
    case Opcode::Nanosleep:
    case Opcode::Pmevent:
    case Opcode::TmBegin:
    case Opcode::TmCommit:
    case Opcode::TmAbort:
    case Opcode::Print:
    case Opcode::AssertFail:
      return 0;
    case Opcode::Bar:
      return instr.bar == ir::BarOp::Red ? 1 : 0;
    default:
      return 1;
  }
}

GenericReach generic_reach(const ir::Kernel& kernel) noexcept {
  GenericReach reach;
  reach.local = false;
  for (std::uint32_t pc = 0; pc < kernel.code.size() && !reach.local; ++pc) {
    const ir::Instr& instr = kernel.code[pc];
    if (instr.op == Opcode::Cvta && instr.space == Space::Local && !instr.has(ir::InstrFlag::ToSpace)) {
      reach.local = true;
    } else if (instr.op == Opcode::Mov && instr.space == Space::Local) {
      reach.local = true;  // the address of a local variable
    } else {
      for (unsigned i = 0; i < instr.op_count; ++i) {
        const ir::Operand& o = kernel.op(pc, i);
        if (o.kind != OperandKind::Symbol) continue;
        const bool local = o.scope == ir::SymScope::Kernel ? kernel.vars[o.a].space == Space::Local
                                                           : instr.space == Space::Local;
        reach.local = reach.local || local;
      }
    }
  }
  return reach;
}

void defs(const ir::Kernel& kernel, std::uint32_t pc, std::vector<RegDef>& out, GenericReach reach) {
  out.clear();
  const ir::Instr& instr = kernel.code[pc];
  const bool kills = !instr.guarded();
  const unsigned n = dest_count(instr);
  for (unsigned i = 0; i < n; ++i)
    operand_regs(kernel, kernel.op(pc, i), [&](std::uint32_t r) { out.push_back({r, kills}); });
  if (instr.has(ir::InstrFlag::CarryOut)) out.push_back({pseudo_reg(kernel, PseudoReg::Carry), kills});
  const bool writes = instr.op == Opcode::St || instr.op == Opcode::Atom || instr.op == Opcode::Red;
  if (writes) {
    if (instr.space == Space::Local || (reach.local && is_generic(instr.space)))
      out.push_back({pseudo_reg(kernel, PseudoReg::LocalMemory), false});
    if (instr.space == Space::Param) out.push_back({pseudo_reg(kernel, PseudoReg::ParamMemory), false});
  }
  if (instr.op == Opcode::Call) {
    // An opaque call writes its `.param` return values, and local memory
    // when addresses of it can escape.
    if (reach.local) out.push_back({pseudo_reg(kernel, PseudoReg::LocalMemory), false});
    out.push_back({pseudo_reg(kernel, PseudoReg::ParamMemory), false});
  }
}

void uses(const ir::Kernel& kernel, std::uint32_t pc, std::vector<RegUse>& out, GenericReach reach) {
  out.clear();
  const ir::Instr& instr = kernel.code[pc];
  if (instr.guarded()) out.push_back({instr.guard, UseKind::Guard});
  for (unsigned i = dest_count(instr); i < instr.op_count; ++i) {
    const ir::Operand& o = kernel.op(pc, i);
    if (o.kind == OperandKind::Address) {
      if (o.addr_base() == ir::AddrBase::Reg) out.push_back({o.a, UseKind::Address});
      continue;
    }
    const UseKind kind = warp_wide_operand(instr, i) ? UseKind::WarpWide : UseKind::Value;
    operand_regs(kernel, o, [&](std::uint32_t r) { out.push_back({r, kind}); });
  }
  if (instr.op == Opcode::Addc || instr.op == Opcode::Subc || instr.op == Opcode::Madc)
    out.push_back({pseudo_reg(kernel, PseudoReg::Carry), UseKind::Carry});
  if (instr.op == Opcode::Ld || instr.op == Opcode::Ldu) {
    if (instr.space == Space::Local || (reach.local && is_generic(instr.space)))
      out.push_back({pseudo_reg(kernel, PseudoReg::LocalMemory), UseKind::Memory});
    if (instr.space == Space::Param && !reads_kernel_parameter(kernel, pc))
      out.push_back({pseudo_reg(kernel, PseudoReg::ParamMemory), UseKind::Memory});
  }
  if (instr.op == Opcode::Call) {
    // An opaque call reads its `.param` arguments, and local memory when
    // addresses of it can escape.
    if (reach.local) out.push_back({pseudo_reg(kernel, PseudoReg::LocalMemory), UseKind::Memory});
    out.push_back({pseudo_reg(kernel, PseudoReg::ParamMemory), UseKind::Memory});
  }
}

}  // namespace lockstep::analysis
