#include "checker/explore/step_plan.hpp"

namespace lockstep::checker {
namespace {

using ir::Opcode;

bool shared_space(ir::Space s) noexcept {
  return s == ir::Space::Global || s == ir::Space::Shared || s == ir::Space::SharedCluster ||
         s == ir::Space::Generic || s == ir::Space::None;
}

bool synchronises(Opcode op) noexcept {
  switch (op) {
    case Opcode::Bar: case Opcode::BarWarp: case Opcode::Vote: case Opcode::Shfl: case Opcode::Match:
    case Opcode::Activemask: case Opcode::Redux: case Opcode::TmBegin: case Opcode::TmCommit: case Opcode::TmAbort:
      return true;
    default: return false;
  }
}

bool visible(const ir::Instr& in, bool kernel_syncs) noexcept {
  switch (in.op) {
    case Opcode::Ld: case Opcode::Ldu: case Opcode::St: case Opcode::Atom: case Opcode::Red:
    case Opcode::Prefetch: case Opcode::Prefetchu:
      return shared_space(in.space);
    case Opcode::Trap: case Opcode::Brkpt: case Opcode::AssertFail: return true;
    case Opcode::Exit: case Opcode::Ret: return kernel_syncs;
    default: return synchronises(in.op);
  }
}

bool reads_clock(const ir::Kernel& k, std::uint32_t pc) noexcept {
  using R = ir::SpecialReg;
  const ir::Instr& in = k.code[pc];
  for (unsigned i = 0; i < in.op_count; ++i) {
    const ir::Operand& o = k.op(pc, i);
    if (o.kind != ir::OperandKind::Special) continue;
    const auto r = static_cast<R>(o.a);
    if (r == R::Clock || r == R::ClockHi || r == R::Clock64 || r == R::Globaltimer || r == R::GlobaltimerLo ||
        r == R::GlobaltimerHi) {
      return true;
    }
  }
  return false;
}

}  // namespace

StepPlan::StepPlan(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis) {
  const auto n = static_cast<std::uint32_t>(kernel.code.size());
  bool syncs = false;
  for (const ir::Instr& in : kernel.code) syncs = syncs || synchronises(in.op);
  flags_.assign(n, 0);
  for (std::uint32_t pc = 0; pc < n; ++pc) {
    if (!visible(kernel.code[pc], syncs)) flags_[pc] |= kPrivate;
    if (!clock_pc_ && reads_clock(kernel, pc)) clock_pc_ = pc;
  }
  for (const analysis::Loop& l : analysis.loops.loops()) {
    flags_[kernel.blocks[l.header].first_pc] |= kStop;
    for (const std::uint32_t b : l.entries) flags_[kernel.blocks[b].first_pc] |= kStop;
  }
}

}  // namespace lockstep::checker
