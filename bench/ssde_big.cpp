// SSDE on one big kernel: a synthetic `.entry` with at least 5,000 basic
// blocks and about 200 spin-lock loops (bench/support/spin_kernel.hpp) is
// loaded and analysed once, then timed:
//   ssde_big/detect_safepdom_ssde  checker::detect + safe_pdoms (Stack) +
//                                  ssde_groups + ssde_transform, the analyses
//                                  given (the figure with the target, < 100 ms);
//   ssde_big/with_analysis         the same, analysis::analyze_kernel included;
//   ssde_big/ssde_transform        ssde_transform alone, groups given;
// and, to see where the time goes, each step alone given what it depends on
// (ssde_big/analyze, detect, safe_pdoms, ssde_groups). Before timing, the
// program checks that the kernel loads, is as big as asked, that detection
// flags loops and that SSDE adds blocks; once after timing (untimed) it runs
// detection on the output and reports what is still flagged there.
//
// Own flags (before the Google Benchmark ones):
//   --write-ptx=PATH    also write the synthesised kernel to PATH
//   --blocks=N          least number of blocks (default 5000)
//   --spin-loops=N      number of spin loops (default 200)
//   --seed=N            seed of the generator (default 4242)
//   --mode=refined|thesis  detection mode (default refined)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/support/figure_reporter.hpp"
#include "bench/support/flags.hpp"
#include "bench/support/spin_kernel.hpp"
#include "bench/support/synthetic_module.hpp"
#include "checker/detect/detect.hpp"
#include "checker/detect/safepdom.hpp"
#include "checker/pipeline/ssde_groups.hpp"
#include "checker/ssde/ssde.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/source.hpp"

namespace {

using lockstep::bench::Measure;
namespace analysis = lockstep::analysis;
namespace checker = lockstep::checker;

int fail(const std::string& message) {
  std::cerr << "ssde_big: " << message << '\n';
  return 1;
}

/// Everything the timed steps need, computed once.
struct Fixture {
  const lockstep::ir::Module* module = nullptr;
  const lockstep::ir::Kernel* kernel = nullptr;
  analysis::KernelAnalysis analysis;
  checker::DetectOptions options;
  checker::KernelDetection detection;
  checker::SafePdoms safepdoms;
  std::vector<checker::SsdeGroup> groups;
};

/// detect + SafePDom + grouping + transformation, analyses given.
checker::SsdeResult detect_and_transform(const lockstep::ir::Module& module, const lockstep::ir::Kernel& kernel,
                                         const analysis::KernelAnalysis& a, const checker::DetectOptions& options) {
  const checker::KernelDetection detection = checker::detect(module, kernel, a, options);
  const checker::SafePdoms points =
      checker::safe_pdoms(module, kernel, a, detection, options, checker::SafeTarget::Stack);
  const std::vector<checker::SsdeGroup> groups = checker::ssde_groups(kernel, a, points);
  return checker::ssde_transform(kernel, a, groups);
}

void register_benchmarks(const Fixture& f) {
  const auto ms = [](benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); };
  ms(benchmark::RegisterBenchmark("ssde_big/detect_safepdom_ssde", [&f](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(detect_and_transform(*f.module, *f.kernel, f.analysis, f.options));
  }));
  ms(benchmark::RegisterBenchmark("ssde_big/with_analysis", [&f](benchmark::State& state) {
    for (auto _ : state) {
      const analysis::KernelAnalysis a = analysis::analyze_kernel(*f.kernel);
      benchmark::DoNotOptimize(detect_and_transform(*f.module, *f.kernel, a, f.options));
    }
  }));
  ms(benchmark::RegisterBenchmark("ssde_big/ssde_transform", [&f](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(checker::ssde_transform(*f.kernel, f.analysis, f.groups));
  }));
  ms(benchmark::RegisterBenchmark("ssde_big/analyze", [&f](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(analysis::analyze_kernel(*f.kernel));
  }));
  ms(benchmark::RegisterBenchmark("ssde_big/detect", [&f](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(checker::detect(*f.module, *f.kernel, f.analysis, f.options));
  }));
  ms(benchmark::RegisterBenchmark("ssde_big/safe_pdoms", [&f](benchmark::State& state) {
    for (auto _ : state) {
      benchmark::DoNotOptimize(checker::safe_pdoms(*f.module, *f.kernel, f.analysis, f.detection, f.options,
                                                   checker::SafeTarget::Stack));
    }
  }));
  ms(benchmark::RegisterBenchmark("ssde_big/ssde_groups", [&f](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(checker::ssde_groups(*f.kernel, f.analysis, f.safepdoms));
  }));
}

std::uint32_t flagged_after_safepdom(const checker::SafePdoms& s) {
  std::uint32_t n = 0;
  for (const auto& l : s.loops) n += l.flagged ? 1U : 0U;
  return n;
}

