// Independent thread scheduling: the convergence-barrier rules (model_its.hpp).
#include "semantics/model/model_its.hpp"

#include "frontend/analysis/reconvergence_table.hpp"

namespace lockstep::sem {

bool ModelIts::ends_thread(const ModelContext& ctx, std::uint32_t pc) noexcept {
  if (pc == analysis::kExitPc) return true;
  if (ctx.kernel == nullptr || pc >= ctx.kernel->code.size()) return false;
  const ir::Instr& in = ctx.kernel->code[pc];
  if (in.guarded()) return false;
  // An inlined function's `ret` is lowered to a branch; a Ret left in the code is the kernel's own.
  return in.op == ir::Opcode::Exit || (in.op == ir::Opcode::Ret && in.frame == ir::kNoFrame);
}

void ModelIts::retire(const ModelContext& ctx, State& s, unsigned key, const Outcome& o) const {
  const std::uint32_t branch_pc = s.pc[key];
  if (o.exited != 0) {
    s.ready &= ~o.exited;
    for_each_lane(o.exited, [&](unsigned l) { s.pc[l] = 0; });
    for (Barrier& b : s.barriers) {
      b.participants &= ~o.exited;
      b.arrived &= ~o.exited;
      b.yielded &= ~o.exited;
    }
  }
  if (o.blocked != 0) {
    s.ready &= ~o.blocked;
    s.blocked |= o.blocked;
  }
  Mask moved = 0;
  Mask back = 0;
  for (unsigned g = 0; g < o.count; ++g) {
    const Outcome::Group& gr = o.groups[g];
    for_each_lane(gr.mask, [&](unsigned l) { s.pc[l] = gr.pc; });
    moved |= gr.mask;
    if (gr.pc <= branch_pc) back |= gr.mask;
  }
  // The unit's threads are the outcome's (a barrier released during the step changed others only).
  const Mask unit = moved;
  if (o.count >= 2) {
    // BSSY: the threads join a convergence barrier at the branch's reconvergence point, unless
    // the point only ends the thread (ptxas emits `@P EXIT`, no BSSY/BSYNC: docs/models/its.md).
    const std::uint32_t rpc = ctx.reconv->find(branch_pc).value_or(analysis::kExitPc);
    if (!ends_thread(ctx, rpc)) {
      Mask join = 0;
      for_each_lane(moved & unit, [&](unsigned l) {
        for (std::size_t i = s.barriers.size(); i-- > 0;) {
          if (has_lane(s.barriers[i].participants, l)) {
            if (s.barriers[i].rpc != rpc) join |= lane_bit(l);
            return;
          }
        }
        join |= lane_bit(l);
      });
      if (join != 0) s.barriers.push_back(Barrier{rpc, join, 0, 0});
    }
  }
  if (back != 0) {  // a backward branch is a yield point
    for (Barrier& b : s.barriers) b.yielded |= back & b.participants & ~b.arrived;
  }
  arrivals(s, moved & s.ready);
  clear(s);
}

void ModelIts::arrivals(State& s, Mask lanes) {
  for_each_lane(lanes, [&](unsigned l) {
    std::size_t inner = s.barriers.size();
    for (std::size_t i = s.barriers.size(); i-- > 0;) {
      if (has_lane(s.barriers[i].participants, l)) {
        inner = i;
        break;
      }
    }
    if (inner == s.barriers.size()) return;
    for (std::size_t i = inner + 1; i-- > 0;) {
      Barrier& b = s.barriers[i];
      if (!has_lane(b.participants, l) || b.rpc != s.pc[l]) continue;
      b.arrived |= lane_bit(l);
      s.ready &= ~lane_bit(l);
      s.waiting |= lane_bit(l);
      // Reached an outer barrier's point first: the inner ones no longer wait for it.
      for (std::size_t j = i + 1; j <= inner; ++j) {
        s.barriers[j].participants &= ~lane_bit(l);
        s.barriers[j].yielded &= ~lane_bit(l);
      }
      return;
    }
  });
}

void ModelIts::clear(State& s) {
  bool again = true;
  while (again) {
    again = false;
    for (std::size_t i = 0; i < s.barriers.size(); ++i) {
      const Barrier b = s.barriers[i];
      if ((b.participants & ~(b.arrived | b.yielded)) != 0) continue;
      s.barriers.erase(s.barriers.begin() + static_cast<std::ptrdiff_t>(i));
      s.waiting &= ~b.arrived;
      s.ready |= b.arrived;
      arrivals(s, b.arrived);  // the released threads stand at the RPC of an outer barrier?
      again = true;
      break;
    }
  }
}

void ModelIts::release(const ModelContext&, State& s, Mask lanes, std::uint32_t pc) const {
  const Mask rel = lanes & s.blocked;
  if (rel == 0) return;
  s.blocked &= ~rel;
  s.ready |= rel;
  for_each_lane(rel, [&](unsigned l) { s.pc[l] = pc; });
  arrivals(s, rel);
  clear(s);
}

void ModelIts::explain(const State& s, std::vector<WaitInfo>& out) const {
  append_pc_groups(s.pc, s.ready, WaitKind::Ready, out);
  append_pc_groups(s.pc, s.waiting, WaitKind::Reconverge, out);
  append_pc_groups(s.pc, s.blocked, WaitKind::Barrier, out);
}

}  // namespace lockstep::sem
