#include "checker/detect/lane_serialised.hpp"

#include <optional>
#include <vector>

#include "frontend/analysis/def_use.hpp"

namespace lockstep::checker {
namespace {

using ir::Opcode;
using ir::OperandKind;

constexpr std::uint32_t kInvariant = 0xfffffffeU;  ///< "no definition in the loop": the same value throughout
constexpr unsigned kMaxPath = 64;                  ///< instructions followed from the store to the exit branch
constexpr unsigned kMaxDepth = 8;                  ///< expression depth compared

/// Instructions whose result is a function of their operands only.
bool pure(const ir::Instr& in) {
  switch (in.op) {
    case Opcode::Mov:
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
    case Opcode::Mad:
    case Opcode::Mul24:
    case Opcode::Mad24:
    case Opcode::Shl:
    case Opcode::Shr:
    case Opcode::And:
    case Opcode::Or:
    case Opcode::Xor:
    case Opcode::Not:
    case Opcode::Neg:
    case Opcode::Min:
    case Opcode::Max:
    case Opcode::Cvt:
    case Opcode::Cvta:
      return !in.guarded() && !in.has(ir::InstrFlag::CarryOut);
    default:
      return false;
  }
}

bool stable_special(const ir::Operand& o) {
  switch (static_cast<ir::SpecialReg>(o.a)) {
    case ir::SpecialReg::Tid:
    case ir::SpecialReg::Ntid:
    case ir::SpecialReg::Ctaid:
    case ir::SpecialReg::Nctaid:
    case ir::SpecialReg::Laneid:
      return true;
    default:
      return false;
  }
}

class OwnWrite {
 public:
  OwnWrite(const DetectContext& ctx, const LoopScan& scan) : ctx_(ctx), k_(ctx.kernel), scan_(scan) {}

  [[nodiscard]] bool exit_ok(const ExitBranch& e) {
    const ir::Instr& br = k_.code[e.pc];
    if (br.op != Opcode::Bra || !br.guarded() || !every_iteration(ctx_.block_of(e.pc))) return false;
    // Leaves L when the guard (after its negation) is `leave_when`.
    const std::uint32_t target = ctx_.block_of(k_.op(e.pc, 0).label_pc());
    const bool taken_leaves = !scan_.blocks.contains(target);
    const bool leave_when = taken_leaves != br.guard_negated;
    for (std::uint32_t st = 0; st < k_.code.size(); ++st) {
      if (k_.code[st].op != Opcode::St || !scan_.blocks.contains(ctx_.block_of(st))) continue;
      if (pairs_with(st, e.pc, br.guard, leave_when)) return true;
    }
    return false;
  }

 private:
  [[nodiscard]] bool every_iteration(std::uint32_t b) const {
    for (std::uint32_t l : ctx_.analysis.loops.loop(scan_.loop).latches)
      if (!ctx_.analysis.dom.dominates(b, l)) return false;
    return true;
  }
  [[nodiscard]] bool defines(std::uint32_t pc, std::uint32_t reg) const {
    for (const auto& d : ctx_.du.defs(pc))
      if (d.reg == reg) return true;
    return false;
  }

  /// The straight path after `from` up to and including `to`: each next
  /// instruction in the block, or the first of the single successor (entered
  /// only from here), through unconditional `bra`s. Empty when there is none.
  [[nodiscard]] std::vector<std::uint32_t> straight_path(std::uint32_t from, std::uint32_t to) const {
    std::vector<std::uint32_t> path;
    std::uint32_t pc = from;
    while (path.size() < kMaxPath) {
      const std::uint32_t b = ctx_.block_of(pc);
      if (pc < k_.blocks[b].last_pc) {
        ++pc;
      } else {
        const auto& succs = k_.blocks[b].succs;
        if (succs.size() != 1 || !scan_.blocks.contains(succs[0]) || k_.blocks[succs[0]].preds.size() != 1 ||
            succs[0] == ctx_.analysis.loops.loop(scan_.loop).header)
          return {};
        pc = k_.blocks[succs[0]].first_pc;
      }
      path.push_back(pc);
      if (pc == to) return path;
      if (pc == from) return {};
    }
    return {};
  }

