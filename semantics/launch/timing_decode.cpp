#include "semantics/launch/timing_decode.hpp"

#include <algorithm>

#include "frontend/analysis/def_use.hpp"
#include "frontend/analysis/def_use_table.hpp"

namespace lockstep::sem {
namespace {

enum class Width : std::uint8_t { Int, Fp, Dp };

Width width_of(ir::Type t) noexcept {
  if (t == ir::Type::F64) return Width::Dp;
  return ir::is_float(t) ? Width::Fp : Width::Int;
}

/// The arithmetic class of one of the five by-width groups (add, max, mul, mad, div).
TimingInstr arith(ir::Type t, LatencyClass int_class, LatencyClass fp_class, LatencyClass dp_class) noexcept {
  TimingInstr r;
  switch (width_of(t)) {
    case Width::Int:
      r.pipe = PipeClass::Alu;
      r.latency = int_class;
      break;
    case Width::Fp:
      r.pipe = PipeClass::Sp;
      r.latency = fp_class;
      break;
    case Width::Dp:
      r.pipe = PipeClass::Dp;
      r.latency = dp_class;
      break;
  }
  return r;
}

}  // namespace

TimingInstr timing_class(const ir::Instr& in) noexcept {
  using ir::Opcode;
  using L = LatencyClass;
  TimingInstr r;
  switch (in.op) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Addc:
    case Opcode::Subc: return arith(in.type, L::IntAdd, L::FpAdd, L::DpAdd);
    case Opcode::Min:
    case Opcode::Max: return arith(in.type, L::IntMax, L::FpMax, L::DpMax);
    case Opcode::Mul:
    case Opcode::Mul24: return arith(in.type, L::IntMul, L::FpMul, L::DpMul);
    case Opcode::Mad:
    case Opcode::Madc:
    case Opcode::Mad24:
    case Opcode::Fma: return arith(in.type, L::IntMad, L::FpMad, L::DpMad);
    case Opcode::Div:
    case Opcode::Rem:
      r = arith(in.type, L::IntDiv, L::FpDiv, L::DpDiv);
      r.pipe = PipeClass::Sfu;
      return r;
    case Opcode::Sqrt:
    case Opcode::Rsqrt:
    case Opcode::Rcp:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Ex2:
    case Opcode::Lg2:
    case Opcode::Tanh:
      r.pipe = PipeClass::Sfu;
      r.latency = L::Sfu;
      return r;
    case Opcode::Shfl:
      r.latency = L::IntShfl;
      r.role = in.has(ir::InstrFlag::Sync) ? InstrRole::WarpSync : InstrRole::Compute;
      return r;
    case Opcode::Ld:
    case Opcode::Ldu: r.role = InstrRole::Load; break;
    case Opcode::St: r.role = InstrRole::Store; break;
    case Opcode::Atom:
    case Opcode::Red: r.role = InstrRole::Atomic; break;
    case Opcode::Prefetch:
    case Opcode::Prefetchu: r.role = InstrRole::Prefetch; break;
    case Opcode::Membar:
    case Opcode::Fence: r.role = InstrRole::Fence; break;
    case Opcode::Bra:
    case Opcode::BrxIdx: r.role = InstrRole::Branch; return r;
    case Opcode::Bar: r.role = InstrRole::Barrier; return r;
    case Opcode::BarWarp: r.role = InstrRole::WarpSync; return r;
    case Opcode::Vote:
    case Opcode::Match:
    case Opcode::Redux:
      r.role = in.has(ir::InstrFlag::Sync) ? InstrRole::WarpSync : InstrRole::Compute;
      return r;
    case Opcode::Exit:
    case Opcode::Ret: r.role = InstrRole::Exit; return r;
    case Opcode::Trap:
    case Opcode::Brkpt:
    case Opcode::Nanosleep:
    case Opcode::Pmevent:
    case Opcode::Print:
    case Opcode::AssertFail:
    case Opcode::TmBegin:
    case Opcode::TmCommit:
    case Opcode::TmAbort: r.role = InstrRole::Other; return r;
    default: return r;
  }
  r.pipe = PipeClass::Mem;
  r.space = in.space;
  return r;
}

TimingDecode::TimingDecode(const ir::Kernel& kernel) {
  const analysis::DefUseTable table(kernel);
  const auto nregs = static_cast<std::uint32_t>(kernel.regs.size());
  const std::uint32_t carry = analysis::pseudo_reg(kernel, analysis::PseudoReg::Carry);
  register_count_ = nregs + 1;
  const auto keep = [&](std::uint32_t r) -> std::uint32_t {
    if (r < nregs) return r;
    return r == carry ? nregs : 0xffffffffU;
  };
  instrs_.reserve(kernel.code.size());
  for (std::uint32_t pc = 0; pc < kernel.code.size(); ++pc) {
    TimingInstr t = timing_class(kernel.code[pc]);
    t.setp = kernel.code[pc].op == ir::Opcode::Setp;
    t.backward = kernel.code[pc].op == ir::Opcode::Bra && kernel.op(pc, 0).label_pc() <= pc;
    const auto add_distinct = [&](std::uint32_t begin, std::uint32_t r) {
      if (r == 0xffffffffU) return;
      if (std::find(regs_.begin() + begin, regs_.end(), r) == regs_.end()) regs_.push_back(r);
    };
    t.src_begin = static_cast<std::uint32_t>(regs_.size());
    for (const analysis::RegUse& u : table.uses(pc)) add_distinct(t.src_begin, keep(u.reg));
    t.src_count = static_cast<std::uint8_t>(std::min<std::size_t>(regs_.size() - t.src_begin, 255));
    regs_.resize(t.src_begin + t.src_count);
    t.dst_begin = static_cast<std::uint32_t>(regs_.size());
    for (const analysis::RegDef& d : table.defs(pc)) add_distinct(t.dst_begin, keep(d.reg));
    t.dst_count = static_cast<std::uint8_t>(std::min<std::size_t>(regs_.size() - t.dst_begin, 255));
    regs_.resize(t.dst_begin + t.dst_count);
    instrs_.push_back(t);
  }
}

}  // namespace lockstep::sem
