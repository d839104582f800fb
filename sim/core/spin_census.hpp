// What DDOS is measured against (research 000-aware-bows-ddos-mp.md §3.5:
// TSDR, FSDR, DPR): every taken backward branch an SM's warps execute, with
// the cycles of its first and last execution, and how many of those
// executions ended an iteration that repeated the one before it exactly.
//
// An iteration of a warp is what it issued between two of its taken
// backward branches; it repeats when both end at the same branch and their
// setps, PC by PC, ran with the same threads and compared the same operands
// in full (the step report's `compared`, the unit's first thread: the values
// DDOS hashes, unhashed and with no history bound; the same threads, so
// that a thread leaving the loop does not compare one thread's values with
// another's). An iteration that repeats the one before made no
// progress the comparisons could see: what busy-waiting is. With the loops
// whose exit depends on memory (checker/detect), it is the ground truth
// DDOS's hashed, bounded histories and confidence threshold approximate.
//
// Kept per SM with DDOS on; it changes no timing.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "semantics/launch/step_report.hpp"
#include "semantics/launch/timing_decode.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

/// One backward branch as one SM saw it.
struct BackwardBranchRecord {
  std::uint32_t pc = 0;           ///< the branch (instruction index)
  std::uint32_t sm = 0;
  Cycle first = 0;                ///< cycle of its first taken execution on the SM
  Cycle last = 0;                 ///< cycle of its last
  std::uint64_t executions = 0;   ///< taken executions (warp instructions)
  std::uint64_t repeats = 0;      ///< of those, ends of an iteration that repeated the one before

  friend bool operator==(const BackwardBranchRecord&, const BackwardBranchRecord&) = default;
};

class SpinCensus {
 public:
  SpinCensus(std::uint32_t sm, std::uint32_t warps);

  void observe(std::uint32_t warp, const sem::TimingInstr& t, const sem::StepReport& r, Cycle now);
  /// A new warp starts in slot `warp`.
  void reset(std::uint32_t warp) noexcept;

  /// Ascending PC.
  [[nodiscard]] const std::vector<BackwardBranchRecord>& branches() const noexcept { return branches_; }

  /// Iterations longer than this many setps are never called repeats (a
  /// bound on the memory a warp's record takes).
  static constexpr std::size_t kMaxSetps = 256;

 private:
  using Compared = std::array<std::uint64_t, 4>;  ///< pc, threads, a, b
  struct Iteration {
    std::uint32_t branch = ~0U;       ///< the backward branch that ended the previous iteration
    std::vector<Compared> previous;   ///< its setps
    std::vector<Compared> current;    ///< this iteration's so far
    bool overflow = false;            ///< more than kMaxSetps in the current one
    bool previous_overflow = true;
  };

  BackwardBranchRecord& record(std::uint32_t pc, Cycle now);

  std::uint32_t sm_;
  std::vector<Iteration> warps_;
  std::vector<BackwardBranchRecord> branches_;
};

}  // namespace lockstep::sim