  /// Nothing on the path (before `to`) writes memory, synchronises, calls
  /// or leaves: only thread-private computation, loads and unconditional jumps.
  [[nodiscard]] bool quiet(const std::vector<std::uint32_t>& path) const {
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
      const ir::Instr& in = k_.code[path[i]];
      switch (in.op) {
        case Opcode::St:
        case Opcode::Atom:
        case Opcode::Red:
        case Opcode::Call:
        case Opcode::Bar:
        case Opcode::BarWarp:
        case Opcode::Vote:
        case Opcode::Shfl:
        case Opcode::Match:
        case Opcode::Redux:
        case Opcode::BrxIdx:
        case Opcode::Ret:
        case Opcode::Exit:
        case Opcode::Trap:
        case Opcode::Brkpt:
        case Opcode::TmBegin:
        case Opcode::TmCommit:
        case Opcode::TmAbort:
        case Opcode::Print:
        case Opcode::AssertFail:
          return false;
        case Opcode::Bra:
          if (in.guarded()) return false;
          break;
        default:
          break;
      }
    }
    return true;
  }

  /// The definition of reg that the instruction at pc sees from the current
  /// iteration: kInvariant when L never writes reg, nullopt when unknown.
  [[nodiscard]] std::optional<std::uint32_t> def_before(std::uint32_t reg, std::uint32_t pc) const {
    const std::uint32_t b = ctx_.block_of(pc);
    for (std::uint32_t p = pc; p > k_.blocks[b].first_pc;) {
      --p;
      if (!defines(p, reg)) continue;
      if (k_.code[p].guarded()) return std::nullopt;
      return p;
    }
    std::vector<std::uint32_t> in_loop;
    for (std::uint32_t d : ctx_.defs_of(reg))
      if (scan_.blocks.contains(ctx_.block_of(d))) in_loop.push_back(d);
    if (in_loop.empty()) return kInvariant;
    if (in_loop.size() != 1 || k_.code[in_loop[0]].guarded()) return std::nullopt;
    const std::uint32_t db = ctx_.block_of(in_loop[0]);
    if (db == b || !ctx_.analysis.dom.dominates(db, b)) return std::nullopt;
    return in_loop[0];
  }

  /// ra at pa and rb at pb hold the same value: the same pure expression
  /// (the same operations on the same immediates, symbols, thread indices
  /// and registers L never writes) computed in the current iteration. Such
  /// an expression has one value throughout L, wherever it is evaluated.
  [[nodiscard]] bool same_value(std::uint32_t ra, std::uint32_t pa, std::uint32_t rb, std::uint32_t pb,
                                unsigned depth) const {
    const auto da = def_before(ra, pa);
    const auto db = def_before(rb, pb);
    if (!da || !db) return false;
    if (*da == kInvariant || *db == kInvariant) return *da == *db && ra == rb;
    if (depth > kMaxDepth) return false;
    const ir::Instr& ia = k_.code[*da];
    const ir::Instr& ib = k_.code[*db];
    if (!pure(ia) || !pure(ib) || !ir::same_meaning(ia, ib) || ctx_.du.defs(*da).size() != 1) return false;
    for (unsigned i = analysis::dest_count(ia); i < ia.op_count; ++i) {
      const ir::Operand& oa = k_.op(*da, i);
      const ir::Operand& ob = k_.op(*db, i);
      if (oa.kind != ob.kind || oa.negated != ob.negated) return false;
      switch (oa.kind) {
        case OperandKind::Reg:
          if (!same_value(oa.a, *da, ob.a, *db, depth + 1)) return false;
          break;
        case OperandKind::ImmInt:
        case OperandKind::Symbol:
          if (!(oa == ob)) return false;
          break;
        case OperandKind::Special:
          if (!(oa == ob) || !stable_special(oa)) return false;
          break;
        default:
          return false;
      }
    }
    return true;
  }

