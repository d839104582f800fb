// The counters one SM owns (GPGPU-Sim names where the meaning is the same;
// docs/sim.md, "Statistics", lists them with their meaning).
#pragma once

#include <array>
#include <cstdint>

#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

/// GPGPU-Sim's mem_stage_access_type: which memory path stalled.
enum class MemStage : std::uint8_t { CMem, TMem, SMem, GMemLd, LMemLd, GMemSt, LMemSt };
inline constexpr std::size_t kMemStages = 7;
/// GPGPU-Sim's mem_stage_stall_type: why (NO_RC_FAIL is not counted).
enum class MemStall : std::uint8_t { BkConf, MshrRcFail, IcntRcFail, CoalStall, TlbStall, DataPortStall, WbIcntRcFail,
                                     WbCacheRsrvFail };
inline constexpr std::size_t kMemStalls = 8;

/// What each live warp did in a cycle, from the issue logic's point of view
/// (lockstep's own breakdown; one reason per warp per cycle).
enum class WarpState : std::uint8_t {
  Issued,       ///< issued an instruction
  NotSelected,  ///< could have issued; its scheduler issued another warp (or dual-issue slot)
  Fetch,        ///< no decoded instruction (instruction buffer empty, I-cache miss, control hazard)
  Scoreboard,   ///< waits for a result (register write pending)
  Pipeline,     ///< its functional unit's issue slot was taken (structural hazard)
  Barrier,      ///< waits at a CTA barrier
  WarpSync,     ///< waits at a warp-synchronous instruction or for a transaction to end
  Fence,        ///< waits for its stores to be acknowledged (membar / fence)
  Drain,        ///< every thread exited; instructions or stores still in flight
  BackedOff,    ///< ready, but backed off by BOWS until its pending delay runs out
};
inline constexpr std::size_t kWarpStates = 10;

inline constexpr std::size_t kLatencyBuckets = 20;  ///< [2^i, 2^(i+1)) cycles; the last takes the rest

struct SmStats {
  std::uint64_t cycles_active = 0;         ///< cycles with at least one resident CTA
  std::uint64_t warp_instructions = 0;     ///< issued warp instructions (GPGPU-Sim's gpgpu_n_tot_w_icount)
  std::uint64_t thread_instructions = 0;   ///< threads of the issuing units (lockstep's full count)
  std::uint64_t executed_instructions = 0; ///< threads whose guard held (GPGPU-Sim's gpu_sim_insn)
  std::uint64_t ctas_completed = 0;
  /// GPGPU-Sim's shader_cycle_distro per scheduler cycle: [0] W0_Idle, [1]
  /// W0_Scoreboard, [2] Stall (ready, but no pipeline slot), [2 + n] Wn.
  std::array<std::uint64_t, 3 + 32> issue_distro{};
  /// Of the W0_Scoreboard scheduler cycles, those in which a supervised warp
  /// waited for a load or atomic: the thesis's W0_Mem (research 001 §4.6).
  std::uint64_t w0_mem = 0;
  /// Active cycles by how many warp instructions the SM issued in them (the
  /// last entry: that many or more).
  std::array<std::uint64_t, 5> issue_width{};
  std::uint64_t stall_shd_mem = 0;         ///< gpgpu_n_stall_shd_mem
  std::array<std::array<std::uint64_t, kMemStalls>, kMemStages> stall_breakdown{};
  std::uint64_t shmem_bank_conflict_cycles = 0;  ///< gpgpu_n_shmem_bkconflict
  std::uint64_t shmem_accesses = 0;              ///< shared-memory warp instructions with an access
  std::uint64_t cmem_port_conflicts = 0;         ///< gpgpu_n_cmem_portconflict
  std::uint64_t reg_bank_conflict_stalls = 0;    ///< gpu_reg_bank_conflict_stalls
  // Threads (guard true) of memory instructions by space, as GPGPU-Sim
  // counts them (mem_instruction_stats).
  std::uint64_t load_instructions = 0;   ///< gpgpu_n_load_insn: global and local loads and atomics
  std::uint64_t store_instructions = 0;  ///< gpgpu_n_store_insn: global and local stores
  std::uint64_t shmem_instructions = 0;  ///< gpgpu_n_shmem_insn
  std::uint64_t const_instructions = 0;  ///< gpgpu_n_const_mem_insn
  std::uint64_t param_instructions = 0;  ///< gpgpu_n_param_mem_insn
  std::uint64_t atomic_instructions = 0; ///< atomic warp instructions (lockstep's)
  std::uint64_t model_timeouts = 0;      ///< model events fired by their timers (AWARE's reconvergence timeouts)
  // AWARE's virtualised tables (sm_tables.cpp): requests and bytes, and the
  // warp-cycles a warp waited for them (counted among Scoreboard waits).
  std::uint64_t table_st_spills = 0;
  std::uint64_t table_st_fills = 0;
  std::uint64_t table_rt_spills = 0;
  std::uint64_t table_rt_fills = 0;
  std::uint64_t table_bytes = 0;
  std::uint64_t table_stall_cycles = 0;
  // Requests the SM injected into the interconnect, by type (GPGPU-Sim's
  // icnt_inject_request_packet counters).
  std::uint64_t mem_read_global = 0;   ///< gpgpu_n_mem_read_global (GLOBAL_ACC_R, atomics included)
  std::uint64_t mem_write_global = 0;  ///< gpgpu_n_mem_write_global (GLOBAL_ACC_W and L1 writebacks)
  std::uint64_t mem_read_local = 0;    ///< gpgpu_n_mem_read_local
  std::uint64_t mem_write_local = 0;   ///< gpgpu_n_mem_write_local
  std::uint64_t mem_const = 0;         ///< gpgpu_n_mem_const
  std::uint64_t mem_read_inst = 0;     ///< gpgpu_n_mem_read_inst
  std::uint64_t mem_l1_write_allocate = 0;  ///< gpgpu_n_mem_l1_write_allocate
  std::uint64_t mem_atomic = 0;        ///< atomic requests (lockstep's)
  // Busy-wait-aware scheduling (lockstep's; zero unless DDOS / BOWS are on).
  std::uint64_t ddos_setps = 0;              ///< setps that entered a DDOS history
  std::uint64_t ddos_spinning_branches = 0;  ///< taken backward branches of spinning warps
  std::uint64_t sib_instructions = 0;        ///< issued confirmed spin-inducing branches (taken; BOWS backs each off)
  std::uint64_t bows_delays = 0;             ///< back-off delays loaded (a backed-off warp issued)
  std::uint64_t bows_delay_cycles = 0;       ///< their sum: the delay limits in force when they were loaded
  std::uint64_t bows_delay_max = 0;          ///< the largest (the maximum over SMs when added)
  // Block-scope models (thread block compaction; sm_block.cpp).
  std::uint64_t compactions = 0;             ///< times the compactor formed a block's warps
  std::uint64_t compacted_warps = 0;         ///< warps it formed
  std::uint64_t block_stack_depth_sum = 0;   ///< the issuing block's stack depth, summed over issues
  std::uint64_t block_stack_depth_max = 0;   ///< the deepest (the maximum over SMs when added)

