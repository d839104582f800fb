// The `fresh` check: what added code may do (SSDE §4.3's side conditions).
// An added instruction is one of
//   mov  FRESH, IMM | FRESH
//   setp.CMP[.BOOL] FRESH[|FRESH], A, B[, P]    (A, B: fresh or immediate)
//   selp FRESH, A, B, P
//   bra LABEL                                   (no vector of targets)
//   ret | exit
// with any guard a fresh predicate; every register it names is fresh. No
// copied instruction names a fresh register.
#include <fmt/format.h>

#include "checker/equiv/refine_checks.hpp"

namespace lockstep::checker::equiv {
namespace {

bool plain_source(const KernelPair& pair, const ir::Operand& o) {
  if (o.kind == ir::OperandKind::ImmInt) return true;
  return o.kind == ir::OperandKind::Reg && pair.fresh(o.a);
}

bool fresh_dest(const KernelPair& pair, const ir::Operand& o) {
  if (o.kind == ir::OperandKind::Reg) return pair.fresh(o.a);
  if (o.kind == ir::OperandKind::RegPair) return pair.fresh(o.a) && pair.fresh(o.b);
  return false;
}

/// Empty when the added instruction at pc has an allowed form.
std::string added_violation(const KernelPair& pair, std::uint32_t pc) {
  const ir::Kernel& k = pair.out();
  const ir::Instr& in = k.code[pc];
  if (in.guarded() && !pair.fresh(in.guard)) {
    return fmt::format("its guard {} is not a fresh register", k.regs[in.guard].name);
  }
  const auto ops = [&](unsigned i) -> const ir::Operand& { return k.op(pc, i); };
  switch (in.op) {
    case ir::Opcode::Mov:
      if (in.op_count == 2 && fresh_dest(pair, ops(0)) && ops(0).kind == ir::OperandKind::Reg &&
          plain_source(pair, ops(1))) {
        return {};
      }
      return "a move that is not FRESH <- constant or fresh register";
    case ir::Opcode::Setp:
      if ((in.op_count == 3 || in.op_count == 4) && fresh_dest(pair, ops(0)) && plain_source(pair, ops(1)) &&
          plain_source(pair, ops(2)) && (in.op_count == 3 || (ops(3).kind == ir::OperandKind::Reg &&
                                                              pair.fresh(ops(3).a)))) {
        return {};
      }
      return "a setp that does not compare fresh registers or constants into a fresh predicate";
    case ir::Opcode::Selp:
      if (in.op_count == 4 && fresh_dest(pair, ops(0)) && ops(0).kind == ir::OperandKind::Reg &&
          plain_source(pair, ops(1)) && plain_source(pair, ops(2)) && ops(3).kind == ir::OperandKind::Reg &&
          pair.fresh(ops(3).a)) {
        return {};
      }
      return "a selp that is not over fresh registers or constants";
    case ir::Opcode::Bra:
      if (in.op_count == 1 && ops(0).kind == ir::OperandKind::Label) return {};
      return "a branch that is not to one label";
    case ir::Opcode::Ret:
    case ir::Opcode::Exit:
      return {};
    default:
      return fmt::format("`{}` is not allowed in added code (memory, synchronisation or a non-fresh effect)",
                         ir::opcode_name(in.op));
  }
}

}  // namespace

CheckResult check_fresh(const KernelPair& pair) {
  CheckResult r;
  r.name = "fresh";
  const ir::Kernel& k = pair.out();
  std::uint32_t fresh_regs = 0;
  for (std::uint32_t reg = 0; reg < k.regs.size(); ++reg) fresh_regs += pair.fresh(reg) ? 1U : 0U;
  for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
    std::string why;
    if (pair.added(pc)) {
      why = added_violation(pair, pc);
      if (!why.empty()) why = "the added instruction at " + pair.where_out(pc) + " is " + why;
    } else {
      std::uint32_t bad = ir::kNoReg;
      pair.for_each_reg(
          pc, [&](std::uint32_t reg) { if (pair.fresh(reg) && bad == ir::kNoReg) bad = reg; },
          [&](std::uint32_t reg) { if (pair.fresh(reg) && bad == ir::kNoReg) bad = reg; });
      if (bad != ir::kNoReg) {
        why = fmt::format("the copied instruction at {} uses the fresh register {}", pair.where_out(pc),
                          k.regs[bad].name);
      }
    }
    if (!why.empty()) {
      r.status = CheckStatus::Failed;
      r.out_pc = pc;
      r.detail = std::move(why);
      return r;
    }
  }
  r.status = CheckStatus::Passed;
  r.detail = fmt::format("{} fresh registers", fresh_regs);
  return r;
}

}  // namespace lockstep::checker::equiv
