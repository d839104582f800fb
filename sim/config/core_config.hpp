// One SM (SIMT core) of the modelled GPU and how many there are.
//
// The SM is the pipeline of research/001-microarch-tbc.md §1.3 with
// GPGPU-Sim's structures: fetch through the L1I into a per-warp instruction
// buffer, a scoreboard, `scheduler.per_core` warp schedulers, an operand
// collector reading banked registers, SIMD pipelines per unit class, and the
// LD/ST unit with shared memory, L1D, L1C and L1T. Each field names the
// GPGPU-Sim option it comes from; cycles are core-clock cycles.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "sim/config/cache_config.hpp"
#include "sim/config/cawa_config.hpp"
#include "sim/config/spin_config.hpp"

namespace lockstep::sim {

/// `-gpgpu_scheduler`: how a warp scheduler picks the next warp to issue.
enum class WarpScheduler : std::uint8_t {
  Lrr,       ///< lrr: loose round robin from the warp after the last issued one
  Gto,       ///< gto: greedy then oldest: keep issuing the last warp, else the oldest ready one
  Glrr,      ///< glrr: greedy then loose round robin (AWARE's evaluation, research 000 §4.1)
  Oldest,    ///< old: oldest ready warp first
  TwoLevel,  ///< two_level_active:N:INNER:OUTER: N active warps scheduled by INNER, the
             ///< pending pool refilled by OUTER
  Cawa,      ///< cawa (lockstep's): the most critical warp first (CAWA, cawa_config.hpp)
  TbcAge,    ///< tbc_age: blocks by age, the oldest first; loose round robin within a block
  TbcRrb,    ///< tbc_rrb: the block priority rotates every cycle (research 001 §3.8)
  TbcSrr,    ///< tbc_srr: sticky round robin: a block keeps priority until none of its warps issues
  Majority,  ///< majority: the PC with the most threads first (dynamic warp formation, research 001 §3.1)
};

/// The warp orders of a two-level scheduler (GPGPU-Sim's prioritisation
/// numbers 0..6 in `two_level_active:N:INNER:OUTER`).
enum class WarpOrder : std::uint8_t {
  Lrr,       ///< 0: loose round robin
  Srr,       ///< 1: strict round robin
  Gto,       ///< 2: greedy then oldest
  Gtlrr,     ///< 3: greedy then loose round robin
  Gty,       ///< 4: greedy then youngest
  Oldest,    ///< 5: oldest first
  Youngest,  ///< 6: youngest first
};

struct SchedulerConfig {
  std::uint32_t per_core = 1;  ///< -gpgpu_num_sched_per_core: warp schedulers per SM (warps split among them)
  WarpScheduler policy = WarpScheduler::Gto;  ///< -gpgpu_scheduler
  /// two_level only: active warps per scheduler (the N of two_level_active:N:..).
  std::uint32_t two_level_active = 0;
  WarpOrder two_level_inner = WarpOrder::Lrr;  ///< two_level only: order among active warps
  WarpOrder two_level_outer = WarpOrder::Lrr;  ///< two_level only: order of refilling from pending warps
  /// -gpgpu_max_insn_issue_per_warp: instructions one warp may issue per cycle (1 or 2).
  std::uint32_t max_issue_per_warp = 2;
  /// -gpgpu_dual_issue_diff_exec_units: a dual issue must use two different unit classes.
  bool dual_issue_diff_units = true;
  /// gto only (lockstep's): every this many cycles the oldest warp of the
  /// age order becomes the youngest (ElTantawy's fix for GTO's livelocks,
  /// 50,000 cycles; research 000 §3.6); 0: strict GTO, GPGPU-Sim's.
  std::uint64_t gto_rotation = 0;
  DdosConfig ddos;  ///< spin detection (spin_config.hpp)
  BowsConfig bows;  ///< back-off of spinning warps (spin_config.hpp)
  CawaConfig cawa;  ///< cawa only: criticality-aware scheduling and CACP (cawa_config.hpp)

