#include "frontend/analysis/divergence_sources.hpp"

#include "frontend/analysis/def_use.hpp"

namespace lockstep::analysis {

using ir::Opcode;
using ir::Space;
using ir::SpecialReg;

DivergenceCause special_reg_divergence(SpecialReg r) noexcept {
  switch (r) {
    case SpecialReg::Tid:
    case SpecialReg::Laneid:
    case SpecialReg::LanemaskEq:
    case SpecialReg::LanemaskLe:
    case SpecialReg::LanemaskLt:
    case SpecialReg::LanemaskGe:
    case SpecialReg::LanemaskGt:
      return DivergenceCause::ThreadId;
    case SpecialReg::Clock:
    case SpecialReg::ClockHi:
    case SpecialReg::Clock64:
    case SpecialReg::Globaltimer:
    case SpecialReg::GlobaltimerLo:
    case SpecialReg::GlobaltimerHi:
    case SpecialReg::Pm0: case SpecialReg::Pm1: case SpecialReg::Pm2: case SpecialReg::Pm3:
    case SpecialReg::Pm4: case SpecialReg::Pm5: case SpecialReg::Pm6: case SpecialReg::Pm7:
    case SpecialReg::Pm0_64: case SpecialReg::Pm1_64: case SpecialReg::Pm2_64: case SpecialReg::Pm3_64:
    case SpecialReg::Pm4_64: case SpecialReg::Pm5_64: case SpecialReg::Pm6_64: case SpecialReg::Pm7_64:
      return DivergenceCause::Clock;
    default:
      return DivergenceCause::None;
  }
}

namespace {

bool is_generic(Space s) noexcept { return s == Space::Generic || s == Space::None; }

}  // namespace

SharedWrites shared_writes(const ir::Kernel& kernel) noexcept {
  SharedWrites w;
  for (const auto& instr : kernel.code) {
    if (instr.op == Opcode::Call) {  // an opaque call may write any memory
      w.global = true;
      w.shared = true;
      continue;
    }
    if (instr.op != Opcode::St && instr.op != Opcode::Atom && instr.op != Opcode::Red) continue;
    w.global = w.global || instr.space == Space::Global || is_generic(instr.space);
    w.shared = w.shared || instr.space == Space::Shared || instr.space == Space::SharedCluster ||
               is_generic(instr.space);
  }
  return w;
}

namespace {

DivergenceCause operand_special(const ir::Kernel& kernel, const ir::Operand& o) {
  if (o.kind == ir::OperandKind::Special) return special_reg_divergence(static_cast<SpecialReg>(o.a));
  if (o.kind == ir::OperandKind::Vector) {
    const ir::Operand* e = kernel.elems(o);
    for (std::uint32_t i = 0; i < o.b; ++i) {
      const DivergenceCause c = operand_special(kernel, e[i]);
      if (c != DivergenceCause::None) return c;
    }
  }
  return DivergenceCause::None;
}

}  // namespace

DivergenceCause source_divergence(const ir::Kernel& kernel, std::uint32_t pc, const SharedWrites& w) noexcept {
  const ir::Instr& instr = kernel.code[pc];
  switch (instr.op) {
    case Opcode::Atom:
      return DivergenceCause::Atomic;
    case Opcode::Shfl:
      return DivergenceCause::Shuffle;
    case Opcode::Call:
      return DivergenceCause::Call;
    case Opcode::Ld: {
      if (instr.has(ir::InstrFlag::NonCoherent)) break;
      const bool written = (instr.space == Space::Global && w.global) ||
                           ((instr.space == Space::Shared || instr.space == Space::SharedCluster) && w.shared) ||
                           (is_generic(instr.space) && (w.global || w.shared));
      if (written) return DivergenceCause::Memory;
      break;
    }
    default:
      break;
  }
  for (unsigned i = dest_count(instr); i < instr.op_count; ++i) {
    const DivergenceCause c = operand_special(kernel, kernel.op(pc, i));
    if (c != DivergenceCause::None) return c;
  }
  return DivergenceCause::None;
}

}  // namespace lockstep::analysis