int run(int argc, char** argv) {
  const auto write_path = lockstep::bench::take_flag(argc, argv, "write-ptx");
  const auto blocks_flag = lockstep::bench::take_flag(argc, argv, "blocks");
  const auto spins_flag = lockstep::bench::take_flag(argc, argv, "spin-loops");
  const auto seed_flag = lockstep::bench::take_flag(argc, argv, "seed");
  const auto mode_flag = lockstep::bench::take_flag(argc, argv, "mode");
  std::ostream& summary = lockstep::bench::summary_stream(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  lockstep::bench::SpinKernelShape shape;
  if (blocks_flag) shape.min_blocks = static_cast<std::uint32_t>(std::stoul(*blocks_flag));
  if (spins_flag) shape.spin_loops = static_cast<std::uint32_t>(std::stoul(*spins_flag));
  if (seed_flag) shape.seed = static_cast<std::uint32_t>(std::stoul(*seed_flag));
  Fixture f;
  if (mode_flag && *mode_flag != "refined" && *mode_flag != "thesis") return fail("--mode must be refined or thesis");
  f.options.mode = mode_flag && *mode_flag == "thesis" ? checker::DetectMode::Thesis : checker::DetectMode::Refined;

  lockstep::bench::SpinKernel spin = lockstep::bench::synthesise_spin_kernel(shape);
  if (write_path) lockstep::bench::write_text_file(*write_path, spin.ptx);
  const lockstep::Source source(write_path.value_or("spin_kernel.ptx"), std::move(spin.ptx));

  lockstep::ir::Module module;
  try {
    module = lockstep::bench::load_synthesised(source);
  } catch (const std::runtime_error& e) {
    return fail(e.what());
  }
  f.module = &module;
  f.kernel = &module.kernels.front();
  const lockstep::ir::Kernel& kernel = *f.kernel;
  if (kernel.blocks.size() < shape.min_blocks) {
    return fail("the kernel has " + std::to_string(kernel.blocks.size()) + " blocks, fewer than " +
                std::to_string(shape.min_blocks));
  }
  f.analysis = analysis::analyze_kernel(kernel);
  f.detection = checker::detect(module, kernel, f.analysis, f.options);
  f.safepdoms = checker::safe_pdoms(module, kernel, f.analysis, f.detection, f.options, checker::SafeTarget::Stack);
  f.groups = checker::ssde_groups(kernel, f.analysis, f.safepdoms);
  const checker::SsdeResult once = checker::ssde_transform(kernel, f.analysis, f.groups);
  if (f.detection.flagged_loops() == 0 || f.groups.empty() || once.report.blocks_added == 0) {
    return fail("expected flagged loops and blocks added by SSDE; detection flagged " +
                std::to_string(f.detection.flagged_loops()) + " loops, " + std::to_string(f.groups.size()) +
                " groups, " + std::to_string(once.report.blocks_added) + " blocks added");
  }
  if (f.detection.flagged_loops() < spin.spin_loops) {
    std::cerr << "ssde_big: warning: detection flagged " << f.detection.flagged_loops() << " loops, fewer than the "
              << spin.spin_loops << " spin loops\n";
  }
  std::size_t grouped_loops = 0;
  for (const auto& g : f.groups) grouped_loops += g.loops.size();

  register_benchmarks(f);
  lockstep::bench::FigureReporter reporter(
      *benchmark::CreateDefaultDisplayReporter(),
      {
          {"checker.ssde_big.detect_safepdom_ssde_ms", "ssde_big/detect_safepdom_ssde", Measure::Milliseconds},
          {"checker.ssde_big.detect_safepdom_ssde_cpu_ms", "ssde_big/detect_safepdom_ssde", Measure::CpuMilliseconds},
          {"checker.ssde_big.with_analysis_ms", "ssde_big/with_analysis", Measure::Milliseconds},
          {"checker.ssde_big.ssde_transform_ms", "ssde_big/ssde_transform", Measure::Milliseconds},
          {"checker.ssde_big.analyze_ms", "ssde_big/analyze", Measure::Milliseconds},
          {"checker.ssde_big.detect_ms", "ssde_big/detect", Measure::Milliseconds},
          {"checker.ssde_big.safe_pdoms_ms", "ssde_big/safe_pdoms", Measure::Milliseconds},
          {"checker.ssde_big.ssde_groups_ms", "ssde_big/ssde_groups", Measure::Milliseconds},
      });
  const auto fact = [&reporter](const char* key, std::size_t v) { reporter.add_fact(key, static_cast<double>(v)); };
  fact("checker.ssde_big.bytes", source.text().size());
  fact("checker.ssde_big.blocks", kernel.blocks.size());
  fact("checker.ssde_big.instructions", kernel.code.size());
  fact("checker.ssde_big.loops", f.analysis.loops.loops().size());
  fact("checker.ssde_big.spin_loops", spin.spin_loops);
  fact("checker.ssde_big.spin_outer", spin.outer_locks);
  fact("checker.ssde_big.spin_shared_release", spin.shared_releases);
  fact("checker.ssde_big.loops_flagged", f.detection.flagged_loops());
  fact("checker.ssde_big.loops_flagged_safepdom", flagged_after_safepdom(f.safepdoms));
  fact("checker.ssde_big.groups", f.groups.size());
  fact("checker.ssde_big.group_loops", grouped_loops);
  fact("checker.ssde_big.blocks_added", once.report.blocks_added);
  fact("checker.ssde_big.instructions_added", once.report.instructions_added);
  fact("checker.ssde_big.output_blocks", once.kernel.blocks.size());
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();

  // The output, checked once (untimed): what detection still flags in it.
  const analysis::KernelAnalysis after_analysis = analysis::analyze_kernel(once.kernel);
  const checker::KernelDetection after = checker::detect(module, once.kernel, after_analysis, f.options);
  fact("checker.ssde_big.output_loops_flagged", after.flagged_loops());
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
