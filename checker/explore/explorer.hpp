// The schedule explorer (docs/explorer.md): an iterative depth-first search
// over every interleaving of the units a launch state enables, with
//   - merged private steps and canonical states (the generator's job),
//   - a visited set of 128-bit digests (or full states, on request),
//   - on-the-fly Tarjan SCCs that find weakly fair non-terminating cycles:
//     an SCC with an internal edge in which every unfinished fairness unit
//     either takes an internal edge or is disabled in some state of it
//     (then the cycle through every state and edge of the SCC is fair),
//   - deadlock (unfinished threads, nothing enabled), error and [expect]
//     checks, the set of final memory digests,
//   - bounds on states, depth, memory and time: hitting one is recorded in
//     Exploration::bound and the result is then never exhaustive,
//   - persistent sets (persistent_set.hpp; on unless switched off): at a
//     state where one warp's enabled steps are independent of everything
//     the other warps may still do, and start on no control-flow cycle,
//     only that warp's steps are explored (sound for every property),
//   - optional sleep sets (stateful, Godefroid): a unit whose step is
//     independent of the steps taken since it was last explored is not
//     explored again; sound for deadlocks, errors and completed states, so
//     only allowed with the fairness check off,
//   - a race report from the footprints of the co-enabled units' next steps,
//   - optionally a finding filter (finding_filter.hpp): a counterexample it
//     rejects is counted and the search goes on past it.
// Counterexamples are real whatever bound was hit: every edge of a reported
// schedule was executed.
#pragma once

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "checker/explore/explore_options.hpp"
#include "checker/explore/exploration.hpp"
#include "checker/explore/fair_lasso.hpp"
#include "checker/explore/fairness_units.hpp"
#include "checker/explore/finding_filter.hpp"
#include "checker/explore/persistent_set.hpp"
#include "checker/explore/state_digest.hpp"
#include "checker/explore/unit_footprints.hpp"
#include "checker/explore/step_generator.hpp"
#include "checker/explore/visited_table.hpp"
#include "semantics/launch/tx_regions.hpp"

namespace lockstep::checker {

/// What a completed execution leaves: the digest of its final buffers and,
/// when [expect] is not met, a description of the mismatch.
struct FinalCheck {
  Digest memory{};
  std::string mismatch;
};

template <class S>
using FinalHook = std::function<FinalCheck(const S&)>;

template <class S, StepGenerator<S> G>
class Explorer {
 public:
  Explorer(G& gen, const ExploreOptions& options, const FinalHook<S>& on_final, const FindingFilter* filter = nullptr)
      : gen_(gen), opt_(options), on_final_(on_final), filter_(filter != nullptr && *filter ? filter : nullptr) {
    if (opt_.sleep_sets && opt_.fairness) {
      throw std::invalid_argument("sleep sets are sound for safety properties only: switch fairness off to use them");
    }
    order_rng_ = opt_.order_seed;
  }

  /// True when an access left the buffers the persistent sets assumed it
  /// stays in: the result of run() is then to be discarded.
  [[nodiscard]] bool por_unsound() const noexcept { return por_unsound_; }

  Exploration run(const S& initial) {
    start_ = std::chrono::steady_clock::now();
    S root = initial;
    gen_.prefix(root, prefix_);
    gen_.canonicalize(root);
    for (const StepRecord& r : prefix_) r_.stats.instructions += r.count;
    if (filter_ != nullptr) {
      r_.issued_pcs.assign(root.setup().kernel->code.size(), false);
      for (const StepRecord& r : prefix_) note_issued(r);
    }
    units_ = unit_count(root);
    words_ = unit_words(units_);
    syncing_exit_ = kernel_synchronises(*root.setup().kernel);
    if (opt_.races && root.setup().transactions) tx_pcs_ = sem::transactional_pcs(*root.setup().kernel);
    if (opt_.persistent_sets && filter_ != nullptr) {
      // A filter asks for particular counterexamples and the PCs the search
      // issued: the reduction keeps every verdict, not every counterexample.
      r_.persistent_sets_off = "a finding filter is in use";
    } else if (opt_.persistent_sets) {
      por_ = std::make_unique<PersistentSets<S>>(root, syncing_exit_);
      r_.persistent_sets_off = por_->why_not(root);
      if (!r_.persistent_sets_off.empty()) por_.reset();
    }
    r_.persistent_sets = por_ != nullptr;
    footprints_ = opt_.sleep_sets || opt_.races || por_;
    state_bytes_ = sizeof(S) + hashed_bytes(root);
    frames_.emplace_back();
    frames_[0].state_ptr = std::make_unique<S>(std::move(root));
    depth_ = 1;
    frames_[0].sleep.assign(words_, 0);
    add_node(frames_[0], digest_of(top().state()));
    search();
    finish();
    return std::move(r_);
  }

