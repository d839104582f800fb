// `lockstep ssde FILE -o OUT.ptx [--kernel NAME] [--mode thesis|refined]
//  [--report] [--json] [--origin-out FILE] [--launch SPEC] [--all-flagged]
//  [--evidence-dir DIR] [--evidence-timeout S] [--evidence-max-states N]
//  [--verify [bounds] [--stats]]`: the SSDE transformation of every kernel
// (or only NAME) written as PTX. Detection's flagged loops are checked for
// evidence first (checker/evidence; on --launch, else on synthesised
// launches) and only the confirmed and unknown ones are transformed; the
// discharged ones are left as they are (--all-flagged: every flagged loop,
// without evidence). Kernels with nothing to transform are written
// unchanged. Exit 0 when written and detection on the output flags nothing
// but the loops left alone, 3 when written but something is still flagged
// (a divergent barrier, which SSDE cannot remove, or a loop), 1 on error.
//
// --origin-out writes the origin maps (checker/equiv/origin_map.hpp) of
// the kernels written. --verify runs `equiv` in-process on the launch's
// kernel with the transformation's own origin map, prints its report after
// the SSDE report (with --json: {"ssde": ..., "equiv": ...}) and exits with
// equiv's status (0 proved, 3 counterexample, 4 inconclusive).
#include <fmt/format.h>

#include <fstream>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checker/equiv/equiv.hpp"
#include "checker/equiv/equiv_report.hpp"
#include "checker/equiv/origin_map.hpp"
#include "checker/equiv/pipeline_origin.hpp"
#include "checker/evidence/evidence.hpp"
#include "checker/detect/detect.hpp"
#include "checker/pipeline/run_ssde.hpp"
#include "checker/report/locations.hpp"
#include "checker/report/ssde_report.hpp"
#include "cli/commands.hpp"
#include "cli/detect_options.hpp"
#include "cli/equiv_command.hpp"
#include "cli/evidence_options.hpp"
#include "cli/kernel_select.hpp"
#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::cli {
namespace {

struct SsdeCliOptions {
  std::string file;
  std::string output;
  std::string kernel;
  std::string mode = "refined";
  bool report = false;
  bool json = false;
  std::string origin_out;
  bool verify = false;
  EquivBoundsCli bounds;
  bool all_flagged = false;
  EvidenceCliOptions ev;  ///< its launch is also --verify's
};

/// The evidence of kernel k's flagged loops, and the ids of the discharged ones.
std::vector<checker::LoopEvidence> kernel_evidence(const EvidenceSettings& settings, const ir::Module& module,
                                                   const ir::Kernel& k, std::vector<std::uint32_t>& discharged) {
  const analysis::KernelAnalysis a = analysis::analyze_kernel(k);
  const checker::KernelDetection d = checker::detect(module, k, a, settings.options.detect);
  std::vector<checker::LoopEvidence> ev = checker::gather_evidence(module, k, a, d, settings.for_kernel(k));
  for (const checker::LoopEvidence& e : ev)
    if (e.status == checker::EvidenceStatus::Discharged) discharged.push_back(e.loop);
  return ev;
}

/// Runs equiv on the launch's kernel of the transformed module.
checker::equiv::EquivResult verify_launch(const SsdeCliOptions& o, const ir::Module& module,
                                          const ir::Module& transformed,
                                          const std::vector<checker::SsdePipelineResult>& results) {
  const sem::LaunchSpec spec = sem::parse_launch_spec_file(o.ev.launch);
  std::size_t index = module.kernels.size();
  for (std::size_t i = 0; i < module.kernels.size(); ++i) {
    if (spec.kernel ? module.kernels[i].name == *spec.kernel : module.kernels.size() == 1) index = i;
  }
  const checker::SsdePipelineResult* r = nullptr;
  for (const auto& x : results) {
    if (x.kernel_index == index) r = &x;
  }
  if (r == nullptr) {
    usage_error(fmt::format("--verify: the launch's kernel {} was not transformed (see --kernel)",
                            spec.kernel ? *spec.kernel : std::string("(unnamed)")));
  }
  checker::equiv::EquivInput in;
  in.original = &module;
  in.transformed = &transformed;
  in.origin = checker::equiv::pipeline_origin(module, *r);
  in.spec = &spec;
  checker::equiv::EquivOptions options;
  options.bounds = equiv_explore_options(o.bounds);
  return checker::equiv::run_equiv(in, options);
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  if (!f) {
    Diagnostic d;
    d.file = path;
    d.message = "cannot write file";
    throw InputError(std::move(d));
  }
}

/// Warnings on standard error for what the output still has.
void warn_leftovers(std::ostream& err, const ir::Module& m, const checker::SsdePipelineResult& r) {
  const ir::Kernel& in = m.kernels[r.kernel_index];
  for (const auto& b : r.unfixable) {
    if (b.call) {
      err << fmt::format("lockstep: warning: kernel {}: possible divergent barrier at {}, cannot be removed by SSDE\n",
                         in.name, checker::barrier_words(m, in, b));
      continue;
    }
    err << fmt::format("lockstep: warning: kernel {}: divergent barrier at pc {} ({}) cannot be removed by SSDE\n",
                       in.name, b.pc, checker::where(m, in, b.pc));
  }
  for (const auto& f : r.after.loops) {
    if (!f.flagged || r.left_alone_after(f.loop)) continue;
    err << fmt::format("lockstep: warning: kernel {}: the loop at output pc {} is still flagged after SSDE ({})\n",
                       in.name, r.kernel.blocks[f.header].first_pc, checker::loop_reason_name(f.reason));
  }
}

int run_ssde_command(const SsdeCliOptions& o, std::ostream& out, std::ostream& err) {
  if (o.verify && o.ev.launch.empty()) usage_error("--verify needs --launch SPEC");
  if (o.all_flagged && !o.ev.launch.empty() && !o.verify)
    usage_error("--launch is used by evidence and --verify, and --all-flagged runs no evidence");
  checker::DetectOptions options;
  options.mode = parse_detect_mode(o.mode);
  const ir::Module module = load_ptx_file(o.file);
  const auto selected = select_kernels(module, o.kernel);
  std::optional<EvidenceSettings> settings;
  if (!o.all_flagged) settings = parse_evidence_options(o.ev, o.file, module, selected, options);

  ir::Module transformed = module;
  std::vector<checker::SsdePipelineResult> results;
  std::vector<std::vector<checker::LoopEvidence>> evidence(selected.size());
  results.reserve(selected.size());
  for (std::size_t i = 0; i < selected.size(); ++i) {
    const ir::Kernel* k = selected[i];
    const auto index = static_cast<std::size_t>(k - module.kernels.data());
    std::vector<std::uint32_t> discharged;
    if (settings) evidence[i] = kernel_evidence(*settings, module, *k, discharged);
    results.push_back(checker::run_ssde(module, index, options, discharged));
    transformed.kernels[index] = results.back().kernel;
  }
  write_file(o.output, ptx::print(transformed));
  if (!o.origin_out.empty()) {
    std::vector<checker::KernelOrigin> maps;
    for (const auto& r : results) {
      maps.push_back({module.kernels[r.kernel_index].name, checker::equiv::pipeline_origin(module, r)});
    }
    write_file(o.origin_out, checker::origin_to_json(maps).dump(1) + "\n");
  }

  bool clean = true;
  for (const auto& r : results) {
    warn_leftovers(err, module, r);
    clean = clean && r.clean();
  }
  checker::SsdeReportInput in;
  in.module = &module;
  in.options = options;
  for (std::size_t i = 0; i < results.size(); ++i) {
    in.kernels.push_back(&results[i]);
    in.evidence.push_back(o.all_flagged ? nullptr : &evidence[i]);
  }
  if (o.verify) {
    const checker::equiv::EquivResult eq = verify_launch(o, module, transformed, results);
    if (o.json) {
      nlohmann::json j{{"ssde", checker::ssde_report_json(in)}, {"equiv", checker::equiv::equiv_json(eq, o.bounds.stats)}};
      out << j.dump(1) << '\n';
    } else {
      if (o.report) checker::ssde_report_text(out, in);
      checker::equiv::equiv_text(out, eq, o.bounds.stats);
    }
    return checker::equiv::verdict_exit_code(eq.verdict);
  }
  if (o.report || o.json) {
    if (o.json) {
      out << checker::ssde_report_json(in).dump(1) << '\n';
    } else {
      checker::ssde_report_text(out, in);
    }
  }
  return clean ? 0 : 3;
}

}  // namespace

