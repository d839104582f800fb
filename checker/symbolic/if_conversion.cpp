#include "checker/symbolic/if_conversion.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "frontend/analysis/def_use.hpp"
#include "frontend/analysis/digraph.hpp"

namespace lockstep::checker {
namespace {

using ir::Opcode;

constexpr std::uint32_t kMaxArmBlocks = 64;

[[nodiscard]] bool pure_opcode(Opcode op) noexcept {
  switch (op) {
    case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Mad: case Opcode::Mul24: case Opcode::Mad24:
    case Opcode::Sad: case Opcode::Div: case Opcode::Rem: case Opcode::Abs: case Opcode::Neg: case Opcode::Min:
    case Opcode::Max: case Opcode::Fma: case Opcode::Rcp: case Opcode::Sqrt: case Opcode::Rsqrt: case Opcode::Sin:
    case Opcode::Cos: case Opcode::Lg2: case Opcode::Ex2: case Opcode::Tanh: case Opcode::Testp:
    case Opcode::Copysign: case Opcode::Popc: case Opcode::Clz: case Opcode::Bfind: case Opcode::Brev:
    case Opcode::Bfe: case Opcode::Bfi: case Opcode::Prmt: case Opcode::Bmsk: case Opcode::Szext: case Opcode::And:
    case Opcode::Or: case Opcode::Xor: case Opcode::Not: case Opcode::Cnot: case Opcode::Lop3: case Opcode::Shf:
    case Opcode::Shl: case Opcode::Shr: case Opcode::Set: case Opcode::Setp: case Opcode::Selp: case Opcode::Slct:
    case Opcode::Mov: case Opcode::Cvt:
      return true;
    default: return false;
  }
}

[[nodiscard]] bool clock_register(const ir::Operand& o) noexcept {
  if (o.kind != ir::OperandKind::Special) return false;
  const auto r = static_cast<ir::SpecialReg>(o.a);
  return r == ir::SpecialReg::Clock || r == ir::SpecialReg::ClockHi || r == ir::SpecialReg::Clock64 ||
         r == ir::SpecialReg::Globaltimer || r == ir::SpecialReg::GlobaltimerLo ||
         r == ir::SpecialReg::GlobaltimerHi;
}

[[nodiscard]] bool plain_source(const ir::Kernel& k, const ir::Operand& o) noexcept {
  switch (o.kind) {
    case ir::OperandKind::Reg:
    case ir::OperandKind::ImmInt:
    case ir::OperandKind::ImmF32:
    case ir::OperandKind::ImmF64:
    case ir::OperandKind::Symbol: return true;
    case ir::OperandKind::Special: return !clock_register(o);
    case ir::OperandKind::Vector: {
      const ir::Operand* e = k.elems(o);
      for (std::uint32_t i = 0; i < o.b; ++i) {
        if (!plain_source(k, e[i])) return false;
      }
      return true;
    }
    default: return false;
  }
}

/// A pure register operation with one register destination.
[[nodiscard]] bool convertible(const ir::Kernel& k, std::uint32_t pc) noexcept {
  const ir::Instr& in = k.code[pc];
  if (!pure_opcode(in.op) || in.has(ir::InstrFlag::CarryOut)) return false;
  if (analysis::dest_count(in) != 1 || in.op_count == 0) return false;
  if (k.op(pc, 0).kind != ir::OperandKind::Reg) return false;
  for (unsigned i = 1; i < in.op_count; ++i) {
    if (!plain_source(k, k.op(pc, i))) return false;
  }
  return true;
}

[[nodiscard]] bool unconditional_jump(const ir::Instr& in) noexcept { return in.op == Opcode::Bra && !in.guarded(); }

struct Arm {
  std::vector<std::uint32_t> pcs;  ///< the arm's instructions, in execution order (jumps left out)
};

class Converter {
 public:
  Converter(ir::Kernel& k, const analysis::ReconvergenceTable& table) : k_(k), table_(table) {}