  friend bool operator==(const SchedulerConfig&, const SchedulerConfig&) = default;
};

/// Operand-collector units of one kind (GPGPU-Sim's
/// -gpgpu_operand_collector_num_{units,in_ports,out_ports}_<kind>).
struct CollectorSet {
  std::uint32_t units = 0;      ///< collector units, each holding one instruction's operands
  std::uint32_t in_ports = 0;   ///< instructions accepted from issue per cycle
  std::uint32_t out_ports = 0;  ///< instructions dispatched to execution per cycle

  friend bool operator==(const CollectorSet&, const CollectorSet&) = default;
};

/// One class of functional unit: SP (single precision and, without INT
/// units, integer), DP (double precision; without DP units DP runs on the
/// SFU), INT, SFU (transcendentals and division), tensor core, MEM (the
/// LD/ST unit).
struct UnitClassConfig {
  /// -gpgpu_num_<class>_units: SIMD units of this class per SM (each takes one
  /// warp instruction per initiation interval). MEM: always 1.
  std::uint32_t units = 0;
  std::uint32_t id_oc_width = 0;  ///< -gpgpu_pipeline_widths ID_OC_<CLASS>: issue -> operand collector slots
  std::uint32_t oc_ex_width = 0;  ///< -gpgpu_pipeline_widths OC_EX_<CLASS>: collector -> execute slots
  CollectorSet collectors;        ///< collectors dedicated to this class (when `specialized`)

  friend bool operator==(const UnitClassConfig&, const UnitClassConfig&) = default;
};

/// Opcode classes with their own latency and initiation interval
/// (-ptx_opcode_latency_{int,fp,dp,sfu,tesnor} and
/// -ptx_opcode_initiation_{int,fp,dp,sfu,tensor}; the int lists are
/// ADD,MAX,MUL,MAD,DIV,SHFL, the fp and dp lists ADD,MAX,MUL,MAD,DIV).
/// ADD covers add/sub, MAX max/min, MAD mad/fma; DIV runs on the SFU; SFU
/// covers sqrt, sin, cos, ex2, lg2, rsqrt, rcp; other ALU instructions take
/// 1 cycle at an interval of 1.
enum class OpClass : std::uint8_t {
  IntAdd, IntMax, IntMul, IntMad, IntDiv, IntShfl,
  FpAdd, FpMax, FpMul, FpMad, FpDiv,
  DpAdd, DpMax, DpMul, DpMad, DpDiv,
  Sfu, Tensor,
};
inline constexpr std::size_t kOpClassCount = 18;

struct OpTiming {
  std::uint32_t latency = 1;     ///< cycles from dispatch to result
  std::uint32_t initiation = 1;  ///< cycles before the unit accepts the next warp instruction

  friend bool operator==(const OpTiming&, const OpTiming&) = default;
};

struct OpTimings {
  std::array<OpTiming, kOpClassCount> by_class{};

  [[nodiscard]] constexpr OpTiming& operator[](OpClass c) noexcept { return by_class[static_cast<std::size_t>(c)]; }
  [[nodiscard]] constexpr const OpTiming& operator[](OpClass c) const noexcept {
    return by_class[static_cast<std::size_t>(c)];
  }
  friend bool operator==(const OpTimings&, const OpTimings&) = default;
};

struct SharedMemoryConfig {
  /// Bytes per SM (GPGPU-Sim 4 replaces -gpgpu_shmem_size by
  /// -gpgpu_shmem_sizeDefault at each launch; the import takes the latter when
  /// given, see docs/sim.md).
  std::uint32_t bytes = 16384;
  std::uint32_t max_per_cta_bytes = 49152;  ///< -gpgpu_shmem_per_block: bytes one CTA may use
  std::uint32_t banks = 16;                 ///< -gpgpu_shmem_num_banks: 4-byte-wide banks
  std::uint32_t latency = 3;                ///< -gpgpu_smem_latency: cycles of a conflict-free access
  /// -gpgpu_shmem_limited_broadcast: at most one broadcast word per cycle.
  bool limited_broadcast = true;

  friend bool operator==(const SharedMemoryConfig&, const SharedMemoryConfig&) = default;
};

struct OperandCollectorConfig {
  /// -gpgpu_enable_specialized_operand_collector: per-class collectors
  /// (UnitClassConfig::collectors) rather than the generic set.
  bool specialized = true;
  CollectorSet generic;              ///< -gpgpu_operand_collector_num_*_gen
  std::uint32_t register_banks = 8;  ///< -gpgpu_num_reg_banks
  /// -gpgpu_reg_bank_use_warp_id: the bank of a register also depends on the warp.
  bool bank_by_warp_id = false;
  /// -gpgpu_reg_file_port_throughput: reads (or writes) per bank per cycle.
  std::uint32_t register_file_ports = 1;

