// Renderings of SIMT-deadlock detection results (checker/detect) for
// `lockstep detect`: readable text, JSON (the stable machine format, pinned
// by golden tests) and SARIF 2.1.0 (for code-scanning tools).
//
// Locations: `line` is the PTX line of an instruction, `location` its CUDA
// "file:line" from `.loc` (null without one); see report/locations.hpp.
//
// JSON: {"file", "mode", "table", "assume_noalias_params", "kernels": [...]};
// per kernel `name`, `flagged`, `flagged_loops`, `loops`, `barriers`; per
// loop `id`, `header` {block, label, pc, line, location}, `blocks`, `depth`,
// `reducible`, `flagged`, `reason`, `exit_branches` [{pc, line, location,
// uniform, reconvergence_pc}], `reads` [{pc, line, location, op, address}],
// `redefining_writes` [{pc, line, location, op, address, relation, alias,
// reads, reach_branches, para_branches}], `filters`; per barrier `pc`,
// `line`, `location`, `op`, `inlined`, `branch_pc`, `branch_line`,
// `branch_location`, `branch_inlined`, where `inlined` is the chain of calls
// of functions the instruction was inlined from, innermost first:
// [{function, callee, call_line, call_location}] (report/locations.hpp).
//
// SARIF: one run of the tool "lockstep" with two rules, LS001
// SimtInducedDeadlockLoop (a flagged loop) and LS002 DivergentBarrier; one
// result per flagged loop and per divergent barrier, located at the loop
// header (or the barrier) in the CUDA file when `.loc` gives one, else in the
// PTX file; the reads and redefining writes are related locations. A
// barrier inlined from a device function also has each call site as a
// related location and its call stack as the result's `stacks`.
//
// With evidence (`detect --evidence`, checker/evidence/evidence.hpp) every
// flagged loop also carries its evidence: text lines under the loop, an
// `evidence` object in JSON (status, summary, assumptions, launches, states,
// seconds, witness), and in SARIF the result's kind and level (confirmed:
// fail/error, unknown: fail/warning, discharged: pass/none), the witness's
// stuck threads and cycle as related locations and its trace file as an
// attachment.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "checker/alias/alias.hpp"
#include "checker/detect/detection.hpp"
#include "checker/evidence/evidence.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker {

/// One analysed kernel of the module.
struct KernelDetectionRef {
  const ir::Kernel* kernel = nullptr;
  const analysis::KernelAnalysis* analysis = nullptr;  ///< analyze_kernel(*kernel)
  const KernelDetection* detection = nullptr;
  /// Optional: gives the `address` of reads and writes (omitted when null).
  const AddressAnalysis* addresses = nullptr;
  /// Optional: the evidence of the flagged loops, in loop order (detect --evidence).
  const std::vector<LoopEvidence>* evidence = nullptr;
};

struct DetectionReport {
  const ir::Module* module = nullptr;
  DetectOptions options;                   ///< what detection ran with
  std::vector<KernelDetectionRef> kernels; ///< in module order
  std::string tool_version = "0.1.0";      ///< SARIF tool.driver.version
  /// detect --evidence: what the loops were checked on ("synthesised
  /// launches" or the spec file); empty without evidence.
  std::string evidence_launches;
  bool timing = true;                      ///< report evidence times (off for golden tests)
};

/// The evidence of flagged loop `loop` in k, or null.
[[nodiscard]] const LoopEvidence* evidence_of(const KernelDetectionRef& k, std::uint32_t loop) noexcept;

/// Readable text: a header line, then per kernel a summary line, every loop
/// with its verdict, and for flagged loops their exits, reads and writes;
/// divergent barriers last.
void detection_text(std::ostream& out, const DetectionReport& report);

/// The JSON document described above.
[[nodiscard]] nlohmann::ordered_json detection_json(const DetectionReport& report);

/// A SARIF 2.1.0 log with one run.
[[nodiscard]] nlohmann::ordered_json detection_sarif(const DetectionReport& report);

}  // namespace lockstep::checker
