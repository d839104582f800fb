// Multi-Path IPDOM, with opportunistic early reconvergence (OREC) and a
// limited split table (research 000-aware-bows-ddos-mp.md §2; docs/models/mp.md).
//
// Per warp: AWARE's split table (ST) and reconvergence table (RT), with the
// same divergence and reconvergence rules (§2.2), but *every* split in the ST
// may issue (§2.2 "every valid ST entry may issue"): units are the
// non-blocked splits, named by their lowest lane, and each is a fairness
// unit (the LRR split scheduler of §2.3 is fair). The ST order is not
// semantic: it is kept sorted by lowest lane.
//
// max_splits (0 = unlimited; 2 = the dual-path stack, §2.3): a split created
// while the ST is full goes to a waiting list and "is not considered for
// scheduling until an ST entry is invalidated"; waiting splits enter the ST
// oldest first. New splits of a divergent branch are inserted in branch
// order (taken path first, as `stack`).
//
// OREC (§2.5): when a split n enters the ST, or its entry moves to the
// start b of a block (the ST holds block starts; Fig 7.8's split moves by a
// non-divergent branch), a split s with the same RPC and the same
// reconvergence entry whose PC lies in that block (hardware: whose ST PC is
// b) is the leading split: a new RT entry {pc = s.pc (BR), rpc = n.rpc,
// rec = n|s, pending = n} is made, n reconverges at BR into it and s leaves
// the ST (it has arrived at BR); when s is at b itself the two merge.
//
// Barriers and warp syncs as AWARE (§2.5 says nothing [INF]): a blocked split
// is not enabled until released. No timeout.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "semantics/model/divergence_model.hpp"

namespace lockstep::sem {

class ModelMultiPath {
 public:
  static constexpr ModelScope kScope = ModelScope::Warp;
  static constexpr UnitKind kUnits = UnitKind::Split;
  static constexpr bool kThreadUnits = false;
  static constexpr std::uint32_t kNoRpc = 0xfffffffeU;
  static constexpr std::uint32_t kNone = 0xffffffffU;

  struct Split {
    std::uint32_t pc = 0;
    std::uint32_t rpc = kNoRpc;
    Mask mask = 0;
    std::uint32_t rindex = kNone;
    std::uint32_t bl = 0;  ///< 1: blocked at a barrier or warp sync
    friend bool operator==(const Split&, const Split&) = default;
  };
  struct Reconv {
    std::uint32_t pc = 0;
    std::uint32_t rpc = kNoRpc;
    Mask rec = 0;
    Mask pending = 0;
    std::uint32_t parent = kNone;
    friend bool operator==(const Reconv&, const Reconv&) = default;
  };
  static_assert(std::has_unique_object_representations_v<Split> &&
                std::has_unique_object_representations_v<Reconv>);
  struct State {
    std::vector<Split> st;       ///< sorted by lowest lane
    std::vector<Split> waiting;  ///< created while the ST was full, oldest first
    std::vector<Reconv> rt;      ///< numbered by first reference from st, then waiting
    friend bool operator==(const State&, const State&) = default;
  };

  explicit ModelMultiPath(std::uint32_t max_splits = 0, bool orec = false) : max_(max_splits), orec_(orec) {}

  [[nodiscard]] State init(const ModelContext&, Mask live, std::uint32_t entry_pc) const {
    State s;
    if (live != 0) s.st.push_back(Split{entry_pc, kNoRpc, live, kNone, 0});
    return s;
  }
  [[nodiscard]] Mask enabled(const State& s) const noexcept {
    Mask keys = 0;
    for (const Split& sp : s.st) {
      if (sp.bl == 0) keys |= lane_bit(lowest_lane(sp.mask));
    }
    return keys;
  }
  [[nodiscard]] UnitView unit(const State& s, unsigned key) const noexcept {
    for (const Split& sp : s.st) {
      if (has_lane(sp.mask, key)) return UnitView{sp.pc, sp.mask};
    }
    return UnitView{};
  }
  void retire(const ModelContext& ctx, State& s, unsigned key, const Outcome& o) const;
  void release(const ModelContext&, State& s, Mask lanes, std::uint32_t pc) const;
  void explain(const State& s, std::vector<WaitInfo>& out) const;
  void hash(const State& s, StateHasher& h) const {
    h.value(s.st.size());
    h.elements(s.st.data(), s.st.size());
    h.value(s.waiting.size());
    h.elements(s.waiting.data(), s.waiting.size());
    h.value(s.rt.size());
    h.elements(s.rt.data(), s.rt.size());
  }
  [[nodiscard]] std::uint32_t max_splits() const noexcept { return max_; }
  [[nodiscard]] bool orec() const noexcept { return orec_; }

 private:
  /// Inserts a split into the ST (with OREC when ctx is given) or the waiting list.
  void insert(const ModelContext* ctx, State& s, Split n) const;
  /// OREC for st[k], which has just entered its PC.
  void early_reconverge(const ModelContext& ctx, State& s, std::size_t k) const;
  void arrive(const ModelContext* ctx, State& s, std::uint32_t r, Mask m) const;
  void settle(const ModelContext* ctx, State& s) const;
  void fill(const ModelContext* ctx, State& s) const;
  static void canonicalize(State& s);

  std::uint32_t max_;
  bool orec_;
};

static_assert(DivergenceModel<ModelMultiPath>);

}  // namespace lockstep::sem