  /// Converts one qualifying region; false when none is left.
  bool convert_one() {
    if (label_at_end()) return false;  // appended code would take over a label past the last instruction
    ir::build_blocks(k_);
    graph_ = analysis::block_graph(k_);
    reachable_.assign(k_.blocks.size(), false);
    for (const std::uint32_t b : analysis::reverse_postorder(graph_, 0)) reachable_[b] = true;
    for (std::uint32_t pc = 0; pc < k_.code.size(); ++pc) {
      const ir::Instr& in = k_.code[pc];
      if (in.op != Opcode::Bra || !in.guarded() || !reachable_[k_.block_of(pc)]) continue;
      const auto r = table_.find(pc);
      if (!r || *r == analysis::kExitPc) continue;
      const std::uint32_t taken = k_.op(pc, 0).label_pc();
      const auto t = arm(pc, taken, *r);
      if (!t) continue;
      const auto f = arm(pc, pc + 1, *r);
      if (!f) continue;
      emit(pc, *t, *f, *r);
      return true;
    }
    return false;
  }

 private:
  [[nodiscard]] bool label_at_end() const noexcept {
    const auto end = static_cast<std::uint32_t>(k_.code.size());
    for (const ir::LabelInfo& l : k_.labels) {
      if (l.pc >= end) return true;
    }
    for (std::uint32_t pc = 0; pc < end; ++pc) {
      const ir::Instr& in = k_.code[pc];
      if (in.op == Opcode::Bra && k_.op(pc, 0).label_pc() >= end) return true;
    }
    return false;
  }

  /// The arm from `start` to `reconv` entered from the branch at `branch`, if it qualifies.
  std::optional<Arm> arm(std::uint32_t branch, std::uint32_t start, std::uint32_t reconv) const {
    Arm a;
    std::uint32_t from = k_.block_of(branch);
    std::uint32_t pc = start;
    for (std::uint32_t n = 0; pc != reconv; ++n) {
      if (n == kMaxArmBlocks || pc >= k_.code.size()) return std::nullopt;
      const std::uint32_t b = k_.block_of(pc);
      const ir::Block& blk = k_.blocks[b];
      if (blk.first_pc != pc) return std::nullopt;
      for (const std::uint32_t p : graph_.preds(b)) {
        if (p != from && reachable_[p]) return std::nullopt;
      }
      std::uint32_t next = blk.last_pc + 1;
      for (std::uint32_t p = blk.first_pc; p <= blk.last_pc; ++p) {
        const ir::Instr& in = k_.code[p];
        if (p == blk.last_pc && unconditional_jump(in)) {
          next = k_.op(p, 0).label_pc();
          break;
        }
        if (!convertible(k_, p)) return std::nullopt;
        a.pcs.push_back(p);
      }
      from = b;
      pc = next;
    }
    return a;
  }

  std::uint32_t new_reg(std::uint32_t like) {
    const auto id = static_cast<std::uint32_t>(k_.regs.size());
    k_.regs.push_back(ir::RegInfo{"%ifc" + std::to_string(id), k_.regs[like].type});
    return id;
  }

  [[nodiscard]] static ir::Type bits_type(ir::Type t) noexcept {
    const unsigned w = ir::bit_width(t);
    return w > 32 ? ir::Type::B64 : w > 16 ? ir::Type::B32 : ir::Type::B16;
  }

  /// Appends an instruction with the given operands (copied), at `like`'s source position.
  void push(ir::Instr in, const std::vector<ir::Operand>& ops) {
    in.op_begin = static_cast<std::uint32_t>(k_.operands.size());
    in.op_count = static_cast<std::uint16_t>(ops.size());
    k_.operands.insert(k_.operands.end(), ops.begin(), ops.end());
    k_.code.push_back(in);
  }
  void push_selp(const ir::Instr& at, std::uint32_t dst, ir::Operand a, ir::Operand b, ir::Operand c) {
    ir::Instr in;
    in.op = Opcode::Selp;
    in.type = bits_type(k_.regs[dst].type);
    in.loc = at.loc;
    in.cuda = at.cuda;
    in.frame = at.frame;
    push(in, {ir::Operand::reg(dst), a, b, c});
  }

  /// A source operand as the arm sees it: registers it wrote read their shadow.
  ir::Operand source(const ir::Operand& o, const std::map<std::uint32_t, std::uint32_t>& shadow) {
    if (o.kind == ir::OperandKind::Reg) {
      const auto it = shadow.find(o.a);
      ir::Operand r = o;
      if (it != shadow.end()) r.a = it->second;
      return r;
    }
    if (o.kind == ir::OperandKind::Vector) {
      std::vector<ir::Operand> elems(k_.elems(o), k_.elems(o) + o.b);
      ir::Operand v = o;
      v.a = static_cast<std::uint32_t>(k_.operands.size());
      for (ir::Operand& e : elems) e = source(e, shadow);
      k_.operands.insert(k_.operands.end(), elems.begin(), elems.end());
      return v;
    }
    return o;
  }

