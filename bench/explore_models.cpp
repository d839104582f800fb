// The schedule explorer on the bundled models.
//
// 1. The spin lock (models/kernels/spin_lock): under `stack` with its own
//    launch (2 blocks x 32 threads) the time to the counterexample (a fair
//    non-terminating cycle) with default options; under `mimd` with one
//    block of 8 threads (and [expect] counter = 8, mutex = 0) the time of
//    the exhaustive search that proves it. Medians of --repetitions runs,
//    in CPU seconds of the process (.wall_seconds: wall clock).
//      explore.spin_lock.stack.verdict / .seconds / .states / .depth
//      explore.spin_lock.mimd8.verdict / .seconds / .states / .transitions
// 2. Every model x {mimd, stack} on a small launch (mimd: 1 block of
//    --mimd-threads, default 8; stack: the model's own geometry when it has
//    at most 64 threads, else one block of at most 64), with the fairness
//    check and the race report off, and every search bounded by
//    --max-states (default 1,000,000) and --timeout seconds (default 10):
//    the states, transitions and outcome ("complete" when the search covered
//    the graph, a finding's kind, or "bound:KIND") for each reduction configuration
//    (none, merge, merge+canonical, merge+canonical+sleep, merge+canonical+por), one line per
//    model x model kind:
//      explore.table <model> <mimd|stack> threads=N <reduction>=<states>/<transitions>/<verdict>/<CPU s> ...
//    A model that does not load or prepare is named with the error.
// Usage: explore_models [--repetitions=R] [--mimd-threads=N] [--max-states=N] [--timeout=S]
//                       [--only=MODEL] [--skip-table] [--skip-spin]
#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "bench/support/duration_samples.hpp"
#include "bench/support/explore_bench.hpp"
#include "bench/support/flags.hpp"

namespace {

namespace bench = lockstep::bench;
using lockstep::checker::ExploreOptions;
using lockstep::sem::ModelKind;

std::string spin_spec(unsigned blocks, unsigned threads) {
  const std::string total = std::to_string(blocks * threads);
  return "kernel = \"_Z9spin_lockPiPVi\"\ngrid = [" + std::to_string(blocks) + "]\nblock = [" +
         std::to_string(threads) +
         "]\nparams = [\"mutex\", \"counter\"]\n"
         "[[buffer]]\nname = \"mutex\"\ntype = \"s32\"\ncount = 1\ninit = \"zeros\"\n"
         "[[buffer]]\nname = \"counter\"\ntype = \"s32\"\ncount = 1\ninit = \"zeros\"\n"
         "[expect]\ncounter = [" + total + "]\nmutex = [0]\n";
}

std::string read_file(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) throw std::runtime_error("cannot read " + path);
  std::string text;
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
  std::fclose(f);
  return text;
}

void spin_lock(const std::string& root, const char* key, ModelKind model, unsigned blocks, unsigned threads,
               unsigned repetitions) {
  const auto launch = bench::hold_launch(read_file(root + "/models/kernels/spin_lock/spin_lock.ptx"),
                                         "spin_lock.ptx", spin_spec(blocks, threads));
  ExploreOptions options;  // the defaults of `lockstep verify`
  bench::DurationSamples wall, cpu;
  bench::TimedExploration last;
  for (unsigned r = 0; r < repetitions; ++r) {
    last = bench::timed_explore(*launch->setup, model, options, &launch->spec);
    wall.add_seconds(last.wall_seconds);
    cpu.add_seconds(last.cpu_seconds);
  }
  const auto& s = last.result.stats;
  std::printf("explore.spin_lock.%s.verdict %s\n", key, bench::verdict(last.result).c_str());
  std::printf("explore.spin_lock.%s.seconds %.4f\n", key, cpu.median());
  std::printf("explore.spin_lock.%s.wall_seconds %.4f\n", key, wall.median());
  std::printf("explore.spin_lock.%s.states %llu\n", key, static_cast<unsigned long long>(s.states));
  std::printf("explore.spin_lock.%s.transitions %llu\n", key, static_cast<unsigned long long>(s.transitions));
  std::printf("explore.spin_lock.%s.max_depth %u\n", key, s.max_depth);
  if (last.result.finding)
    std::printf("explore.spin_lock.%s.trace_steps %zu\n", key, last.result.finding->steps.size());
  std::fflush(stdout);
}

void table_row(const std::string& root, const std::string& name, ModelKind model, std::uint32_t mimd_threads,
               const ExploreOptions& base) {
  const char* kind = model == ModelKind::Mimd ? "mimd" : "stack";
  std::string line = "explore.table " + name + " " + kind;
  try {
    const bench::Geometry g = bench::small_geometry(bench::model_geometry(root, name), model, mimd_threads, 64);
    const auto launch = bench::hold_model_launch(root, name, g.grid, g.block);
    line += " threads=" + std::to_string(g.grid[0] * g.grid[1] * g.grid[2] * g.block[0] * g.block[1] * g.block[2]);
    for (const bench::Reduction& r : bench::reductions(base)) {
      const bench::TimedExploration t = bench::timed_explore(*launch->setup, model, r.options);
      const auto& s = t.result.stats;
      // Safety-only searches: an exhaustive one has covered the graph, which
      // says nothing about termination.
      std::string v = bench::verdict(t.result);
      if (v == "verified") v = "complete";
      char cell[160];
      std::snprintf(cell, sizeof cell, " %s=%llu/%llu/%s/%.2fs", r.name.c_str(),
                    static_cast<unsigned long long>(s.states), static_cast<unsigned long long>(s.transitions),
                    v.c_str(), t.cpu_seconds);
      line += cell;
    }
  } catch (const std::exception& e) {
    line += " error: ";
    line += e.what();
    std::replace(line.begin(), line.end(), '\n', ' ');
  }
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) try {
  const auto number = [&](const char* name, double fallback) {
    const auto v = bench::take_flag(argc, argv, name);
    return v ? std::stod(*v) : fallback;
  };
  const auto repetitions = static_cast<unsigned>(std::max(1.0, number("repetitions", 3)));
  const auto mimd_threads = static_cast<std::uint32_t>(number("mimd-threads", 8));
  ExploreOptions base;
  base.max_states = static_cast<std::uint64_t>(number("max-states", 1'000'000));
  base.timeout_seconds = number("timeout", 10);
  base.stop_at_first = false;
  const auto only = bench::take_flag(argc, argv, "only");
  bool skip_table = false, skip_spin = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--skip-table") skip_table = true;
    if (a == "--skip-spin") skip_spin = true;
  }
  const std::string root = LOCKSTEP_SOURCE_DIR;
  if (!skip_spin) {
    spin_lock(root, "stack", ModelKind::Stack, 2, 32, repetitions);
    spin_lock(root, "mimd8", ModelKind::Mimd, 1, mimd_threads, repetitions);
  }
  if (!skip_table) {
    for (const std::string& name : bench::bundled_models(root)) {
      if (only && *only != name) continue;
      for (const ModelKind m : {ModelKind::Mimd, ModelKind::Stack}) table_row(root, name, m, mimd_threads, base);
    }
  }
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "explore_models: %s\n", e.what());
  return 2;
}
