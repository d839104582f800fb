// Threads that wait at a grid barrier: a cooperative launch's grid.sync()
// is a loop that spins on the grid workspace until every block has arrived,
// so its waiters look like any spinning thread. Reports single them out by
// what they read: a thread is at the grid barrier when the innermost loop
// around its PC holds a memory access whose address, computed from the
// thread's current registers, lies in the grid workspace. (The address
// register of a spin is live throughout its loop, so its value is there.)
//
// Used by the runner's and the explorer's stuck reports only; never by the
// semantics itself.
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/analysis/digraph.hpp"
#include "semantics/launch/grid_workspace.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/model/wait_info.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

/// The lanes of `lanes` (threads of warp w whose next instruction is at pc)
/// that spin on the grid workspace of state s.
template <class S>
[[nodiscard]] Mask grid_barrier_lanes(const S& s, std::uint32_t w, Mask lanes, std::uint32_t pc) {
  const LaunchSetup& setup = s.setup();
  const auto& regs = s.warp(w).regs;
  if (setup.grid_workspace == 0 || lanes == 0 || regs.empty()) return 0;
  const ir::Kernel& k = *setup.kernel;
  if (pc >= k.code.size()) return 0;
  const auto& loops = setup.analysis.loops;
  const std::uint32_t loop = loops.innermost(k.block_of(pc));
  if (loop == analysis::kNone) return 0;
  const auto in_workspace = [&](std::uint64_t global) {
    return global >= setup.grid_workspace && global < setup.grid_workspace + kGridWorkspaceBytes;
  };
  Mask out = 0;
  for (const std::uint32_t b : loops.loop(loop).blocks) {
    for (std::uint32_t p = k.blocks[b].first_pc; p <= k.blocks[b].last_pc; ++p) {
      const ir::Instr& in = k.code[p];
      const bool access = in.op == ir::Opcode::Ld || in.op == ir::Opcode::Atom || in.op == ir::Opcode::Red;
      if (!access || (in.space != ir::Space::Global && in.space != ir::Space::Generic)) continue;
      const unsigned addr = in.op == ir::Opcode::Red ? 0U : 1U;
      if (addr >= in.op_count) continue;
      const ir::Operand& o = k.op(p, addr);
      if (o.kind != ir::OperandKind::Address || o.addr_base() != ir::AddrBase::Reg) continue;
      for_each_lane(lanes & ~out, [&](unsigned l) {
        const std::uint64_t a = s.domain().bits(regs[std::size_t{o.a} * kWarpSize + l]) + static_cast<std::uint64_t>(o.value);
        const SpaceAddress sa = in.space == ir::Space::Global ? SpaceAddress{ir::Space::Global, a} : setup.map.classify(a);
        if (sa.space == ir::Space::Global && in_workspace(sa.offset)) out |= lane_bit(l);
      });
    }
  }
  return out;
}

/// Splits the Ready groups of `waits` (warp w's, from LaunchState::explain)
/// into the lanes that spin at a grid barrier (WaitKind::GridBarrier) and the rest.
template <class S>
void mark_grid_barrier_waits(const S& s, std::uint32_t w, std::vector<WaitInfo>& waits) {
  if (s.setup().grid_workspace == 0) return;
  const std::size_t n = waits.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (waits[i].kind != WaitKind::Ready) continue;
    const Mask grid = grid_barrier_lanes(s, w, waits[i].lanes, waits[i].pc);
    if (grid == 0) continue;
    if (grid == waits[i].lanes) {
      waits[i].kind = WaitKind::GridBarrier;
      continue;
    }
    WaitInfo g = waits[i];
    g.lanes = grid;
    g.kind = WaitKind::GridBarrier;
    waits[i].lanes &= ~grid;
    waits.push_back(g);
  }
}

}  // namespace lockstep::sem
