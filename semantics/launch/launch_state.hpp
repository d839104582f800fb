// The state of one kernel launch under divergence model M: every block's
// shared memory and barriers, every warp's registers and model state, global
// memory, printf output and counters. A value: copyable and hashable.
//
// The interface the runner, the explorer and the simulator drive:
//   enabled(w)          keys of the units of warp w that may issue now (a lane mask)
//   step(w, k)          executes the next instruction of unit k of warp w
//   step(w, k, report)  the same, and says what the step did (step_report.hpp)
// By default every block is resident; with block slots (residency.hpp) the
// caller admits blocks into slots and retires them, and only resident
// blocks hold state (warp w is then a warp of the block in slot
// w / warps per block). Semantics of every rule are in docs/semantics.md.
//
// Under a block-scope model (thread block compaction, dynamic warp
// formation) the model keeps one state per block and its units are compacted
// or dynamic warps: enabled(w), step(w, k) and unit(w, k) then name the
// block's units that the model maps to warp position w % warps-per-block
// (TBC: slot w % warps-per-block, key = that slot), model_state(w) and
// warp_done(w) the block's, while warp(w), registers(w) and explain(w) still
// name static warp w. A compacted warp's lane l runs on
// lane l of its own static warp's registers (docs/semantics-plan.md §3.6).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "semantics/launch/barrier_state.hpp"
#include "semantics/launch/launch_fault.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/launch_stats.hpp"
#include "semantics/launch/launch_warp_data.hpp"
#include "semantics/launch/rendezvous.hpp"
#include "semantics/launch/residency.hpp"
#include "semantics/launch/step_report.hpp"
#include "semantics/launch/tm_commit_units.hpp"
#include "semantics/memory/global_memory.hpp"
#include "semantics/memory/memory_port.hpp"
#include "semantics/memory/serial_replay.hpp"
#include "semantics/memory/space_memory.hpp"
#include "semantics/memory/tx_log.hpp"
#include "semantics/model/divergence_model.hpp"
#include "semantics/model/state_hasher.hpp"
#include "semantics/value/concrete_domain.hpp"

namespace lockstep::sem {

/// A model that implements Kilo TM's transactions (docs/tm.md): the SIMT
/// stack (its R and T entries) and mimd (per-thread retry loops). Under
/// other models a transaction runs alone (docs/semantics.md).
template <class M>
concept ModelWithTransactions = requires { requires M::kTransactions; };

/// A block-scope model whose one state may pool several block slots (core
/// scope: dynamic warp formation in the simulator, Residency::core_slots).
template <class M>
concept ModelWithCoreScope = requires { requires M::kCoreScope; };

/// D is the value domain of the registers (ConcreteDomain for `run`; the
/// checker's symbolic domain for symbolic inputs). The domain instance is
/// part of the state: a domain with per-state data (a path condition, a
/// shadow of symbolic memory bytes) hashes and compares it with the state.
template <DivergenceModel M, class D = ConcreteDomain>
class LaunchState {
 public:
  using Domain = D;
  using V = typename D::V;
  using Warp = WarpDataOf<V>;
  static constexpr bool kBlockScope = M::kScope == ModelScope::Block;

  LaunchState(const LaunchSetup& setup, M model, D domain = D{}, Residency residency = {});

  /// Warps: every warp of the launch, or (with block slots) slots x warps per block.
  [[nodiscard]] std::uint32_t warp_count() const noexcept { return static_cast<std::uint32_t>(warps_.size()); }
  [[nodiscard]] Mask enabled(std::uint32_t w) const noexcept;
  void step(std::uint32_t w, unsigned key);
  /// step(w, key), filling `report` with what the step did (cleared first).
  void step(std::uint32_t w, unsigned key, StepReport& report);

