#include "sim/gpu/simulate.hpp"

#include <fmt/format.h>

#include "semantics/launch/launch_engine.hpp"
#include "semantics/launch/timing_decode.hpp"
#include "sim/core/occupancy.hpp"
#include "sim/core/register_estimate.hpp"
#include "sim/gpu/gpu.hpp"

namespace lockstep::sim {

namespace {

/// The memory system moves requests of at most one 128-byte block: a cache
/// whose lines are longer would miss with requests it cannot carry.
void check_line_sizes(const GpuConfig& gpu) {
  const std::pair<const char*, const CacheConfig*> caches[] = {
      {"core.l1i", &gpu.core.l1i}, {"core.l1d", &gpu.core.l1d}, {"core.l1c", &gpu.core.l1c},
      {"memory.l2", &gpu.memory.l2}};
  for (const auto& [name, c] : caches) {
    if (c->enabled && c->line_bytes > 128) {
      throw GpuUnsupported(fmt::format("{} cannot be simulated yet: {}.line_bytes = {}, but the memory system moves at "
                                      "most 128 bytes per request",
                                      gpu.name, name, c->line_bytes));
    }
  }
}

}  // namespace

SimResult simulate(const sem::LaunchSetup& setup, const GpuConfig& gpu, const SimOptions& options,
                   std::unique_ptr<MemorySide> memory) {
  check_line_sizes(gpu);
  SimResult result;
  result.registers = options.registers;
  if (result.registers == 0) {
    result.registers = estimate_registers(*setup.kernel, setup.analysis);
    result.registers_estimated = true;
  }
  const CtaResources cta{setup.shape.threads_per_block(), result.registers, setup.shared_bytes()};
  if (const auto why = occupancy_error(gpu.core, cta)) {
    throw LaunchRefused(fmt::format("the launch cannot run on {}: {}", gpu.name, *why));
  }
  result.occupancy = occupancy(gpu.core, cta);
  result.occupancy_text = result.occupancy.describe(gpu.core, cta);
  const std::uint64_t blocks = setup.shape.blocks();
  const std::uint64_t resident = std::uint64_t{result.occupancy.ctas} * gpu.core.sm_count();
  if (setup.cooperative && blocks > resident) {
    throw LaunchRefused(fmt::format(
        "the cooperative launch of {} blocks cannot be resident at once on {}: at most {} blocks are ({} SMs x {})",
        blocks, gpu.name, resident, gpu.core.sm_count(), result.occupancy_text));
  }
  // One block slot per CTA slot of every SM: the semantics holds what the GPU holds.
  const std::unique_ptr<sem::LaunchEngine> engine =
      sem::make_launch_engine(setup, options.model, sem::Residency{static_cast<std::uint32_t>(resident)});
  const sem::TimingDecode decode(*setup.kernel);
  KernelContext kernel;
  kernel.engine = engine.get();
  kernel.decode = &decode;
  kernel.warps_per_cta = setup.shape.warps_per_block();
  kernel.ctas_per_sm = result.occupancy.ctas;
  kernel.sm_count = gpu.core.sm_count();
  kernel.code_size = static_cast<std::uint32_t>(setup.kernel->code.size());
  kernel.timing = latency_table(gpu.core);
  kernel.occupancy_text = result.occupancy_text;
  if (!memory) memory = memory_system_side(gpu);
  Gpu machine(gpu, kernel, std::move(memory), options, blocks);
  machine.run(result);
  return result;
}

}  // namespace lockstep::sim