 private:
  std::uint64_t order_rng_ = 0;  ///< splitmix64 state of the search order (order_seed)
  static constexpr std::uint32_t kDone = 0xffffffffU;

  // Frames are kept when the search returns from them, so their storage
  // (the state's buffers, the action and successor lists) is reused.
  struct Frame {
    std::unique_ptr<S> state_ptr;
    [[nodiscard]] S& state() noexcept { return *state_ptr; }
    StepRecord via;       ///< the step that led here (unused for the root)
    std::uint32_t id = 0;
    std::vector<StepRecord> actions;  ///< (warp, key) pairs to expand, as records
    std::size_t next_action = 0;
    std::size_t next_succ = 0;
    std::size_t succs = 0;
    bool expanded = false;
    bool reexplore = false;  ///< a revisit that explores the units its stored sleep set had skipped
    bool reduced = false;    ///< only a persistent set of the enabled actions is explored (never on a cycle)
    std::vector<Successor<S>> pending;
    std::vector<StepRecord> enabled;     ///< every enabled unit (kept for child_sleep: sleep sets only)
    std::vector<Footprint> footprints;   ///< of `enabled` (sleep sets only)
    std::vector<std::uint64_t> sleep;    ///< the sleep set this visit explores with
    std::vector<std::uint64_t> done;     ///< units explored from this frame so far
    std::vector<std::uint64_t> only;     ///< re-exploration: the units to explore (empty: all)
  };

  Frame& top() noexcept { return frames_[depth_ - 1]; }

  void add_node(Frame& f, const Digest& d) {
    f.id = static_cast<std::uint32_t>(low_.size());
    table_.insert(d, f.id);
    low_.push_back(f.id);
    tarjan_.push_back(f.id);
    bits_.resize(bits_.size() + 2 * words_, 0);
    disabled_units(f.state(), disabled(f.id));
    if (opt_.full_states) stored_.push_back(f.state());
    if (opt_.sleep_sets) sleep_.insert(sleep_.end(), f.sleep.begin(), f.sleep.end());
    ++r_.stats.states;
  }
  std::span<std::uint64_t> executed(std::uint32_t id) { return {bits_.data() + std::size_t{id} * 2 * words_, words_}; }
  std::span<std::uint64_t> disabled(std::uint32_t id) { return {bits_.data() + (std::size_t{id} * 2 + 1) * words_, words_}; }

  [[nodiscard]] bool stopped() const noexcept {
    return r_.bound != BoundKind::None || (r_.finding && opt_.stop_at_first) || por_unsound_;
  }

  void set_bound(BoundKind k, std::uint64_t limit, std::string detail = {}) {
    if (r_.bound != BoundKind::None) return;
    r_.bound = k;
    r_.bound_limit = limit;
    r_.bound_detail = std::move(detail);
  }

  /// Records the finding unless the filter rejects it (then counts it);
  /// `places` gives the filter where the threads are. True when recorded.
  template <class Places>
  bool report(FindingKind kind, std::string detail, const Digest& d, std::vector<StepRecord> cycle,
              const Places& places) {
    if (r_.finding) return false;
    Finding f;
    f.kind = kind;
    f.steps = prefix_;
    for (std::size_t i = 1; i < depth_; ++i) f.steps.push_back(frames_[i].via);
    f.cycle_start = f.steps.size();
    f.steps.insert(f.steps.end(), cycle.begin(), cycle.end());
    f.detail = std::move(detail);
    f.digest = d;
    if (filter_ != nullptr) {
      FindingCandidate c;
      c.finding = &f;
      c.states = places();
      if (!(*filter_)(c)) {
        ++r_.rejected;
        return false;
      }
    }
    r_.finding = std::move(f);
    return true;
  }
  /// A finding that ends in state s.
  bool report_at(const S& s, FindingKind kind, std::string detail) {
    return report(kind, std::move(detail), digest_of(s), {}, [&s] {
      std::vector<ThreadPlaces> out(1);
      thread_places(s, out[0]);
      return out;
    });
  }
  void note_issued(const StepRecord& r) {
    if (r.pc < r_.issued_pcs.size()) r_.issued_pcs[r.pc] = true;
  }

