// Throughput of the schedule explorer: distinct states per second on the
// synthetic 2-warp kernel (bench/support/explore_loop_kernel.hpp) under the
// `stack` model, whose reachable states are the grid of the two warps'
// iteration counts. Four searches:
//   merged      merged private steps, dead-register zeroing, persistent
//               sets, fairness check and race report on (what `lockstep
//               verify` does; the loop's steps lie on a control-flow cycle,
//               so the persistent sets leave nothing out: their cost shows);
//   merged_no_por   the same without persistent sets (`verify --no-por`);
//   merged_safety   the same without the fairness check and the race report
//               (the bare search);
//   unmerged    every instruction a step of its own (default options
//               otherwise), on a shorter loop since the grid is finer.
// Each search runs --repetitions times (default 3); the figures are medians
// over the CPU time of the process (wall-clock seconds too, as
// .wall_seconds: they differ on a busy machine). Figures, one "KEY VALUE"
// line each:
//   explore.<search>.states, .transitions, .instructions, .verdict ("verified")
//   explore.<search>.states_per_s, .transitions_per_s, .ns_per_state, .seconds
//   explore.peak_rss_mb
// Usage: explore_throughput [--iterations=N] [--unmerged-iterations=N] [--alu=K] [--repetitions=R]
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "bench/support/duration_samples.hpp"
#include "bench/support/explore_bench.hpp"
#include "bench/support/explore_loop_kernel.hpp"
#include "bench/support/flags.hpp"

namespace {

using lockstep::bench::DurationSamples;
using lockstep::checker::ExploreOptions;

std::uint32_t flag_number(int& argc, char** argv, const char* name, std::uint32_t fallback) {
  const auto v = lockstep::bench::take_flag(argc, argv, name);
  return v ? static_cast<std::uint32_t>(std::stoul(*v)) : fallback;
}

/// Explores the kernel with `iterations` rounds `repetitions` times; prints the figures; false unless verified.
bool search(const char* key, std::uint32_t iterations, std::uint32_t alu, const ExploreOptions& options,
            unsigned repetitions) {
  const auto kernel = lockstep::bench::explore_loop_kernel(iterations, alu);
  const auto launch = lockstep::bench::hold_launch(kernel.ptx, "explore_loop.ptx", kernel.spec);
  DurationSamples wall, cpu;
  lockstep::bench::TimedExploration last;
  for (unsigned r = 0; r < repetitions; ++r) {
    last = lockstep::bench::timed_explore(*launch->setup, lockstep::sem::ModelKind::Stack, options);
    wall.add_seconds(last.wall_seconds);
    cpu.add_seconds(last.cpu_seconds);
  }
  const auto& s = last.result.stats;
  const double t = cpu.median();
  const std::string verdict = lockstep::bench::verdict(last.result);
  std::printf("explore.%s.iterations %u\n", key, iterations);
  std::printf("explore.%s.states %llu\n", key, static_cast<unsigned long long>(s.states));
  std::printf("explore.%s.transitions %llu\n", key, static_cast<unsigned long long>(s.transitions));
  std::printf("explore.%s.instructions %llu\n", key, static_cast<unsigned long long>(s.instructions));
  std::printf("explore.%s.verdict %s\n", key, verdict.c_str());
  std::printf("explore.%s.seconds %.3f\n", key, t);
  std::printf("explore.%s.wall_seconds %.3f\n", key, wall.median());
  std::printf("explore.%s.states_per_s %.0f\n", key, static_cast<double>(s.states) / t);
  std::printf("explore.%s.transitions_per_s %.0f\n", key, static_cast<double>(s.transitions) / t);
  std::printf("explore.%s.ns_per_state %.0f\n", key, t * 1e9 / static_cast<double>(std::max<std::uint64_t>(s.states, 1)));
  std::printf("explore.%s.peak_mib %.1f\n", key, static_cast<double>(s.peak_bytes) / (1024.0 * 1024.0));
  std::fflush(stdout);
  return verdict == "verified";
}

}  // namespace

int main(int argc, char** argv) try {
  const std::uint32_t iterations = flag_number(argc, argv, "iterations", 1000);
  const std::uint32_t unmerged = flag_number(argc, argv, "unmerged-iterations", 100);
  const std::uint32_t alu = flag_number(argc, argv, "alu", 4);
  const unsigned repetitions = std::max(1U, flag_number(argc, argv, "repetitions", 3));
  ExploreOptions options;
  options.max_states = 50'000'000;
  bool ok = search("merged", iterations, alu, options, repetitions);
  ExploreOptions safety = options;
  safety.fairness = false;
  safety.races = false;
  ok &= search("merged_safety", iterations, alu, safety, repetitions);
  ExploreOptions no_por = options;
  no_por.persistent_sets = false;
  ok &= search("merged_no_por", iterations, alu, no_por, repetitions);
  ExploreOptions plain = options;
  plain.merge = false;
  ok &= search("unmerged", unmerged, alu, plain, repetitions);
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  std::printf("explore.peak_rss_mb %.1f\n", static_cast<double>(ru.ru_maxrss) / 1024.0);
  return ok ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "explore_throughput: %s\n", e.what());
  return 2;
}
