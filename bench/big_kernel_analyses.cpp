// Analyses of one big kernel: a synthetic `.entry` with at least 10,000
// basic blocks (bench/support/big_kernel.hpp) is loaded once, then every
// analysis is timed on it, together (analysis::analyze_kernel, the figure
// with the target) and one by one, each given the results it depends on.
// Loading the kernel (parse + lower + blocks) is timed as well.
//
// Own flags (before the Google Benchmark ones):
//   --write-ptx=PATH    also write the synthesised kernel to PATH
//   --blocks=N          least number of blocks (default 10000)
//   --seed=N            seed of the generator (default 2024)
#include <benchmark/benchmark.h>

#include <cstdint>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/support/analysis_digest.hpp"
#include "bench/support/big_kernel.hpp"
#include "bench/support/figure_reporter.hpp"
#include "bench/support/flags.hpp"
#include "bench/support/synthetic_module.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"

namespace {

using lockstep::bench::Measure;
namespace analysis = lockstep::analysis;

int fail(const std::string& message) {
  std::cerr << "big_kernel_analyses: " << message << '\n';
  return 1;
}

void register_stage_benchmarks(const lockstep::ir::Kernel& kernel, const analysis::KernelAnalysis& a) {
  std::vector<bool> may_exit(kernel.blocks.size(), false);
  for (const auto& b : kernel.blocks) may_exit[b.id] = b.may_exit;
  const auto ms = [](benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); };
  ms(benchmark::RegisterBenchmark("big_kernel/block_graph", [&kernel](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(analysis::block_graph(kernel));
  }));
  ms(benchmark::RegisterBenchmark("big_kernel/dominators", [&a](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(analysis::DominatorTree(a.graph, 0));
  }));
  ms(benchmark::RegisterBenchmark("big_kernel/post_dominators", [&kernel, &a](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(analysis::post_dominator_tree(kernel, a.graph));
  }));
  ms(benchmark::RegisterBenchmark("big_kernel/loops", [&a, may_exit](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(analysis::LoopInfo(a.graph, a.dom, may_exit));
  }));
  ms(benchmark::RegisterBenchmark("big_kernel/reconvergence", [&kernel, &a](benchmark::State& state) {
    for (auto _ : state) {
      const auto branches = analysis::branch_reconvergence(kernel, a.dom, a.postdom);
      benchmark::DoNotOptimize(analysis::ipdom_table(kernel, branches));
      benchmark::DoNotOptimize(analysis::nvidia_table(kernel, branches));
    }
  }));
  ms(benchmark::RegisterBenchmark("big_kernel/uniformity", [&kernel, &a](benchmark::State& state) {
    for (auto _ : state) {
      benchmark::DoNotOptimize(analysis::analyze_uniformity(kernel, a.graph, a.postdom, a.loops));
    }
  }));
}

int run(int argc, char** argv) {
  const auto write_path = lockstep::bench::take_flag(argc, argv, "write-ptx");
  const auto blocks_flag = lockstep::bench::take_flag(argc, argv, "blocks");
  const auto seed_flag = lockstep::bench::take_flag(argc, argv, "seed");
  std::ostream& summary = lockstep::bench::summary_stream(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  lockstep::bench::BigKernelShape shape;
  if (blocks_flag) shape.min_blocks = static_cast<std::uint32_t>(std::stoul(*blocks_flag));
  if (seed_flag) shape.seed = static_cast<std::uint32_t>(std::stoul(*seed_flag));
  lockstep::bench::BigKernel big = lockstep::bench::synthesise_big_kernel(shape);
  if (write_path) lockstep::bench::write_text_file(*write_path, big.ptx);
  const lockstep::Source source(write_path.value_or("big_kernel.ptx"), std::move(big.ptx));

  // The kernel must load and be as big and as varied as promised.
  lockstep::ir::Module module;
  try {
    module = lockstep::bench::load_synthesised(source);
  } catch (const std::runtime_error& e) {
    return fail(e.what());
  }
  const lockstep::ir::Kernel& kernel = module.kernels.front();
  const analysis::KernelAnalysis a = analysis::analyze_kernel(kernel);
  lockstep::bench::AnalysisDigest digest;
  digest.add(kernel, a);
  std::size_t exits = 0;
  for (const auto& b : kernel.blocks) exits += b.may_exit ? 1 : 0;
  if (digest.blocks < shape.min_blocks) {
    return fail("the kernel has " + std::to_string(digest.blocks) + " blocks, fewer than " +
                std::to_string(shape.min_blocks));
  }
  if (digest.loops == 0 || digest.irreducible_loops == 0 || exits < 2 || digest.divergent_branches == 0 ||
      digest.divergent_branches == digest.branches) {
    return fail("the kernel should have loops, irreducible loops, several exit blocks, and uniform and divergent "
                "branches; it has " + std::to_string(digest.loops) + " loops, " +
                std::to_string(digest.irreducible_loops) + " irreducible, " + std::to_string(exits) +
                " exit blocks, " + std::to_string(digest.branches) + " branches, " +
                std::to_string(digest.divergent_branches) + " divergent");
  }

  const auto ms = [](benchmark::internal::Benchmark* b) { b->Unit(benchmark::kMillisecond)->UseRealTime(); };
  ms(benchmark::RegisterBenchmark("big_kernel/all_analyses", [&kernel](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(analysis::analyze_kernel(kernel));
    state.counters["blocks"] = static_cast<double>(kernel.blocks.size());
  }));
  register_stage_benchmarks(kernel, a);
  ms(benchmark::RegisterBenchmark("big_kernel/load", [&source](benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(lockstep::load_ptx(source));
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(source.text().size()));
  }));

  lockstep::bench::FigureReporter reporter(
      *benchmark::CreateDefaultDisplayReporter(),
      {
          {"frontend.big_kernel_analyses_ms", "big_kernel/all_analyses", Measure::Milliseconds},
          {"frontend.big_kernel_analyses_cpu_ms", "big_kernel/all_analyses", Measure::CpuMilliseconds},
          {"frontend.big_kernel_block_graph_ms", "big_kernel/block_graph", Measure::Milliseconds},
          {"frontend.big_kernel_dominators_ms", "big_kernel/dominators", Measure::Milliseconds},
          {"frontend.big_kernel_post_dominators_ms", "big_kernel/post_dominators", Measure::Milliseconds},
          {"frontend.big_kernel_loops_ms", "big_kernel/loops", Measure::Milliseconds},
          {"frontend.big_kernel_reconvergence_ms", "big_kernel/reconvergence", Measure::Milliseconds},
          {"frontend.big_kernel_uniformity_ms", "big_kernel/uniformity", Measure::Milliseconds},
          {"frontend.big_kernel_load_ms", "big_kernel/load", Measure::Milliseconds},
      });
  reporter.add_fact("frontend.big_kernel_bytes", static_cast<double>(source.text().size()));
  reporter.add_fact("frontend.big_kernel_blocks", static_cast<double>(digest.blocks));
  reporter.add_fact("frontend.big_kernel_instructions", static_cast<double>(kernel.code.size()));
  reporter.add_fact("frontend.big_kernel_loops", static_cast<double>(digest.loops));
  reporter.add_fact("frontend.big_kernel_irreducible_loops", static_cast<double>(digest.irreducible_loops));
  reporter.add_fact("frontend.big_kernel_branches", static_cast<double>(digest.branches));
  reporter.add_fact("frontend.big_kernel_divergent_branches", static_cast<double>(digest.divergent_branches));
  reporter.add_fact("frontend.big_kernel_exit_blocks", static_cast<double>(exits));
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
    return fail(e.what());
  }
}
