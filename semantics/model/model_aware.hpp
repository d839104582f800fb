// AWARE, adaptive warp reconvergence (research 000-aware-bows-ddos-mp.md §1;
// docs/models/aware.md).
//
// Per warp: a split table in FIFO order and a reconvergence table. Only the
// FIFO head issues ("only one split per warp is eligible at a time", §1.3);
// the warp is the fairness unit. At a divergent branch the head split moves
// to a reconvergence entry {pc = the branch's RPC, rpc = the split's RPC,
// rec = pending = its threads, parent = its entry} and one split per outcome
// group is pushed at the FIFO back, not-taken path first (§1.3); a group
// whose target is the RPC arrives at once (special case 1); when the RPC
// equals the split's own RPC the split's entry is reused (special case 3).
// A split reaching its RPC leaves the table and clears its threads from its
// entry's pending mask; an entry whose pending mask empties becomes a split
// at the FIFO back. Every executed branch, divergent or not, sends the head
// to the FIFO back (research §1.3, §5.4.3 and docs/semantics-plan.md §7
// item 1); with every_branch false only divergent branches, reconvergence
// and barriers switch splits (§5.2's wording: then a split looping on a
// uniform branch never lets a timed-out split run).
//
// Barriers and warp syncs (§1.5(a)): the head split gets its BL bit; a BL
// split reaching the FIFO head is rotated to the back unfetched; released
// threads continue after the barrier (barriers count threads).
//
// Delayed reconvergence (§1.5(b)) is the caller's table: the SafePDom table
// of Algorithm 5 (`--reconvergence safe-aware`). The timeout (§1.5(c)):
//   off   (default) no timeout;
//   N     `run`: an entry with arrived threads whose pending mask has not
//         changed for more than N instructions of the warp releases its
//         arrived threads as a split at the FIFO back (rec := pending);
//   any   the explorer: that release is an event of the entry, enabled
//         whenever the entry has arrived threads, and fair (an event enabled
//         forever fires): one exploration covers every finite timeout value.
//
// Virtualised tables (§1.7; st=N, rt=N; 0 = unbounded, every entry
// physical): at most N splits hold physical split-table entries and at most
// N reconvergence entries are physical. A new entry is physical; when that
// overfills its table a victim spills: for the split table the physical
// split nearest the FIFO front other than the head (FIFO replacement: the
// FIFO order is insertion order), for the reconvergence table the least
// recently used (created, pending-mask update or timeout). A spilled split
// is tagged virtual; a virtual split reaching the FIFO head is filled:
// tagged transient and sent to the back; a transient split reaching the
// head is installed (physical, evicting another) and runs. So every split
// runs at its second turn at the latest, and the rotation is a function of
// the state (no new nondeterminism). A pending-mask update or timeout of a
// virtual reconvergence entry fills it (it becomes the most recently used).
// Each spill, fill and install goes to ctx.traffic when set
// (table_traffic.hpp), for the simulator's timing.
//
// Canonical form: the FIFO order is semantic; reconvergence entries are
// numbered by first reference from the FIFO (following parent links).
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "semantics/model/divergence_model.hpp"
#include "semantics/model/table_traffic.hpp"

namespace lockstep::sem {

class ModelAware {
 public:
  static constexpr ModelScope kScope = ModelScope::Warp;
  static constexpr UnitKind kUnits = UnitKind::Warp;
  static constexpr bool kThreadUnits = false;
  static constexpr std::uint32_t kNoRpc = 0xfffffffeU;  ///< the initial split: never reconverges
  static constexpr std::uint32_t kNone = 0xffffffffU;   ///< no reconvergence entry
  static constexpr std::uint32_t kTimeoutOff = 0;
  static constexpr std::uint32_t kTimeoutAny = 0xffffffffU;
  /// A split's table tag (st=N): its entry is physical, spilled (virtual), or
  /// being filled (transient: it runs when it next reaches the FIFO head).
  static constexpr std::uint16_t kPhysical = 0;
  static constexpr std::uint16_t kVirtual = 1;
  static constexpr std::uint16_t kTransient = 2;

  struct Split {
    std::uint32_t pc = 0;
    std::uint32_t rpc = kNoRpc;
    Mask mask = 0;
    std::uint32_t rindex = kNone;  ///< its reconvergence entry
    std::uint16_t bl = 0;          ///< 1: blocked at a barrier or warp sync (the BL bit)
    std::uint16_t tag = kPhysical;  ///< virtualised tables: physical, virtual or transient
    friend bool operator==(const Split&, const Split&) = default;
  };
  struct Reconv {
    std::uint32_t pc = 0;          ///< the reconvergence point
    std::uint32_t rpc = kNoRpc;    ///< where the reconverged split reconverges next
    Mask rec = 0;                  ///< threads that reconverge here
    Mask pending = 0;              ///< of those, the ones that have not arrived
    std::uint32_t parent = kNone;  ///< the entry of the enclosing divergence
    std::uint32_t delay = 0;       ///< run with a timeout: warp instructions since the last pending update
    friend bool operator==(const Reconv&, const Reconv&) = default;
  };
  /// A reconvergence entry by index (the physical ones, in LRU order).
  struct RtRef {
    std::uint32_t rindex = kNone;
    friend bool operator==(const RtRef&, const RtRef&) = default;
  };
  static_assert(std::has_unique_object_representations_v<Split> &&
                std::has_unique_object_representations_v<Reconv> && std::has_unique_object_representations_v<RtRef>);
  struct State {
    std::vector<Split> fifo;  ///< head first
    std::vector<Reconv> rt;
    std::vector<RtRef> lru;   ///< rt=N: the physical reconvergence entries, least recently used first
    friend bool operator==(const State&, const State&) = default;
  };

