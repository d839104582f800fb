// PC-selection heuristics (research 002-heuristics.md §1.4, §2; docs/models/):
// every thread has its own PC; before each issue the heuristic chooses one
// PC among the ready threads of the warp and all ready threads at that PC
// issue together. One unit per warp, chosen deterministically: the warp is
// the fairness unit. Barriers and exits as under mimd.
//
//   minpc         the smallest PC (§2.1)
//   minsp-minpc   the largest stack size, then the smallest PC (§2.2; the
//                 stack-size proxy of pc_tables.hpp)
//   maxfun-minpc  the deepest inlined call level, then the smallest PC (§2.3,
//                 variant 1)
//   long:SIZE     Long's fetch-history buffers (§2.4): each thread records
//                 the last SIZE block starts it entered (every block start:
//                 PTX marks them all); a thread's priority is the number of
//                 other live threads whose buffer holds its block's start;
//                 the highest priority runs; ties run "alternately": the
//                 group that ran last keeps running while it stays in its
//                 block, else the tied block after the last one, in block
//                 order, cyclically
//   lee           (§2.6) the smallest PC among the threads not in `future`;
//                 a thread that branches backwards joins `future`; when
//                 only `future` threads are ready it empties
//   pdom-minsp    post-dominator reconvergence with the MinSP-MinPC helper
//                 (§2.7): a divergent branch not already on the mark list
//                 pushes (branch, rpc, its threads); a thread of that entry
//                 reaching the branch's reconvergence PC waits there until
//                 every live thread of the entry has arrived, then the
//                 entry is popped; the helper chooses among the others
//   longest-path  thread frontiers (§2.9): the highest block priority
//                 (longest path to the end), then the smallest PC
//   round-robin   (§2.10) one thread per issue, the next ready lane after
//                 the last one issued: MIMD, DLP 1
//
// The chosen group is kept in the state (a function of the rest of it).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "semantics/model/divergence_model.hpp"
#include "semantics/model/pc_groups.hpp"
#include "semantics/model/pc_tables.hpp"

namespace lockstep::sem {

enum class Heuristic : std::uint8_t { MinPc, MinSpMinPc, MaxFunMinPc, Long, Lee, PdomMinSp, LongestPath, RoundRobin };

class ModelHeuristic {
 public:
  static constexpr ModelScope kScope = ModelScope::Warp;
  static constexpr UnitKind kUnits = UnitKind::Warp;
  static constexpr bool kThreadUnits = false;
  static constexpr std::uint32_t kEmpty = 0xffffffffU;  ///< an unused FHB slot

  struct Mark {  ///< pdom-minsp: a divergent branch whose threads meet at its reconvergence PC
    std::uint32_t branch = 0;
    std::uint32_t rpc = 0;
    Mask mask = 0;
    Mask arrived = 0;
    friend bool operator==(const Mark&, const Mark&) = default;
  };
  static_assert(std::has_unique_object_representations_v<Mark>);
  struct State {
    std::array<std::uint32_t, kWarpSize> pc{};  ///< 0 for lanes without a live thread
    Mask ready = 0;    ///< may be chosen
    Mask blocked = 0;  ///< at a CTA barrier or warp sync
    Mask waiting = 0;  ///< pdom-minsp: at a reconvergence mark
    Mask future = 0;   ///< lee
    std::uint32_t last = 0;          ///< round-robin: last lane issued; long: block start chosen last
    std::vector<std::uint32_t> fhb;  ///< long: per lane, SIZE block starts, oldest first (kEmpty = unused)
    std::vector<Mark> marks;         ///< pdom-minsp, in push order
    std::uint32_t chosen_pc = 0;     ///< the chosen group (derived)
    Mask chosen = 0;
    friend bool operator==(const State&, const State&) = default;
  };

  ModelHeuristic(Heuristic rule, std::uint32_t fhb_size, std::shared_ptr<const PcTables> tables)
      : rule_(rule), fhb_(rule == Heuristic::Long ? fhb_size : 0), tables_(std::move(tables)) {}

  [[nodiscard]] State init(const ModelContext&, Mask live, std::uint32_t entry_pc) const {
    State s;
    for_each_lane(live, [&](unsigned l) { s.pc[l] = entry_pc; });
    s.ready = live;
    s.last = rule_ == Heuristic::RoundRobin ? kWarpSize - 1 : kEmpty;
    if (fhb_ != 0) s.fhb.assign(std::size_t{kWarpSize} * fhb_, kEmpty);
    choose(s);
    return s;
  }
  [[nodiscard]] Mask enabled(const State& s) const noexcept { return s.chosen == 0 ? 0 : lane_bit(lowest_lane(s.chosen)); }
  [[nodiscard]] UnitView unit(const State& s, unsigned) const noexcept { return UnitView{s.chosen_pc, s.chosen}; }
  void retire(const ModelContext& ctx, State& s, unsigned key, const Outcome& o) const;
  void release(const ModelContext&, State& s, Mask lanes, std::uint32_t pc) const;
  void explain(const State& s, std::vector<WaitInfo>& out) const;
  void hash(const State& s, StateHasher& h) const {
    h.value(s.pc);
    h.value(s.ready);
    h.value(s.blocked);
    h.value(s.waiting);
    h.value(s.future);
    h.value(s.last);
    h.elements(s.fhb.data(), s.fhb.size());
    h.value(s.marks.size());
    h.elements(s.marks.data(), s.marks.size());
  }
  [[nodiscard]] Heuristic rule() const noexcept { return rule_; }

 private:
  /// Recomputes the chosen group (and Lee's swap).
  void choose(State& s) const;
  [[nodiscard]] std::uint32_t choose_long(const State& s) const;
  void push_fhb(State& s, unsigned lane, std::uint32_t start) const;
  /// pdom-minsp: threads of `lanes` standing at a mark's reconvergence PC wait there.
  void arrive_marks(State& s, Mask lanes) const;
  /// pdom-minsp: pops every mark whose live threads have all arrived.
  void release_marks(State& s) const;

  Heuristic rule_;
  std::uint32_t fhb_;
  std::shared_ptr<const PcTables> tables_;
};

static_assert(DivergenceModel<ModelHeuristic>);

}  // namespace lockstep::sem
