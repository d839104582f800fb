// `lockstep sim KERNEL.ptx --launch SPEC --gpu NAME|FILE [--model M]
//  [--reconvergence T] [--max-cycles N] [--stats text|json|csv] [--stats-out FILE]
//  [--sample-every N] [--timeline OUT.json] [--schedule-out TRACE] [--json] [--quiet]`:
// simulate a launch on a cycle-level model of a GPU (docs/sim.md). Exit
// statuses as for `run`: 0 completed and [expect] holds, 2 mismatch, 3
// deadlock or livelock, 4 cycle limit, 5 error, 1 input error (including a
// launch the GPU cannot run).
#include <fstream>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "cli/commands.hpp"
#include "cli/model_options.hpp"
#include "cli/schedule_trace.hpp"
#include "cli/sim_progress.hpp"
#include "cli/sim_report.hpp"
#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/spec/element.hpp"
#include "sim/config/load_gpu.hpp"
#include "sim/gpu/simulate.hpp"
#include "sim/stats/stats_format.hpp"
#include "sim/trace/timeline.hpp"

namespace lockstep::cli {
namespace {

struct SimCliOptions {
  std::string file;
  std::string launch;
  std::string gpu;
  std::string model;
  std::string reconvergence = "nvidia";
  std::string max_cycles = "100000000";
  std::string stats;
  std::string stats_out;
  std::string sample_every = "1000";
  std::string timeline;
  std::string schedule_out;
  bool json = false;
  bool quiet = false;
};

std::uint64_t number(const std::string& text, const char* option, const char* what) {
  const auto v = sem::parse_u64_text(text);
  if (!v || text.starts_with("0x")) usage_error(fmt::format("{}: '{}' is not {}", option, text, what));
  return *v;
}

int run_sim(const SimCliOptions& o, std::ostream& out, std::ostream& err) {
  const sim::LoadedGpu gpu = sim::load_gpu(o.gpu);
  for (const Diagnostic& w : gpu.warnings) err << w.format() << '\n';
  // Without --model: the GPU's divergence hardware (simd_model).
  const sem::ModelSpec model =
      !o.model.empty() ? parse_model_option(o.model)
                       : sem::ModelSpec(gpu.config.divergence.simd_model == sim::SimdModel::Aware ? sem::ModelKind::Aware
                                                                                                  : sem::ModelKind::Stack);
  if (model.kind == sem::ModelKind::Aware && model.timeout == sem::ModelSpec::kTimeoutAny) {
    usage_error("aware:timeout=any is for verify (every timeout value at once); sim counts the timeout in cycles: "
                "aware:timeout=N, or the GPU's aware_timeout without the option");
  }
  if (const std::string_view scope = sem::model_info(model.kind).scope; scope != "warp" && scope != "block" &&
                                                                       scope != "block (core in sim)") {
    usage_error(fmt::format("model '{}' ({} scope) is not supported in sim yet; run and verify support it",
                            sem::model_spec_name(model), scope));
  }
  const std::string model_name = sem::model_spec_name(sim::with_gpu_tables(model, gpu.config));
  const TableOption table = parse_table_option(o.reconvergence);
  if ((table == TableOption::Safe || table == TableOption::SafeAware) && !o.schedule_out.empty()) {
    usage_error("--schedule-out records the nvidia or ipdom table only (a trace cannot name a SafePDom table)");
  }
  sim::SimOptions options;
  options.model = model;
  options.max_cycles = number(o.max_cycles, "--max-cycles", "a number of cycles (0 = no limit)");
  const std::uint64_t every = number(o.sample_every, "--sample-every", "a number of cycles");
  sim::StatsFormat format = sim::StatsFormat::Text;
  if (o.stats == "json") {
    format = sim::StatsFormat::Json;
  } else if (o.stats == "csv") {
    format = sim::StatsFormat::Csv;
  } else if (!o.stats.empty() && o.stats != "text") {
    usage_error(fmt::format("--stats: unknown format '{}' (text, json, csv)", o.stats));
  }
  if (!o.stats_out.empty() && o.stats.empty()) usage_error("--stats-out needs --stats FORMAT");
  const ir::Module module = load_ptx_file(o.file);
  sem::LaunchSpec spec = sem::parse_launch_spec_file(o.launch);
  sem::require_concrete(spec, "sim");
  const auto setup = prepare_with_table(module, spec, table);
  // The buffers' initial bytes are in the launch's global memory now; a large
  // launch need not keep them twice.
  for (sem::BufferSpec& b : spec.buffers) std::vector<std::uint8_t>().swap(b.bytes);
  options.registers = spec.registers;
  options.record_schedule = !o.schedule_out.empty();
  if (!o.timeline.empty() || format == sim::StatsFormat::Json) options.sample_interval = every == 0 ? 1000 : every;
  std::unique_ptr<sim::TimelineRecorder> timeline;
  if (!o.timeline.empty()) {
    timeline = std::make_unique<sim::TimelineRecorder>(gpu.config, setup->shape.grid);
    options.observer = timeline.get();
  }
  sim::SimResult r;
  {
    SimProgress progress(err, !o.quiet);
    progress.attach(options);
    try {
      r = sim::simulate(*setup, gpu.config, options);
    } catch (const sim::LaunchRefused& e) {
      throw InputError(Diagnostic{Severity::Error, o.launch, {}, e.what()});
    } catch (const sim::GpuUnsupported& e) {
      usage_error(e.what());
    }
  }
  const SimContext ctx{RunContext{setup.get(), &spec, model_name, "", ""}, gpu.config.name, options.max_cycles,
                       gpu.config.core.scheduler.ddos.enabled};
  const bool want_stats = !o.stats.empty();
  const sim::StatGroups stats = want_stats ? sim::collect_stats(r, gpu.config) : sim::StatGroups{};
  if (o.json) {
    out << sim_json(r, ctx, want_stats && o.stats_out.empty() ? &stats : nullptr).dump(1) << '\n';
  } else {
    sim_text(out, r, ctx);
  }
  if (want_stats) {
    std::ofstream file;
    if (!o.stats_out.empty()) {
      file.open(o.stats_out, std::ios::binary);
      if (!file) throw InputError(Diagnostic{Severity::Error, o.stats_out, {}, "cannot write file"});
    }
    std::ostream& dst = o.stats_out.empty() ? out : file;
    if (!o.json || !o.stats_out.empty()) {
      switch (format) {
        case sim::StatsFormat::Text: sim::write_stats_text(dst, stats); break;
        case sim::StatsFormat::Csv: sim::write_stats_csv(dst, stats); break;
        case sim::StatsFormat::Json: dst << sim::stats_document(stats, r).dump(1) << '\n'; break;
      }
    }
  }
  if (timeline) {
    std::ofstream file(o.timeline, std::ios::binary);
    if (!file) throw InputError(Diagnostic{Severity::Error, o.timeline, {}, "cannot write file"});
    timeline->write(file, r);
  }
  if (!o.schedule_out.empty()) {
    const std::string warning = write_schedule_trace(
        o.schedule_out, *setup, spec, ScheduleOrigin{o.file, o.launch, sem::model_spec_name(r.model), o.reconvergence},
        r);
    if (!warning.empty()) err << "lockstep: warning: " << warning << '\n';
  }
  return sim_exit_status(r, ctx);
}

}  // namespace

void add_sim_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("sim", "Simulate a kernel launch on a cycle-level model of a GPU");
  auto o = std::make_shared<SimCliOptions>();
  cmd->add_option("file", o->file, "PTX file")->required();
  cmd->add_option("--launch", o->launch, "launch specification (TOML)")->required();
  cmd->add_option("--gpu", o->gpu, "bundled GPU name (lockstep gpu list), lockstep .toml or gpgpusim.config")
      ->required();
  cmd->add_option("--model", o->model,
                  "divergence model, as `lockstep models` lists them (default: the GPU's simd_model, stack or aware); "
                  "aware:timeout=N counts cycles (default: the GPU's aware_timeout)");
  cmd->add_option("--reconvergence", o->reconvergence,
                  "reconvergence table: nvidia, ipdom, safe, safe-aware (AWARE's delayed reconvergence)")
      ->capture_default_str();
  cmd->add_option("--max-cycles", o->max_cycles, "stop with cycle-limit after this many core cycles (0: no limit)")
      ->capture_default_str();
  cmd->add_option("--stats", o->stats, "print every statistic: text, json or csv");
  cmd->add_option("--stats-out", o->stats_out, "write the statistics to this file instead of standard output");
  cmd->add_option("--sample-every", o->sample_every, "cycles between counter samples (timeline, --stats json)")
      ->capture_default_str();
  cmd->add_option("--timeline", o->timeline, "write a Chrome/Perfetto trace of the simulation (JSON)");
  cmd->add_option("--schedule-out", o->schedule_out,
                  "write the issue order as a trace that `lockstep run --replay` replays");
  cmd->add_flag("--json", o->json, "machine-readable JSON");
  cmd->add_flag("--quiet", o->quiet, "no progress on standard error");
  cmd->callback([&action, o] {
    action = [o](std::ostream& out, std::ostream& err) { return run_sim(*o, out, err); };
  });
}

}  // namespace lockstep::cli
