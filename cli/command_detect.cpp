// `lockstep detect FILE [--kernel NAME] [--mode thesis|refined]
//  [--table nvidia|ipdom] [--assume-noalias-params] [--json | --sarif]
//  [--evidence [--launch SPEC] [--evidence-dir DIR] [--evidence-timeout S]
//  [--evidence-max-states N]]`: static SIMT-deadlock detection, and with
// --evidence a witness or a proof for every flagged loop
// (checker/evidence). Exit 0 when nothing is flagged (with --evidence: when
// every flagged loop is discharged and no barrier is flagged), 3 otherwise,
// 1 on error.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checker/alias/alias.hpp"
#include "checker/detect/detect.hpp"
#include "checker/evidence/evidence.hpp"
#include "checker/report/detection_report.hpp"
#include "cli/commands.hpp"
#include "cli/detect_options.hpp"
#include "cli/evidence_options.hpp"
#include "cli/kernel_select.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"

namespace lockstep::cli {
namespace {

struct DetectCliOptions {
  std::string file;
  std::string kernel;
  std::string mode = "refined";
  std::string table = "nvidia";
  bool noalias = false;
  bool json = false;
  bool sarif = false;
  bool evidence = false;
  EvidenceCliOptions ev;  ///< --evidence-dir defaults to the current directory
  bool no_timing = false;
};

/// Every flagged loop discharged and no barrier flagged.
bool all_discharged(const checker::KernelDetection& d, const std::vector<checker::LoopEvidence>& ev) {
  if (!d.barriers.empty()) return false;
  for (const checker::LoopEvidence& e : ev)
    if (e.status != checker::EvidenceStatus::Discharged) return false;
  return true;
}

int run_detect(const DetectCliOptions& o, std::ostream& out) {
  checker::DetectOptions options;
  options.mode = parse_detect_mode(o.mode);
  options.table = parse_table_choice(o.table);
  options.alias.assume_noalias_params = o.noalias;

  const ir::Module module = load_ptx_file(o.file);
  const auto kernels = select_kernels(module, o.kernel);
  std::optional<EvidenceSettings> settings;
  if (o.evidence) settings = parse_evidence_options(o.ev, o.file, module, kernels, options);
  // Stable storage: the report refers to these.
  std::vector<analysis::KernelAnalysis> analyses;
  std::vector<checker::KernelDetection> detections;
  std::vector<std::unique_ptr<checker::AddressAnalysis>> addresses;
  std::vector<std::vector<checker::LoopEvidence>> evidence(kernels.size());
  analyses.reserve(kernels.size());
  detections.reserve(kernels.size());
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    const ir::Kernel* k = kernels[i];
    analyses.push_back(analysis::analyze_kernel(*k));
    detections.push_back(checker::detect(module, *k, analyses.back(), options));
    addresses.push_back(std::make_unique<checker::AddressAnalysis>(module, *k, options.alias));
    // A launch spec names one kernel: the others get synthesised launches.
    if (settings) {
      evidence[i] =
          checker::gather_evidence(module, *k, analyses.back(), detections.back(), settings->for_kernel(*k));
    }
  }
  checker::DetectionReport report;
  report.module = &module;
  report.options = options;
  report.tool_version = kLockstepVersion;
  report.timing = !o.no_timing;
  if (o.evidence) report.evidence_launches = o.ev.launch.empty() ? "synthesised launches" : o.ev.launch;
  bool flagged = false;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    report.kernels.push_back({kernels[i], &analyses[i], &detections[i], addresses[i].get(),
                              o.evidence ? &evidence[i] : nullptr});
    flagged = flagged || (o.evidence ? !all_discharged(detections[i], evidence[i]) : detections[i].flagged());
  }
  if (o.json) {
    out << checker::detection_json(report).dump(1) << '\n';
  } else if (o.sarif) {
    out << checker::detection_sarif(report).dump(1) << '\n';
  } else {
    checker::detection_text(out, report);
  }
  return flagged ? 3 : 0;
}

}  // namespace

void add_detect_command(CLI::App& app, Action& action) {
  auto* cmd =
      app.add_subcommand("detect", "Static SIMT-deadlock detection: loops that may spin forever on a SIMT stack");
  auto o = std::make_shared<DetectCliOptions>();
  o->ev.dir = ".";
  cmd->add_option("file", o->file, "PTX file")->required();
  cmd->add_option("-k,--kernel", o->kernel, "only this kernel (by its PTX name)");
  cmd->add_option("--mode", o->mode, "thesis (Algorithm 1 as published) or refined")->capture_default_str();
  cmd->add_option("--table", o->table, "reconvergence table assumed for branches: nvidia, ipdom")
      ->capture_default_str();
  cmd->add_flag("--assume-noalias-params", o->noalias, "distinct kernel parameters never alias");
  auto* json = cmd->add_flag("--json", o->json, "machine-readable JSON");
  auto* sarif = cmd->add_flag("--sarif", o->sarif, "SARIF 2.1.0");
  json->excludes(sarif);
  auto* evidence = cmd->add_flag("--evidence", o->evidence,
                                 "for every flagged loop, a witness (confirmed), a proof (discharged) or unknown");
  cmd->add_option("--launch", o->ev.launch, "the launch spec evidence searches (default: small synthesised launches)")
      ->needs(evidence);
  add_evidence_bounds(cmd, o->ev, evidence);
  cmd->add_flag("--no-timing", o->no_timing, "leave times out of the report")->group("");
  cmd->callback([&action, o] { action = [o](std::ostream& out, std::ostream&) { return run_detect(*o, out); }; });
}

}  // namespace lockstep::cli