  friend bool operator==(const OperandCollectorConfig&, const OperandCollectorConfig&) = default;
};

struct CoreConfig {
  std::uint32_t clusters = 10;          ///< -gpgpu_n_clusters: SM clusters (one interconnect port each)
  std::uint32_t cores_per_cluster = 3;  ///< -gpgpu_n_cores_per_cluster: SMs per cluster

  // Occupancy limits (CTA dispatch).
  std::uint32_t warp_size = 32;     ///< -gpgpu_shader_core_pipeline, second field: threads per warp
  std::uint32_t max_threads = 1024;  ///< -gpgpu_shader_core_pipeline, first field: resident threads per SM
  std::uint32_t max_ctas = 8;       ///< -gpgpu_shader_cta: resident CTAs per SM
  std::uint32_t registers = 8192;   ///< -gpgpu_shader_registers: 32-bit registers per SM
  /// Registers per thread are rounded up to a multiple of this when CTAs are
  /// counted (GPGPU-Sim: 4, fixed; no option).
  std::uint32_t register_unit = 4;
  std::uint32_t max_registers_per_cta = 8192;  ///< -gpgpu_registers_per_block
  SharedMemoryConfig shared;

  // Front end and issue.
  std::uint32_t fetch_per_cycle = 1;  ///< -gpgpu_inst_fetch_throughput: instructions fetched per cycle
  SchedulerConfig scheduler;

  // Execution.
  UnitClassConfig sp, dp, integer, sfu, tensor, mem;
  std::uint32_t writeback_width = 1;  ///< -gpgpu_pipeline_widths EX_WB: results written back per cycle
  OpTimings ops;
  OperandCollectorConfig operand_collector;

  // LD/ST unit.
  /// -gpgpu_shmem_warp_parts: a warp's memory access is checked for bank
  /// conflicts and coalesced in this many parts (1, 2 or 4).
  std::uint32_t memory_warp_parts = 2;
  /// -gpgpu_coalesce_arch: whose coalescing rules apply, as compute capability
  /// x 10: 13..19 GT200 segments (32/64/128 bytes by access size), 20..39
  /// Fermi/Kepler (128-byte lines through the L1D, 32-byte sectors when it is
  /// skipped), 40 and above 32-byte sectors.
  std::uint32_t coalesce_arch = 13;
  std::uint32_t l1d_latency = 1;  ///< -gpgpu_l1_latency: cycles of an L1D hit
  /// -gpgpu_gmem_skip_L1D: global accesses bypass the L1D (nvcc -Xptxas -dlcm=cg).
  bool gmem_skip_l1d = false;
  /// -gpgpu_perfect_inst_const_cache: every L1I and L1C access hits.
  bool perfect_inst_const_cache = false;
  /// -gpgpu_n_cluster_ejection_buffer_size: replies buffered per cluster from the interconnect.
  std::uint32_t cluster_ejection_buffer = 8;
  /// -gpgpu_n_ldst_response_buffer_size: replies buffered in the LD/ST unit.
  std::uint32_t ldst_response_buffer = 2;

  CacheConfig l1i;  ///< -gpgpu_cache:il1
  CacheConfig l1d;  ///< -gpgpu_cache:dl1 (may be disabled)
  CacheConfig l1c;  ///< -gpgpu_const_cache:l1
  CacheConfig l1t;  ///< -gpgpu_tex_cache:l1

  /// SMs on the GPU: clusters * cores_per_cluster.
  [[nodiscard]] constexpr std::uint32_t sm_count() const noexcept { return clusters * cores_per_cluster; }
  /// Resident warps per SM: max_threads / warp_size.
  [[nodiscard]] constexpr std::uint32_t max_warps() const noexcept {
    return warp_size == 0 ? 0 : max_threads / warp_size;
  }

  friend bool operator==(const CoreConfig&, const CoreConfig&) = default;
};

}  // namespace lockstep::sim
