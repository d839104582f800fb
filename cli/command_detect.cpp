// `lockstep detect FILE [--kernel NAME] [--mode thesis|refined]
//  [--table nvidia|ipdom] [--assume-noalias-params] [--json | --sarif]`:
// static SIMT-deadlock detection. Exit 0 when nothing is flagged, 3 when a
// loop or a divergent barrier is, 1 on error.
#include <memory>
#include <string>
#include <vector>

#include "checker/alias/alias.hpp"
#include "checker/detect/detect.hpp"
#include "checker/report/detection_report.hpp"
#include "cli/commands.hpp"
#include "cli/detect_options.hpp"
#include "cli/kernel_select.hpp"
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
};

int run_detect(const DetectCliOptions& o, std::ostream& out) {
  checker::DetectOptions options;
  options.mode = parse_detect_mode(o.mode);
  options.table = parse_table_choice(o.table);
  options.alias.assume_noalias_params = o.noalias;

  const ir::Module module = load_ptx_file(o.file);
  const auto kernels = select_kernels(module, o.kernel);
  // Stable storage: the report refers to these.
  std::vector<analysis::KernelAnalysis> analyses;
  std::vector<checker::KernelDetection> detections;
  std::vector<std::unique_ptr<checker::AddressAnalysis>> addresses;
  analyses.reserve(kernels.size());
  detections.reserve(kernels.size());
  for (const ir::Kernel* k : kernels) {
    analyses.push_back(analysis::analyze_kernel(*k));
    detections.push_back(checker::detect(module, *k, analyses.back(), options));
    addresses.push_back(std::make_unique<checker::AddressAnalysis>(module, *k, options.alias));
  }
  checker::DetectionReport report;
  report.module = &module;
  report.options = options;
  report.tool_version = kLockstepVersion;
  bool flagged = false;
  for (std::size_t i = 0; i < kernels.size(); ++i) {
    report.kernels.push_back({kernels[i], &analyses[i], &detections[i], addresses[i].get()});
    flagged = flagged || detections[i].flagged();
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
  cmd->add_option("file", o->file, "PTX file")->required();
  cmd->add_option("-k,--kernel", o->kernel, "only this kernel (by its PTX name)");
  cmd->add_option("--mode", o->mode, "thesis (Algorithm 1 as published) or refined")->capture_default_str();
  cmd->add_option("--table", o->table, "reconvergence table assumed for branches: nvidia, ipdom")
      ->capture_default_str();
  cmd->add_flag("--assume-noalias-params", o->noalias, "distinct kernel parameters never alias");
  auto* json = cmd->add_flag("--json", o->json, "machine-readable JSON");
  auto* sarif = cmd->add_flag("--sarif", o->sarif, "SARIF 2.1.0");
  json->excludes(sarif);
  cmd->callback([&action, o] { action = [o](std::ostream& out, std::ostream&) { return run_detect(*o, out); }; });
}

}  // namespace lockstep::cli