  // Block slots (residency.hpp). Without them every block has its own slot
  // (slot b holds block b) from the start, and admit/retire are not used.
  [[nodiscard]] std::uint32_t slot_count() const noexcept { return static_cast<std::uint32_t>(blocks_.size()); }
  [[nodiscard]] std::uint32_t warps_per_block() const noexcept { return wpb_; }
  /// True with block slots (only the admitted blocks have state).
  [[nodiscard]] bool slotted() const noexcept { return slotted_; }
  /// Warps of the whole grid not yet finished.
  [[nodiscard]] std::uint64_t warps_left() const noexcept { return warps_left_; }
  /// The linear index of the block in slot `slot`, kNoBlock when it is empty.
  [[nodiscard]] std::uint32_t slot_block(std::uint32_t slot) const noexcept { return blocks_[slot].index; }
  /// Creates the state of block `block` in the empty slot `slot`: its shared
  /// memory, barriers, warps and their model states (registers on first issue).
  void admit(std::uint32_t slot, std::uint32_t block);
  /// True when every thread of the block in `slot` has exited (or it is empty).
  [[nodiscard]] bool slot_done(std::uint32_t slot) const noexcept;
  /// Frees the state of the finished block in `slot`; the slot becomes empty.
  void retire(std::uint32_t slot);
  /// Model events of warp w that may fire now, by index (divergence_model.hpp;
  /// AWARE's reconvergence timeouts under timeout=any), and firing one.
  /// Under a TM commit-protocol model (LaunchSetup::tm_protocol), the
  /// commit units' actions on warp w's transactions are its events
  /// (launch_tx_units.hpp).
  [[nodiscard]] Mask events(std::uint32_t w) const noexcept;
  void fire(std::uint32_t w, unsigned event);
  /// What event `event` of warp w does, for traces.
  [[nodiscard]] std::string event_text(std::uint32_t w, unsigned event) const;
  /// From now on each warp's table traffic (spills and fills of a model with
  /// virtualised tables, table_traffic.hpp) is recorded, for a timing model.
  void track_table_traffic() { traffic_.assign(warps_.size(), TableTraffic{}); }
  /// Appends warp w's table traffic since the last call to `out` and forgets it.
  void take_table_traffic(std::uint32_t w, TableTraffic& out) {
    if (traffic_.empty() || traffic_[w].empty()) return;
    out.insert(out.end(), traffic_[w].begin(), traffic_[w].end());
    traffic_[w].clear();
  }

  [[nodiscard]] LaunchStatus status() const noexcept { return status_; }
  [[nodiscard]] bool warp_done(std::uint32_t w) const noexcept {
    if constexpr (kBlockScope) return slot_done(slot_of(w));
    return warp_finished(w);
  }
  /// True when every thread of static warp w has exited.
  [[nodiscard]] bool warp_finished(std::uint32_t w) const noexcept { return warps_[w].exited == warps_[w].live; }
  [[nodiscard]] const std::optional<LaunchFault>& fault() const noexcept { return fault_; }
  [[nodiscard]] const LaunchStats& stats() const noexcept { return stats_; }
  [[nodiscard]] const GlobalMemory& global() const noexcept { return global_; }
  [[nodiscard]] const std::string& output() const noexcept { return output_; }
  /// The committed transactions in commit-ID order, recorded under
  /// setup().tm_serializable_check only (history, not state: never hashed).
  [[nodiscard]] const std::vector<TxCommitRecord>& tx_history() const noexcept { return tx_history_; }
  [[nodiscard]] const LaunchSetup& setup() const noexcept { return *setup_; }
  [[nodiscard]] const M& model() const noexcept { return model_; }
  [[nodiscard]] const typename M::State& model_state(std::uint32_t w) const noexcept {
    return mstate_[kBlockScope ? mindex(w) : w];
  }
  /// Block slots per model state: 1, or under core scope the slots of one core.
  [[nodiscard]] std::uint32_t core_slots() const noexcept { return grp_; }
  [[nodiscard]] const Warp& warp(std::uint32_t w) const noexcept { return warps_[w]; }
  /// Unit `key` of warp w (under a block-scope model: the block's unit that (w, key) names).
  [[nodiscard]] UnitView unit(std::uint32_t w, unsigned key) const noexcept {
    if constexpr (kBlockScope) return model_.unit(mstate_[mindex(w)], model_.unit_index(w % gw_, key, gw_));
    return model_.unit(mstate_[w], key);
  }
  /// Block-scope models: the model's view of the unit (w, key) (its lanes' home warps).
  /// A member template, so that an explicit instantiation of the class
  /// (launch_state_instances.hpp) leaves it out for other models.
  template <bool B = kBlockScope>
    requires B
  [[nodiscard]] decltype(auto) block_unit(std::uint32_t w, unsigned key) const noexcept {
    return model_.warp(mstate_[mindex(w)], model_.unit_index(w % gw_, key, gw_));
  }
  /// Warp w's register file (register r, lane l at [r * 32 + l]) for in-place
  /// canonicalisation by the explorer; nullptr before its first step and once it is done.
  [[nodiscard]] V* registers(std::uint32_t w) noexcept {
    return warps_[w].regs.empty() ? nullptr : warps_[w].regs.data();
  }
  /// Slot b's block data (block b's when every block is resident).
  [[nodiscard]] const BlockData& block(std::uint32_t b) const noexcept { return blocks_[b]; }
  /// The value domain (its per-state part: e.g. the symbolic path condition).
  [[nodiscard]] D& domain() noexcept { return dom_; }
  [[nodiscard]] const D& domain() const noexcept { return dom_; }
  /// Where every unfinished thread of warp w is and why it waits.
  void explain(std::uint32_t w, std::vector<WaitInfo>& out) const;
  /// Canonical hash of everything that determines the future (not output, not counters).
  void hash(StateHasher& h) const;