  [[nodiscard]] std::uint64_t own_bytes() const noexcept {
    // Each frame slot holds its state (unless released) and a successor's
    // (the estimate: as if one, whatever the generator keeps).
    std::uint64_t held = 0;
    for (const Frame& f : frames_) held += (f.state_ptr ? 1U : 0U) + (f.pending.empty() ? 0U : 1U);
    return table_.bytes() + low_.capacity() * sizeof(std::uint32_t) + bits_.capacity() * sizeof(std::uint64_t) +
           held * state_bytes_ + depth_ * sizeof(Frame) + stored_.size() * state_bytes_;
  }

  void check_resources() {
    const std::uint64_t bytes = own_bytes();
    r_.stats.peak_bytes = std::max(r_.stats.peak_bytes, bytes);
    if (opt_.max_memory_mib != 0 && bytes > opt_.max_memory_mib * 1024 * 1024) {
      set_bound(BoundKind::Memory, opt_.max_memory_mib);
    }
    if (opt_.timeout_seconds > 0 && elapsed() > opt_.timeout_seconds) {
      set_bound(BoundKind::Time, static_cast<std::uint64_t>(opt_.timeout_seconds));
    }
  }
  [[nodiscard]] double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  /// First visit of the frame on top: classifies the state, lists its actions.
  void expand(Frame& f) {
    f.expanded = true;
    const S& s = f.state();
    if (f.reexplore && s.status() != sem::LaunchStatus::Running) return;
    if (s.status() == sem::LaunchStatus::Error) {
      report_at(s, FindingKind::Error, s.fault() ? s.fault()->message : std::string("launch error"));
      return;
    }
    if (s.status() == sem::LaunchStatus::Completed) {
      ++r_.stats.terminal;
      if (on_final_) {
        FinalCheck c = on_final_(s);
        finals_.push_back(c.memory);
        if (!c.mismatch.empty()) report_at(s, FindingKind::ExpectMismatch, std::move(c.mismatch));
      }
      return;
    }
    // Only sleep sets need the enabled units and their footprints after the
    // expansion (child_sleep); otherwise one buffer serves every frame, so a
    // deep search keeps no per-frame copies of them.
    std::vector<StepRecord>& enabled = opt_.sleep_sets ? f.enabled : enabled_;
    std::vector<Footprint>& fps = opt_.sleep_sets ? f.footprints : footprints_buf_;
    enabled.clear();
    for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
      for_each_action(s, w, [&](unsigned key) { enabled.push_back(StepRecord{w, key}); });
    }
    if (enabled.empty()) {
      report_at(s, FindingKind::Deadlock, {});
      return;
    }
    if (footprints_) unit_footprints(s, enabled, syncing_exit_, fps);
    if (opt_.races && !f.reexplore) collect_races(fps, tx_pcs_, races_, race_pairs_);
    f.actions.clear();
    f.done.assign(words_, 0);
    typename PersistentSets<S>::Choice ample;
    if (por_) {
      ample = por_->choose(s, enabled, fps);
      if (!por_->violation().empty()) {
        por_unsound_ = true;
        r_.persistent_sets_off = por_->violation();
        r_.persistent_sets = false;
        return;
      }
      if (ample.reduced() && !f.reexplore) ++r_.stats.por_states;
      f.reduced = ample.reduced();
    }
    for (std::size_t i = 0; i < enabled.size(); ++i) {
      const StepRecord& a = enabled[i];
      const std::uint32_t u = unit_of<S>(a.warp, a.key);
      if (ample.reduced() && (i < ample.begin || i >= ample.end)) {
        if (!f.reexplore) ++r_.stats.por_pruned;
        continue;
      }
      if (!f.only.empty() && !test_bit(f.only, u)) continue;
      if (opt_.sleep_sets && test_bit(f.sleep, u)) {
        ++r_.stats.sleep_pruned;
        continue;
      }
      f.actions.push_back(a);
    }
    if (opt_.order_seed != 0) shuffle(f.actions);
  }