  /// `every_branch`: the head goes to the FIFO back at every executed branch
  /// (the default, research §5.4.3); false: only at divergent branches (§5.2).
  /// `taken_first`: the taken side joins the FIFO first (default: not taken, §1.3).
  /// `st_entries`, `rt_entries`: physical table sizes (0: unbounded, nothing spills).
  explicit ModelAware(std::uint32_t timeout = kTimeoutOff, bool every_branch = true, bool taken_first = false,
                      std::uint32_t st_entries = 0, std::uint32_t rt_entries = 0)
      : timeout_(timeout),
        every_branch_(every_branch),
        taken_first_(taken_first),
        st_entries_(st_entries),
        rt_entries_(rt_entries) {}

  [[nodiscard]] State init(const ModelContext&, Mask live, std::uint32_t entry_pc) const {
    State s;
    if (live != 0) s.fifo.push_back(Split{entry_pc, kNoRpc, live, kNone, 0});
    return s;
  }
  [[nodiscard]] Mask enabled(const State& s) const noexcept {
    if (s.fifo.empty() || s.fifo.front().bl != 0) return 0;
    return lane_bit(lowest_lane(s.fifo.front().mask));
  }
  [[nodiscard]] UnitView unit(const State& s, unsigned) const noexcept {
    return UnitView{s.fifo.front().pc, s.fifo.front().mask};
  }
  void retire(const ModelContext& ctx, State& s, unsigned key, const Outcome& o) const;
  void release(const ModelContext& ctx, State& s, Mask lanes, std::uint32_t pc) const;
  /// Reconvergence entries that may time out now (timeout = any only), by index.
  [[nodiscard]] Mask events(const State& s) const noexcept;
  /// Times out reconvergence entry e.
  void fire(const ModelContext& ctx, State& s, unsigned e) const;
  void explain(const State& s, std::vector<WaitInfo>& out) const;
  void hash(const State& s, StateHasher& h) const {
    h.value(s.fifo.size());
    h.elements(s.fifo.data(), s.fifo.size());
    h.value(s.rt.size());
    h.elements(s.rt.data(), s.rt.size());
    if (rt_entries_ != 0) {  // unbounded tables hash as they did before virtualisation
      h.value(s.lru.size());
      h.elements(s.lru.data(), s.lru.size());
    }
  }
  [[nodiscard]] std::uint32_t timeout() const noexcept { return timeout_; }
  [[nodiscard]] bool every_branch() const noexcept { return every_branch_; }
  [[nodiscard]] bool taken_first() const noexcept { return taken_first_; }
  [[nodiscard]] std::uint32_t st_entries() const noexcept { return st_entries_; }
  [[nodiscard]] std::uint32_t rt_entries() const noexcept { return rt_entries_; }

 private:
  void clear_exited(State& s, Mask gone) const;
  void diverge(const ModelContext& ctx, State& s, Split head, const Outcome& o) const;
  void arrive(const ModelContext& ctx, State& s, std::uint32_t r, Mask m) const;
  void complete(State& s) const;
  void settle(const ModelContext& ctx, State& s) const;
  void time_out(const ModelContext& ctx, State& s, std::uint32_t r) const;
  void count_delays(State& s) const;
  void fire_timeouts(const ModelContext& ctx, State& s) const;
  // model_aware_tables.cpp: the virtualised tables.
  /// Reconvergence entry r is used (created when `fresh`, else updated or timed out).
  void touch(const ModelContext& ctx, State& s, std::uint32_t r, bool fresh) const;
  /// Spills over-full tables and fills or installs the FIFO head, then normalizes.
  void virtualize(const ModelContext& ctx, State& s) const;
  void spill_splits(const ModelContext& ctx, State& s) const;
  static void normalize(State& s);
  static void canonicalize(State& s);

  std::uint32_t timeout_;
  bool every_branch_;
  bool taken_first_;
  std::uint32_t st_entries_;
  std::uint32_t rt_entries_;
};

static_assert(DivergenceModel<ModelAware>);
static_assert(ModelWithEvents<ModelAware>);

}  // namespace lockstep::sem
