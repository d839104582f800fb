// `lockstep verify FILE --launch SPEC [--kernel NAME] [--model M]
//  [--reconvergence nvidia|ipdom|safe|safe-aware] [--property all|safety|termination]
//  [--max-states N] [--max-depth N] [--max-memory MiB] [--timeout S]
//  [--no-merge] [--no-canonical] [--full-states] [--trace-out PATH] [--json]`:
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
#include "checker/trace/trace_build.hpp"
#include "checker/trace/trace_json.hpp"
#include "checker/trace/trace_replay.hpp"
#include "checker/verify/verify_report.hpp"
#include "cli/commands.hpp"
#include "cli/kernel_select.hpp"
#include "cli/search_progress.hpp"
#include "cli/signal_watch.hpp"
#include "cli/symbolic_values.hpp"
#include "cli/verify_options.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/launch/model_kind.hpp"

namespace lockstep::cli {
namespace {

[[noreturn]] void fail(const std::string& msg) { throw InputError(Diagnostic{Severity::Error, "lockstep", {}, msg}); }

/// Replays the finding to learn where the threads are, and makes its trace.
/// A verdict must be what its trace shows: the trace is replayed exactly as
/// `run --replay` replays it, and a trace that does not reach its outcome is
/// an internal error, never a reported counterexample.
checker::Trace make_trace(const sem::LaunchSetup& setup, const sem::LaunchSpec& spec, const VerifyCliOptions& o,
                          const VerifySettings& s, const checker::Finding& f) {
  const bool cycle = f.kind == checker::FindingKind::NonTermination;
  const checker::ReplayOutcome r = checker::replay_launch(setup, s.model, f.steps,
                                                          cycle ? std::optional<std::size_t>(f.cycle_start)
                                                                : std::nullopt,
                                                          s.explore.canonical);
  if (!r.ok || r.digest != f.digest) {
    throw std::logic_error(fmt::format("the {} counterexample does not replay to the explored state{}{}",
                                       checker::finding_kind_name(f.kind), r.ok ? "" : ": ", r.error));
  }
  checker::TraceOrigin origin;
  origin.ptx = o.file;
  origin.ptx_bytes = std::string(Source::read_file(o.file).text());
  origin.launch = o.launch;
  origin.launch_bytes = std::string(Source::read_file(o.launch).text());
  origin.model = sem::model_spec_name(s.model);
  origin.reconvergence = o.reconvergence;
  origin.canonical = s.explore.canonical;
  origin.cuda_barrier_rule = s.properties.cuda_barriers;
  checker::TraceEnd end{r.waits, r.fault, {}};
  if (f.kind == checker::FindingKind::ExpectMismatch) end.mismatches = checker::expect_mismatches(setup, spec, r.memory);
  checker::Trace t = checker::build_trace(setup, origin, f, end);
  const checker::TraceReplay check = checker::replay_trace(setup, &spec, t);
  if (!check.ok) {
    throw std::logic_error(fmt::format("the {} counterexample's trace does not replay: {}",
                                       checker::finding_kind_name(f.kind), check.error));
  }
  return t;
}

int run_verify(const VerifyCliOptions& o, std::ostream& out, std::ostream& err) {
  const SignalWatch signals;  // from the start: a signal during loading must not kill either
  const VerifySettings s = parse_verify_options(o);
  const ir::Module module = load_ptx_file(o.file);
  require_kernels(module);
  sem::LaunchSpec spec = sem::parse_launch_spec_file(o.launch);
  if (!o.kernel.empty()) spec.kernel = select_kernels(module, o.kernel).front()->name;
  const auto setup = prepare_with_table(module, spec, s.table);
  setup->cuda_barrier_rule = s.properties.cuda_barriers;

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
    fail(x.what());
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
  if (e.finding && sym) {
    // The counterexample holds for the model's input values: replay it concretely with them.
    const sem::LaunchSpec concrete = sem::concretize(spec, sym->inputs);
    const auto concrete_setup = prepare_with_table(module, concrete, s.table);
    concrete_setup->cuda_barrier_rule = s.properties.cuda_barriers;
    // Symbolic states hold terms: the trace records the digest of the concrete replay.
    checker::Finding f = *e.finding;
    if (sym->if_converted != 0) {
      try {
        f.steps = checker::rederive_schedule(*concrete_setup, s.model, f.steps, s.explore.merge);
      } catch (const std::runtime_error& x) {
        fail(fmt::format("the counterexample does not carry over to the kernel before if-conversion: {}", x.what()));
      }
    }
    const bool cycle = f.kind == checker::FindingKind::NonTermination;
    const checker::ReplayOutcome r = checker::replay_launch(
        *concrete_setup, s.model, f.steps, cycle ? std::optional<std::size_t>(f.cycle_start) : std::nullopt,
        s.explore.canonical);
    if (!r.ok) fail(fmt::format("the counterexample does not replay with the model's input values: {}", r.error));
    if (cycle && r.cycle_digest != r.digest) fail("the counterexample's cycle does not close with the model's input values");
    f.digest = r.digest;
    trace = make_trace(*concrete_setup, concrete, o, s, f);
    trace->inputs = to_trace_inputs(sym->inputs);
    rep.inputs = trace->inputs;
    rep.trace = &*trace;
    rep.trace_path = o.trace_out.empty() ? default_trace_path(o.file, rep.model) : o.trace_out;
    checker::write_trace_file(*trace, rep.trace_path);
  } else if (e.finding) {
    trace = make_trace(*setup, spec, o, s, *e.finding);
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
                  "barrier-divergence (deadlock, faults, CUDA's barrier rule)")
      ->capture_default_str();
  cmd->add_option("--max-states", o->max_states, "stop (inconclusive) after this many distinct states")
      ->capture_default_str();
  cmd->add_option("--max-depth", o->max_depth, "stop (inconclusive) at this search depth")->capture_default_str();
  cmd->add_option("--max-memory", o->max_memory, "stop (inconclusive) when the search uses this many MiB (auto: 4096, or half the machine's memory when less)")
      ->capture_default_str();
  cmd->add_option("--timeout", o->timeout, "stop (inconclusive) after this many seconds (0: none)")
      ->capture_default_str();
  cmd->add_flag("--no-merge", o->no_merge, "one step per instruction (no merging of thread-private instructions)");
  cmd->add_flag("--no-canonical", o->no_canonical, "hash dead registers too");
  cmd->add_flag("--full-states", o->full_states, "keep every state and compare states on hash matches");
  cmd->add_option("--trace-out", o->trace_out, "where to write a counterexample (default <ptx stem>.<model>.trace.json)");
  cmd->add_flag("--json", o->json, "machine-readable JSON");
  cmd->add_flag("--quiet", o->quiet, "no progress line on a terminal");
  cmd->add_flag("--no-timing", o->no_timing, "leave times out of the report")->group("");
  cmd->callback([&action, o] {
    action = [o](std::ostream& out, std::ostream& err) { return run_verify(*o, out, err); };
  });
}

}  // namespace lockstep::cli