void add_ssde_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "ssde", "Rewrite flagged loops so that a SIMT stack cannot deadlock in them (SSDE), and write the PTX");
  auto o = std::make_shared<SsdeCliOptions>();
  cmd->add_option("file", o->file, "PTX file")->required();
  cmd->add_option("-o,--output", o->output, "write the transformed PTX to this file")->required();
  cmd->add_option("-k,--kernel", o->kernel, "only transform this kernel (by its PTX name)");
  cmd->add_option("--mode", o->mode, "detection mode: thesis or refined")->capture_default_str();
  cmd->add_flag("--report", o->report, "print what was transformed");
  cmd->add_flag("--json", o->json, "print the report as JSON (implies --report)");
  cmd->add_option("--origin-out", o->origin_out, "write the origin maps (output PC -> input PC) as JSON to this file");
  cmd->add_flag("--verify", o->verify, "prove the output correct for --launch (lockstep equiv, in-process)");
  cmd->add_option("--launch", o->ev.launch,
                  "launch specification (TOML): the launch evidence searches, and the one --verify proves the output on");
  cmd->add_flag("--all-flagged", o->all_flagged,
                "transform every flagged loop, without evidence (default: the confirmed and unknown ones)");
  add_evidence_bounds(cmd, o->ev, nullptr);
  add_equiv_bounds(cmd, o->bounds);
  cmd->callback([&action, o] {
    action = [o](std::ostream& out, std::ostream& err) { return run_ssde_command(*o, out, err); };
  });
}

}  // namespace lockstep::cli