  friend bool operator==(const LaunchState& a, const LaunchState& b) {
    return a.global_.same_contents(b.global_) && a.blocks_ == b.blocks_ && a.warps_ == b.warps_ &&
           a.mstate_ == b.mstate_ && a.tm_owner_ == b.tm_owner_ && a.status_ == b.status_ && a.dom_ == b.dom_ &&
           a.tx_ == b.tx_ && a.serial_ == b.serial_ && a.units_ == b.units_ &&
           a.silent_ == b.silent_ && a.versions_ == b.versions_;
  }

 private:
  struct TmOwner {
    std::uint32_t warp = 0;
    std::uint32_t lane = 0;
    friend bool operator==(const TmOwner&, const TmOwner&) = default;
  };

  /// One thread's transaction (launch_tx.hpp): nesting depth (flattened),
  /// the restart PC (after the outermost __tbegin), instructions in this
  /// attempt (the watchdog), the redo log and the registers at __tbegin.
  /// Under a commit-protocol model also: where the attempt is at __tcommit
  /// (units: 0 executing, 1 in the commit units, 2 committed without them)
  /// and TCD's first-load time and conflict (launch_tx_units.hpp).
  struct TxLane {
    std::uint32_t depth = 0;
    std::uint32_t restart = 0;
    std::uint32_t steps = 0;
    TxLog log;
    std::vector<V> saved;
    std::uint8_t units = 0;
    bool loaded = false;
    bool tcd_conflict = false;
    std::uint32_t loads_seen = 0;
    std::uint64_t first_load = 0;
    /// Starts an attempt: no instructions, an empty log, not at the units, no loads.
    void new_attempt() noexcept {
      steps = 0;
      log.clear();
      units = 0;
      loaded = false;
      tcd_conflict = false;
      loads_seen = 0;
    }
    friend bool operator==(const TxLane&, const TxLane&) = default;
  };
  /// A read-only transaction TCD committed silently: checked against the
  /// serial order once every CID below `mark` is in it.
  struct TxSilent {
    std::uint64_t mark = 0;
    std::uint32_t warp = 0;
    std::uint32_t lane = 0;
    std::uint32_t pc = 0;
    TxLog log;
    friend bool operator==(const TxSilent&, const TxSilent&) = default;
  };
  /// TCD: every word a commit wrote, by CID (the serial order's history).
  struct TxVersion {
    std::uint64_t addr = 0;
    std::uint64_t cid = 0;
    std::uint32_t value = 0;
    std::uint8_t mask = 0;
    friend bool operator==(const TxVersion&, const TxVersion&) = default;
  };
  static constexpr bool kTm = ModelWithTransactions<M>;

