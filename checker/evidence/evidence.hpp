// Evidence for flagged loops (`lockstep detect --evidence`, docs/detection.md
// "Evidence"): for each loop detection flags, one of
//
//   confirmed   a witness: a launch, input values and a schedule under the
//               SIMT stack in which threads stay in the loop forever (or
//               deadlock in it) while the stack holds a warp-mate back, and
//               which complete under mimd — written as a trace that
//               `lockstep run --replay` replays (hang_search.hpp);
//   discharged  a proof that no warp hangs in the loop for the launches
//               covered, with what it assumed: either detection itself with
//               the launch's buffers (distinct buffers make parameters that
//               may alias for the kernel alone disjoint), or an exhaustive
//               search of every schedule and input of each launch that
//               reached the loop and met no candidate that could hide a
//               witness;
//   unknown     neither, with what stopped the search (a bound, a doubt,
//               a launch that never reaches the loop).
//
// The launches are the user's spec (--launch) or the small ones
// synthesise_launches makes (one warp, then two).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checker/detect/detection.hpp"
#include "checker/trace/trace.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/module.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {

enum class EvidenceStatus : std::uint8_t { Confirmed, Discharged, Unknown };
/// "confirmed", "discharged", "unknown".
[[nodiscard]] const char* evidence_status_name(EvidenceStatus s) noexcept;

struct Witness {
  std::string trace_path;   ///< the trace file written ("" when no files are written)
  std::string launch_path;  ///< the launch spec it replays on (written when synthesised; "" when not written)
  std::string launch;       ///< the launch's summary
  Trace trace;              ///< what it shows (kind, schedule, stuck threads)
};

struct LoopEvidence {
  std::uint32_t loop = 0;          ///< id in analysis::LoopInfo
  EvidenceStatus status = EvidenceStatus::Unknown;
  /// Confirmed: what hangs. Discharged: the proof. Unknown: what stopped it.
  std::string summary;
  std::vector<std::string> assumptions;  ///< what the verdict assumes
  std::vector<std::string> launches;     ///< the launches searched, each with its outcome
  std::optional<Witness> witness;
  std::uint64_t states = 0;        ///< explored, over every launch
  double seconds = 0;              ///< wall clock of this loop's checks
};

struct EvidenceOptions {
  DetectOptions detect;                    ///< the detection that flagged the loops
  const sem::LaunchSpec* spec = nullptr;   ///< --launch, else synthesised launches
  std::string spec_path;                   ///< its file, as named
  std::string ptx_path;                    ///< the PTX file, as named (traces record it)
  /// Where witness traces and synthesised launches go ("": nowhere; the
  /// witness is still built and its trace replayed in memory).
  std::string out_dir = ".";
  std::uint64_t max_states = 1'000'000;    ///< per launch searched
  double seconds = 60;                     ///< per loop, over all its launches (0: none)
};

/// Evidence for every flagged loop of `detection` (a detection of `kernel`
/// made with options.detect), in loop order.
[[nodiscard]] std::vector<LoopEvidence> gather_evidence(const ir::Module& module, const ir::Kernel& kernel,
                                                        const analysis::KernelAnalysis& analysis,
                                                        const KernelDetection& detection,
                                                        const EvidenceOptions& options);

}  // namespace lockstep::checker
