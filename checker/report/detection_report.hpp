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
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "checker/alias/alias.hpp"
#include "checker/detect/detection.hpp"
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
};

struct DetectionReport {
  const ir::Module* module = nullptr;
  DetectOptions options;                   ///< what detection ran with
  std::vector<KernelDetectionRef> kernels; ///< in module order
  std::string tool_version = "0.1.0";      ///< SARIF tool.driver.version
};

/// Readable text: a header line, then per kernel a summary line, every loop
/// with its verdict, and for flagged loops their exits, reads and writes;
/// divergent barriers last.
void detection_text(std::ostream& out, const DetectionReport& report);

/// The JSON document described above.
[[nodiscard]] nlohmann::ordered_json detection_json(const DetectionReport& report);

/// A SARIF 2.1.0 log with one run.
[[nodiscard]] nlohmann::ordered_json detection_sarif(const DetectionReport& report);

}  // namespace lockstep::checker