  [[nodiscard]] std::uint32_t slot_of(std::uint32_t w) const noexcept { return w / wpb_; }
  /// Block-scope models: the model state of warp w (its slot's, or its core's).
  [[nodiscard]] std::uint32_t mindex(std::uint32_t w) const noexcept { return w / gw_; }
  // launch_tx.hpp
  [[nodiscard]] bool tx_on() const noexcept { return !tx_.empty(); }
  void tx_begin(std::uint32_t w, const UnitView& u, Mask g, Outcome& o);
  void tx_commit(std::uint32_t w, const UnitView& u, Mask g, Outcome& o);
  void tx_abort(std::uint32_t w, const UnitView& u, Mask g, Outcome& o);
  /// The watchdog before a step: lanes of u whose attempt is doomed abort
  /// (the step does nothing else); false when none did.
  bool tx_watchdog(std::uint32_t w, const UnitView& u, Outcome& o);
  /// Ends lane l's attempt without committing: registers restored, log cleared.
  void tx_restart(std::uint32_t w, unsigned l);
  /// Drops warp w's transaction data once none of its lanes is in one.
  void tx_tidy(std::uint32_t w);
  void tx_final_check(std::uint32_t w, std::uint32_t pc, Mask lanes);
  // launch_tx_units.hpp (a commit-protocol model)
  [[nodiscard]] bool tx_units() const noexcept { return setup_->tm_protocol.units(); }
  /// __tcommit of an outermost transaction under the commit units: the lanes
  /// not yet submitted are (or commit at once: empty logs, TCD's silent
  /// commit); once every lane has its outcome, the second issue commits or
  /// restarts them.
  void tx_units_commit(std::uint32_t w, const UnitView& u, Mask g, Outcome& o);
  /// Lanes of warp w waiting for the commit units' outcome.
  [[nodiscard]] Mask tx_blocked(std::uint32_t w) const noexcept;
  /// TCD: stamps the loads lanes of warp w made in the last step.
  void tx_tcd_loads(std::uint32_t w, Mask lanes);
  /// Takes the transactions the units decided into the serial order (CID
  /// order), checks TCD's silent commits, and the bound on enabled actions.
  void tx_units_settle();
  /// A silent commit's reads against every prefix of the serial order; false
  /// (and the launch fails) when none explains them.
  bool tx_check_silent(const TxSilent& s);
  /// Under tm_serializable_check: a committing transaction (lane of warp w
  /// at `pc`, commit ID `cid`) joins the serial replay and the history; a
  /// read the serial order does not explain fails the launch.
  void tx_record_commit(std::uint32_t w, std::uint32_t lane, std::uint32_t pc, std::uint64_t cid, const TxLog& log);
  void tx_hash_units(StateHasher& h) const;
  void init_block(std::uint32_t slot, std::uint32_t block);
  /// The model state of a slot's warps (warp scope) or of the slot (block scope) with no threads.
  void reset_model(std::uint32_t slot);
  /// The model's release of `lanes` of warp w at pc (a warp's or its block's model state).
  void release_lanes(std::uint32_t w, Mask lanes, std::uint32_t pc) {
    if constexpr (kBlockScope) {
      model_.release(ctx_, mstate_[mindex(w)], w % gw_, lanes, pc);
    } else {
      model_.release(ctx_for(w), mstate_[w], lanes, pc);
    }
  }
  // launch_step_block.hpp (block-scope models)
  void step_block(std::uint32_t w, unsigned key);
  /// The part of a block-scope unit's step whose threads belong to the block
  /// in `slot`: `lanes`, each of static warp home[l] of that block.
  void step_block_part(std::uint32_t slot, const UnitView& u, const std::uint8_t* home, Mask lanes, Outcome& o,
                       Mask& executed);
  /// Exchanges lane l of every register and of local memory between warp
  /// `host` and the static warp home[l] of its block, for the lanes in `lanes`.
  void swap_lanes(std::uint32_t host, const std::uint8_t* home, Mask lanes);
  /// The operands DDOS profiles (step_report.hpp), read before a step of `threads` at pc.
  void note_compared(const Warp& wd, std::uint32_t pc, Mask threads);

