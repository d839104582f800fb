// Safe reconvergence points (SafePDom): Algorithms 2 and 3 of ElTantawy 2018
// (research/000-deadlock-ssde.md §3.2, §3.3) for the SIMT stack, and the
// AWARE variant, Algorithm 5 (research/000-aware-bows-ddos-mp.md §1.5b).
//
// A point is a PC "before instruction pc", or analysis::kExitPc. SafePDom(L)
// post-dominates L's exit branches and every path from them to the writes
// that may redefine L's exit condition; Algorithm 3 then makes it
// post-dominate the SafePDoms of the loops on those paths, flagging enclosing
// loops whose reconvergence an inner SafePDom delays.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "checker/detect/detection.hpp"
#include "frontend/analysis/reconvergence_table.hpp"

namespace lockstep::checker {

enum class SafeTarget : std::uint8_t {
  Stack,  ///< Algorithms 2 + 3: per loop, for the SIMT stack and SSDE
  Aware,  ///< Algorithm 2 without the parallel part + Algorithm 5: per branch, for AWARE
};

/// Why a SafePDom moved.
enum class RiseCause : std::uint8_t {
  Exit,           ///< start: the reconvergence point of an exit branch
  Write,          ///< after a redefining write
  ReachBranch,    ///< the reconvergence point of a branch on a path to a reachable write
  ParaBranch,     ///< the reconvergence point of a branch that makes a write parallel
  Conflict,       ///< Algorithm 3/5: another loop's (branch's) SafePDom
  Nvidia,         ///< the dominance repair for a table used without SSDE
};
/// "exit", "write", "reach-branch", "para-branch", "conflict", "nvidia".
[[nodiscard]] std::string_view rise_cause_name(RiseCause c) noexcept;

struct Rise {
  RiseCause cause = RiseCause::Exit;
  std::uint32_t from_pc = 0;   ///< the instruction (write, branch, other loop's point) that caused it
  std::uint32_t point = 0;     ///< the SafePDom after this step
};

struct LoopSafePdom {
  std::uint32_t loop = 0;       ///< id in analysis::LoopInfo
  bool flagged = false;         ///< after Algorithm 3 (may add NestedSafePdom loops)
  std::uint32_t point = 0;      ///< SafePDom: a PC, or analysis::kExitPc
  std::vector<Rise> history;    ///< every move, in order
};

struct SafePdoms {
  SafeTarget target = SafeTarget::Stack;
  std::vector<LoopSafePdom> loops;   ///< one per loop, LoopInfo order
  /// Branch PC -> reconvergence PC to run with: the table in use, with every
  /// exit branch of a flagged loop set to its loop's SafePDom (Stack), or every
  /// branch set to its Algorithm 5 point (Aware).
  analysis::ReconvergenceTable table;
};

}  // namespace lockstep::checker

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker {

/// Algorithms 2 + 3 (Stack) or 2 without its parallel part + 5 (Aware) for a
/// kernel whose detection result is `detection` (computed with `options`).
[[nodiscard]] SafePdoms safe_pdoms(const ir::Module& module, const ir::Kernel& kernel,
                                   const analysis::KernelAnalysis& analysis, const KernelDetection& detection,
                                   const DetectOptions& options, SafeTarget target);

}  // namespace lockstep::checker
