// Kilo TM's commit units as a protocol model for the checker (research
// 001-kilotm.md §2.6 and §3.5-3.7; docs/tm.md "The kilotm protocol"): the
// distributed validation and commit pipeline abstracted to its ordering
// rules, every step of it an action the explorer interleaves with the
// threads' instructions (the launch state's events, launch_tx_units.hpp).
//
// A thread's transaction that reaches __tcommit is submitted: it takes the
// next commit ID (CID; the lanes of a warp take consecutive ones in lane
// order, a new one on every attempt) and an entry at every commit unit
// (memory partition) its logs touch, with RCID = the oldest CID not yet
// retired at that unit. Per unit k, its actions:
//   spec      speculative validation of its next read entry at k (log
//             order, as the entries arrive): compares memory with the value
//             read, now;
//   hazard    in CID order at k (every older entry at k has done it): the
//             youngest CID the unit's last-writer history holds for its
//             read words; a hazard when that CID >= RCID (YCID = it); then
//             its write words go into the history;
//   validate  once hazard detection and the speculative validations are
//             done and, with a hazard, the YCID transaction has retired at
//             k: V_k = the speculative result, or with a hazard a
//             revalidation of every read word at k against memory now.
//             The last V_k makes the final outcome F (pass iff every V_k);
//   commit    once F is known and every older entry at k has retired (the
//             head of the ring: in-order commit, head-of-line blocking):
//             writes its next write word at k if F passed (one word per
//             action, the units' bandwidth); the entry retires after its
//             last word, or at once when it failed or writes nothing at k.
// The thread gets its outcome when every entry retired, a read-only
// transaction when F is known (TM §4.2.5). Transactions leave once retired
// and handed to the serial order (take_decided, in CID order).
//
// Reductions (TmProtocolConfig::eager_internal, on outside unit tests):
// hazard detection and a local outcome without a hazard touch no memory and
// commute with every other action, so they happen as soon as they are
// enabled, as part of the action that enabled them (hazard detection then
// happens at submission: every older entry did it at its own). The
// speculative reads of an entry with a hazard happen then too (their
// result is unused). Without a hazard, no transaction older than RCID that
// writes a word the entry read is still committing, and no younger one can
// commit at the unit before it retires: only a write from outside any
// transaction can change such a word in the meantime, so with eager_spec
// (no such write in the kernel) the speculative reads happen at submission
// too. What stays an event: speculative reads that a plain write may race
// with, revalidations, commits (one word each) and retirements.
//
// WarpTM (warptm): the survivors of a warp's intra-warp conflict resolution
// are submitted as a group (consecutive CIDs). Each validates as above; at a
// unit, the group commits in one action, once every member there has its
// final outcome: the writes of every member that passed (no two members
// write a word another reads or writes: the resolution made them
// conflict-free, TM §6.2.1) and the retirement of every member's entry.
// messages() counts the protocol's control messages (claim T17): a local
// outcome, a final outcome and a done per transaction and unit, per group
// and unit under WarpTM.
//
// TCD (kilotm+tcd): the units also keep a clock, advanced by every committed
// word, and the last-written time of every 128-byte block (exact: a filter
// without aliasing); the launch state stamps its threads' first loads with it.
//
// State: everything here but block/thread names is part of the launch
// state; canonical() gives CIDs relative to the oldest one that can still
// matter and times relative to a base the caller gives, so launches that
// differ only in how many commits came before hash alike.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/launch/tm_protocol.hpp"
#include "semantics/memory/global_memory.hpp"
#include "semantics/memory/lwh_unit.hpp"
#include "semantics/memory/tx_log.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

/// One transaction handed to the serial order (in CID order).
struct TmDecided {
  std::uint64_t cid = 0;
  std::uint32_t warp = 0;
  std::uint32_t lane = 0;
  std::uint32_t pc = 0;  ///< its __tcommit
  bool pass = false;
  const TxLog* log = nullptr;
};

class TmCommitUnits {
 public:
  TmCommitUnits() = default;
  explicit TmCommitUnits(const TmProtocolConfig& config);

