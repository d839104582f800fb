// Runs a launch under a schedule policy until it completes, deadlocks,
// repeats a state (livelock), faults, or reaches the step limit.
//
// Livelock detection: under a deterministic policy the run is a function
// iteration, so a repeated state means it never ends. The state is hashed
// (128-bit xxHash3 of the canonical state, semantics/model/state_hasher.hpp)
// at sample points (round boundaries under round-robin, every `stride`
// steps under greedy); Brent's algorithm finds a repeat among the samples
// (repeat_sampler.hpp: the stride grows so that hashing costs at most 16
// bytes per step however large the launch). Then one more repetition of the cycle is recorded to
// report who issued, where, and whether the cycle is fair (every unit that
// was enabled at the end issued in it). Random schedules never repeat their
// RNG state, so they end in `step-limit` instead.
#pragma once

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "semantics/launch/grid_barrier_wait.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/launch/repeat_sampler.hpp"
#include "semantics/launch/residency.hpp"
#include "semantics/launch/run_options.hpp"
#include "semantics/launch/run_result.hpp"

namespace lockstep::sem {

template <DivergenceModel M>
class Runner {
 public:
  Runner(LaunchState<M>& s, const RunOptions& opt) : s_(s), opt_(opt), rng_(opt.seed) {
    if (s.slotted()) {
      blocks_ = s.setup().shape.blocks();
      for (std::uint32_t slot = 0; slot < s.slot_count() && next_block_ < blocks_; ++slot) {
        s.admit(slot, static_cast<std::uint32_t>(next_block_++));
      }
      seen_left_ = s.warps_left();
    }
    for (std::uint32_t w = 0; w < s.warp_count(); ++w) live_.push_back(w);
  }

  RunResult run() {
    RunResult r;
    if (s_.slotted()) r.resident_blocks = s_.slot_count();
    while (true) {
      Tick t = advance();
      if (refill() && t == Tick::Stuck) t = Tick::Progress;
      if (s_.status() == LaunchStatus::Error) {
        r.status = RunStatus::Error;
        r.fault = s_.fault();
        break;
      }
      if (s_.status() == LaunchStatus::Completed) {
        r.status = RunStatus::Completed;
        break;
      }
      if (t == Tick::Stuck) {
        r.status = RunStatus::Deadlock;
        collect_stuck(r, {});
        occupancy_deadlock(r);
        break;
      }
      if (t == Tick::Limit) {
        r.status = RunStatus::StepLimit;
        break;
      }
      if (opt_.detect_livelock && opt_.policy != SchedulePolicy::Random && sample()) {
        record_cycle(r);
        occupancy_deadlock(r);
        break;
      }
    }
    r.stats = s_.stats();
    return r;
  }

 private:
  enum class Tick { Progress, Stuck, Limit };

  struct Issue {
    std::uint32_t warp;
    unsigned key;
    std::uint32_t pc;
    Mask threads;
  };

  /// With block slots: retires the finished blocks and admits the next ones
  /// into their slots, in block order. True when a block was admitted.
  bool refill() {
    if (!s_.slotted() || s_.warps_left() == seen_left_) return false;
    seen_left_ = s_.warps_left();
    std::vector<std::uint32_t> done;
    for (std::uint32_t slot = 0; slot < s_.slot_count(); ++slot) {
      if (s_.slot_block(slot) != kNoBlock && s_.slot_done(slot)) done.push_back(slot);
    }
    if (done.empty()) return false;
    drop_done();  // before the slots' warps come back to life
    bool admitted = false;
    const std::uint32_t wpb = s_.warps_per_block();
    for (const std::uint32_t slot : done) {
      s_.retire(slot);
      if (next_block_ == blocks_) continue;
      s_.admit(slot, static_cast<std::uint32_t>(next_block_++));
      for (std::uint32_t i = 0; i < wpb; ++i) live_.push_back(slot * wpb + i);
      admitted = true;
    }
    return admitted;
  }

  /// A hang (a deadlock, or a fair cycle) while blocks wait to be
  /// admitted: the resident blocks never finish, so the others never become
  /// resident.
  void occupancy_deadlock(RunResult& r) const {
    // An unfair cycle stays what it is: another schedule could finish the resident blocks.
    if (!s_.slotted() || next_block_ == blocks_ || !r.fair) return;
    r.status = RunStatus::Deadlock;
    r.occupancy_deadlock = occupancy_deadlock_text(blocks_ - next_block_, s_.slot_count(), opt_.residency_limit);
  }

