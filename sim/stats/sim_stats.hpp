// A simulation's statistics as named values, in a fixed order, ready to
// print as text, JSON or CSV (stats_format.hpp).
//
// Two groups (docs/sim.md, "Statistics", says what each means):
//   gpgpusim   GPGPU-Sim's names where the meaning is the same, so the two
//              outputs diff: gpu_sim_cycle, gpu_sim_insn, gpu_ipc, the
//              gpu_tot_* totals (one launch: equal to the kernel's),
//              gpu_tot_issued_cta, gpgpu_n_tot_thrd_icount / _w_icount,
//              gpgpu_n_stall_shd_mem and gpgpu_stall_shd_mem[..][..],
//              memory-instruction and request counts, shared-memory bank
//              conflicts, register-bank conflict stalls, the warp-issue
//              distribution (Stall, W0_Idle, W0_Scoreboard, W1 ... W32),
//              the L1I/L1D/L1C statistics summed over SMs, and everything
//              the memory system reports (L2, interconnect, DRAM);
//   lockstep   lockstep's own: the full thread-instruction count (every
//              thread of every issued unit, what `run` counts), SIMD
//              efficiency, warp-cycles by state, the load latency
//              histogram, occupancy.
#pragma once

#include <string>
#include <vector>

#include "sim/config/gpu_config.hpp"
#include "sim/gpu/sim_result.hpp"

namespace lockstep::sim {

struct StatGroups {
  std::vector<NamedStat> gpgpusim;
  std::vector<NamedStat> lockstep;
};

[[nodiscard]] StatGroups collect_stats(const SimResult& result, const GpuConfig& gpu);

/// gpu_sim_insn: the threads whose guard held (GPGPU-Sim's performance
/// mode leaves predicated-off threads out of an instruction's active mask).
[[nodiscard]] std::uint64_t executed_instructions(const SimResult& result) noexcept;
/// Warp instructions issued on all SMs.
[[nodiscard]] std::uint64_t warp_instructions(const SimResult& result) noexcept;
/// SIMD efficiency: threads of the issuing units / (warp instructions x 32).
[[nodiscard]] double simd_efficiency(const SimResult& result) noexcept;
/// Data-level parallelism: thread instructions (active threads) per issued
/// warp instruction, as `run` reports it (NaN before any issue).
[[nodiscard]] double dlp(const SimResult& result) noexcept;

}  // namespace lockstep::sim
