// Renderings of the SSDE pipeline's result (checker/pipeline/run_ssde.hpp)
// for `lockstep ssde --report [--json]`: which loops were transformed, at
// which SafePDom (PC, PTX line, CUDA location, and the steps that moved it),
// the BBS blocks and their cases, what was added (blocks, instructions,
// registers) and repaired, the divergent barriers SSDE cannot remove, and
// what detection finds on the output.
//
// JSON: {"file", "mode", "kernels": [...]}; per kernel `name`,
// `transformed`, `transformed_loops` [{loop, header {block, label, pc, line,
// location}, safepdom_pc, safepdom_line, safepdom_location, safepdom_history
// [{cause, from_pc, point}], bbs_label, bbs_pc, case_value, case_target}],
// `switches` [{point, bbs_label, bbs_pc, edge_register, cases [{loop,
// target_label, value}]}], `blocks_added`, `instructions_added`,
// `registers_added`, `repairs` {edge_splits, merged_back_edges, new_headers,
// exit_materialised}, `unfixable_barriers` [{pc, line, location, op,
// branch_pc}], `after` {flagged, flagged_loops [{loop, header_pc, reason}],
// barriers, left_alone}. PCs are those of the input kernel except `bbs_pc`
// and those in `after`, which are output PCs; a point at the virtual exit is
// "exit". With evidence (the default of `lockstep ssde`), per kernel also
// `evidence` (per flagged loop: loop, status, summary) and `left_alone`
// (the discharged loops not transformed: loop, header); `after.flagged`
// leaves them out and `after.left_alone` lists them as output loops.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "checker/detect/detection.hpp"
#include "checker/evidence/evidence.hpp"
#include "checker/pipeline/run_ssde.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::checker {

struct SsdeReportInput {
  const ir::Module* module = nullptr;             ///< the input module
  DetectOptions options;                          ///< what the pipeline ran with
  std::vector<const SsdePipelineResult*> kernels; ///< the kernels processed, in module order
  /// Parallel to `kernels`: the evidence of the flagged loops (null: --all-flagged).
  std::vector<const std::vector<LoopEvidence>*> evidence;
};

/// Per kernel: a summary line, each BBS with the loops it serves and their
/// SafePDom history, the counts, unfixable barriers and the re-detection.
void ssde_report_text(std::ostream& out, const SsdeReportInput& input);

/// The JSON document described above.
[[nodiscard]] nlohmann::ordered_json ssde_report_json(const SsdeReportInput& input);

}  // namespace lockstep::checker
