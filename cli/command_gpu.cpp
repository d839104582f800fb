// `lockstep gpu show NAME|FILE [--toml | --json]` and `lockstep gpu list`:
// the GPU configurations the simulator runs on (sim/config, docs/sim.md).
#include <fmt/format.h>

#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "sim/config/gpu_toml.hpp"
#include "sim/config/load_gpu.hpp"

namespace lockstep::cli {
namespace {

struct GpuShowOptions {
  std::string gpu;
  bool toml = false;
  bool json = false;
};

int run_gpu_show(const GpuShowOptions& o, std::ostream& out, std::ostream& err) {
  const sim::LoadedGpu g = sim::load_gpu(o.gpu);
  for (const Diagnostic& w : g.warnings) err << w.format() << '\n';
  if (o.toml) {
    out << sim::format_gpu_toml(g.config);
  } else if (o.json) {
    out << sim::format_gpu_json(g.config);
  } else {
    out << sim::format_gpu_text(g.config);
  }
  return 0;
}

int run_gpu_list(std::ostream& out) {
  std::size_t width = 4;
  for (const sim::BundledGpu& b : sim::bundled_gpus()) width = std::max(width, b.name.size());
  for (const sim::BundledGpu& b : sim::bundled_gpus()) {
    const sim::LoadedGpu g = sim::load_gpu(std::string(b.name));
    out << fmt::format("{:<{}}  {}\n", b.name, width, g.config.source);
  }
  return 0;
}

}  // namespace

void add_gpu_command(CLI::App& app, Action& action) {
  auto* gpu = app.add_subcommand("gpu", "GPU configurations for the simulator: show one, list the bundled ones");
  gpu->require_subcommand(1);

  auto* show = gpu->add_subcommand(
      "show", "Print a GPU configuration: a bundled GPU by name, a lockstep .toml or a GPGPU-Sim gpgpusim.config");
  auto o = std::make_shared<GpuShowOptions>();
  show->add_option("gpu", o->gpu, "bundled GPU name or configuration file")->required();
  auto* toml = show->add_flag("--toml", o->toml, "lockstep's TOML format (converts a gpgpusim.config)");
  auto* json = show->add_flag("--json", o->json, "machine-readable JSON");
  toml->excludes(json);
  show->callback([&action, o] {
    action = [o](std::ostream& out, std::ostream& err) { return run_gpu_show(*o, out, err); };
  });

  auto* list = gpu->add_subcommand("list", "List the bundled GPUs with where their values come from");
  list->callback([&action] { action = [](std::ostream& out, std::ostream&) { return run_gpu_list(out); }; });
}

}  // namespace lockstep::cli