  /// Appends the arm's instructions writing shadows; returns register -> shadow.
  std::map<std::uint32_t, std::uint32_t> emit_arm(const Arm& a) {
    std::map<std::uint32_t, std::uint32_t> shadow;
    for (const std::uint32_t pc : a.pcs) {
      ir::Instr in = k_.code[pc];
      std::vector<ir::Operand> ops(k_.ops(pc), k_.ops(pc) + in.op_count);
      for (std::size_t i = 1; i < ops.size(); ++i) ops[i] = source(ops[i], shadow);
      std::optional<ir::Operand> guard;
      if (in.guarded()) {
        guard = source(ir::Operand::reg(in.guard), shadow);
        in.guard = ir::kNoReg;
        in.guard_negated = false;
      }
      const std::uint32_t dst = ops[0].a;
      if (!guard) {
        auto [it, fresh] = shadow.try_emplace(dst, 0);
        if (fresh) it->second = new_reg(dst);
        ops[0].a = it->second;
        push(in, ops);
        continue;
      }
      // A guarded instruction: its result moves into the shadow where the guard holds.
      const bool negated = k_.code[pc].guard_negated;
      auto [it, fresh] = shadow.try_emplace(dst, 0);
      if (fresh) {
        it->second = new_reg(dst);
        ir::Instr mov;
        mov.op = Opcode::Mov;
        mov.type = k_.regs[dst].type;
        mov.loc = in.loc;
        mov.cuda = in.cuda;
        mov.frame = in.frame;
        push(mov, {ir::Operand::reg(it->second), ir::Operand::reg(dst)});
      }
      const std::uint32_t tmp = new_reg(dst);
      ops[0].a = tmp;
      push(in, ops);
      const ir::Operand cur = ir::Operand::reg(it->second);
      const ir::Operand val = ir::Operand::reg(tmp);
      push_selp(in, it->second, negated ? cur : val, negated ? val : cur, *guard);
    }
    return shadow;
  }

  void emit(std::uint32_t branch, const Arm& taken, const Arm& fall, std::uint32_t reconv) {
    const ir::Instr br = k_.code[branch];
    const auto start = static_cast<std::uint32_t>(k_.code.size());
    const auto t = emit_arm(taken);
    const auto f = emit_arm(fall);
    // selp r, <taken value>, <fall-through value>, p (swapped for @!p): the
    // predicate is read before any commit writes it (it is committed last).
    std::vector<std::uint32_t> regs;
    for (const auto& [r, s] : t) regs.push_back(r);
    for (const auto& [r, s] : f) {
      if (!t.contains(r)) regs.push_back(r);
    }
    std::stable_partition(regs.begin(), regs.end(), [&](std::uint32_t r) { return r != br.guard; });
    for (const std::uint32_t r : regs) {
      const auto it = t.find(r);
      const auto jt = f.find(r);
      const ir::Operand tv = ir::Operand::reg(it != t.end() ? it->second : r);
      const ir::Operand fv = ir::Operand::reg(jt != f.end() ? jt->second : r);
      push_selp(br, r, br.guard_negated ? fv : tv, br.guard_negated ? tv : fv, ir::Operand::reg(br.guard));
    }
    ir::Instr jump = br;
    jump.guard = ir::kNoReg;
    jump.guard_negated = false;
    jump.set(ir::InstrFlag::Uni);
    push(jump, {ir::Operand::label(reconv)});
    // The branch becomes a jump to the converted code.
    ir::Instr& b = k_.code[branch];
    b.guard = ir::kNoReg;
    b.guard_negated = false;
    b.set(ir::InstrFlag::Uni);
    k_.operands[b.op_begin] = ir::Operand::label(start);
    k_.labels.push_back(ir::LabelInfo{"$Lifc" + std::to_string(start), start});
  }

  ir::Kernel& k_;
  const analysis::ReconvergenceTable& table_;
  analysis::Digraph graph_;
  std::vector<bool> reachable_;
};

}  // namespace

IfConversion if_convert(const ir::Kernel& kernel, const analysis::ReconvergenceTable& table) {
  IfConversion r{kernel, 0};
  Converter c(r.kernel, table);
  while (c.convert_one()) ++r.regions;
  ir::build_blocks(r.kernel);
  return r;
}

}  // namespace lockstep::checker