  [[nodiscard]] bool at_limit() const noexcept {
    return opt_.max_steps != 0 && s_.stats().steps >= opt_.max_steps;
  }

  void issue(std::uint32_t w, unsigned key) {
    if (recording_ != nullptr) {
      const UnitView u = s_.unit(w, key);
      recording_->push_back(Issue{w, key, u.pc, u.threads});
    }
    s_.step(w, key);
  }

  /// One round (round-robin), one stride of steps (greedy) or one step (random).
  Tick advance() {
    switch (opt_.policy) {
      case SchedulePolicy::RoundRobin: return round();
      case SchedulePolicy::Greedy: return greedy();
      case SchedulePolicy::Random: return random_step();
    }
    return Tick::Stuck;
  }

  Tick round() {
    bool progressed = false;
    bool any_done = false;
    for (const std::uint32_t w : live_) {
      Mask en = s_.enabled(w);
      if constexpr (kKeyedUnits<M>) {
        while (en != 0) {
          const unsigned key = lowest_lane(en);
          en &= en - 1;
          if (!has_lane(s_.enabled(w), key)) continue;
          if (at_limit()) return Tick::Limit;
          issue(w, key);
          progressed = true;
          if (s_.status() != LaunchStatus::Running) return Tick::Progress;
        }
      } else if (en != 0) {
        if (at_limit()) return Tick::Limit;
        issue(w, lowest_lane(en));
        progressed = true;
        if (s_.status() != LaunchStatus::Running) return Tick::Progress;
      }
      any_done = any_done || s_.warp_done(w);
    }
    if (any_done) std::erase_if(live_, [&](std::uint32_t w) { return s_.warp_done(w); });
    return progressed ? Tick::Progress : Tick::Stuck;
  }

  Tick greedy() {
    const std::uint64_t stride = std::max<std::uint64_t>(1, live_.size());
    for (std::uint64_t i = 0; i < stride; ++i) {
      if (at_limit()) return Tick::Limit;
      Mask en = live_.empty() ? 0 : s_.enabled(live_[cur_]);
      if (en == 0) {
        compact_greedy();
        bool found = false;
        for (std::size_t j = 0; j < live_.size() && !found; ++j) {
          const std::size_t c = (cur_ + j) % live_.size();
          if (s_.enabled(live_[c]) != 0) {
            cur_ = c;
            found = true;
          }
        }
        if (!found) return Tick::Stuck;
        en = s_.enabled(live_[cur_]);
        key_ = lowest_lane(en);
      }
      if (!has_lane(en, key_)) key_ = lowest_lane(en);
      issue(live_[cur_], key_);
      if (s_.status() != LaunchStatus::Running) return Tick::Progress;
    }
    return Tick::Progress;
  }

  /// Drops finished warps from the greedy order once as many have finished
  /// as remain (amortised linear), keeping the position.
  void compact_greedy() {
    if (live_.empty() || !s_.warp_done(live_[cur_])) return;
    if (++done_since_compact_ * 2 < live_.size()) return;
    drop_done();
  }

  /// Drops every finished warp from the order, keeping the greedy position.
  void drop_done() {
    done_since_compact_ = 0;
    std::size_t before = 0;
    for (std::size_t j = 0; j < cur_; ++j) before += s_.warp_done(live_[j]) ? 0U : 1U;
    std::erase_if(live_, [&](std::uint32_t w) { return s_.warp_done(w); });
    cur_ = live_.empty() ? 0 : before % live_.size();
  }

  Tick random_step() {
    if (at_limit()) return Tick::Limit;
    std::erase_if(live_, [&](std::uint32_t w) { return s_.warp_done(w); });
    std::uint64_t total = 0;
    for (const std::uint32_t w : live_) total += lane_count(s_.enabled(w));
    if (total == 0) return Tick::Stuck;
    std::uint64_t pick = next_random() % total;
    for (const std::uint32_t w : live_) {
      const Mask en = s_.enabled(w);
      const unsigned n = lane_count(en);
      if (pick < n) {
        Mask m = en;
        for (std::uint64_t j = 0; j < pick; ++j) m &= m - 1;
        issue(w, lowest_lane(m));
        return Tick::Progress;
      }
      pick -= n;
    }
    return Tick::Stuck;
  }

