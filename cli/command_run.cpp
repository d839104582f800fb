// `lockstep run KERNEL.ptx --launch SPEC.toml [--model M] [--schedule S]
//  [--max-steps N] [--reconvergence T] [--json]`, and
// `lockstep run KERNEL.ptx --replay TRACE [--launch SPEC] [--json]`, which
// replays a counterexample trace of `lockstep verify`: the PTX and launch
// digests are compared (a difference is a warning), the model, table, kernel
// and shape come from the trace, and the replay must reach the trace's
// outcome and state (checker/trace/trace_replay.hpp); exit statuses as for
// a run (3 deadlock or non-termination, 5 error, 2 [expect] mismatch), 1
// when the trace does not replay.
//
// --model names a divergence model with its options (`lockstep models`);
// --reconvergence picks the table the models use: nvidia, ipdom, or the
// SafePDom tables of refined detection (safe: Algorithms 2 + 3 on the NVIDIA
// table; safe-aware: Algorithm 5, AWARE's delayed reconvergence), which
// delay reconvergence without changing the code (cli/model_options.hpp).
#include <memory>
#include <string>

#include <fmt/format.h>

#include "checker/trace/trace.hpp"
#include "checker/trace/trace_json.hpp"
#include "checker/trace/trace_replay.hpp"
#include "cli/commands.hpp"
#include "cli/model_options.hpp"
#include "cli/symbolic_values.hpp"
#include "cli/run_report.hpp"
#include "cli/run_residency.hpp"
#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
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
  std::string replay;
  std::string inputs;
  RunResidencyOptions residency;
  bool json = false;
};

/// Warns when `path` is not the file the trace was recorded on.
void check_digest(const std::string& path, const std::string& recorded, std::ostream& err) {
  const std::string now = checker::xxh64_hex(Source::read_file(path).text());
  if (now != recorded) {
    err << fmt::format("lockstep: warning: {} differs from the file the trace was recorded on (xxh64 {}, trace {})\n",
                       path, now, recorded);
  }
}

int run_replay(const RunCliOptions& o, std::ostream& out, std::ostream& err) {
  const checker::Trace t = checker::read_trace_file(o.replay);
  const std::string launch = o.launch.empty() ? t.launch : o.launch;
  const ir::Module module = load_ptx_file(o.file);
  require_kernels(module);
  sem::LaunchSpec spec = sem::parse_launch_spec_file(launch);
  // A counterexample of a symbolic launch carries the input values of its model.
  if (!t.inputs.empty()) spec = sem::concretize(spec, from_trace_inputs(t.inputs, o.replay));
  check_digest(o.file, t.ptx_xxh64, err);
  check_digest(launch, t.launch_xxh64, err);
  if (module.find_kernel(t.kernel) == nullptr) {
    throw InputError(Diagnostic{Severity::Error, o.replay, {},
                                fmt::format("the trace is for kernel {}, which {} does not have", t.kernel, o.file)});
  }
  spec.kernel = t.kernel;
  const auto table = parse_table_name(t.reconvergence);
  if (!table) {
    throw InputError(Diagnostic{Severity::Error, o.replay, {},
                                fmt::format("unknown reconvergence table '{}' in the trace", t.reconvergence)});
  }
  const auto setup = prepare_with_table(module, spec, *table);
  setup->cuda_barrier_rule = t.cuda_barrier_rule;
  setup->tm_serializable_check = t.tm_serializable;
  setup->tm_protocol = t.tm_protocol;
  const checker::TraceReplay r = checker::replay_trace(*setup, &spec, t);
  if (!r.ok) {
    throw InputError(Diagnostic{Severity::Error, o.replay, {}, fmt::format("the trace does not replay: {}", r.error)});
  }
  if (o.json) {
    out << replay_json(t, r, o.replay).dump(1) << '\n';
  } else {
    replay_text(out, t, r, o.replay);
  }
  return r.exit_status(t.kind);
}

