// Simulating one kernel launch on a GPU: the entry point of `lockstep sim`.
//
// simulate() works out the occupancy (registers per thread from the
// options, the launch spec or lockstep's estimate; sim/core/occupancy.hpp),
// builds the semantics with one block slot per CTA slot of the GPU (so
// memory follows residency), the SMs, the memory system and the cycle
// loop (sim/gpu/gpu.hpp), and runs it.
#pragma once

#include <memory>
#include <stdexcept>

#include "semantics/launch/launch_setup.hpp"
#include "sim/config/gpu_config.hpp"
#include "sim/gpu/launch_occupancy.hpp"
#include "sim/gpu/memory_side.hpp"
#include "sim/gpu/sim_options.hpp"
#include "sim/gpu/sim_result.hpp"

namespace lockstep::sim {

/// A GPU the simulator cannot run yet: cache lines longer than the 128
/// bytes a memory request carries (fx5800-fermi's and kilotm's 256-byte L1I
/// lines, as GPGPU-Sim's QuadroFX5800 configuration has them).
class GpuUnsupported : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The model with the GPU's physical AWARE table sizes where the model's
/// options leave them unset (divergence.split_table_entries /
/// reconvergence_table_entries; 32 entries or more are unbounded, 0); other
/// models as they are. simulate() runs this model.
[[nodiscard]] sem::ModelSpec with_gpu_tables(sem::ModelSpec model, const GpuConfig& gpu) noexcept;

/// Runs the launch. `memory`: the memory system to use (null: the one
/// `gpu` configures; tests give a stand-in).
[[nodiscard]] SimResult simulate(const sem::LaunchSetup& setup, const GpuConfig& gpu, const SimOptions& options,
                                 std::unique_ptr<MemorySide> memory = nullptr);

}  // namespace lockstep::sim
