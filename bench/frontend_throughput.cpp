// Frontend throughput: parse, lower and analyse a PTX file of at least
// 20 MiB, synthesised from the bundled models (bench/support/model_corpus.hpp),
// on one core. Three benchmarks show where the time goes: parse only,
// parse + lower (lockstep::load_ptx, which also builds the blocks), and
// parse + lower + every analysis of every kernel.
//
// Own flags (before the Google Benchmark ones):
//   --write-ptx=PATH    also write the synthesised file to PATH
//   --min-bytes=N       size of the file (default 20 MiB)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <exception>
#include <iostream>
#include <string>

#include "bench/support/analysis_digest.hpp"
#include "bench/support/figure_reporter.hpp"
#include "bench/support/flags.hpp"
#include "bench/support/model_corpus.hpp"
#include "frontend/diagnostics.hpp"
#include "frontend/load.hpp"
#include "frontend/ptx/parser.hpp"
#include "frontend/source.hpp"

namespace {

using lockstep::bench::Measure;

constexpr std::size_t kDefaultMinBytes = std::size_t{20} << 20;
/// Each benchmark runs at least this long (one iteration is about a second).
constexpr double kMinSeconds = 3.0;

int run(int argc, char** argv) {
  const auto write_path = lockstep::bench::take_flag(argc, argv, "write-ptx");
  const auto min_bytes_flag = lockstep::bench::take_flag(argc, argv, "min-bytes");
  std::ostream& summary = lockstep::bench::summary_stream(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  const std::size_t min_bytes = min_bytes_flag ? std::stoull(*min_bytes_flag) : kDefaultMinBytes;
  lockstep::bench::Corpus corpus =
      lockstep::bench::synthesise_corpus(LOCKSTEP_SOURCE_DIR "/models/kernels", min_bytes);
  if (write_path) lockstep::bench::write_text_file(*write_path, corpus.text);
  const lockstep::Source source(write_path.value_or("frontend_corpus.ptx"), std::move(corpus.text));

  // The corpus must load, and hold every entry of every copy.
  lockstep::ir::Module module;
  try {
    module = lockstep::load_ptx(source);
  } catch (const lockstep::InputError& e) {
    std::cerr << "frontend_throughput: the synthesised corpus does not load (write it out with "
                 "--write-ptx=PATH to inspect it):\n"
              << e.what() << '\n';
    return 1;
  }
  if (module.kernels.size() != corpus.entries()) {
    std::cerr << "frontend_throughput: the corpus has " << corpus.entries() << " entries but "
              << module.kernels.size() << " kernels were loaded\n";
    return 1;
  }
  const lockstep::bench::AnalysisDigest digest = lockstep::bench::analyse_module(module);
  std::size_t instructions = 0;
  for (const auto& k : module.kernels) instructions += k.code.size();
  const auto bytes = static_cast<std::int64_t>(source.text().size());
  const auto kernels = static_cast<double>(module.kernels.size());
  const auto instrs = static_cast<double>(instructions);

  const auto describe = [&](benchmark::State& state) {
    state.SetBytesProcessed(state.iterations() * bytes);
    state.counters["kernels"] = kernels;
    state.counters["instructions"] = instrs;
  };
  benchmark::RegisterBenchmark("frontend/parse", [&](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(lockstep::ptx::parse(source));
    describe(state);
  })->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(kMinSeconds);
  benchmark::RegisterBenchmark("frontend/parse_lower", [&](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(lockstep::load_ptx(source));
    describe(state);
  })->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(kMinSeconds);
  benchmark::RegisterBenchmark("frontend/parse_lower_analyse", [&](benchmark::State& state) {
    for (auto _ : state) {
      const lockstep::ir::Module m = lockstep::load_ptx(source);
      benchmark::DoNotOptimize(lockstep::bench::analyse_module(m));
    }
    describe(state);
  })->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(kMinSeconds);
  lockstep::bench::FigureReporter reporter(
      *benchmark::CreateDefaultDisplayReporter(),
      {
          {"frontend.parse_mb_s", "frontend/parse", Measure::MegabytesPerSecond},
          {"frontend.parse_lower_mb_s", "frontend/parse_lower", Measure::MegabytesPerSecond},
          {"frontend.throughput_mb_s", "frontend/parse_lower_analyse", Measure::MegabytesPerSecond},
          {"frontend.parse_cpu_mb_s", "frontend/parse", Measure::CpuMegabytesPerSecond},
          {"frontend.parse_lower_cpu_mb_s", "frontend/parse_lower", Measure::CpuMegabytesPerSecond},
          {"frontend.throughput_cpu_mb_s", "frontend/parse_lower_analyse", Measure::CpuMegabytesPerSecond},
          {"frontend.parse_ms", "frontend/parse", Measure::Milliseconds},
          {"frontend.parse_lower_ms", "frontend/parse_lower", Measure::Milliseconds},
          {"frontend.parse_lower_analyse_ms", "frontend/parse_lower_analyse", Measure::Milliseconds},
      });
  reporter.add_fact("frontend.corpus_bytes", static_cast<double>(bytes));
  reporter.add_fact("frontend.corpus_models", static_cast<double>(corpus.models.size()));
  reporter.add_fact("frontend.corpus_copies", static_cast<double>(corpus.copies));
  reporter.add_fact("frontend.corpus_kernels", kernels);
  reporter.add_fact("frontend.corpus_instructions", instrs);
  reporter.add_fact("frontend.corpus_blocks", static_cast<double>(digest.blocks));
  reporter.add_fact("frontend.corpus_loops", static_cast<double>(digest.loops));
  reporter.add_fact("frontend.corpus_branches", static_cast<double>(digest.branches));
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  reporter.print_summary(summary);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "frontend_throughput: " << e.what() << '\n';
    return 1;
  }
}
