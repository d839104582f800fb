// Hangs named in cycles (docs/sim.md, "Hangs").
//
// Deadlock: at the end of a core cycle in which nothing issued, every SM
// has drained (no instruction in flight), the memory system is idle, no
// unit of any resident warp may issue (the semantics says so) and no block
// can be dispatched: nothing can ever change. Certain at that cycle.
//
// Livelock (a SIMT-induced deadlock under a SIMT model): the semantic state
// of the launch (LaunchEngine::hash: memory, registers, divergence-model
// and barrier state, which blocks are resident) and the dispatcher's
// position are hashed at the end of core cycles, every `stride`
// instructions (the stride at least the hashed bytes / 256 — a simulated
// instruction costs far more than a functional step, so the simulator can
// afford sixteen times `run`'s hashing budget — doubling every 1024
// samples); Brent's algorithm finds a repeat among the samples. The repeat
// is then confirmed: the simulation goes on, hashing at the end of every
// cycle and recording every issue, until the state comes back after every
// unit that may issue has issued (a weakly fair cycle, which `run
// --replay` accepts), or gives up after four times the distance of the
// match and returns to sampling with a larger stride. The issue order
// depends on timing state too, which is not hashed: a fair cycle of the
// semantic state that the simulation ran through is the evidence `run`
// reports as a livelock. The threads that issued in the cycle are
// `spinning`; the others say what they wait for (reconvergence, a
// barrier, ...).
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/launch/launch_engine.hpp"
#include "semantics/launch/repeat_sampler.hpp"
#include "semantics/launch/run_result.hpp"
#include "semantics/model/state_hasher.hpp"

namespace lockstep::sim {

class HangDetector {
 public:
  /// `timed_events`: the simulation fires the engine's model events after a
  /// timeout (AWARE's reconvergence timeout in cycles), so a state with an
  /// event enabled is no livelock.
  explicit HangDetector(const sem::LaunchEngine& engine, bool timed_events = false)
      : engine_(&engine), timed_events_(timed_events) {}

  /// At the end of a core cycle; `position` is the dispatcher's next block.
  /// True when a repeat of the state is confirmed (report() then describes it).
  bool end_of_cycle(std::uint64_t position);
  /// Whether issues should be passed to issued() now (confirmation).
  [[nodiscard]] bool recording() const noexcept { return confirming_; }
  void issued(std::uint32_t warp, unsigned key, std::uint32_t pc, sem::Mask threads);

  /// The livelock: status, the cycle's length and PCs, fairness, stuck threads.
  void report_livelock(sem::RunResult& r) const;

 private:
  struct Issue {
    std::uint32_t warp;
    unsigned key;
    std::uint32_t pc;
    sem::Mask threads;
  };
  [[nodiscard]] sem::StateHasher hashed(std::uint64_t position) const;
  /// Every unit that may issue now issued since the confirmation started.
  [[nodiscard]] bool fair() const;
  /// Of the enabled units of a warp, those counted as issued when `keys` issued.
  [[nodiscard]] sem::Mask issued_units(sem::Mask enabled, sem::Mask keys) const noexcept;

  const sem::LaunchEngine* engine_;
  bool timed_events_;
  sem::RepeatSampler sampler_{256};  ///< at most 256 hashed bytes per instruction (amortised)
  // Confirmation.
  bool confirming_ = false;
  sem::StateHasher::Digest target_{};
  std::uint64_t confirm_start_ = 0, confirm_limit_ = 0, last_checked_ = 0;
  std::vector<Issue> log_;
  std::uint64_t cycle_steps_ = 0;
};

/// Every unfinished thread of the engine's resident warps, grouped by
/// warp, PC and reason as `run` groups them; lanes in `spinning` (per warp,
/// indexed by engine warp) are marked as progressing.
void collect_stuck(const sem::LaunchEngine& engine, const std::vector<sem::Mask>* spinning,
                   std::vector<sem::StuckThreads>& out);

}  // namespace lockstep::sim