  /// Fisher-Yates with splitmix64 from the order seed (deterministic: the
  /// search visits states in a fixed order for a given seed).
  void shuffle(std::vector<StepRecord>& v) {
    for (std::size_t i = v.size(); i > 1; --i) {
      std::uint64_t z = (order_rng_ += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      z ^= z >> 31;
      std::swap(v[i - 1], v[z % i]);
    }
  }

  /// The sleep set of the child reached by action `a` of frame f: the units
  /// asleep here or explored before `a` whose steps are independent of a's.
  void child_sleep(const Frame& f, const StepRecord& a, std::vector<std::uint64_t>& out) const {
    out.assign(words_, 0);
    std::size_t ai = 0;
    while (ai < f.enabled.size() && !(f.enabled[ai].warp == a.warp && f.enabled[ai].key == a.key)) ++ai;
    for (std::size_t i = 0; i < f.enabled.size(); ++i) {
      const std::uint32_t u = unit_of<S>(f.enabled[i].warp, f.enabled[i].key);
      if (i == ai || !(test_bit(f.sleep, u) || test_bit(f.done, u))) continue;
      if (f.enabled[i].warp == a.warp && !kThreadUnits<S>) continue;
      if (!footprints_conflict(f.footprints[i], f.footprints[ai])) set_bit(out, u);
    }
  }

  void search() {
    while (depth_ != 0 && !stopped()) {
      r_.stats.max_depth = std::max(r_.stats.max_depth, static_cast<std::uint32_t>(depth_));
      Frame& f = top();
      if (!f.expanded) {
        expand(f);
        continue;
      }
      if (f.next_succ < f.succs) {
        visit_successor(f);
        continue;
      }
      if (f.next_action < f.actions.size()) {
        if (f.next_action > 0 && opt_.sleep_sets) {
          const StepRecord& prev = f.actions[f.next_action - 1];
          set_bit(f.done, unit_of<S>(prev.warp, prev.key));
        }
        const StepRecord a = f.actions[f.next_action++];
        if (opt_.sleep_sets) child_sleep(f, a, child_sleep_);
        f.succs = gen_.successors(f.state(), a.warp, a.key, f.pending);
        f.next_succ = 0;
        if (f.succs == 0 && gen_.cut()) set_bound(gen_.cut()->kind, gen_.cut()->limit, gen_.cut()->detail);
        continue;
      }
      leave();
    }
  }

  /// The interrupt flag (every transition: a relaxed load) and, about once
  /// a second, the progress display.
  void poll() {
    if (opt_.stop != nullptr && opt_.stop->load(std::memory_order_relaxed)) {
      set_bound(BoundKind::Interrupted, 0);
      return;
    }
    if (!opt_.progress || (r_.stats.transitions & 255U) != 0) return;
    const double now = elapsed();
    if (now < next_progress_) return;
    next_progress_ = now + 1.0;
    opt_.progress(ExploreProgress{r_.stats.states, r_.stats.transitions, static_cast<std::uint32_t>(depth_),
                                  own_bytes(), now});
  }

  void visit_successor(Frame& f) {
    poll();
    if (stopped()) return;
    const std::size_t si = f.next_succ++;
    Successor<S>& sc = f.pending[si];
    ++r_.stats.transitions;
    r_.stats.instructions += sc.record.count;
    if (filter_ != nullptr) note_issued(sc.record);
    const Digest d = digest_of(sc.state);
    const std::uint32_t unit = unit_of<S>(sc.record.warp, sc.record.key);
    const std::uint32_t v = table_.find(d);
    if (v != VisitedTable::kAbsent) {
      ++r_.stats.revisits;
      if (opt_.full_states && !(stored_[v] == sc.state)) {
        throw std::runtime_error("two different states have the same 128-bit digest (node " + std::to_string(v) + ")");
      }
      if (opt_.sleep_sets) {
        revisit_with_sleep(si, v);
        return;
      }
      if (low_[v] != kDone) {  // on the Tarjan stack: the edge is inside an SCC
        low_[f.id] = std::min(low_[f.id], v);
        set_bit(executed(f.id), unit);
      }
      return;
    }
    if (r_.stats.states >= opt_.max_states) {
      set_bound(BoundKind::States, opt_.max_states);
      return;
    }
    if (depth_ >= opt_.max_depth) {
      set_bound(BoundKind::Depth, opt_.max_depth);
      return;
    }
    if ((r_.stats.states & 1023U) == 0) {
      check_resources();
      if (stopped()) return;
    }
    push(si, d);
  }

  /// A stored state reached again with sleep set Z: the units its stored
  /// sleep set skipped but Z does not are explored now (with the
  /// intersection as sleep set), and the stored set shrinks to it.
  void revisit_with_sleep(std::size_t si, std::uint32_t v) {
    std::span<std::uint64_t> stored{sleep_.data() + std::size_t{v} * words_, words_};
    bool missing = false;
    for (std::size_t k = 0; k < words_; ++k) missing = missing || (stored[k] & ~child_sleep_[k]) != 0;
    if (!missing) return;
    if (depth_ >= opt_.max_depth) {
      set_bound(BoundKind::Depth, opt_.max_depth);
      return;
    }
    std::vector<std::uint64_t> skipped(words_);
    for (std::size_t k = 0; k < words_; ++k) {
      skipped[k] = stored[k] & ~child_sleep_[k];
      stored[k] &= child_sleep_[k];
    }
    Frame& c = place(si);
    c.id = v;
    c.reexplore = true;
    c.sleep.assign(stored.begin(), stored.end());
    c.only = std::move(skipped);
  }

  /// Moves successor `si` of the top frame into the next frame slot and makes it the top.
  Frame& place(std::size_t si) {
    if (depth_ == frames_.size()) frames_.emplace_back();
    Frame& parent = frames_[depth_ - 1];
    Frame& c = frames_[depth_];
    Successor<S>& sc = parent.pending[si];
    if (!c.state_ptr) {
      c.state_ptr = std::make_unique<S>(std::move(sc.state));
    } else {
      std::swap(c.state(), sc.state);
    }
    c.via = sc.record;
    c.actions.clear();
    c.next_action = c.next_succ = c.succs = 0;
    c.expanded = false;
    c.reexplore = false;
    c.reduced = false;
    c.only.clear();
    ++depth_;
    return c;
  }

  /// Makes successor `si` of the frame on top the new top frame (swapping
  /// storage with the frame slot, so nothing is allocated in steady state).
  void push(std::size_t si, const Digest& d) {
    Frame& c = place(si);
    c.sleep = child_sleep_;
    if (!opt_.sleep_sets) c.sleep.assign(words_, 0);
    add_node(c, d);
    release_parent();
  }

  /// Frees the state of the parent of the frame on top when nothing will
  /// read it again: a reduced state (so on no cycle, hence alone in its SCC
  /// with no internal edge, and pop_scc never needs it) whose every action
  /// has been taken and every successor placed. A deep search of a launch
  /// with many threads thus keeps the states of its branching frames only.
  void release_parent() {
    Frame& p = frames_[depth_ - 2];
    if (!p.reduced || p.next_action != p.actions.size() || p.next_succ != p.succs) return;
    p.state_ptr.reset();
    p.pending.clear();
  }
  /// Finishes the frame on top: pops its SCC when it is a root, returns to the parent.
  void leave() {
    Frame& f = top();
    if (opt_.sleep_sets) {  // no fairness check: no SCCs to track
      --depth_;
      return;
    }
    const std::uint32_t u = f.id;
    if (low_[u] == u) pop_scc(f);
    if (stopped()) return;
    const StepRecord via = f.via;
    const std::uint32_t low_u = low_[u];
    --depth_;
    if (depth_ == 0) return;
    Frame& p = top();
    if (low_u != kDone) {  // u stays on the Tarjan stack: the tree edge is inside p's SCC
      low_[p.id] = std::min(low_[p.id], low_u);
      set_bit(executed(p.id), unit_of<S>(via.warp, via.key));
    }
  }

  void pop_scc(Frame& root) {
    std::size_t first = tarjan_.size();
    while (first > 0 && tarjan_[first - 1] != root.id) --first;
    --first;
    std::vector<std::uint64_t> exec(words_, 0), dis(words_, 0), need(words_, 0);
    bool internal = false;
    for (std::size_t i = first; i < tarjan_.size(); ++i) {
      const std::uint32_t m = tarjan_[i];
      for (std::size_t k = 0; k < words_; ++k) {
        exec[k] |= executed(m)[k];
        dis[k] |= disabled(m)[k];
        internal = internal || executed(m)[k] != 0;
      }
    }
    if (internal) {
      if (!root.state_ptr) throw std::logic_error("internal error: a reduced state lies on a cycle of the search");
      ++r_.stats.sccs;
      unfinished_units(root.state(), need);
      bool fair = true;
      for (std::size_t k = 0; k < words_; ++k) fair = fair && (need[k] & ~(exec[k] | dis[k])) == 0;
      if (fair && opt_.fairness) {
        std::vector<std::uint32_t> members(tarjan_.begin() + static_cast<std::ptrdiff_t>(first), tarjan_.end());
        FairLasso<S, G> lasso(gen_, table_, std::move(members));
        std::vector<StepRecord> cycle = lasso.cycle(root.state(), need);
        const S& at = root.state();
        if (report(FindingKind::NonTermination, {}, digest_of(at), std::move(cycle),
                   [&lasso, &at] { return lasso.places(at); }))
          return;
      }
    }
    for (std::size_t i = first; i < tarjan_.size(); ++i) low_[tarjan_[i]] = kDone;
    tarjan_.resize(first);
  }

  void finish() {
    // Steps whose successors were cut short leave the search non-exhaustive.
    if (const auto& p = gen_.partial(); p && r_.bound == BoundKind::None) set_bound(p->kind, p->limit, p->detail);
    r_.stats.seconds = elapsed();
    r_.stats.peak_bytes = std::max(r_.stats.peak_bytes, own_bytes());
    gen_.add_stats(r_.stats);
    std::sort(finals_.begin(), finals_.end(), [](const Digest& a, const Digest& b) {
      return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
    });
    finals_.erase(std::unique(finals_.begin(), finals_.end()), finals_.end());
    r_.final_digests = std::move(finals_);
    r_.races = std::move(races_);
    r_.races_complete = opt_.races && !opt_.sleep_sets && r_.bound == BoundKind::None && !r_.finding;
  }

  G& gen_;
  ExploreOptions opt_;
  const FinalHook<S>& on_final_;
  const FindingFilter* filter_;
  Exploration r_;
  std::vector<StepRecord> prefix_;
  std::vector<Frame> frames_;
  std::size_t depth_ = 0;
  VisitedTable table_;
  std::vector<std::uint32_t> low_;     ///< per node: Tarjan lowlink (node ids are discovery indices), kDone once assigned
  std::vector<std::uint32_t> tarjan_;  ///< the Tarjan stack
  std::vector<std::uint64_t> bits_;    ///< per node: executed units, disabled units
  std::vector<S> stored_;              ///< full states (options.full_states)
  std::vector<Digest> finals_;
  std::vector<std::uint64_t> sleep_;   ///< per node: its stored sleep set (options.sleep_sets)
  std::vector<std::uint64_t> child_sleep_;
  std::vector<StepRecord> enabled_;        ///< the enabled units of the state being expanded (no sleep sets)
  std::vector<Footprint> footprints_buf_;  ///< their footprints
  std::vector<Race> races_;
  std::set<std::pair<std::uint32_t, std::uint32_t>> race_pairs_;
  std::vector<bool> tx_pcs_;  ///< instructions inside transactions (their accesses do not race each other)
  bool syncing_exit_ = false;
  bool footprints_ = false;
  std::unique_ptr<PersistentSets<S>> por_;
  bool por_unsound_ = false;  ///< an access left its buffer: the result is discarded (explore runs again)
  std::uint32_t units_ = 0;
  std::size_t words_ = 1;
  std::uint64_t state_bytes_ = 0;
  std::chrono::steady_clock::time_point start_;
  double next_progress_ = 1.0;
};

/// Explores every schedule of `initial` (see Explorer).
template <class S, StepGenerator<S> G>
[[nodiscard]] Exploration explore(const S& initial, G& gen, const ExploreOptions& options,
                                  const FinalHook<S>& on_final = {}, const FindingFilter* filter = nullptr) {
  Exploration r;
  {
    Explorer<S, G> e(gen, options, on_final, filter);
    r = e.run(initial);
    if (!e.por_unsound()) return r;
  }
  // The alias answers the reduction rested on do not hold for this launch:
  // search again without it, and say why.
  ExploreOptions without = options;
  without.persistent_sets = false;
  std::string why = std::move(r.persistent_sets_off);
  Explorer<S, G> e(gen, without, on_final, filter);
  r = e.run(initial);
  r.persistent_sets_off = std::move(why);
  return r;
}

}  // namespace lockstep::checker
