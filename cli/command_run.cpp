// `lockstep run KERNEL.ptx --launch SPEC.toml [--model M] [--schedule S]
//  [--max-steps N] [--reconvergence T] [--json]`.
//
// --reconvergence picks the table the SIMT-stack models use: nvidia, ipdom,
// or the SafePDom tables of refined detection (safe: Algorithms 2 + 3 on the
// NVIDIA table; safe-aware: Algorithm 5), which delay reconvergence without
// changing the code.
#include <memory>
#include <string>

#include <fmt/format.h>

#include "checker/detect/detect.hpp"
#include "checker/detect/safepdom.hpp"
#include "cli/commands.hpp"
#include "cli/run_report.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/spec/element.hpp"

namespace lockstep::cli {
namespace {

struct RunCliOptions {
  std::string file;
  std::string launch;
  std::string model = "stack";
  std::string schedule = "round-robin";
  std::string reconvergence = "nvidia";
  std::string max_steps = "1000000000";
  bool json = false;
};

[[noreturn]] void usage_error(const std::string& msg) {
  throw InputError(Diagnostic{Severity::Error, "lockstep", {}, msg});
}

/// Replaces the setup's table by the SafePDom table of refined detection.
void use_safe_table(sem::LaunchSetup& setup, checker::SafeTarget target) {
  const checker::DetectOptions options;
  const checker::KernelDetection d = checker::detect(*setup.module, *setup.kernel, setup.analysis, options);
  setup.use_table(checker::safe_pdoms(*setup.module, *setup.kernel, setup.analysis, d, options, target).table);
}

int run_run(const RunCliOptions& o, std::ostream& out) {
  const auto model = sem::parse_model_kind(o.model);
  if (!model) usage_error(fmt::format("unknown model '{}' (models: mimd, stack, stack-amd, stack-nt)", o.model));
  sem::RunOptions ro;
  const auto steps = sem::parse_u64_text(o.max_steps);
  if (!steps || o.max_steps.starts_with("0x")) {
    usage_error(fmt::format("--max-steps: '{}' is not a number of steps (0 .. 18446744073709551615; 0 = no limit)",
                            o.max_steps));
  }
  ro.max_steps = *steps;
  const auto sched = sem::parse_schedule(o.schedule, ro);
  if (!sched) usage_error(fmt::format("unknown schedule '{}' (round-robin, greedy, random:SEED)", o.schedule));
  sem::ReconvergenceChoice table = sem::ReconvergenceChoice::Nvidia;
  const bool safe = o.reconvergence == "safe" || o.reconvergence == "safe-aware";
  if (o.reconvergence == "ipdom") {
    table = sem::ReconvergenceChoice::Ipdom;
  } else if (o.reconvergence != "nvidia" && !safe) {
    usage_error(fmt::format("unknown reconvergence table '{}' (nvidia, ipdom, safe, safe-aware)", o.reconvergence));
  }
  const ir::Module module = load_ptx_file(o.file);
  const sem::LaunchSpec spec = sem::parse_launch_spec_file(o.launch);
  const auto setup = sem::prepare_launch(module, spec, table);
  if (safe) use_safe_table(*setup, o.reconvergence == "safe-aware" ? checker::SafeTarget::Aware
                                                                    : checker::SafeTarget::Stack);
  const sem::RunOutcome r = sem::run_model(*setup, *model, *sched);
  const RunContext ctx{setup.get(), &spec, o.model, o.schedule};
  if (o.json) {
    out << run_json(r, ctx).dump(1) << '\n';
  } else {
    run_text(out, r, ctx);
  }
  return run_exit_status(r, ctx);
}

}  // namespace

void add_run_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("run", "Execute a kernel launch under a divergence model");
  auto o = std::make_shared<RunCliOptions>();
  cmd->add_option("file", o->file, "PTX file")->required();
  cmd->add_option("--launch", o->launch, "launch specification (TOML)")->required();
  cmd->add_option("--model", o->model, "divergence model: mimd, stack, stack-amd, stack-nt")->capture_default_str();
  cmd->add_option("--schedule", o->schedule, "round-robin, greedy or random:SEED")->capture_default_str();
  cmd->add_option("--reconvergence", o->reconvergence,
                  "reconvergence table of the stack models: nvidia, ipdom, safe, safe-aware")
      ->capture_default_str();
  cmd->add_option("--max-steps", o->max_steps, "stop after this many steps (0: no limit)")->capture_default_str();
  cmd->add_flag("--json", o->json, "machine-readable JSON");
  cmd->callback([&action, o] { action = [o](std::ostream& out, std::ostream&) { return run_run(*o, out); }; });
}

}  // namespace lockstep::cli