  // launch_step.hpp
  void execute(std::uint32_t w, const UnitView& u, Mask g, Outcome& o);
  void execute_plain(std::uint32_t w, std::uint32_t pc, Mask g);
  void branch_indexed(std::uint32_t w, const UnitView& u, Mask g, Outcome& o);
  void print(std::uint32_t w, std::uint32_t pc, Mask g);
  void assert_fail(std::uint32_t w, std::uint32_t pc, Mask g);
  [[nodiscard]] Mask guard_mask(Warp& wd, const ir::Instr& in, Mask threads);
  void fail(std::uint32_t w, std::uint32_t pc, Mask lanes, std::string kind, std::string message);
  // launch_sync.hpp
  void barrier(std::uint32_t w, const UnitView& u, Mask g, Outcome& o);
  void try_complete_barrier(std::uint32_t slot, unsigned id);
  /// Under the CUDA barrier rule: fails the launch and returns true when the
  /// completing phase of barrier `id` of the block in `slot` breaks it.
  bool cuda_barrier_violation(std::uint32_t slot, unsigned id);
  void collective(std::uint32_t w, const UnitView& u, Mask g, Outcome& o);
  /// Executes a warp-synchronous instruction once for `active`; false when it has no semantics.
  bool run_collective(std::uint32_t w, std::uint32_t pc, Mask active);
  void after_exit(std::uint32_t w, Mask lanes);
  // launch_memory.hpp
  [[nodiscard]] MemoryPort port(std::uint32_t w);
  void ensure_registers(std::uint32_t w);

  const LaunchSetup* setup_;
  M model_;
  ModelContext ctx_;
  /// The model's inputs for a call on warp w: ctx_ with w's traffic record when tracked.
  [[nodiscard]] ModelContext ctx_for(std::uint32_t w) noexcept {
    ModelContext c = ctx_;
    if (!traffic_.empty()) c.traffic = &traffic_[w];
    return c;
  }
  std::vector<TableTraffic> traffic_;  ///< per warp, when tracked (not state: timing only)
  GlobalMemory global_;
  std::vector<BlockData> blocks_;
  std::vector<Warp> warps_;
  std::vector<typename M::State> mstate_;
  std::optional<TmOwner> tm_owner_;
  /// Per warp, per lane transactions (32 entries while a lane of the warp
  /// is in one, else empty); empty without transactions or a TM model.
  std::vector<std::vector<TxLane>> tx_;
  SerialReplay serial_;                     ///< under tm_serializable_check
  std::vector<TxCommitRecord> tx_history_;  ///< under tm_serializable_check (not state)
  TmCommitUnits units_;                     ///< under a commit-protocol model
  std::vector<TxSilent> silent_;            ///< TCD: silent commits not yet checked
  std::vector<TxVersion> versions_;         ///< TCD under tm_serializable_check
  std::array<TxLog*, kWarpSize> tx_port_{}; ///< scratch of port(): per lane, its log (not state)
  LaunchStatus status_ = LaunchStatus::Running;
  std::optional<LaunchFault> fault_;
  LaunchStats stats_;
  std::string output_;
  std::uint64_t warps_left_ = 0;  ///< unfinished warps of the whole grid
  std::uint32_t wpb_ = 1;         ///< warps per block
  std::uint32_t grp_ = 1;         ///< block slots per model state (block scope: 1; core scope: a core's)
  std::uint32_t gw_ = 1;          ///< warp positions per model state (grp_ * wpb_)
  bool slotted_ = false;          ///< block slots (residency.hpp) rather than every block resident
  /// With block slots: register files of finished warps, reused by warps of
  /// later blocks instead of allocating (and faulting in) new ones (not state).
  std::vector<std::vector<V>> spare_regs_;
  StepReport* report_ = nullptr;  ///< during step(w, k, report) only
  /// During a compacted warp's step whose threads come from several static
  /// warps: the static warp (in the block) of each lane's thread.
  const std::uint8_t* lane_home_ = nullptr;
  static constexpr unsigned kNoBarrier = 0xffffffffU;
  unsigned deferred_barrier_ = kNoBarrier;  ///< a barrier that completes once the lanes are swapped back
  [[no_unique_address]] D dom_;
};

}  // namespace lockstep::sem

#include "semantics/launch/launch_state_impl.hpp"
#include "semantics/launch/launch_state_instances.hpp"