int run_run(const RunCliOptions& o, std::ostream& out, std::ostream& err) {
  if (!o.replay.empty()) return run_replay(o, out, err);
  if (o.launch.empty()) usage_error("--launch is required");
  const sem::ModelSpec model = parse_model_option(o.model);
  if (model.kind == sem::ModelKind::Aware && model.timeout == sem::ModelSpec::kTimeoutAny) {
    usage_error("model 'aware': timeout=any is for verify (every timeout value at once); run needs a number of "
                "warp instructions (aware:timeout=N) or off");
  }
  sem::RunOptions ro;
  const auto steps = sem::parse_u64_text(o.max_steps);
  if (!steps || o.max_steps.starts_with("0x")) {
    usage_error(fmt::format("--max-steps: '{}' is not a number of steps (0 .. 18446744073709551615; 0 = no limit)",
                            o.max_steps));
  }
  ro.max_steps = *steps;
  const auto sched = sem::parse_schedule(o.schedule, ro);
  if (!sched) usage_error(fmt::format("unknown schedule '{}' (round-robin, greedy, random:SEED)", o.schedule));
  const TableOption table = parse_table_option(o.reconvergence);
  const ir::Module module = load_ptx_file(o.file);
  require_kernels(module);
  sem::LaunchSpec spec = sem::parse_launch_spec_file(o.launch);
  if (!o.inputs.empty()) {
    spec = sem::concretize(spec, parse_inputs_option(o.inputs));
  } else {
    sem::require_concrete(spec, "run");
  }
  const auto setup = prepare_with_table(module, spec, table);
  // The buffers' initial bytes are in the launch's global memory now; a
  // large launch need not keep them twice.
  for (sem::BufferSpec& b : spec.buffers) std::vector<std::uint8_t>().swap(b.bytes);
  const RunResidency residency = plan_run_residency(*setup, spec, o.residency, err);
  ro = *sched;
  ro.resident_blocks = residency.resident_blocks;
  ro.residency_limit = residency.limit;
  const sem::RunOutcome r = sem::run_model(*setup, model, ro);
  const RunContext ctx{setup.get(), &spec, sem::model_spec_name(model), o.schedule, residency.limit};
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
  cmd->add_option("--launch", o->launch, "launch specification (TOML); required unless --replay names one");
  auto* model = cmd->add_option("--model", o->model,
                                "divergence model (`lockstep models` lists them): mimd, stack, aware[:timeout=N], "
                                "mp[:splits=N], its, minpc, long:SIZE, ...")
                    ->capture_default_str();
  auto* schedule = cmd->add_option("--schedule", o->schedule, "round-robin, greedy or random:SEED")->capture_default_str();
  auto* reconv = cmd->add_option("--reconvergence", o->reconvergence,
                                 "reconvergence table of the models: nvidia, ipdom, safe, safe-aware")
                     ->capture_default_str();
  auto* steps =
      cmd->add_option("--max-steps", o->max_steps, "stop after this many steps (0: no limit)")->capture_default_str();
  cmd->add_option("--inputs", o->inputs, "values of the spec's symbolic inputs: NAME=VALUE,...");
  cmd->add_option("--replay", o->replay,
                  "replay a counterexample trace of `lockstep verify` (model, table and schedule come from it)")
      ->excludes(model)
      ->excludes(schedule)
      ->excludes(reconv)
      ->excludes(steps);
  auto* residency = cmd->add_option("--residency", o->residency.residency,
                                    "blocks with state at once: auto (as many as --memory-budget holds), all, or N; "
                                    "later blocks start as earlier ones finish")
                        ->capture_default_str();
  auto* budget = cmd->add_option("--memory-budget", o->residency.memory_budget,
                                 "MiB of block state that --residency auto fills")
                     ->capture_default_str();
  auto* gpu = cmd->add_option("--gpu", o->residency.gpu,
                              "keep as many blocks resident as this GPU holds (NAME or FILE, as for sim)");
  for (auto* opt : {residency, budget, gpu}) opt->excludes(cmd->get_option("--replay"));
  cmd->add_flag("--json", o->json, "machine-readable JSON");
  cmd->callback([&action, o] {
    action = [o](std::ostream& out, std::ostream& err) { return run_run(*o, out, err); };
  });
}

}  // namespace lockstep::cli
