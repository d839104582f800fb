// `lockstep verify FILE --launch SPEC [--kernel NAME] [--model M]
//  [--reconvergence nvidia|ipdom|safe|safe-aware] [--property all|safety|termination]
//  [--max-states N] [--max-depth N] [--max-memory MiB] [--timeout S]
//  [--no-merge] [--no-canonical] [--no-por] [--full-states] [--trace-out PATH] [--json]`:
// explores every schedule of one launch and answers `verified` (exit 0),
// `counterexample` (exit 3, with a trace file that `run --replay` replays)
// or `inconclusive` (exit 4, the bound that stopped the search); 1 on error.
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "checker/explore/explore_launch.hpp"
#include "checker/symbolic/explore_symbolic.hpp"
#include "checker/trace/finding_trace.hpp"
#include "checker/trace/trace_json.hpp"
#include "checker/verify/verify_report.hpp"
#include "cli/commands.hpp"
#include "cli/kernel_select.hpp"
#include "cli/search_progress.hpp"
#include "cli/signal_watch.hpp"
#include "cli/verify_options.hpp"
#include "cli/usage_error.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "semantics/launch/model_kind.hpp"

namespace lockstep::cli {
namespace {

int run_verify(const VerifyCliOptions& o, std::ostream& out, std::ostream& err) {
  const SignalWatch signals;  // from the start: a signal during loading must not kill either
  const VerifySettings s = parse_verify_options(o);
  const ir::Module module = load_ptx_file(o.file);
  require_kernels(module);
  sem::LaunchSpec spec = sem::parse_launch_spec_file(o.launch);
  if (!o.kernel.empty()) spec.kernel = select_kernels(module, o.kernel).front()->name;
  const auto setup = prepare_with_table(module, spec, s.table);
  setup->cuda_barrier_rule = s.properties.cuda_barriers;
  setup->tm_serializable_check = s.properties.serializable;
  setup->tm_protocol = s.tm_protocol;

  checker::ExploreRequest req;
  req.model = s.model;
  req.options = s.explore;
  req.options.stop = &signals.stop();
  SearchProgress progress(err, !o.quiet);
  progress.attach(req.options);
  req.spec = s.properties.expect ? &spec : nullptr;
  checker::Exploration e;
  std::optional<checker::SymbolicExploration> sym;
  try {
    if (spec.has_symbolic()) {
      sym = checker::explore_symbolic(*setup, spec, req);
      e = std::move(sym->exploration);
    } else {
      e = checker::explore_launch(*setup, req);
    }
  } catch (const std::invalid_argument& x) {
    usage_error(x.what());
  }
  if (e.bound == checker::BoundKind::Interrupted) e.bound_limit = static_cast<std::uint64_t>(signals.signal_number());

  checker::VerifyReport rep;
  rep.verdict = checker::compose_verdict(e);
  rep.exploration = &e;
  rep.ptx = o.file;
  rep.kernel = setup->kernel->name;
  rep.model = sem::model_spec_name(s.model);
  rep.reconvergence = o.reconvergence;
  rep.grid = setup->shape.grid;
  rep.block = setup->shape.block;
  rep.cooperative = setup->cooperative;
  rep.properties = s.properties;
  rep.options = s.explore;
  rep.timing = !o.no_timing;
  std::optional<checker::Trace> trace;
  if (sym) rep.if_converted = sym->if_converted;
  if (sym) rep.symbolic = sym->constraints.empty() ? std::string("unconstrained") : sym->constraints;
  if (e.finding) {
    // A verdict must be what its trace shows: finding_trace replays the
    // finding (concretely, with the model's input values for a symbolic
    // launch) and its trace as `run --replay` does.
    checker::FindingLaunch fl;
    fl.module = &module;
    fl.spec = &spec;
    fl.prepare = [&module, &s](const sem::LaunchSpec& concrete) { return prepare_with_table(module, concrete, s.table); };
    fl.cuda_barrier_rule = s.properties.cuda_barriers;
    fl.tm_serializable = s.properties.serializable;
    fl.tm_protocol = s.tm_protocol;
    fl.model = s.model;
    fl.canonical = s.explore.canonical;
    fl.merge = s.explore.merge;
    if (sym) {
      fl.inputs = sym->inputs;
      fl.if_converted = sym->if_converted;
    }
    try {
      trace = checker::finding_trace(fl, checker::trace_origin_of_files(o.file, o.launch, rep.model, o.reconvergence),
                                     *e.finding);
    } catch (const checker::FindingCarryError& x) {
      usage_error(x.what());
    }
    if (sym) rep.inputs = trace->inputs;
    rep.trace = &*trace;
    rep.trace_path = o.trace_out.empty() ? default_trace_path(o.file, rep.model) : o.trace_out;
    checker::write_trace_file(*trace, rep.trace_path);
  }
  if (o.json) {
    out << checker::verify_json(rep).dump(1) << '\n';
  } else {
    checker::verify_text(out, rep);
  }
  return rep.verdict.exit_status();
}

}  // namespace

void add_verify_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "verify", "Explore every schedule of a launch: verified, counterexample (with a trace) or inconclusive");
  auto o = std::make_shared<VerifyCliOptions>();
  cmd->add_option("file", o->file, "PTX file")->required();
  cmd->add_option("--launch", o->launch, "launch specification (TOML)")->required();
  cmd->add_option("-k,--kernel", o->kernel, "the kernel to launch (default: the spec's)");
  cmd->add_option("--model", o->model,
                  "divergence model (`lockstep models` lists them); aware:timeout=N explores every timeout value")
      ->capture_default_str();
  cmd->add_option("--reconvergence", o->reconvergence, "reconvergence table of the models: nvidia, ipdom, safe, safe-aware")
      ->capture_default_str();
  cmd->add_option("--property", o->property,
                  "comma-separated: all; safety (deadlock, faults, [expect]); termination (deadlock, faults, fair cycles); "
                  "barrier-divergence (deadlock, faults, CUDA's barrier rule); serializable (deadlock, faults, "
                  "serializability of the committed transactions in commit-ID order)")
      ->capture_default_str();
  cmd->add_option("--tm-protocol", o->tm_protocol,
                  "the commit protocol of transactions: ideal (atomic commit), kilotm (Kilo TM's commit units), "
                  "kilotm+tcd (with TCD's silent read-only commits), warptm (intra-warp conflict resolution, then "
                  "warp-level commit); settings ,units=N (commit units, 1-8, default 2), "
                  ",lwh=SETSxWAYS/BUCKETSxARRAYS (last-writer history, default 128x4/256x4), ,resolution=2pcr|scr "
                  "(warptm)")
      ->capture_default_str();
  cmd->add_option("--max-states", o->max_states, "stop (inconclusive) after this many distinct states")
      ->capture_default_str();
  cmd->add_option("--max-depth", o->max_depth, "stop (inconclusive) at this search depth")->capture_default_str();
  cmd->add_option("--max-memory", o->max_memory, "stop (inconclusive) when the search uses this many MiB (auto: 4096, or half the machine's memory when less)")
      ->capture_default_str();
  cmd->add_option("--timeout", o->timeout, "stop (inconclusive) after this many seconds (0: none)")
      ->capture_default_str();
  cmd->add_flag("--no-merge", o->no_merge, "one step per instruction (no merging of thread-private instructions)");
  cmd->add_flag("--no-por", o->no_por, "no persistent sets (explore every warp's step in every state)");
  cmd->add_flag("--no-canonical", o->no_canonical, "hash dead registers too");
  cmd->add_flag("--full-states", o->full_states, "keep every state and compare states on hash matches");
  cmd->add_option("--order-seed", o->order_seed,
                  "try the successors of each state in a random order drawn from this seed (0: warp and lane order); "
                  "the jobs of `lockstep swarm` differ by it")
      ->capture_default_str();
  cmd->add_option("--trace-out", o->trace_out, "where to write a counterexample (default <ptx stem>.<model>.trace.json)");
  cmd->add_flag("--json", o->json, "machine-readable JSON");
  cmd->add_flag("--quiet", o->quiet, "no progress line on a terminal");
  cmd->add_flag("--no-timing", o->no_timing, "leave times out of the report")->group("");
  cmd->callback([&action, o] {
    action = [o](std::ostream& out, std::ostream& err) { return run_verify(*o, out, err); };
  });
}

}  // namespace lockstep::cli
