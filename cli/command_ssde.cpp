// `lockstep ssde FILE -o OUT.ptx [--kernel NAME] [--mode thesis|refined]
//  [--report] [--json]`: the SSDE transformation of every kernel (or only
// NAME) written as PTX. Kernels with nothing flagged are written unchanged.
// Exit 0 when written and detection on the output flags nothing, 3 when
// written but something is still flagged (a divergent barrier, which SSDE
// cannot remove, or a loop), 1 on error.
#include <fmt/format.h>

#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "checker/pipeline/run_ssde.hpp"
#include "checker/report/locations.hpp"
#include "checker/report/ssde_report.hpp"
#include "cli/commands.hpp"
#include "cli/detect_options.hpp"
#include "cli/kernel_select.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"

namespace lockstep::cli {
namespace {

struct SsdeCliOptions {
  std::string file;
  std::string output;
  std::string kernel;
  std::string mode = "refined";
  bool report = false;
  bool json = false;
};

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
    err << fmt::format("lockstep: warning: kernel {}: divergent barrier at pc {} ({}) cannot be removed by SSDE\n",
                       in.name, b.pc, checker::where(m, in, b.pc));
  }
  for (const auto& f : r.after.loops) {
    if (!f.flagged) continue;
    err << fmt::format("lockstep: warning: kernel {}: the loop at output pc {} is still flagged after SSDE ({})\n",
                       in.name, r.kernel.blocks[f.header].first_pc, checker::loop_reason_name(f.reason));
  }
}

int run_ssde_command(const SsdeCliOptions& o, std::ostream& out, std::ostream& err) {
  checker::DetectOptions options;
  options.mode = parse_detect_mode(o.mode);
  const ir::Module module = load_ptx_file(o.file);
  const auto selected = select_kernels(module, o.kernel);

  ir::Module transformed = module;
  std::vector<checker::SsdePipelineResult> results;
  results.reserve(selected.size());
  for (const ir::Kernel* k : selected) {
    const auto index = static_cast<std::size_t>(k - module.kernels.data());
    results.push_back(checker::run_ssde(module, index, options));
    transformed.kernels[index] = results.back().kernel;
  }
  write_file(o.output, ptx::print(transformed));

  bool clean = true;
  for (const auto& r : results) {
    warn_leftovers(err, module, r);
    clean = clean && r.clean();
  }
  if (o.report || o.json) {
    checker::SsdeReportInput in;
    in.module = &module;
    in.options = options;
    for (const auto& r : results) in.kernels.push_back(&r);
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
  cmd->callback([&action, o] {
    action = [o](std::ostream& out, std::ostream& err) { return run_ssde_command(*o, out, err); };
  });
}

}  // namespace lockstep::cli
