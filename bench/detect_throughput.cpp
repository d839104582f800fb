// Throughput of SIMT-deadlock detection: 1,000 kernels, taken from the
// models (`models/kernels/*/*.ptx`) and the false-detection corpus
// (`models/corpus/*/*.ptx`), every kernel of every file that loads, cycled
// until there are exactly 1,000 (bench/support/kernel_files.hpp). The files
// are parsed and lowered once, untimed. Timed, in refined and in thesis
// mode:
//   detect/analyze_detect_<mode>  analysis::analyze_kernel + checker::detect
//                                 on all 1,000 (the figure with the target,
//                                 < 1 s in total);
//   detect/detect_only_<mode>     checker::detect alone, the analyses
//                                 computed beforehand.
// One benchmark iteration is the whole batch of 1,000. Besides Google
// Benchmark's times the program records each kernel's time and each batch's
// time itself, pooled over every iteration and repetition, for the per-kernel
// p50/p99 and the batch median.
//
// Own flags (before the Google Benchmark ones):
//   --kernels=N   batch size (default 1000)
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "bench/support/duration_samples.hpp"
#include "bench/support/figure_reporter.hpp"
#include "bench/support/flags.hpp"
#include "bench/support/kernel_files.hpp"
#include "checker/detect/detect.hpp"
#include "frontend/analysis/kernel_analysis.hpp"

namespace {

using lockstep::bench::DurationSamples;
using lockstep::bench::Measure;
namespace analysis = lockstep::analysis;
namespace checker = lockstep::checker;

int fail(const std::string& message) {
  std::cerr << "detect_throughput: " << message << '\n';
  return 1;
}

/// The batch: the loaded files, the kernel instances and, per distinct
/// kernel, its analyses (for the detect-only benchmarks).
struct Batch {
  lockstep::bench::KernelFiles files;
  std::vector<lockstep::bench::KernelRef> refs;
  std::vector<std::vector<analysis::KernelAnalysis>> analyses;  ///< [module][kernel]