  /// Submits lane `lane` of warp w's transaction (a non-empty log) at its
  /// __tcommit `pc`; block and thread name it in texts. Under warptm,
  /// `group` is the CID of the group's first member (next_cid() before it).
  void submit(std::uint32_t warp, unsigned lane, std::uint32_t pc, std::uint32_t block, std::uint32_t thread,
              const TxLog& log, GlobalMemory& memory, std::uint64_t group = 0);
  /// Lanes of warp w whose submitted transaction has no outcome yet.
  [[nodiscard]] Mask blocked(std::uint32_t warp) const noexcept;
  /// The outcome of lane `lane` of warp w's transaction once it has one
  /// (true: it committed), and forgets the lane.
  [[nodiscard]] std::optional<bool> take_outcome(std::uint32_t warp, unsigned lane);
  /// The actions of warp w's transactions enabled now, as a mask of event
  /// indices (the first 32 in CID, unit, action order); `count` (optional)
  /// receives how many there are in all.
  [[nodiscard]] Mask actions(std::uint32_t warp, std::uint32_t* count = nullptr) const;
  /// Performs event e of warp w (one of actions(w)).
  void fire(std::uint32_t warp, unsigned e, GlobalMemory& memory);
  /// "CID 3 (block 0, thread 1): hazard detection at commit unit 1" for event e of warp w.
  [[nodiscard]] std::string describe(std::uint32_t warp, unsigned e) const;
  /// Hands out, in CID order, every transaction whose final outcome is
  /// known and whose older CIDs have all been handed out: f(const TmDecided&)
  /// (its log pointer is valid during the call only).
  template <class F>
  void take_decided(F&& f) {
    for (;;) {
      Tx* t = find(serial_next_);
      if (t == nullptr || !t->decided) break;
      t->handed = true;
      ++serial_next_;
      f(TmDecided{t->cid, t->warp, t->lane, t->pc, t->pass, &t->log});
    }
    drop_finished();
  }
  /// Control messages so far (T17; not state).
  struct Messages {
    std::uint64_t local_outcomes = 0;  ///< CU pass/fail
    std::uint64_t final_outcomes = 0;  ///< TX pass/fail, to each unit
    std::uint64_t dones = 0;           ///< retirement notices
    friend bool operator==(const Messages&, const Messages&) { return true; }  // not state
  };
  [[nodiscard]] const Messages& messages() const noexcept { return messages_; }
  /// The next CID to be taken (every transaction submitted later has it or a younger one).
  [[nodiscard]] std::uint64_t next_cid() const noexcept { return next_cid_; }
  /// The serial order has taken every CID below this.
  [[nodiscard]] std::uint64_t serial_next() const noexcept { return serial_next_; }
  /// TCD: the clock (committed words so far) and the last time a committed
  /// word of the 128-byte block of `addr` was written (0: never).
  [[nodiscard]] std::uint64_t clock() const noexcept { return clock_; }
  [[nodiscard]] std::uint64_t last_written(std::uint64_t addr) const noexcept;
  /// True when some transaction of warp w is in the units.
  [[nodiscard]] bool has(std::uint32_t warp) const noexcept {
    for (const Tx& t : txs_) {
      if (t.warp == warp) return true;
    }
    return false;
  }
  /// True when no transaction is in the units.
  [[nodiscard]] bool idle() const noexcept { return txs_.empty(); }
  /// The lowest CID that still matters (below it, CIDs in the history are dead).
  [[nodiscard]] std::uint64_t dead_below() const noexcept;
  /// Calls f(std::uint64_t) for the canonical contents: CIDs relative to
  /// dead_below(), times relative to `time_base` (times at or below it read as 0).
  template <class F>
  void canonical(std::uint64_t time_base, F&& f) const;

  friend bool operator==(const TmCommitUnits&, const TmCommitUnits&) = default;

 private:
  enum class Action : std::uint8_t { Spec, Hazard, Validate, Commit };
  struct Entry {  ///< a transaction's entry at one commit unit
    std::uint32_t unit = 0;
    std::uint32_t reads = 0;    ///< read entries at this unit
    std::uint32_t writes = 0;   ///< write entries at this unit
    std::uint32_t spec = 0;     ///< read entries speculatively validated
    std::uint32_t written = 0;  ///< write entries committed
    std::uint64_t rcid = 0;
    std::uint64_t ycid = 0;
    bool spec_ok = true;
    bool hazard_done = false;
    bool hazard = false;
    bool validated = false;
    bool retired = false;
    friend bool operator==(const Entry&, const Entry&) = default;
  };
  struct Tx {
    std::uint64_t cid = 0;
    std::uint32_t warp = 0;
    std::uint32_t lane = 0;
    std::uint32_t pc = 0;
    std::uint64_t group = 0;   ///< warptm: the group's first CID (0: none)
    std::uint32_t block = 0;   ///< names only (a function of warp and lane)
    std::uint32_t thread = 0;
    TxLog log;
    std::vector<Entry> entries;  ///< by unit
    std::uint32_t outcomes_left = 0;  ///< V_k not yet sent
    bool pass = true;       ///< every V_k so far passed
    bool decided = false;   ///< F known
    bool released = false;  ///< the thread may take its outcome
    bool taken = false;     ///< ... and has
    bool handed = false;    ///< handed to the serial order
    [[nodiscard]] bool retired() const noexcept {
      for (const Entry& e : entries) {
        if (!e.retired) return false;
      }
      return true;
    }
    friend bool operator==(const Tx&, const Tx&) = default;
  };
  struct Ref {
    std::size_t tx = 0;
    std::size_t entry = 0;
    Action action = Action::Spec;
  };

