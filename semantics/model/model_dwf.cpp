#include "semantics/model/model_dwf.hpp"

#include <algorithm>
#include <utility>

#include "frontend/analysis/reconvergence_table.hpp"

namespace lockstep::sem {

ModelDwf::State ModelDwf::init(const ModelContext&, std::span<const Mask> live, std::uint32_t entry_pc) const {
  State s;
  s.live.assign(live.begin(), live.end());
  s.block_warps = static_cast<std::uint16_t>(live.size());
  if (wb_) {
    s.wb_pc.assign(live.size(), kNoPc);
    s.wb_arrived.assign(live.size(), 0);
  }
  // The static warps, oldest first in warp order (every entry starts fixed under dwf-wb).
  for (std::size_t w = 0; w < live.size(); ++w) {
    if (live[w] == 0) continue;
    const unsigned j = new_entry(s, entry_pc);
    Warp& e = s.pool[j];
    e.lanes = live[w];
    e.fixed = wb_;
    for_each_lane(live[w], [&](unsigned l) { e.home[l] = static_cast<std::uint8_t>(w); });
  }
  return s;
}

ModelDwf::State ModelDwf::empty(unsigned positions, unsigned block_warps) const {
  State s;
  s.live.assign(positions, 0);
  s.block_warps = static_cast<std::uint16_t>(block_warps);
  if (wb_) {
    s.wb_pc.assign(positions, kNoPc);
    s.wb_arrived.assign(positions, 0);
  }
  return s;
}

void ModelDwf::admit(State& s, unsigned first, std::span<const Mask> live, std::uint32_t entry_pc) const {
  for (std::size_t i = 0; i < live.size(); ++i) {
    const auto w = static_cast<std::uint8_t>(first + i);
    s.live[w] = live[i];
    if (wb_) {
      s.wb_pc[w] = kNoPc;
      s.wb_arrived[w] = 0;
    }
    if (live[i] == 0) continue;
    // Entry w is free: entries only ever take indices of positions with live threads.
    if (s.pool.size() <= w) s.pool.resize(w + 1U);
    Warp& e = s.pool[w];
    e = Warp{};
    e.pc = entry_pc;
    e.lanes = live[i];
    e.fixed = wb_;
    for_each_lane(live[i], [&](unsigned l) { e.home[l] = w; });
    s.order.push_back(w);
  }
}

void ModelDwf::leave(State& s, unsigned first, unsigned count) const {
  const auto n = static_cast<unsigned>(s.live.size());
  for (unsigned i = 0; i < count; ++i) {
    s.live[first + i] = 0;
    if (wb_) {
      s.wb_pc[first + i] = kNoPc;
      s.wb_arrived[first + i] = 0;
    }
  }
  for (std::uint16_t& j : s.order) {
    const unsigned p = j % n;
    if (p < first || p >= first + count) continue;
    const Warp moved = s.pool[j];
    s.pool[j] = Warp{};
    const unsigned k = free_index(s);
    if (k >= s.pool.size()) s.pool.resize(k + 1U);
    s.pool[k] = moved;
    j = static_cast<std::uint16_t>(k);
  }
  while (!s.pool.empty() && s.pool.back().lanes == 0) s.pool.pop_back();
}

unsigned ModelDwf::free_index(const State& s) {
  const auto n = static_cast<unsigned>(s.live.size());
  const bool pooled = s.block_warps < n;
  unsigned j = 0;
  while ((j < s.pool.size() && s.pool[j].lanes != 0) || (pooled && s.live[j % n] == 0)) ++j;
  return j;
}

unsigned ModelDwf::new_entry(State& s, std::uint32_t pc) {
  const unsigned j = free_index(s);
  if (j >= s.pool.size()) s.pool.resize(j + 1U);
  s.pool[j] = Warp{};
  s.pool[j].pc = pc;
  s.order.push_back(static_cast<std::uint16_t>(j));
  return j;
}

void ModelDwf::free_entry(State& s, unsigned j) {
  s.pool[j] = Warp{};
  s.order.erase(std::find(s.order.begin(), s.order.end(), static_cast<std::uint16_t>(j)));
  while (!s.pool.empty() && s.pool.back().lanes == 0) s.pool.pop_back();
}

void ModelDwf::place(State& s, std::uint8_t w, unsigned l, std::uint32_t pc) const {
  if (wb_ && s.wb_pc[w] == pc) {  // at its warp barrier: waits for the rest of the static warp
    s.wb_arrived[w] |= lane_bit(l);
    return;
  }
  unsigned target = kWarpSize * static_cast<unsigned>(s.live.size());
  for (const std::uint16_t j : s.order) {
    const Warp& e = s.pool[j];
    if (e.pc == pc && !e.blocked && !e.fixed && !has_lane(e.lanes, l)) {
      target = j;
      break;
    }
  }
  if (target == kWarpSize * s.live.size()) target = new_entry(s, pc);
  Warp& e = s.pool[target];
  e.lanes |= lane_bit(l);
  e.home[l] = w;
}

void ModelDwf::try_restore(State& s, std::uint8_t w) const {
  if (!wb_ || s.wb_pc[w] == kNoPc) return;
  if ((s.live[w] & ~s.wb_arrived[w]) != 0) return;
  const std::uint32_t pc = s.wb_pc[w];
  s.wb_pc[w] = kNoPc;
  const Mask lanes = std::exchange(s.wb_arrived[w], 0);
  if (lanes == 0) return;  // every thread exited
  const unsigned j = new_entry(s, pc);
  Warp& e = s.pool[j];
  e.lanes = lanes;
  e.fixed = true;
  for_each_lane(lanes, [&](unsigned l) { e.home[l] = w; });
}

void ModelDwf::retire(const ModelContext& ctx, State& s, unsigned j, const Outcome& o) const {
  const Warp old = s.pool[j];
  if (o.exited != 0) {
    for_each_lane(o.exited & old.lanes, [&](unsigned l) { s.live[old.home[l]] &= ~lane_bit(l); });
  }
  const Mask stay = old.lanes & ~o.exited;
  if (stay == 0) {
    free_entry(s, j);
  } else if (o.blocked != 0) {  // the whole dynamic warp resumes together on release
    // Pooling several blocks, only the threads of the blocks whose barrier
    // they wait at: the others' barrier completed in this step (or they
    // arrived at none) and they are placed as after any instruction.
    Mask waiting = stay;
    if (s.block_warps < s.live.size()) {
      std::uint64_t blocks = 0;  // bit b: block b of the core has a waiting thread here
      for_each_lane(o.blocked, [&](unsigned l) { blocks |= std::uint64_t{1} << (old.home[l] / s.block_warps); });
      for_each_lane(stay, [&](unsigned l) {
        if (((blocks >> (old.home[l] / s.block_warps)) & 1U) == 0U) waiting &= ~lane_bit(l);
      });
    }
    Warp& e = s.pool[j];
    e.lanes = waiting;
    for_each_lane(old.lanes & ~waiting, [&](unsigned l) { e.home[l] = kNoWarp; });
    e.blocked = true;
    for (unsigned g = 0; g < o.count; ++g) {
      for_each_lane(o.groups[g].mask & stay & ~waiting, [&](unsigned l) { place(s, old.home[l], l, o.groups[g].pc); });
    }
    if (!wb_ || waiting == stay) return;
  } else if (old.fixed && o.count == 1) {  // dwf-wb: a static warp that does not diverge stays as it is
    Warp& e = s.pool[j];
    e.lanes = stay;
    for_each_lane(o.exited & old.lanes, [&](unsigned l) { e.home[l] = kNoWarp; });
    e.pc = o.groups[0].pc;
    return;
  } else {
    free_entry(s, j);
    if (old.fixed) {  // dwf-wb: top-level divergence of the static warp
      const std::uint8_t w = old.home[lowest_lane(stay)];
      s.wb_pc[w] = ctx.reconv->find(old.pc).value_or(analysis::kExitPc);
    }
    for (unsigned g = 0; g < o.count; ++g) {
      for_each_lane(o.groups[g].mask & stay, [&](unsigned l) { place(s, old.home[l], l, o.groups[g].pc); });
    }
  }
  if (wb_) {  // exits and arrivals may complete warp barriers
    for (std::size_t w = 0; w < s.live.size(); ++w) try_restore(s, static_cast<std::uint8_t>(w));
  }
}

void ModelDwf::release(const ModelContext&, State& s, std::uint32_t warp, Mask lanes, std::uint32_t pc) const {
  // Entries blocked with threads of `warp` in `lanes`; their threads go on at pc.
  std::vector<unsigned> done;
  for (const std::uint16_t j : s.order) {
    const Warp& e = s.pool[j];
    if (!e.blocked) continue;
    bool mine = false;
    for_each_lane(lanes & e.lanes, [&](unsigned l) { mine = mine || e.home[l] == warp; });
    if (mine) done.push_back(j);
  }
  for (const unsigned j : done) {
    Warp& e = s.pool[j];
    if (e.fixed) {  // a static warp stays one
      e.blocked = false;
      e.pc = pc;
      continue;
    }
    // Pooling several blocks, only the threads of `warp`'s block go on: the
    // others wait at their own block's barrier, still in this entry.
    Mask go = e.lanes;
    if (s.block_warps < s.live.size()) {
      const unsigned block = warp / s.block_warps;
      for_each_lane(e.lanes, [&](unsigned l) {
        if (e.home[l] / s.block_warps != block) go &= ~lane_bit(l);
      });
    }
    const Warp old = e;
    if (go == old.lanes) {
      free_entry(s, j);
    } else {
      e.lanes &= ~go;
      for_each_lane(go, [&](unsigned l) { e.home[l] = kNoWarp; });
    }
    for_each_lane(go, [&](unsigned l) { place(s, old.home[l], l, pc); });
  }
  if (wb_) {
    for (std::size_t w = 0; w < s.live.size(); ++w) try_restore(s, static_cast<std::uint8_t>(w));
  }
}

void ModelDwf::explain(const State& s, std::uint32_t warp, std::vector<WaitInfo>& out) const {
  const std::size_t first = out.size();
  const auto add = [&](unsigned l, std::uint32_t pc, WaitKind kind, std::uint32_t until) {
    add_waiting_lane(out, first, l, pc, kind, until);
  };
  if (warp >= s.live.size()) return;
  for (const std::uint16_t j : s.order) {
    const Warp& e = s.pool[j];
    for_each_lane(e.lanes, [&](unsigned l) {
      if (e.home[l] == warp) add(l, e.pc, e.blocked ? WaitKind::Barrier : WaitKind::Ready, 0);
    });
  }
  if (wb_) {
    for_each_lane(s.wb_arrived[warp], [&](unsigned l) { add(l, s.wb_pc[warp], WaitKind::Reconverge, s.wb_pc[warp]); });
  }
}

void ModelDwf::hash(const State& s, StateHasher& h) const {
  h.value(s.pool.size());
  for (const Warp& e : s.pool) {
    h.value(e.pc);
    h.value(e.lanes);
    h.value(e.blocked);
    h.value(e.fixed);
    h.bytes(e.home.data(), e.home.size());
  }
  h.value(s.order.size());
  h.bytes(s.order.data(), s.order.size() * sizeof(std::uint16_t));
  h.bytes(s.live.data(), s.live.size() * sizeof(Mask));
  h.bytes(s.wb_pc.data(), s.wb_pc.size() * sizeof(std::uint32_t));
  h.bytes(s.wb_arrived.data(), s.wb_arrived.size() * sizeof(Mask));
}

}  // namespace lockstep::sem
