// The configuration of a simulated GPU: one value with every parameter the
// cycle-level model uses, each with a unit and a meaning. Components are
// handed their part (CoreConfig to an SM, MemoryConfig to a memory
// partition, ...) when they are built; nothing reads options from anywhere
// else.
//
//   GpuConfig
//   ├─ name, source                 identification (`gpu list`)
//   ├─ clocks: ClockDomains         core, interconnect, L2, DRAM (MHz)
//   ├─ launch: LaunchLatency        kernel and CTA launch delays
//   ├─ core: CoreConfig             one SM, and how many (core_config.hpp)
//   │   ├─ occupancy limits, shared: SharedMemoryConfig
//   │   ├─ scheduler: SchedulerConfig
//   │   ├─ sp, dp, integer, sfu, tensor, mem: UnitClassConfig
//   │   ├─ ops: OpTimings           latency / initiation per opcode class
//   │   ├─ operand_collector: OperandCollectorConfig
//   │   └─ l1i, l1d, l1c, l1t: CacheConfig (cache_config.hpp)
//   ├─ memory: MemoryConfig         partitions, L2, DRAM (memory_config.hpp)
//   │   ├─ l2: CacheConfig, queues, rop_latency, partition_index
//   │   ├─ address_mapping: AddressMapping (address_mapping.hpp)
//   │   └─ dram: DramConfig (timing: DramTiming)
//   ├─ interconnect: InterconnectConfig (interconnect_config.hpp)
//   └─ divergence: DivergenceConfig SIMT hardware capacities and timeouts
//
// Readers: sim/config/gpu_toml.hpp (lockstep's TOML, `models/gpus/*.toml`)
// and sim/config/gpgpusim_config.hpp (GPGPU-Sim option files); both check
// the result with check_gpu_config (sim/config/check_gpu_config.hpp).
// docs/sim.md lists every field with its unit and GPGPU-Sim option.
#pragma once

#include <cstdint>
#include <string>

#include "sim/config/core_config.hpp"
#include "sim/config/interconnect_config.hpp"
#include "sim/config/memory_config.hpp"

namespace lockstep::sim {

/// `-gpgpu_clock_domains CORE:ICNT:L2:DRAM`, in MHz. The core clock is the
/// rate at which a SIMD unit accepts a whole warp instruction (GPGPU-Sim
/// halves Fermi's 1400 MHz shader clock to 700 for its 16-wide units); the
/// DRAM clock is the command clock.
struct ClockDomains {
  double core_mhz = 500.0;
  double interconnect_mhz = 2000.0;
  double l2_mhz = 2000.0;
  double dram_mhz = 2000.0;

  friend bool operator==(const ClockDomains&, const ClockDomains&) = default;
};

/// Delays before work starts, in core cycles: a kernel's first CTA is
/// dispatched kernel + (number of CTAs) * cta cycles after its launch
/// (GPGPU-Sim's -gpgpu_kernel_launch_latency and -gpgpu_TB_launch_latency).
struct LaunchLatency {
  std::uint32_t kernel = 0;
  std::uint32_t cta = 0;

  friend bool operator==(const LaunchLatency&, const LaunchLatency&) = default;
};

/// `-gpgpu_simd_model`: the divergence hardware of the GPU, used by
/// `lockstep sim` when no `--model` is given.
enum class SimdModel : std::uint8_t {
  Stack,  ///< 1: per-warp SIMT stack with post-dominator reconvergence (lockstep model `stack`)
  Aware,  ///< 2: AWARE's split and reconvergence tables (research 000 §1; ElTantawy's GPGPU-Sim 3.2.2)
};

/// Capacities and timeouts of divergence hardware that timing needs; the
/// behaviour itself is the semantics' divergence model.
struct DivergenceConfig {
  SimdModel simd_model = SimdModel::Stack;
  /// -gpgpu_simd_rec_time_out: core cycles after which AWARE reconverges the
  /// threads that have arrived at a reconvergence point without the others;
  /// 0 = never (GPGPU-Sim's -1).
  std::uint64_t aware_timeout = 0;
  /// -gpgpu_simd_st_size: physical split-table entries per warp (AWARE spills
  /// the rest, FIFO).
  std::uint32_t split_table_entries = 33;
  /// -gpgpu_simd_rec_size: physical reconvergence-table entries per warp
  /// (spilled LRU).
  std::uint32_t reconvergence_table_entries = 32;

  friend bool operator==(const DivergenceConfig&, const DivergenceConfig&) = default;
};

struct GpuConfig {
  std::string name;    ///< short name: the bundled file's stem, or the imported file's
  std::string source;  ///< one line saying where the values come from
  ClockDomains clocks;
  LaunchLatency launch;
  CoreConfig core;
  MemoryConfig memory;
  InterconnectConfig interconnect;
  DivergenceConfig divergence;

  friend bool operator==(const GpuConfig&, const GpuConfig&) = default;
};

}  // namespace lockstep::sim