  [[nodiscard]] std::uint32_t unit_of(std::uint64_t addr) const noexcept {
    return static_cast<std::uint32_t>((addr >> 2) % config_.partitions);
  }
  [[nodiscard]] Tx* find(std::uint64_t cid) noexcept;
  [[nodiscard]] const Tx* find(std::uint64_t cid) const noexcept;
  [[nodiscard]] const Entry* entry_at(const Tx& t, std::uint32_t unit) const noexcept;
  [[nodiscard]] Entry* entry_at(Tx& t, std::uint32_t unit) noexcept;
  /// Every older transaction's entry at `unit` satisfies pred.
  template <class P>
  [[nodiscard]] bool older_at(const Tx& t, std::uint32_t unit, P pred) const;
  [[nodiscard]] bool enabled(const Tx& t, const Entry& e, Action a) const;
  /// Warp w's enabled actions in event order.
  void list(std::uint32_t warp, std::vector<Ref>& out) const;
  /// The k-th read (write) entry of t's log at `unit`.
  [[nodiscard]] const TxRead& read_at(const Tx& t, std::uint32_t unit, std::uint32_t k) const;
  [[nodiscard]] const TxWrite& write_at(const Tx& t, std::uint32_t unit, std::uint32_t k) const;
  void release_if_done(Tx& t);
  /// Writes t's next write word at the entry's unit (and stamps TCD's time).
  void commit_word(Tx& t, Entry& en, GlobalMemory& memory);
  /// Every member of t's group with an entry at `unit` not yet retired, in CID order.
  [[nodiscard]] std::vector<Tx*> group_at(const Tx& t, std::uint32_t unit);
  [[nodiscard]] bool group_ready(const Tx& t, std::uint32_t unit) const;
  /// Performs action a of entry e of t.
  void perform(Tx& t, Entry& e, Action a, GlobalMemory& memory);
  /// Under eager_internal: every enabled hazard detection and local outcome
  /// without a hazard, until none is left.
  void run_internal(GlobalMemory& memory);
  [[nodiscard]] bool internal(const Entry& e, Action a) const noexcept {
    if (!config_.eager_internal) return false;
    switch (a) {
      case Action::Hazard: return true;
      case Action::Spec: return e.hazard_done && (e.hazard || config_.eager_spec);
      case Action::Validate: return !e.hazard;
      case Action::Commit: return false;
    }
    return false;
  }
  void drop_finished();

  TmProtocolConfig config_;
  std::vector<Tx> txs_;            ///< in CID order
  std::vector<LwhUnit> lwh_;       ///< per unit
  std::uint64_t next_cid_ = 1;
  std::uint64_t serial_next_ = 1;
  std::uint64_t clock_ = 0;
  struct BlockTime {
    std::uint64_t block = 0;
    std::uint64_t time = 0;
    friend bool operator==(const BlockTime&, const BlockTime&) = default;
  };
  std::vector<BlockTime> written_;  ///< TCD: sorted by block
  Messages messages_;
};

template <class F>
void TmCommitUnits::canonical(std::uint64_t time_base, F&& f) const {
  const std::uint64_t dead = dead_below();
  const auto rel = [&](std::uint64_t c) { return c >= dead ? c - dead + 1 : 0; };
  const auto time = [&](std::uint64_t t) { return t > time_base ? t - time_base : 0; };
  f(rel(next_cid_));
  f(rel(serial_next_));
  f(txs_.size());
  for (const Tx& t : txs_) {
    f(rel(t.cid));
    f((std::uint64_t{t.warp} << 32) | t.lane);
    f(t.pc);
    f(t.group == 0 ? ~std::uint64_t{0} : t.cid - t.group);
    f((std::uint64_t{t.outcomes_left} << 8) | (std::uint64_t{t.pass} << 4) | (std::uint64_t{t.decided} << 3) |
      (std::uint64_t{t.released} << 2) | (std::uint64_t{t.taken} << 1) | std::uint64_t{t.handed});
    f(t.log.reads.size());
    for (const TxRead& r : t.log.reads) {
      f(r.addr);
      f(r.value);
    }
    f(t.log.writes.size());
    for (const TxWrite& w : t.log.writes) {
      f(w.addr);
      f((std::uint64_t{w.mask} << 32) | w.value);
    }
    for (const Entry& e : t.entries) {
      f((std::uint64_t{e.unit} << 32) | e.spec);
      f((std::uint64_t{e.written} << 32) | (std::uint64_t{e.spec_ok} << 4) | (std::uint64_t{e.hazard_done} << 3) |
        (std::uint64_t{e.hazard} << 2) | (std::uint64_t{e.validated} << 1) | std::uint64_t{e.retired});
      f(rel(e.rcid));
      f(rel(e.ycid));
    }
  }
  for (const LwhUnit& u : lwh_) u.canonical(dead, dead, f);
  if (config_.tcd()) {
    f(time(clock_));
    for (const BlockTime& b : written_) {
      if (time(b.time) == 0) continue;
      f(b.block);
      f(time(b.time));
    }
  }
}

}  // namespace lockstep::sem