  /// The address operands of two accesses name the same byte in one iteration.
  [[nodiscard]] bool same_address(std::uint32_t st, std::uint32_t ld) const {
    const ir::Operand& a = k_.op(st, 0);
    const ir::Operand& b = k_.op(ld, 1);
    if (a.kind != OperandKind::Address || b.kind != OperandKind::Address || a.b != b.b || a.value != b.value)
      return false;
    switch (a.addr_base()) {
      case ir::AddrBase::Reg: return same_value(a.a, st, b.a, ld, 0);
      case ir::AddrBase::Symbol: return a.a == b.a && a.scope == b.scope;
      case ir::AddrBase::Absolute: return true;
    }
    return false;
  }

  /// The store at st, the load of the same address after it and the exit
  /// branch's predicate form an own-write exit.
  [[nodiscard]] bool pairs_with(std::uint32_t st, std::uint32_t br_pc, std::uint32_t guard, bool leave_when) const {
    const ir::Instr& s = k_.code[st];
    if (s.guarded() || s.vec != 1 || s.op_count != 2 || k_.op(st, 1).kind != OperandKind::Reg) return false;
    const std::uint32_t v = k_.op(st, 1).a;
    const std::vector<std::uint32_t> path = straight_path(st, br_pc);
    if (path.empty() || !quiet(path)) return false;
    // Follow the guard back along the path: not.pred copies, then one setp.eq/ne.
    std::uint32_t pred = guard;
    bool when = leave_when;
    std::size_t i = path.size() - 1;  // the branch
    std::uint32_t setp = 0;
    while (true) {
      while (i > 0 && !defines(path[i - 1], pred)) --i;
      if (i == 0) return false;
      const std::uint32_t d = path[--i];
      const ir::Instr& in = k_.code[d];
      if (in.guarded()) return false;
      if (in.op == Opcode::Not && in.op_count == 2 && k_.op(d, 1).kind == OperandKind::Reg) {
        pred = k_.op(d, 1).a;
        when = !when;
        continue;
      }
      if (in.op != Opcode::Setp || in.bop != ir::BoolOp::None || in.op_count != 3 ||
          k_.op(d, 0).kind != OperandKind::Reg || k_.op(d, 0).a != pred)
        return false;
      setp = d;
      break;
    }
    const ir::Instr& cmp = k_.code[setp];
    // Leaves when x == v: (eq and leave on true) or (ne and leave on false).
    if (!((cmp.cmp == ir::CmpOp::Eq && when) || (cmp.cmp == ir::CmpOp::Ne && !when))) return false;
    if (ir::byte_width(cmp.type) != ir::byte_width(s.type)) return false;
    const std::size_t setp_at = i;
    for (unsigned side = 1; side <= 2; ++side) {
      const ir::Operand& vo = k_.op(setp, side);
      const ir::Operand& xo = k_.op(setp, 3 - side);
      if (vo.kind != OperandKind::Reg || xo.kind != OperandKind::Reg || vo.a != v || vo.negated || xo.negated) continue;
      // v keeps the stored value up to the setp.
      bool kept = true;
      for (std::size_t j = 0; j < setp_at && kept; ++j) kept = !defines(path[j], v);
      if (!kept) continue;
      // x's last definition before the setp is a plain load of the store's address.
      std::size_t j = setp_at;
      while (j > 0 && !defines(path[j - 1], xo.a)) --j;
      if (j == 0) continue;
      const std::uint32_t ld = path[j - 1];
      const ir::Instr& l = k_.code[ld];
      if (l.op != Opcode::Ld || l.guarded() || l.vec != 1 || l.op_count != 2 || ir::byte_width(l.type) != ir::byte_width(s.type))
        continue;
      if (ir::byte_width(l.type) != ir::byte_width(cmp.type)) continue;
      if (same_address(st, ld)) return true;
    }
    return false;
  }

  const DetectContext& ctx_;
  const ir::Kernel& k_;
  const LoopScan& scan_;
};

}  // namespace

bool lane_serialised(const DetectContext& ctx, const LoopScan& scan) {
  if (scan.exits.empty()) return false;
  OwnWrite w(ctx, scan);
  for (const auto& e : scan.exits)
    if (!w.exit_ok(e)) return false;
  return true;
}

}  // namespace lockstep::checker
