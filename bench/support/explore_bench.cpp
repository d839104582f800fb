// Launch loading, reduction configurations and timing of the explorer
// benchmarks (explore_bench.hpp).
#include "bench/support/explore_bench.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>

#include "checker/explore/explore_launch.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"

namespace lockstep::bench {

namespace fs = std::filesystem;

std::unique_ptr<HeldLaunch> hold_launch(const std::string& ptx, const std::string& ptx_name,
                                        const std::string& spec_text) {
  auto l = std::make_unique<HeldLaunch>();
  l->module = load_ptx(Source(ptx_name, ptx));
  l->spec = sem::parse_launch_spec(spec_text, "launch.toml", fs::current_path());
  l->setup = sem::prepare_launch(l->module, l->spec);
  return l;
}

std::vector<std::string> bundled_models(const std::string& root) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(fs::path(root) / "models" / "kernels")) {
    const std::string name = entry.path().filename().string();
    if (fs::exists(entry.path() / "launch.toml") && fs::exists(entry.path() / (name + ".ptx"))) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

Geometry model_geometry(const std::string& root, const std::string& name) {
  const sem::LaunchSpec spec =
      sem::parse_launch_spec_file(fs::path(root) / "models" / "kernels" / name / "launch.toml");
  return {spec.grid, spec.block};
}

std::unique_ptr<HeldLaunch> hold_model_launch(const std::string& root, const std::string& name,
                                              std::array<std::uint32_t, 3> grid, std::array<std::uint32_t, 3> block) {
  const fs::path dir = fs::path(root) / "models" / "kernels" / name;
  auto l = std::make_unique<HeldLaunch>();
  l->module = load_ptx_file((dir / (name + ".ptx")).string());
  l->spec = sem::parse_launch_spec_file(dir / "launch.toml");
  l->spec.grid = grid;
  l->spec.block = block;
  l->spec.expects.clear();
  l->setup = sem::prepare_launch(l->module, l->spec);
  return l;
}

namespace {
std::uint32_t product(const std::array<std::uint32_t, 3>& d) { return d[0] * d[1] * d[2]; }
}  // namespace

Geometry small_geometry(const Geometry& own, sem::ModelKind model, std::uint32_t mimd_threads,
                        std::uint32_t max_threads) {
  if (model == sem::ModelKind::Mimd) return {{1, 1, 1}, {mimd_threads, 1, 1}};
  if (product(own.grid) * product(own.block) <= max_threads) return own;
  Geometry g{{1, 1, 1}, own.block};
  if (product(g.block) > max_threads) g.block = {max_threads, 1, 1};
  return g;
}

std::vector<Reduction> reductions(const checker::ExploreOptions& base) {
  checker::ExploreOptions o = base;
  o.fairness = false;
  o.races = false;
  o.sleep_sets = false;
  o.persistent_sets = false;
  std::vector<Reduction> r;
  o.merge = false;
  o.canonical = false;
  r.push_back({"none", o});
  o.merge = true;
  r.push_back({"merge", o});
  o.canonical = true;
  r.push_back({"merge+canonical", o});
  o.sleep_sets = true;
  r.push_back({"merge+canonical+sleep", o});
  o.sleep_sets = false;
  o.persistent_sets = true;
  r.push_back({"merge+canonical+por", o});
  return r;
}

double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

TimedExploration timed_explore(const sem::LaunchSetup& setup, sem::ModelKind model,
                               const checker::ExploreOptions& options, const sem::LaunchSpec* spec) {
  checker::ExploreRequest request;
  request.model = model;
  request.options = options;
  request.spec = spec;
  TimedExploration t;
  const double cpu0 = process_cpu_seconds();
  const auto wall0 = std::chrono::steady_clock::now();
  t.result = checker::explore_launch(setup, request);
  t.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  t.cpu_seconds = process_cpu_seconds() - cpu0;
  return t;
}

std::string verdict(const checker::Exploration& e) {
  if (e.finding) return checker::finding_kind_name(e.finding->kind);
  if (!e.exhaustive()) return std::string("bound:") + checker::bound_kind_name(e.bound);
  return "verified";
}

}  // namespace lockstep::bench
