#include "checker/detect/single_lane.hpp"

namespace lockstep::checker {
namespace {

using ir::Opcode;
using ir::OperandKind;
using ir::SpecialReg;

bool one_dimensional(const ir::Kernel& k) {
  const auto& dims = !k.directives.reqntid.empty() ? k.directives.reqntid : k.directives.maxntid;
  if (dims.empty()) return false;
  for (std::size_t i = 1; i < dims.size(); ++i)
    if (dims[i] != 1) return false;
  return true;
}

/// The operand reads the lane index (directly or through a register whose
/// only definition is a mov of it).
bool lane_index(const DetectContext& ctx, const ir::Operand& o) {
  auto lane_special = [&](const ir::Operand& x) {
    if (x.kind != OperandKind::Special) return false;
    const auto r = static_cast<SpecialReg>(x.a);
    return r == SpecialReg::Laneid || (r == SpecialReg::Tid && x.b == 1 && one_dimensional(ctx.kernel));
  };
  if (lane_special(o)) return true;
  if (o.kind != OperandKind::Reg) return false;
  const auto& defs = ctx.defs_of(o.a);
  if (defs.size() != 1) return false;
  const ir::Instr& in = ctx.kernel.code[defs[0]];
  return in.op == Opcode::Mov && !in.guarded() && lane_special(ctx.kernel.op(defs[0], 1));
}

/// The successor block of the branch at pc that only lane K takes, or kNone.
std::uint32_t lane_side(const DetectContext& ctx, std::uint32_t pc) {
  const ir::Kernel& k = ctx.kernel;
  const ir::Instr& br = k.code[pc];
  if (br.op != Opcode::Bra || !br.guarded()) return analysis::kNone;
  const auto& defs = ctx.defs_of(br.guard);
  if (defs.size() != 1) return analysis::kNone;
  const ir::Instr& setp = k.code[defs[0]];
  const ir::Operand* o = k.ops(defs[0]);
  if (setp.op != Opcode::Setp || setp.guarded() || setp.bop != ir::BoolOp::None || setp.op_count != 3 ||
      o[0].kind != OperandKind::Reg || (setp.cmp != ir::CmpOp::Eq && setp.cmp != ir::CmpOp::Ne))
    return analysis::kNone;
  const bool lane_vs_imm = (lane_index(ctx, o[1]) && o[2].kind == OperandKind::ImmInt) ||
                           (lane_index(ctx, o[2]) && o[1].kind == OperandKind::ImmInt);
  if (!lane_vs_imm) return analysis::kNone;
  // Taken when (lane == K) xor (cmp is ne) xor negated guard.
  const bool taken_is_lane = (setp.cmp == ir::CmpOp::Eq) != br.guard_negated;
  const std::uint32_t blk = ctx.block_of(pc);
  const std::uint32_t target = ctx.block_of(static_cast<std::uint32_t>(k.op(pc, 0).label_pc()));
  if (taken_is_lane) return target;
  for (std::uint32_t s : k.blocks[blk].succs)
    if (s != target) return s;
  return analysis::kNone;
}

}  // namespace

bool single_lane(const DetectContext& ctx, const LoopScan& scan) {
  const ir::Kernel& k = ctx.kernel;
  const std::uint32_t header = ctx.analysis.loops.loop(scan.loop).header;
  for (const auto& e : scan.enclosing) {
    const auto& br = ctx.sides[e.sides_index];
    const std::uint32_t s = lane_side(ctx, br.pc);
    // The lane-K successor must be entered only from the guard and dominate
    // the loop header: every entry into the loop passed the guard's lane-K edge.
    // (When it is the header itself, its other predecessors are the loop's latches.)
    if (s == analysis::kNone || k.blocks[br.block].succs.size() != 2 || !ctx.analysis.dom.dominates(s, header))
      continue;
    bool only_guard = true;
    for (std::uint32_t p : k.blocks[s].preds)
      only_guard = only_guard && (p == br.block || (s == header && scan.blocks.contains(p)));
    if (only_guard) return true;
  }
  return false;
}

}  // namespace lockstep::checker
