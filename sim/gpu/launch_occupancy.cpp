#include "sim/gpu/launch_occupancy.hpp"

#include <fmt/format.h>

#include "sim/core/register_estimate.hpp"

namespace lockstep::sim {

LaunchOccupancy launch_occupancy(const sem::LaunchSetup& setup, const GpuConfig& gpu, std::uint32_t registers) {
  LaunchOccupancy r;
  r.registers = registers;
  if (r.registers == 0) {
    r.registers = estimate_registers(*setup.kernel, setup.analysis);
    r.registers_estimated = true;
  }
  const CtaResources cta{setup.shape.threads_per_block(), r.registers, setup.shared_bytes()};
  if (const auto why = occupancy_error(gpu.core, cta)) {
    throw LaunchRefused(fmt::format("the launch cannot run on {}: {}", gpu.name, *why));
  }
  r.occupancy = occupancy(gpu.core, cta);
  r.text = r.occupancy.describe(gpu.core, cta);
  r.resident_blocks = std::uint64_t{r.occupancy.ctas} * gpu.core.sm_count();
  const std::uint64_t blocks = setup.shape.blocks();
  if (setup.cooperative && blocks > r.resident_blocks) {
    throw LaunchRefused(fmt::format(
        "the cooperative launch of {} blocks cannot be resident at once on {}: at most {} blocks are ({} SMs x {})",
        blocks, gpu.name, r.resident_blocks, gpu.core.sm_count(), r.text));
  }
  return r;
}

}  // namespace lockstep::sim
