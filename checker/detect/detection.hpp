// The result of SIMT-induced deadlock detection (Algorithm 1 of ElTantawy
// 2018, research/000-deadlock-ssde.md §2.3) on one kernel, in both modes.
//
// Per loop of the kernel (analysis::LoopInfo order): its exit branches, the
// shared-memory reads in the backward slice of the exit conditions, the
// shared-memory writes that may redefine them from blocks that threads of the
// warp cannot execute while others iterate (reachable from the loop's
// reconvergence points without crossing a barrier, or parallel to the loop),
// and the verdict with its reason. Besides loops, divergent CTA barriers are
// reported (Algorithm 1 assumes there are none; the stack deadlocks on them),
// and so are opaque calls under divergent branches (they may hold one).
//
// PCs are instruction indices of the analysed kernel; reconvergence PCs may be
// analysis::kExitPc.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "checker/alias/alias.hpp"

namespace lockstep::checker {

enum class DetectMode : std::uint8_t {
  Thesis,   ///< Algorithm 1 as published
  Refined,  ///< Algorithm 1 plus the filters of docs/detection.md, never losing a true detection
};

/// Which reconvergence table detection assumes for branches.
enum class TableChoice : std::uint8_t { Nvidia, Ipdom };

struct DetectOptions {
  DetectMode mode = DetectMode::Refined;
  TableChoice table = TableChoice::Nvidia;
  AliasOptions alias;
};

/// Why a loop is, or is not, flagged.
enum class LoopReason : std::uint8_t {
  Redefined,          ///< flagged: a shared read of the exit condition may be redefined
  NestedSafePdom,     ///< flagged by Algorithm 3: an inner loop's SafePDom delays this loop
  NoExitCondition,    ///< no conditional exit (infinite loop, or left only by unconditional jumps)
  NoSharedRead,       ///< no shared read in the slice of the exit conditions
  NoRedefiningWrite,  ///< no write that may alias a read, where it matters
  UniformExit,        ///< refined: warp-uniform exits, in no divergent region (F1)
  SingleLane,         ///< refined: at most one thread of a warp runs the loop (F2)
  ReadOnlyReads,      ///< refined: every read is ld.global.nc/ldu (F3)
  SelfBounded,        ///< refined: an exit on a unit-step induction variable (F4)
  LaneSerialised,     ///< refined: every exit reads back the thread's own store (F6)
};

/// "redefined", "nested-safepdom", "no-exit-condition", "no-shared-read",
/// "no-redefining-write", "uniform-exit", "single-lane", "read-only-reads",
/// "self-bounded", "lane-serialised".
[[nodiscard]] std::string_view loop_reason_name(LoopReason r) noexcept;

/// How a write relates to a loop.
enum class WriteRelation : std::uint8_t { Reachable, Parallel, Both };
/// "reachable", "parallel", "both".
[[nodiscard]] std::string_view write_relation_name(WriteRelation r) noexcept;

/// A loop condition: a conditional branch out of the loop, a guarded
/// ret/exit in it, or a conditional back edge (a branch whose targets are
/// both in the loop, one of them through a back edge: nvcc merges an inner
/// spin loop with an enclosing loop that has the same header, and the choice
/// between spinning and progressing is then made there).
struct ExitBranch {
  std::uint32_t pc = 0;          ///< the conditional branch (or guarded ret/exit)
  bool uniform = false;          ///< warp-uniform per the uniformity analysis
  std::uint32_t reconv_pc = 0;   ///< its reconvergence PC in the table used (or kExitPc)
  bool back_edge = false;        ///< a conditional back edge that does not leave the loop
};

struct SharedRead {
  std::uint32_t pc = 0;
};

struct RedefiningWrite {
  std::uint32_t pc = 0;
  WriteRelation relation = WriteRelation::Reachable;
  Alias alias = Alias::May;             ///< strongest alias with any of `reads`
  std::vector<std::uint32_t> reads;     ///< PCs of the reads it may redefine, ascending
  /// Conditional branches on the barrier-free paths from the loop's
  /// reconvergence points to the write (ReachBrSet), and the branches that
  /// make the write parallel to the loop (ParaBrSet); PCs, ascending.
  std::vector<std::uint32_t> reach_branches;
  std::vector<std::uint32_t> para_branches;
};

struct LoopFinding {
  std::uint32_t loop = 0;      ///< id in analysis::LoopInfo
  std::uint32_t header = 0;    ///< header block
  bool flagged = false;
  LoopReason reason = LoopReason::NoSharedRead;
  std::vector<ExitBranch> exits;
  std::vector<SharedRead> reads;           ///< ascending PC
  std::vector<RedefiningWrite> writes;     ///< ascending PC
  /// Refined mode: the filters that dropped this loop or some of its writes
  /// (a loop the thesis mode would flag and refined mode does not names why).
  std::vector<LoopReason> filters;
};

struct BarrierFinding {
  std::uint32_t pc = 0;         ///< the CTA barrier
  /// A divergent branch on one side of which it lies, or pc itself when its
  /// own guard is divergent.
  std::uint32_t branch_pc = 0;
  /// The "barrier" is an opaque call (an external function, an indirect
  /// call) whose body lockstep cannot see: it may hold one.
  bool call = false;
};

struct KernelDetection {
  DetectMode mode = DetectMode::Refined;
  TableChoice table = TableChoice::Nvidia;
  std::vector<LoopFinding> loops;        ///< one per loop, LoopInfo order
  std::vector<BarrierFinding> barriers;  ///< ascending PC

  [[nodiscard]] bool flagged() const noexcept {
    if (!barriers.empty()) return true;
    for (const auto& l : loops) if (l.flagged) return true;
    return false;
  }
  [[nodiscard]] std::uint32_t flagged_loops() const noexcept {
    std::uint32_t n = 0;
    for (const auto& l : loops) n += l.flagged ? 1U : 0U;
    return n;
  }
};

}  // namespace lockstep::checker