  [[nodiscard]] const lockstep::ir::Module& module(const lockstep::bench::KernelRef& r) const {
    return files.modules[r.module];
  }
  [[nodiscard]] const lockstep::ir::Kernel& kernel(const lockstep::bench::KernelRef& r) const {
    return files.modules[r.module].kernels[r.kernel];
  }
};

/// v rounded to 1/scale (scale 100: two decimals), so that the figure prints short.
double rounded(double v, double scale) { return std::round(v * scale) / scale; }

/// What one benchmark records itself.
struct Samples {
  DurationSamples per_kernel;
  DurationSamples per_batch;
};

void run_batch(benchmark::State& state, const Batch& batch, checker::DetectMode mode, bool with_analysis,
               Samples& samples) {
  const checker::DetectOptions options{mode, checker::TableChoice::Nvidia, {}};
  using Clock = DurationSamples::Clock;
  for (auto _ : state) {
    const Clock::time_point batch_start = Clock::now();
    Clock::time_point start = batch_start;
    for (const auto& ref : batch.refs) {
      const auto& module = batch.module(ref);
      const auto& kernel = batch.kernel(ref);
      if (with_analysis) {
        const analysis::KernelAnalysis a = analysis::analyze_kernel(kernel);
        benchmark::DoNotOptimize(checker::detect(module, kernel, a, options));
      } else {
        benchmark::DoNotOptimize(checker::detect(module, kernel, batch.analyses[ref.module][ref.kernel], options));
      }
      const Clock::time_point end = Clock::now();
      samples.per_kernel.add(end - start);
      start = end;
    }
    samples.per_batch.add(start - batch_start);
  }
  state.counters["kernels"] = static_cast<double>(batch.refs.size());
  state.counters["kernels_per_s"] =
      benchmark::Counter(static_cast<double>(batch.refs.size()), benchmark::Counter::kIsIterationInvariantRate);
}

struct Case {
  std::string name;      ///< benchmark name
  std::string key;       ///< figure key stem
  checker::DetectMode mode;
  bool with_analysis;
};

std::vector<Case> cases() {
  return {
      {"detect/analyze_detect_refined", "checker.detect.analyze_detect_refined", checker::DetectMode::Refined, true},
      {"detect/analyze_detect_thesis", "checker.detect.analyze_detect_thesis", checker::DetectMode::Thesis, true},
      {"detect/detect_only_refined", "checker.detect.detect_only_refined", checker::DetectMode::Refined, false},
      {"detect/detect_only_thesis", "checker.detect.detect_only_thesis", checker::DetectMode::Thesis, false},
  };
}

/// Counts over the batch (every instance), untimed.
void add_batch_facts(lockstep::bench::FigureReporter& reporter, const Batch& batch) {
  std::size_t instructions = 0, blocks = 0, loops = 0, flagged_refined = 0, flagged_thesis = 0;
  std::size_t kernels_flagged_refined = 0, kernels_flagged_thesis = 0;
  for (const auto& ref : batch.refs) {
    const auto& kernel = batch.kernel(ref);
    const auto& a = batch.analyses[ref.module][ref.kernel];
    instructions += kernel.code.size();
    blocks += kernel.blocks.size();
    const auto refined = checker::detect(batch.module(ref), kernel, a, {checker::DetectMode::Refined, {}, {}});
    const auto thesis = checker::detect(batch.module(ref), kernel, a, {checker::DetectMode::Thesis, {}, {}});
    loops += refined.loops.size();
    flagged_refined += refined.flagged_loops();
    flagged_thesis += thesis.flagged_loops();
    kernels_flagged_refined += refined.flagged() ? 1U : 0U;
    kernels_flagged_thesis += thesis.flagged() ? 1U : 0U;
  }
  const auto fact = [&reporter](const char* key, std::size_t v) { reporter.add_fact(key, static_cast<double>(v)); };
  fact("checker.detect.files", batch.files.loaded.size());
  fact("checker.detect.files_skipped", batch.files.skipped.size());
  fact("checker.detect.distinct_kernels", batch.files.kernels());
  fact("checker.detect.kernels", batch.refs.size());
  fact("checker.detect.instructions", instructions);
  fact("checker.detect.blocks", blocks);
  fact("checker.detect.loops", loops);
  fact("checker.detect.loops_flagged_refined", flagged_refined);
  fact("checker.detect.loops_flagged_thesis", flagged_thesis);
  fact("checker.detect.kernels_flagged_refined", kernels_flagged_refined);
  fact("checker.detect.kernels_flagged_thesis", kernels_flagged_thesis);
}

int run(int argc, char** argv) {
  const auto count_flag = lockstep::bench::take_flag(argc, argv, "kernels");
  std::ostream& summary = lockstep::bench::summary_stream(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  const std::size_t count = count_flag ? std::stoul(*count_flag) : 1000;

  Batch batch;
  const std::filesystem::path models = std::filesystem::path(LOCKSTEP_SOURCE_DIR) / "models";
  batch.files = lockstep::bench::load_kernel_files({models / "kernels", models / "corpus"});
  for (const auto& s : batch.files.skipped) std::cerr << "detect_throughput: skipped " << s << '\n';
  batch.refs = lockstep::bench::cycle_kernels(batch.files, count);
  if (batch.refs.empty()) return fail("no kernel loaded from " + models.string());
  for (const auto& m : batch.files.modules) {
    auto& per_module = batch.analyses.emplace_back();
    for (const auto& k : m.kernels) per_module.push_back(analysis::analyze_kernel(k));
  }

  std::map<std::string, Samples> samples;
  for (const Case& c : cases()) {
    Samples& s = samples[c.name];
    benchmark::RegisterBenchmark(c.name.c_str(), [&batch, &s, c](benchmark::State& state) {
      run_batch(state, batch, c.mode, c.with_analysis, s);
    })->Unit(benchmark::kMillisecond)->UseRealTime();
  }

  std::vector<lockstep::bench::FigureSpec> specs;
  for (const Case& c : cases()) {
    specs.push_back({c.key + "_ms", c.name, Measure::Milliseconds});
    specs.push_back({c.key + "_cpu_ms", c.name, Measure::CpuMilliseconds});
  }
  lockstep::bench::FigureReporter reporter(*benchmark::CreateDefaultDisplayReporter(), std::move(specs));
  add_batch_facts(reporter, batch);
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  // The program's own records, pooled over every iteration and repetition.
  for (const Case& c : cases()) {
    const Samples& s = samples[c.name];
    if (s.per_batch.empty()) continue;
    const double batch_s = s.per_batch.median();
    reporter.add_fact(c.key + "_batch_median_ms", rounded(batch_s * 1e3, 100));
    reporter.add_fact(c.key + "_kernels_per_s", batch_s > 0 ? rounded(static_cast<double>(count) / batch_s, 1) : 0.0);
    reporter.add_fact(c.key + "_kernel_p50_us", rounded(s.per_kernel.quantile(0.5) * 1e6, 10));
    reporter.add_fact(c.key + "_kernel_p99_us", rounded(s.per_kernel.quantile(0.99) * 1e6, 10));
    reporter.add_fact(c.key + "_kernel_max_us", rounded(s.per_kernel.quantile(1.0) * 1e6, 10));
  }
  reporter.print_summary(summary);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
}