  std::uint64_t next_random() {
    std::uint64_t z = (rng_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  /// The launch state and the scheduler's position, hashed.
  [[nodiscard]] StateHasher hashed_state() const {
    StateHasher h;
    s_.hash(h);
    if (s_.slotted()) h.value(next_block_);
    h.value(cur_);
    h.value(key_);
    return h;
  }
  [[nodiscard]] StateHasher::Digest digest() const { return hashed_state().digest(); }

  /// A sample of the state at an advance boundary (repeat_sampler.hpp). True when a repeat was found.
  bool sample() {
    const std::uint64_t now = s_.stats().steps;
    return sampler_.due(now) && sampler_.sample(now, hashed_state());
  }

  /// Runs the cycle once more from the repeated state, recording every issue.
  void record_cycle(RunResult& r) {
    const StateHasher::Digest start = digest();
    std::vector<Issue> log;
    recording_ = &log;
    const std::uint64_t first_step = s_.stats().steps;
    do {
      if (advance() != Tick::Progress || s_.status() != LaunchStatus::Running) break;
    } while (digest() != start && !at_limit());
    recording_ = nullptr;
    r.status = RunStatus::Livelock;
    r.cycle_steps = s_.stats().steps - first_step;
    std::set<std::uint32_t> pcs;
    for (const Issue& i : log) pcs.insert(i.pc);
    r.cycle_pcs.assign(pcs.begin(), pcs.end());
    // Fairness: a unit enabled now that never issued in the cycle was starved.
    for (const std::uint32_t w : live_) {
      const Mask en = s_.enabled(w);
      Mask issued = 0;
      for (const Issue& i : log) {
        if (i.warp == w) issued |= kKeyedUnits<M> ? lane_bit(i.key) : en;
      }
      if ((en & ~issued) != 0) r.fair = false;
    }
    collect_stuck(r, log);
  }

  void collect_stuck(RunResult& r, const std::vector<Issue>& log) {
    std::vector<WaitInfo> waits;
    for (const std::uint32_t w : live_) {
      if (s_.warp_done(w)) continue;
      waits.clear();
      s_.explain(w, waits);
      mark_grid_barrier_waits(s_, w, waits);
      Mask issued = 0;
      for (const Issue& i : log) {
        if (i.warp == w) issued |= i.threads;
      }
      const WarpData& wd = s_.warp(w);
      for (const WaitInfo& wi : waits) {
        // Split each group into threads that issued in the cycle and threads that did not.
        for (const Mask part : {wi.lanes & issued, wi.lanes & ~issued}) {
          if (part == 0) continue;
          StuckThreads st{w, wd.block, wd.warp_in_block, wi, (part & issued) != 0};
          st.wait.lanes = part;
          merge(r.stuck, st);
        }
      }
    }
  }

  /// Adds a group, merged with an earlier one of the same warp, PC and reason.
  static void merge(std::vector<StuckThreads>& all, const StuckThreads& t) {
    for (StuckThreads& o : all) {
      if (o.warp == t.warp && o.progressing == t.progressing && o.wait.pc == t.wait.pc &&
          o.wait.kind == t.wait.kind && o.wait.until_pc == t.wait.until_pc) {
        o.wait.lanes |= t.wait.lanes;
        return;
      }
    }
    all.push_back(t);
  }

  LaunchState<M>& s_;
  RunOptions opt_;
  std::vector<std::uint32_t> live_;
  std::size_t cur_ = 0;
  unsigned key_ = 0;
  std::size_t done_since_compact_ = 0;
  std::uint64_t rng_;
  std::vector<Issue>* recording_ = nullptr;
  // block slots
  std::uint64_t blocks_ = 0, next_block_ = 0, seen_left_ = 0;
  RepeatSampler sampler_{16};  ///< at most 16 hashed bytes per step (amortised)
};

template <DivergenceModel M>
[[nodiscard]] RunResult run_launch(LaunchState<M>& s, const RunOptions& opt) {
  return Runner<M>(s, opt).run();
}

}  // namespace lockstep::sem
