// `lockstep cfg FILE [--kernel NAME] [--json | --dot]`.
#include <memory>
#include <string>

#include "cli/cfg_report.hpp"
#include "cli/commands.hpp"
#include "cli/kernel_select.hpp"
#include "frontend/load.hpp"

namespace lockstep::cli {
namespace {

struct CfgOptions {
  std::string file;
  std::string kernel;
  bool json = false;
  bool dot = false;
};

int run_cfg(const CfgOptions& o, std::ostream& out) {
  const ir::Module module = load_ptx_file(o.file);
  const auto kernels = select_kernels(module, o.kernel);
  if (o.json) {
    nlohmann::ordered_json doc;
    doc["file"] = module.path;
    doc["kernels"] = nlohmann::ordered_json::array();
    for (const auto* k : kernels) doc["kernels"].push_back(cfg_json(module, *k, analysis::analyze_kernel(*k)));
    out << doc.dump(1) << '\n';
  } else if (o.dot) {
    out << "digraph cfg {\n  node [fontname=\"monospace\"];\n";
    for (std::size_t i = 0; i < kernels.size(); ++i) cfg_dot(out, *kernels[i], analysis::analyze_kernel(*kernels[i]), i);
    out << "}\n";
  } else {
    for (const auto* k : kernels) cfg_text(out, *k, analysis::analyze_kernel(*k));
  }
  return 0;
}

}  // namespace

void add_cfg_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("cfg", "Print kernel CFGs: blocks, loops, branches with reconvergence points and uniformity");
  auto o = std::make_shared<CfgOptions>();
  cmd->add_option("file", o->file, "PTX file")->required();
  cmd->add_option("-k,--kernel", o->kernel, "only this kernel (by its PTX name)");
  auto* json = cmd->add_flag("--json", o->json, "machine-readable JSON");
  auto* dot = cmd->add_flag("--dot", o->dot, "Graphviz DOT");
  json->excludes(dot);
  cmd->callback([&action, o] { action = [o](std::ostream& out, std::ostream&) { return run_cfg(*o, out); }; });
}

}  // namespace lockstep::cli
