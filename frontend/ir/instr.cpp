#include "frontend/ir/instr.hpp"

namespace lockstep::ir {

bool Instr::ends_flow() const noexcept {
  if (guarded()) return false;
  switch (op) {
    case Opcode::Bra:
    case Opcode::BrxIdx:
    case Opcode::Ret:
    case Opcode::Exit:
    case Opcode::Trap:
      return true;
    default:
      return false;
  }
}

bool same_meaning(const Instr& a, const Instr& b) noexcept {
  return a.op == b.op && a.type == b.type && a.stype == b.stype && a.space == b.space &&
         a.vec == b.vec && a.cmp == b.cmp && a.bop == b.bop && a.aop == b.aop && a.rnd == b.rnd &&
         a.sem == b.sem && a.scope == b.scope && a.vote == b.vote && a.shfl == b.shfl &&
         a.bar == b.bar && a.match == b.match && a.prmt == b.prmt && a.testp == b.testp &&
         a.shf == b.shf && a.guard_negated == b.guard_negated && a.guard == b.guard &&
         a.flags == b.flags && a.op_count == b.op_count;
}

}  // namespace lockstep::ir
