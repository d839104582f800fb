#include "checker/explore/footprint.hpp"

namespace lockstep::checker {
namespace {

using ir::Opcode;

bool sync_op(Opcode op) noexcept {
  switch (op) {
    case Opcode::Bar: case Opcode::BarWarp: case Opcode::Vote: case Opcode::Shfl: case Opcode::Match:
    case Opcode::Activemask: case Opcode::Redux:
      return true;
    default: return false;
  }
}

/// Bytes the data operand of a memory instruction moves (vectors included).
std::uint64_t access_bytes(const ir::Kernel& k, std::uint32_t pc) {
  const ir::Instr& in = k.code[pc];
  std::uint64_t elems = 1;
  for (unsigned i = 0; i < in.op_count; ++i) {
    const ir::Operand& o = k.op(pc, i);
    if (o.kind == ir::OperandKind::Vector) elems = std::max<std::uint64_t>(elems, o.b);
  }
  const unsigned w = ir::byte_width(in.type);
  return elems * (w == 0 ? 8 : w);
}

}  // namespace

bool kernel_synchronises(const ir::Kernel& kernel) noexcept {
  for (const ir::Instr& in : kernel.code) {
    if (sync_op(in.op)) return true;
  }
  return false;
}

bool accesses_conflict(const Access& a, const Access& b) noexcept {
  if (a.thread == b.thread || (!a.write && !b.write)) return false;
  if (a.space == AccessSpace::Anything || b.space == AccessSpace::Anything) return true;
  if (a.space != b.space || (a.space == AccessSpace::Shared && a.block != b.block)) return false;
  return a.lo < b.hi && b.lo < a.hi;
}

bool footprints_conflict(const Footprint& a, const Footprint& b) noexcept {
  if (a.kind == FootprintKind::Private || b.kind == FootprintKind::Private) return false;
  if (a.kind == FootprintKind::Everything || b.kind == FootprintKind::Everything) return true;
  if (a.kind == FootprintKind::Sync || b.kind == FootprintKind::Sync) {
    return a.kind == b.kind && a.block == b.block;
  }
  for (const Access& x : a.accesses) {
    for (const Access& y : b.accesses) {
      if (accesses_conflict(x, y)) return true;
    }
  }
  return false;
}

void instruction_footprint(const sem::LaunchSetup& setup, std::uint32_t pc, std::uint32_t warp, std::uint32_t block,
                           sem::Mask threads, const std::uint64_t* regs, bool syncing_exit, Footprint& out) {
  const ir::Kernel& k = *setup.kernel;
  const ir::Instr& in = k.code[pc];
  out.pc = pc;
  out.block = block;
  out.accesses.clear();
  out.kind = FootprintKind::Private;
  switch (in.op) {
    case Opcode::Ld: case Opcode::Ldu: case Opcode::St: case Opcode::Atom: case Opcode::Red: break;
    case Opcode::Exit: case Opcode::Ret:
      if (syncing_exit) out.kind = FootprintKind::Sync;
      return;
    case Opcode::Trap: case Opcode::Brkpt: case Opcode::AssertFail: case Opcode::TmBegin: case Opcode::TmCommit:
    case Opcode::TmAbort:
      out.kind = FootprintKind::Everything;
      return;
    default:
      if (sync_op(in.op)) out.kind = FootprintKind::Sync;
      return;
  }
  if (in.space == ir::Space::Local || in.space == ir::Space::Param || in.space == ir::Space::Const) return;
  const ir::Operand* addr = nullptr;
  for (unsigned i = 0; i < in.op_count && addr == nullptr; ++i) {
    if (k.op(pc, i).kind == ir::OperandKind::Address) addr = &k.op(pc, i);
  }
  if (addr == nullptr) {
    out.kind = FootprintKind::Everything;
    return;
  }
  out.kind = FootprintKind::Memory;
  const std::uint64_t size = access_bytes(k, pc);
  const bool write = in.op != Opcode::Ld && in.op != Opcode::Ldu;
  const bool atomic = in.op == Opcode::Atom || in.op == Opcode::Red;
  const bool vol = in.sem == ir::MemSem::Volatile || in.sem == ir::MemSem::Relaxed || in.sem == ir::MemSem::Acquire ||
                   in.sem == ir::MemSem::Release || in.sem == ir::MemSem::AcqRel || in.sem == ir::MemSem::Sc;
  const bool generic = in.space == ir::Space::Generic || in.space == ir::Space::None;
  sem::for_each_lane(threads, [&](unsigned l) {
    Access a;
    a.thread = warp * sem::kWarpSize + l;
    a.block = block;
    a.write = write;
    a.atomic = atomic;
    a.is_volatile = vol;
    std::uint64_t at = static_cast<std::uint64_t>(addr->value);
    bool known = true;
    switch (addr->addr_base()) {
      case ir::AddrBase::Absolute: break;
      case ir::AddrBase::Reg: at += regs != nullptr ? regs[std::size_t{addr->a} * sem::kWarpSize + l] : 0; break;
      case ir::AddrBase::Symbol:
        if (generic) known = false;
        at += setup.layout->symbol_address(addr->scope, addr->a);
        break;
    }
    at = setup.map.wrap(at);
    ir::Space space = in.space;
    if (known && generic) {
      const sem::SpaceAddress sa = setup.map.classify(at);
      space = sa.space;
      at = sa.offset;
    }
    if (!known) {
      a.space = AccessSpace::Anything;
    } else if (space == ir::Space::Global) {
      a.space = AccessSpace::Global;
    } else if (space == ir::Space::Shared || space == ir::Space::SharedCluster) {
      a.space = AccessSpace::Shared;
    } else if (space == ir::Space::Local || space == ir::Space::Param || space == ir::Space::Const) {
      return;  // thread-private or read-only through a generic address
    } else {
      a.space = AccessSpace::Anything;
    }
    a.lo = at;
    a.hi = at + size;
    out.accesses.push_back(a);
  });
  if (out.accesses.empty()) out.kind = FootprintKind::Private;
}

}  // namespace lockstep::checker
