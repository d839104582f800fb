#include "sim/gpu/simulate.hpp"

#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "semantics/launch/launch_engine.hpp"
#include "semantics/launch/timing_decode.hpp"
#include "sim/core/occupancy.hpp"
#include "sim/gpu/gpu.hpp"
#include "sim/mem/fill_parts.hpp"

namespace lockstep::sim {

namespace {

/// The memory system moves requests of at most one 128-byte block: a
/// read-only cache fills a longer line with several (fill_parts.hpp); the
/// other caches cannot have longer lines yet.
void check_line_sizes(const GpuConfig& gpu) {
  const std::pair<const char*, const CacheConfig*> caches[] = {
      {"core.l1i", &gpu.core.l1i}, {"core.l1d", &gpu.core.l1d}, {"core.l1c", &gpu.core.l1c},
      {"memory.l2", &gpu.memory.l2}};
  for (const auto& [name, c] : caches) {
    if (const std::string why = long_line_unsupported(*c); !why.empty()) {
      throw GpuUnsupported(fmt::format("{} cannot be simulated yet: {}.line_bytes = {}: {}", gpu.name, name,
                                       c->line_bytes, why));
    }
  }
}

}  // namespace

sem::ModelSpec with_gpu_tables(sem::ModelSpec model, const GpuConfig& gpu) noexcept {
  if (model.kind != sem::ModelKind::Aware) return model;
  // 32 entries or more hold every split and entry a warp can have: unbounded.
  const auto physical = [](std::uint32_t n) { return n >= sem::kWarpSize ? 0U : n; };
  if (model.st_entries == 0) model.st_entries = gpu.divergence.split_table_entries;
  if (model.rt_entries == 0) model.rt_entries = gpu.divergence.reconvergence_table_entries;
  model.st_entries = physical(model.st_entries);
  model.rt_entries = physical(model.rt_entries);
  return model;
}

SimResult simulate(const sem::LaunchSetup& setup, const GpuConfig& gpu, const SimOptions& options,
                   std::unique_ptr<MemorySide> memory) {
  check_line_sizes(gpu);
  SimResult result;
  const LaunchOccupancy occ = launch_occupancy(setup, gpu, options.registers);
  result.registers = occ.registers;
  result.registers_estimated = occ.registers_estimated;
  result.occupancy = occ.occupancy;
  result.occupancy_text = occ.text;
  const std::uint64_t blocks = setup.shape.blocks();
  const std::uint64_t resident = occ.resident_blocks;
  // AWARE's reconvergence timeout counts cycles here, not the model's warp
  // instructions: the engine offers the timeouts as events (timeout=any) and
  // the SMs fire them (event_timer.hpp).
  if (options.model.kind == sem::ModelKind::Aware && options.model.timeout == sem::ModelSpec::kTimeoutAny) {
    throw std::invalid_argument("simulate: aware:timeout=any is for the explorer; the simulator counts cycles");
  }
  result.model = options.model;
  std::uint64_t event_timeout = 0;
  if (options.model.kind == sem::ModelKind::Aware) {
    event_timeout = options.model.timeout != 0 ? options.model.timeout : gpu.divergence.aware_timeout;
    result.model.timeout = event_timeout != 0 ? sem::ModelSpec::kTimeoutAny : 0;
    result.model = with_gpu_tables(result.model, gpu);
  }
  // One block slot per CTA slot of every SM: the semantics holds what the
  // GPU holds. Dynamic warp formation pools the threads of every block on
  // an SM (core scope, docs/models/dwf.md): one model state per SM's slots.
  sem::Residency residency{static_cast<std::uint32_t>(resident)};
  if (options.model.kind == sem::ModelKind::Dwf || options.model.kind == sem::ModelKind::DwfWb) {
    residency.core_slots = result.occupancy.ctas;
  }
  const std::unique_ptr<sem::LaunchEngine> engine = sem::make_launch_engine(setup, result.model, residency);
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
  kernel.event_timeout = event_timeout;
  kernel.table_traffic = result.model.st_entries != 0 || result.model.rt_entries != 0;
  // Thread block compaction's slots and compactor (other block-scope models regroup without one).
  kernel.compacted_slots = options.model.kind == sem::ModelKind::Tbc || options.model.kind == sem::ModelKind::TbcLcp;
  kernel.compactor = kernel.compacted_slots && options.model.compactor;
  if (kernel.table_traffic) engine->track_table_traffic();
  if (!memory) memory = memory_system_side(gpu);
  Gpu machine(gpu, kernel, std::move(memory), options, blocks);
  machine.run(result);
  return result;
}

}  // namespace lockstep::sim
