#include "checker/detect/self_bounded.hpp"

#include <vector>

namespace lockstep::checker {
namespace {

using ir::CmpOp;
using ir::Opcode;
using ir::OperandKind;

CmpOp negate(CmpOp c) {
  switch (c) {
    case CmpOp::Eq: return CmpOp::Ne;
    case CmpOp::Ne: return CmpOp::Eq;
    case CmpOp::Lt: return CmpOp::Ge;
    case CmpOp::Ge: return CmpOp::Lt;
    case CmpOp::Le: return CmpOp::Gt;
    case CmpOp::Gt: return CmpOp::Le;
    case CmpOp::Lo: return CmpOp::Hs;
    case CmpOp::Hs: return CmpOp::Lo;
    case CmpOp::Ls: return CmpOp::Hi;
    case CmpOp::Hi: return CmpOp::Ls;
    default: return CmpOp::None;
  }
}

CmpOp swap_sides(CmpOp c) {
  switch (c) {
    case CmpOp::Lt: return CmpOp::Gt;
    case CmpOp::Gt: return CmpOp::Lt;
    case CmpOp::Le: return CmpOp::Ge;
    case CmpOp::Ge: return CmpOp::Le;
    case CmpOp::Lo: return CmpOp::Hi;
    case CmpOp::Hi: return CmpOp::Lo;
    case CmpOp::Ls: return CmpOp::Hs;
    case CmpOp::Hs: return CmpOp::Ls;
    default: return c;
  }
}

bool false_at_equality(CmpOp c) {
  return c == CmpOp::Lt || c == CmpOp::Gt || c == CmpOp::Ne || c == CmpOp::Lo || c == CmpOp::Hi;
}

class LoopView {
 public:
  LoopView(const DetectContext& ctx, std::uint32_t loop) : ctx_(ctx), loop_(ctx.analysis.loops.loop(loop)) {}

  /// PCs in the loop defining reg.
  [[nodiscard]] std::vector<std::uint32_t> defs_of(std::uint32_t reg) const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t b : loop_.blocks) {
      const ir::Block& blk = ctx_.kernel.blocks[b];
      for (std::uint32_t pc = blk.first_pc; pc <= blk.last_pc; ++pc)
        for (const auto& d : ctx_.du.defs(pc))
          if (d.reg == reg) out.push_back(pc);
    }
    return out;
  }
  [[nodiscard]] bool every_iteration(std::uint32_t pc) const {
    const std::uint32_t b = ctx_.kernel.block_of(pc);
    for (std::uint32_t l : loop_.latches)
      if (!ctx_.analysis.dom.dominates(b, l)) return false;
    return true;
  }
  [[nodiscard]] bool contains(std::uint32_t b) const {
    for (std::uint32_t x : loop_.blocks) if (x == b) return true;
    return false;
  }
  /// reg is a basic induction variable with a unit step.
  [[nodiscard]] bool unit_induction(std::uint32_t reg) const {
    const auto defs = defs_of(reg);
    if (defs.size() != 1 || !every_iteration(defs[0])) return false;
    const ir::Instr& in = ctx_.kernel.code[defs[0]];
    if ((in.op != Opcode::Add && in.op != Opcode::Sub) || in.guarded() || in.op_count != 3) return false;
    const ir::Operand* o = ctx_.kernel.ops(defs[0]);
    auto is_reg = [&](const ir::Operand& x) { return x.kind == OperandKind::Reg && x.a == reg; };
    auto unit = [](const ir::Operand& x) { return x.kind == OperandKind::ImmInt && (x.value == 1 || x.value == -1); };
    if (!is_reg(o[0])) return false;
    if (is_reg(o[1]) && unit(o[2])) return true;
    return in.op == Opcode::Add && is_reg(o[2]) && unit(o[1]);
  }
  [[nodiscard]] bool invariant(const ir::Operand& x) const {
    if (x.kind == OperandKind::ImmInt) return true;
    return x.kind == OperandKind::Reg && !x.negated && defs_of(x.a).empty();
  }

 private:
  const DetectContext& ctx_;
  const analysis::Loop& loop_;
};

bool bounded_exit(const DetectContext& ctx, const LoopView& view, std::uint32_t pc) {
  const ir::Kernel& k = ctx.kernel;
  const ir::Instr& br = k.code[pc];
  if (br.op != Opcode::Bra || !br.guarded() || !view.every_iteration(pc)) return false;
  const auto pdefs = view.defs_of(br.guard);
  if (pdefs.size() != 1) return false;
  const ir::Instr& setp = k.code[pdefs[0]];
  if (setp.op != Opcode::Setp || setp.guarded() || setp.bop != ir::BoolOp::None || setp.op_count != 3) return false;
  const ir::Operand* o = k.ops(pdefs[0]);
  // The guard must be the setp's first destination (a RegPair's second half is the negation).
  if (!((o[0].kind == OperandKind::Reg || o[0].kind == OperandKind::RegPair) && o[0].a == br.guard)) return false;
  CmpOp stay = setp.cmp;
  const std::uint32_t target = k.block_of(static_cast<std::uint32_t>(k.op(pc, 0).label_pc()));
  const bool exit_when_true = !view.contains(target) != br.guard_negated;
  if (exit_when_true) stay = negate(stay);
  const ir::Operand& a = o[1];
  const ir::Operand& b = o[2];
  if (a.kind == OperandKind::Reg && view.unit_induction(a.a) && view.invariant(b)) return false_at_equality(stay);
  if (b.kind == OperandKind::Reg && view.unit_induction(b.a) && view.invariant(a))
    return false_at_equality(swap_sides(stay));
  return false;
}

}  // namespace

bool self_bounded(const DetectContext& ctx, std::uint32_t loop) {
  const LoopView view(ctx, loop);
  const ir::Kernel& k = ctx.kernel;
  for (std::uint32_t b : ctx.analysis.loops.loop(loop).exiting)
    if (bounded_exit(ctx, view, k.blocks[b].last_pc)) return true;
  return false;
}

}  // namespace lockstep::checker