  /// Adds another SM's counters.
  SmStats& operator+=(const SmStats& o) noexcept {
    cycles_active += o.cycles_active;
    warp_instructions += o.warp_instructions;
    thread_instructions += o.thread_instructions;
    executed_instructions += o.executed_instructions;
    ctas_completed += o.ctas_completed;
    for (std::size_t i = 0; i < issue_distro.size(); ++i) issue_distro[i] += o.issue_distro[i];
    for (std::size_t i = 0; i < issue_width.size(); ++i) issue_width[i] += o.issue_width[i];
    stall_shd_mem += o.stall_shd_mem;
    for (std::size_t a = 0; a < kMemStages; ++a) {
      for (std::size_t b = 0; b < kMemStalls; ++b) stall_breakdown[a][b] += o.stall_breakdown[a][b];
    }
    shmem_bank_conflict_cycles += o.shmem_bank_conflict_cycles;
    shmem_accesses += o.shmem_accesses;
    cmem_port_conflicts += o.cmem_port_conflicts;
    reg_bank_conflict_stalls += o.reg_bank_conflict_stalls;
    load_instructions += o.load_instructions;
    store_instructions += o.store_instructions;
    shmem_instructions += o.shmem_instructions;
    const_instructions += o.const_instructions;
    param_instructions += o.param_instructions;
    atomic_instructions += o.atomic_instructions;
    model_timeouts += o.model_timeouts;
    table_st_spills += o.table_st_spills;
    table_st_fills += o.table_st_fills;
    table_rt_spills += o.table_rt_spills;
    table_rt_fills += o.table_rt_fills;
    table_bytes += o.table_bytes;
    table_stall_cycles += o.table_stall_cycles;
    mem_read_global += o.mem_read_global;
    mem_write_global += o.mem_write_global;
    mem_read_local += o.mem_read_local;
    mem_write_local += o.mem_write_local;
    mem_const += o.mem_const;
    mem_read_inst += o.mem_read_inst;
    mem_l1_write_allocate += o.mem_l1_write_allocate;
    mem_atomic += o.mem_atomic;
    ddos_setps += o.ddos_setps;
    ddos_spinning_branches += o.ddos_spinning_branches;
    sib_instructions += o.sib_instructions;
    bows_delays += o.bows_delays;
    bows_delay_cycles += o.bows_delay_cycles;
    bows_delay_max = bows_delay_max > o.bows_delay_max ? bows_delay_max : o.bows_delay_max;
    w0_mem += o.w0_mem;
    compactions += o.compactions;
    compacted_warps += o.compacted_warps;
    block_stack_depth_sum += o.block_stack_depth_sum;
    block_stack_depth_max = block_stack_depth_max > o.block_stack_depth_max ? block_stack_depth_max
                                                                            : o.block_stack_depth_max;
    for (std::size_t i = 0; i < kWarpStates; ++i) warp_states[i] += o.warp_states[i];
    for (std::size_t i = 0; i < kLatencyBuckets; ++i) load_latency[i] += o.load_latency[i];
    load_latency_sum += o.load_latency_sum;
    load_latency_count += o.load_latency_count;
    return *this;
  }

  /// Counts a request injected into the interconnect.
  void count_injected(const MemRequest& r) noexcept {
    switch (r.type) {
      case AccessType::GlobalRead: ++mem_read_global; break;
      case AccessType::GlobalWrite:
      case AccessType::L1Writeback: ++mem_write_global; break;
      case AccessType::LocalRead: ++mem_read_local; break;
      case AccessType::LocalWrite: ++mem_write_local; break;
      case AccessType::ConstRead: ++mem_const; break;
      case AccessType::InstRead: ++mem_read_inst; break;
      case AccessType::L1WriteAllocRead: ++mem_l1_write_allocate; break;
      default: break;
    }
    if (r.atomic != AtomicOp::None) ++mem_atomic;
  }
  std::array<std::uint64_t, kWarpStates> warp_states{};  ///< warp-cycles per WarpState
  std::array<std::uint64_t, kLatencyBuckets> load_latency{};  ///< load/atomic issue-to-writeback, log2 buckets
  std::uint64_t load_latency_sum = 0;
  std::uint64_t load_latency_count = 0;
};

}  // namespace lockstep::sim
