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

class LoopView {
 public:
  LoopView(const DetectContext& ctx, std::uint32_t loop)
      : ctx_(ctx), loop_id_(loop), loop_(ctx.analysis.loops.loop(loop)) {}

  /// PCs in the loop defining reg.
  [[nodiscard]] std::vector<std::uint32_t> defs_of(std::uint32_t reg) const {
    std::vector<std::uint32_t> out;
    for (std::uint32_t pc : ctx_.defs_of(reg))
      if (ctx_.analysis.loops.contains(loop_id_, ctx_.block_of(pc))) out.push_back(pc);
    return out;
  }
  [[nodiscard]] bool every_iteration(std::uint32_t pc) const {
    const std::uint32_t b = ctx_.block_of(pc);
    for (std::uint32_t l : loop_.latches)
      if (!ctx_.analysis.dom.dominates(b, l)) return false;
    return true;
  }
  [[nodiscard]] bool contains(std::uint32_t b) const { return ctx_.analysis.loops.contains(loop_id_, b); }
  /// reg advances by exactly one (up or down) around the loop: following
  /// each register's only definition in the loop (unguarded, executed every
  /// iteration) through `mov` copies leads back to reg through exactly one
  /// `add`/`sub` of 1 or -1. (nvcc -G keeps induction variables in copies.)
  [[nodiscard]] bool unit_induction(std::uint32_t reg) const {
    std::uint32_t cur = reg;
    unsigned adds = 0;
    for (unsigned steps = 0; steps < 16; ++steps) {
      const auto defs = defs_of(cur);
      if (defs.size() != 1 || !every_iteration(defs[0])) return false;
      const ir::Instr& in = ctx_.kernel.code[defs[0]];
      if (in.guarded()) return false;
      const ir::Operand* o = ctx_.kernel.ops(defs[0]);
      auto is_reg = [](const ir::Operand& x) { return x.kind == OperandKind::Reg && !x.negated; };
      auto unit = [](const ir::Operand& x) { return x.kind == OperandKind::ImmInt && (x.value == 1 || x.value == -1); };
      if (in.op == Opcode::Mov && in.op_count == 2 && is_reg(o[1])) {
        cur = o[1].a;
      } else if ((in.op == Opcode::Add || in.op == Opcode::Sub) && in.op_count == 3 && is_reg(o[1]) && unit(o[2])) {
        ++adds;
        cur = o[1].a;
      } else if (in.op == Opcode::Add && in.op_count == 3 && unit(o[1]) && is_reg(o[2])) {
        ++adds;
        cur = o[2].a;
      } else {
        return false;
      }
      if (cur == reg) return adds == 1;
    }
    return false;
  }
  [[nodiscard]] bool invariant(const ir::Operand& x) const {
    if (x.kind == OperandKind::ImmInt) return true;
    return x.kind == OperandKind::Reg && !x.negated && defs_of(x.a).empty();
  }

 private:
  const DetectContext& ctx_;
  std::uint32_t loop_id_;
  const analysis::Loop& loop_;
};

bool bounded_exit(const DetectContext& ctx, const LoopView& view, std::uint32_t pc) {
  const ir::Kernel& k = ctx.kernel;
  const ir::Instr& br = k.code[pc];
  if (br.op != Opcode::Bra || !br.guarded() || !view.every_iteration(pc)) return false;
  // Follow `not.pred` copies of the guard to the setp that computes it.
  std::uint32_t pred = br.guard;
  bool negated = br.guard_negated;
  std::uint32_t setp_pc = 0;
  for (unsigned steps = 0;; ++steps) {
    const auto pdefs = view.defs_of(pred);
    if (pdefs.size() != 1 || steps > 8) return false;
    const ir::Instr& in = k.code[pdefs[0]];
    const ir::Operand* o = k.ops(pdefs[0]);
    if (in.guarded()) return false;
    if (in.op == Opcode::Not && in.op_count == 2 && o[1].kind == OperandKind::Reg) {
      negated = !negated;
      pred = o[1].a;
      continue;
    }
    if (in.op != Opcode::Setp || in.bop != ir::BoolOp::None || in.op_count != 3) return false;
    // The guard must be the setp's first destination (a RegPair's second half is the negation).
    if (!((o[0].kind == OperandKind::Reg || o[0].kind == OperandKind::RegPair) && o[0].a == pred)) return false;
    setp_pc = pdefs[0];
    break;
  }
  const ir::Instr& setp = k.code[setp_pc];
  const ir::Operand* o = k.ops(setp_pc);
  CmpOp stay = setp.cmp;
  const std::uint32_t target = ctx.block_of(static_cast<std::uint32_t>(k.op(pc, 0).label_pc()));
  const bool exit_when_true = !view.contains(target) != negated;
  if (exit_when_true) stay = negate(stay);
  // lt/gt/lo/hi against anything: the induction variable reaches the
  // extreme value of its width, where the comparison is false whatever the
  // other side holds. ne needs a bound that does not change.
  auto bounded = [&](const ir::Operand& iv, const ir::Operand& bound, CmpOp c) {
    if (iv.kind != OperandKind::Reg || !view.unit_induction(iv.a)) return false;
    if (c == CmpOp::Ne) return view.invariant(bound);
    return c == CmpOp::Lt || c == CmpOp::Gt || c == CmpOp::Lo || c == CmpOp::Hi;
  };
  return bounded(o[1], o[2], stay) || bounded(o[2], o[1], swap_sides(stay));
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
