// PC-selection heuristics: the choice and the per-thread updates
// (model_heuristic.hpp; research 002-heuristics.md §2).
#include "semantics/model/model_heuristic.hpp"

#include <algorithm>

#include "frontend/analysis/reconvergence_table.hpp"

namespace lockstep::sem {
namespace {

Mask at_pc(const ModelHeuristic::State& s, Mask among, std::uint32_t pc) noexcept {
  return lanes_at_pc(s.pc, among, pc);
}

std::uint32_t table_at(const std::vector<std::uint32_t>& t, std::uint32_t pc, std::uint32_t fallback) noexcept {
  return pc < t.size() ? t[pc] : fallback;
}

}  // namespace

void ModelHeuristic::choose(State& s) const {
  s.chosen = 0;
  s.chosen_pc = 0;
  Mask cand = s.ready;
  if (cand == 0) return;
  const PcTables& t = *tables_;
  switch (rule_) {
    case Heuristic::RoundRobin: {
      const unsigned from = (s.last + 1) % kWarpSize;
      const Mask rotated = from == 0 ? cand : ((cand >> from) | (cand << (kWarpSize - from)));
      const unsigned l = (lowest_lane(rotated) + from) % kWarpSize;
      s.chosen = lane_bit(l);
      s.chosen_pc = s.pc[l];
      return;
    }
    case Heuristic::Lee: {
      if ((cand & ~s.future) == 0) s.future = 0;  // only `future` threads are left: swap the lists
      cand &= ~s.future;
      std::uint32_t best = 0xffffffffU;
      for_each_lane(cand, [&](unsigned l) { best = std::min(best, s.pc[l]); });
      s.chosen_pc = best;
      s.chosen = at_pc(s, cand, best);
      return;
    }
    case Heuristic::Long: {
      s.chosen_pc = choose_long(s);
      s.chosen = at_pc(s, cand, s.chosen_pc);
      return;
    }
    default: break;
  }
  // Lexicographic: the largest primary key, then the smallest PC.
  const auto primary = [&](std::uint32_t pc) -> std::uint32_t {
    switch (rule_) {
      case Heuristic::MinSpMinPc:
      case Heuristic::PdomMinSp: return table_at(t.stack, pc, 0);
      case Heuristic::MaxFunMinPc: return table_at(t.depth, pc, 0);
      case Heuristic::LongestPath: return table_at(t.priority, pc, 0);
      default: return 0;
    }
  };
  std::uint32_t best_key = 0;
  std::uint32_t best_pc = 0xffffffffU;
  for_each_lane(cand, [&](unsigned l) {
    const std::uint32_t k = primary(s.pc[l]);
    if (best_pc == 0xffffffffU || k > best_key || (k == best_key && s.pc[l] < best_pc)) {
      best_key = k;
      best_pc = s.pc[l];
    }
  });
  s.chosen_pc = best_pc;
  s.chosen = at_pc(s, cand, best_pc);
}

std::uint32_t ModelHeuristic::choose_long(const State& s) const {
  const PcTables& t = *tables_;
  const Mask live = s.ready | s.blocked | s.waiting;
  // Priority of a PC group: the most, over its threads t, of the other live
  // threads whose history holds t's block start.
  struct Group {
    std::uint32_t pc, start, prio;
  };
  std::array<Group, kWarpSize> groups{};
  unsigned n = 0;
  for (Mask rest = s.ready; rest != 0;) {
    const std::uint32_t pc = s.pc[lowest_lane(rest)];
    const Mask g = at_pc(s, rest, pc);
    rest &= ~g;
    const std::uint32_t start = table_at(t.block_start, pc, pc);
    Mask holders = 0;
    for_each_lane(live, [&](unsigned u) {
      const std::uint32_t* h = s.fhb.data() + std::size_t{u} * fhb_;
      if (std::find(h, h + fhb_, start) != h + fhb_) holders |= lane_bit(u);
    });
    std::uint32_t prio = 0;
    for_each_lane(g, [&](unsigned l) { prio = std::max(prio, lane_count(holders & ~lane_bit(l))); });
    groups[n++] = Group{pc, start, prio};
  }
  std::uint32_t top = 0;
  for (unsigned i = 0; i < n; ++i) top = std::max(top, groups[i].prio);
  // Ties run alternately: stay in the block that ran last, else the next tied block after it, cyclically.
  const Group* stay = nullptr;
  const Group* after = nullptr;
  const Group* first = nullptr;
  const auto better = [](const Group* a, const Group& b) {
    return a == nullptr || b.start < a->start || (b.start == a->start && b.pc < a->pc);
  };
  for (unsigned i = 0; i < n; ++i) {
    const Group& g = groups[i];
    if (g.prio != top) continue;
    if (g.start == s.last && (stay == nullptr || g.pc < stay->pc)) stay = &g;
    if (s.last != kEmpty && g.start > s.last && better(after, g)) after = &g;
    if (better(first, g)) first = &g;
  }
  if (stay != nullptr) return stay->pc;
  return after != nullptr ? after->pc : first->pc;
}

void ModelHeuristic::push_fhb(State& s, unsigned lane, std::uint32_t start) const {
  std::uint32_t* h = s.fhb.data() + std::size_t{lane} * fhb_;
  std::copy(h + 1, h + fhb_, h);
  h[fhb_ - 1] = start;
}

void ModelHeuristic::retire(const ModelContext& ctx, State& s, unsigned key, const Outcome& o) const {
  const PcTables& t = *tables_;
  const std::uint32_t pc0 = s.pc[key];
  if (rule_ == Heuristic::RoundRobin) s.last = key;
  if (rule_ == Heuristic::Long) s.last = table_at(t.block_start, pc0, pc0);
  Mask moved = 0;
  for (unsigned g = 0; g < o.count; ++g) moved |= o.groups[g].mask;
  const Mask unit = moved | o.exited | o.blocked;
  if (o.exited != 0) {
    s.ready &= ~o.exited;
    s.future &= ~o.exited;
    for_each_lane(o.exited, [&](unsigned l) {
      s.pc[l] = 0;
      if (fhb_ != 0) std::fill_n(s.fhb.data() + std::size_t{l} * fhb_, fhb_, kEmpty);
    });
    for (Mark& m : s.marks) {
      m.mask &= ~o.exited;
      m.arrived &= ~o.exited;
    }
  }
  if (o.blocked != 0) {
    s.ready &= ~o.blocked;
    s.blocked |= o.blocked;
  }
  for (unsigned g = 0; g < o.count; ++g) {
    const Outcome::Group& gr = o.groups[g];
    for_each_lane(gr.mask, [&](unsigned l) { s.pc[l] = gr.pc; });
    if (rule_ == Heuristic::Lee && gr.pc < pc0) s.future |= gr.mask;  // a backward jump
    if (fhb_ != 0 && table_at(t.block_start, gr.pc, gr.pc) == gr.pc) {
      for_each_lane(gr.mask, [&](unsigned l) { push_fhb(s, l, gr.pc); });
    }
  }
  if (rule_ == Heuristic::PdomMinSp) {
    if (o.count >= 2) {
      const std::uint32_t rpc = ctx.reconv->find(pc0).value_or(analysis::kExitPc);
      const bool known = std::any_of(s.marks.begin(), s.marks.end(), [pc0](const Mark& m) { return m.branch == pc0; });
      if (!known && rpc != analysis::kExitPc) s.marks.push_back(Mark{pc0, rpc, unit & moved, 0});
    }
    arrive_marks(s, moved & s.ready);
    release_marks(s);
  }
  choose(s);
}

void ModelHeuristic::arrive_marks(State& s, Mask lanes) const {
  for_each_lane(lanes, [&](unsigned l) {
    for (Mark& m : s.marks) {
      if (has_lane(m.mask, l) && !has_lane(m.arrived, l) && m.rpc == s.pc[l]) {
        m.arrived |= lane_bit(l);
        s.waiting |= lane_bit(l);
        s.ready &= ~lane_bit(l);
      }
    }
  });
}

void ModelHeuristic::release_marks(State& s) const {
  bool again = true;
  while (again) {
    again = false;
    for (std::size_t i = 0; i < s.marks.size(); ++i) {
      const Mark m = s.marks[i];
      if ((m.mask & ~m.arrived) != 0) continue;
      s.marks.erase(s.marks.begin() + static_cast<std::ptrdiff_t>(i));
      Mask still = 0;  // arrived at another mark too
      for (const Mark& other : s.marks) still |= other.arrived;
      const Mask go = m.arrived & ~still;
      s.waiting &= ~go;
      s.ready |= go;
      again = true;
      break;
    }
  }
}

void ModelHeuristic::release(const ModelContext&, State& s, Mask lanes, std::uint32_t pc) const {
  const Mask rel = lanes & s.blocked;
  if (rel == 0) return;
  s.blocked &= ~rel;
  s.ready |= rel;
  for_each_lane(rel, [&](unsigned l) { s.pc[l] = pc; });
  if (rule_ == Heuristic::PdomMinSp) {
    arrive_marks(s, rel);
    release_marks(s);
  }
  choose(s);
}

void ModelHeuristic::explain(const State& s, std::vector<WaitInfo>& out) const {
  append_pc_groups(s.pc, s.chosen, WaitKind::Ready, out);
  append_pc_groups(s.pc, s.ready & ~s.chosen, WaitKind::Pending, out);
  append_pc_groups(s.pc, s.waiting, WaitKind::Reconverge, out);
  append_pc_groups(s.pc, s.blocked, WaitKind::Barrier, out);
}

}  // namespace lockstep::sem
