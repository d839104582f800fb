// `lockstep equiv` (cli/equiv_command.hpp): loads both PTX files, the
// launch spec and the origin map (or lets equiv recover it), runs the
// selected parts and reports.
#include <fmt/format.h>

#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include "checker/equiv/equiv_report.hpp"
#include "checker/equiv/origin_map.hpp"
#include "cli/bound_options.hpp"
#include "cli/equiv_command.hpp"
#include "cli/model_options.hpp"
#include "cli/verify_options.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::cli {
namespace {

struct EquivCliOptions {
  std::string original;
  std::string transformed;
  std::string launch;
  std::string origin;
  std::string part = "all";
  std::string model = "stack";
  bool json = false;
  EquivBoundsCli bounds;
};

[[noreturn]] void input_error(const std::string& file, const std::string& message) {
  Diagnostic d;
  d.file = file;
  d.message = message;
  throw InputError(std::move(d));
}

std::vector<std::uint32_t> read_origin(const std::string& path, const std::string& kernel) {
  std::ifstream f(path, std::ios::binary);
  if (!f) input_error(path, "cannot read file");
  std::vector<checker::KernelOrigin> kernels;
  try {
    kernels = checker::origin_from_json(nlohmann::json::parse(f));
  } catch (const nlohmann::json::exception& e) {
    input_error(path, std::string("not JSON: ") + e.what());
  } catch (const std::invalid_argument& e) {
    input_error(path, e.what());
  }
  auto found = checker::find_origin(kernels, kernel);
  if (!found) input_error(path, fmt::format("no origin map for kernel {}", kernel));
  return std::move(*found);
}

int run_equiv_command(const EquivCliOptions& o, std::ostream& out) {
  checker::equiv::EquivOptions options;
  if (o.part != "all") {
    options.part_a = o.part == "a";
    options.part_b = o.part == "b";
    options.part_c = o.part == "c";
  }
  options.bounds = equiv_explore_options(o.bounds);
  options.model = parse_model_option(o.model);
  // As in verify: a timeout of any value is explored as every value at once.
  if (options.model.kind == sem::ModelKind::Aware && options.model.timeout != 0) {
    options.model.timeout = sem::ModelSpec::kTimeoutAny;
  }
  const ir::Module original = load_ptx_file(o.original);
  const ir::Module transformed = load_ptx_file(o.transformed);
  const sem::LaunchSpec spec = sem::parse_launch_spec_file(o.launch);
  checker::equiv::EquivInput in;
  in.original = &original;
  in.transformed = &transformed;
  in.spec = &spec;
  if (!o.origin.empty()) {
    std::string kernel;
    if (spec.kernel) {
      kernel = *spec.kernel;
    } else if (transformed.kernels.size() == 1) {
      kernel = transformed.kernels.front().name;
    }
    in.origin = read_origin(o.origin, kernel);
  }
  const checker::equiv::EquivResult r = checker::equiv::run_equiv(in, options);
  return print_equiv(out, r, o.json, o.bounds.stats);
}

}  // namespace

void add_equiv_bounds(CLI::App* cmd, EquivBoundsCli& b) {
  cmd->add_option("--max-states", b.max_states, "stop each exploration after this many distinct states")
      ->capture_default_str();
  cmd->add_option("--max-depth", b.max_depth, "stop a path at this depth (merged steps)")->capture_default_str();
  cmd->add_option("--max-memory", b.max_memory, "memory bound of each exploration (MiB; auto: 4096 or half the memory)")
      ->capture_default_str();
  cmd->add_option("--timeout", b.timeout, "wall-clock bound of each exploration (seconds, 0: none)")
      ->capture_default_str();
  cmd->add_flag("--stats", b.stats, "print the explorations' counts and times");
}

checker::ExploreOptions equiv_explore_options(const EquivBoundsCli& b) {
  checker::ExploreOptions x;
  x.max_states = parse_count_option("--max-states", b.max_states, 1);
  x.max_depth = parse_count_option("--max-depth", b.max_depth, 1);
  x.max_memory_mib = b.max_memory == "auto" ? default_max_memory_mib() : parse_count_option("--max-memory", b.max_memory, 1);
  x.timeout_seconds = parse_seconds_option("--timeout", b.timeout);
  return x;
}

int print_equiv(std::ostream& out, const checker::equiv::EquivResult& r, bool json, bool stats) {
  if (json) {
    out << checker::equiv::equiv_json(r, stats).dump(1) << '\n';
  } else {
    checker::equiv::equiv_text(out, r, stats);
  }
  return checker::equiv::verdict_exit_code(r.verdict);
}

void add_equiv_command(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "equiv", "Prove a transformed kernel (an SSDE output) correct for a launch: refinement, termination, inclusion");
  auto o = std::make_shared<EquivCliOptions>();
  cmd->add_option("original", o->original, "the original PTX file")->required();
  cmd->add_option("transformed", o->transformed, "the transformed PTX file")->required();
  cmd->add_option("--launch", o->launch, "launch specification (TOML)")->required();
  cmd->add_option("--origin", o->origin, "origin map written by `lockstep ssde --origin-out` (default: recovered)");
  cmd->add_option("--part", o->part, "which part to run: a, b, c or all")
      ->check(CLI::IsMember({"a", "b", "c", "all"}))
      ->capture_default_str();
  cmd->add_option("--model", o->model,
                  "the divergence model TRANSFORMED must terminate under (parts b and c; `lockstep models`)")
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "machine-readable JSON");
  add_equiv_bounds(cmd, o->bounds);
  cmd->callback([&action, o] {
    action = [o](std::ostream& out, std::ostream&) { return run_equiv_command(*o, out); };
  });
}

}  // namespace lockstep::cli
