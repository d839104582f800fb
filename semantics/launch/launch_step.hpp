// LaunchState: executing one instruction for a unit (control flow here;
// arithmetic, memory and collectives through the exec/ semantics).
#pragma once

#include <fmt/format.h>

#include "semantics/exec/exec_cvt.hpp"
#include "semantics/exec/exec_float.hpp"
#include "semantics/exec/exec_int.hpp"
#include "semantics/exec/exec_memory.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/launch/warp_env.hpp"
#include "semantics/memory/memory_fault.hpp"

namespace lockstep::sem {

template <DivergenceModel M, class D>
void LaunchState<M, D>::fail(std::uint32_t w, std::uint32_t pc, Mask lanes, std::string kind, std::string message) {
  const Warp& wd = warps_[w];
  const unsigned lane = lanes != 0 ? lowest_lane(lanes) : 0;
  const LaunchShape& sh = setup_->shape;
  LaunchFault f;
  f.kind = std::move(kind);
  f.message = std::move(message);
  // In a compacted warp of several static warps, the lane's thread is in its home warp.
  const std::uint32_t wib = lane_home_ != nullptr ? lane_home_[lane] : wd.warp_in_block;
  f.block = LaunchShape::unflatten(wd.block, sh.grid);
  f.thread = LaunchShape::unflatten(wib * kWarpSize + lane, sh.block);
  f.warp = wib;
  f.lane = lane;
  f.pc = pc;
  fault_ = std::move(f);
  status_ = LaunchStatus::Error;
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::execute(std::uint32_t w, const UnitView& u, Mask g, Outcome& o) {
  using ir::Opcode;
  const ir::Kernel& k = *setup_->kernel;
  const ir::Instr& in = k.code[u.pc];
  const std::uint32_t next = u.pc + 1;
  try {
    switch (in.op) {
      case Opcode::Bra:
        o.add(k.op(u.pc, 0).label_pc(), g);
        o.add(next, u.threads & ~g);
        return;
      case Opcode::BrxIdx: branch_indexed(w, u, g, o); return;
      case Opcode::Exit:
      case Opcode::Ret:
        o.exited = g;
        o.add(next, u.threads & ~g);
        return;
      case Opcode::Trap:
        if (g != 0) return fail(w, u.pc, g, "trap", "trap executed");
        o.add(next, u.threads);
        return;
      case Opcode::AssertFail:
        if (g != 0) return assert_fail(w, u.pc, g);
        o.add(next, u.threads);
        return;
      case Opcode::Bar: barrier(w, u, g, o); return;
      case Opcode::BarWarp:
      case Opcode::Vote:
      case Opcode::Shfl:
      case Opcode::Match:
      case Opcode::Redux:
      case Opcode::Activemask: collective(w, u, g, o); return;
      case Opcode::TmBegin:
        if (tx_on()) return tx_begin(w, u, g, o);
        if (g != 0 && !tm_owner_) tm_owner_ = TmOwner{w, lowest_lane(g)};
        o.add(next, u.threads);
        return;
      case Opcode::TmCommit:
      case Opcode::TmAbort:
        if (tx_on()) return in.op == Opcode::TmCommit ? tx_commit(w, u, g, o) : tx_abort(w, u, g, o);
        if (g != 0 && tm_owner_ && tm_owner_->warp == w) {
          tm_owner_.reset();
          if (report_ != nullptr) report_->released = true;
        }
        o.add(next, u.threads);
        return;
      case Opcode::Print:
        if (g != 0) print(w, u.pc, g);
        o.add(next, u.threads);
        return;
      case Opcode::Brkpt:
      case Opcode::Nanosleep:
      case Opcode::Pmevent:
      case Opcode::Membar:
      case Opcode::Fence:
        o.add(next, u.threads);
        return;
      default:
        if (g != 0) execute_plain(w, u.pc, g);
        if (status_ == LaunchStatus::Error) return;
        o.add(next, u.threads);
        return;
    }
  } catch (const MemoryFault& f) {
    fail(w, u.pc, f.lane() ? lane_bit(*f.lane()) : g, "memory-fault", f.what());
  } catch (const ExecError& e) {
    fail(w, u.pc, e.lane() ? lane_bit(*e.lane()) : g, e.lane() ? "invalid" : "unsupported", e.what());
  }
}

namespace detail {
/// True for the opcodes only the memory semantics handle.
[[nodiscard]] inline bool is_memory_op(ir::Opcode op) noexcept {
  using ir::Opcode;
  return op == Opcode::Ld || op == Opcode::Ldu || op == Opcode::St || op == Opcode::Atom || op == Opcode::Red ||
         op == Opcode::Cvta || op == Opcode::Isspacep || op == Opcode::Prefetch || op == Opcode::Prefetchu;
}
}  // namespace detail

template <DivergenceModel M, class D>
void LaunchState<M, D>::execute_plain(std::uint32_t w, std::uint32_t pc, Mask g) {
  Warp& wd = warps_[w];
  const WarpEnv env(*setup_, wd.block, wd.warp_in_block, stats_.steps, lane_home_);
  Lanes<D> L(dom_, *setup_->kernel, pc, g, WarpRegs<D>{wd.regs.data()}, env, setup_->reg_bits.data());
  if (detail::is_memory_op(L.in.op)) {
    MemoryPort mp = port(w);
    if (exec_memory(L, mp)) return;
  } else if (exec_int(L) || exec_float(L) || exec_cvt(L)) {
    return;
  }
  throw ExecError(fmt::format("no semantics for '{}'", ir::opcode_name(L.in.op)));
}

template <DivergenceModel M, class D>
void LaunchState<M, D>::branch_indexed(std::uint32_t w, const UnitView& u, Mask g, Outcome& o) {
  const ir::Kernel& k = *setup_->kernel;
  const ir::Operand& idx = k.op(u.pc, 0);
  const ir::Operand& list = k.op(u.pc, 1);
  const ir::Operand* labels = k.elems(list);
  const V* r = idx.kind == ir::OperandKind::Reg ? warps_[w].regs.data() + std::size_t{idx.a} * kWarpSize : nullptr;
  std::vector<Mask> by_target(list.b, 0);
  for_each_lane(g, [&](unsigned l) {
    const std::uint64_t i = r != nullptr ? (dom_.bits(r[l]) & 0xffffffffU) : static_cast<std::uint64_t>(idx.value);
    if (i >= list.b) {
      throw ExecError(fmt::format("brx.idx index {} is outside its {} targets", i, list.b), l);
    }
    by_target[i] |= lane_bit(l);
  });
  for (std::uint32_t i = 0; i < list.b; ++i) o.add(labels[i].label_pc(), by_target[i]);
  o.add(u.pc + 1, u.threads & ~g);
}

}  // namespace lockstep::sem

#include "semantics/launch/launch_print.hpp"
