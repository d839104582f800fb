#include "sim/stats/sim_stats.hpp"

#include <array>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace lockstep::sim {
namespace {

void add(std::vector<NamedStat>& out, std::string name, std::uint64_t v) {
  out.push_back(NamedStat{std::move(name), false, v, 0.0});
}
void add_ratio(std::vector<NamedStat>& out, std::string name, double v) {
  out.push_back(NamedStat{std::move(name), true, 0, v});
}
double ratio(std::uint64_t a, std::uint64_t b) {
  return b == 0 ? std::numeric_limits<double>::quiet_NaN() : static_cast<double>(a) / static_cast<double>(b);
}

constexpr std::array<const char*, kMemStages> kStageNames{"c_mem", "t_mem", "s_mem", "gl_mem_ld", "l_mem_ld",
                                                          "gl_mem_st", "l_mem_st"};
constexpr std::array<const char*, kMemStalls> kStallNames{"bk_conf",   "mshr_rc_fail",   "icnt_rc_fail",
                                                          "coal_stall", "tlb_stall",     "data_port_stall",
                                                          "wb_icnt_rc_fail", "wb_cache_rsrv_fail"};
constexpr std::array<const char*, kWarpStates> kStateNames{"issued",  "not_selected", "fetch", "scoreboard", "pipeline",
                                                           "barrier", "warp_sync",    "fence", "drain",      "backed_off"};

SmStats total_of(const SimResult& r) {
  SmStats t;
  for (const SmStats& s : r.sm_stats) t += s;
  return t;
}

}  // namespace

std::uint64_t executed_instructions(const SimResult& result) noexcept {
  std::uint64_t n = 0;
  for (const SmStats& s : result.sm_stats) n += s.executed_instructions;
  return n;
}

std::uint64_t warp_instructions(const SimResult& result) noexcept {
  std::uint64_t n = 0;
  for (const SmStats& s : result.sm_stats) n += s.warp_instructions;
  return n;
}

double simd_efficiency(const SimResult& result) noexcept {
  std::uint64_t threads = 0;
  for (const SmStats& s : result.sm_stats) threads += s.thread_instructions;
  return ratio(threads, warp_instructions(result) * 32);
}

double dlp(const SimResult& result) noexcept {
  std::uint64_t threads = 0;
  for (const SmStats& s : result.sm_stats) threads += s.thread_instructions;
  return ratio(threads, warp_instructions(result));
}

StatGroups collect_stats(const SimResult& r, const GpuConfig& gpu) {
  StatGroups g;
  const SmStats t = total_of(r);
  std::vector<NamedStat>& o = g.gpgpusim;
  add(o, "gpu_sim_cycle", r.cycles);
  add(o, "gpu_sim_insn", t.executed_instructions);
  add_ratio(o, "gpu_ipc", ratio(t.executed_instructions, r.cycles));
  add(o, "gpu_tot_sim_cycle", r.cycles);
  add(o, "gpu_tot_sim_insn", t.executed_instructions);
  add_ratio(o, "gpu_tot_ipc", ratio(t.executed_instructions, r.cycles));
  add(o, "gpu_tot_issued_cta", t.ctas_completed);
  std::uint64_t warp_cycles = 0;
  for (const std::uint64_t n : t.warp_states) warp_cycles += n;
  add_ratio(o, "gpu_occupancy", ratio(warp_cycles, t.cycles_active * gpu.core.max_warps()));
  add(o, "gpgpu_n_tot_thrd_icount", t.warp_instructions * gpu.core.warp_size);
  add(o, "gpgpu_n_tot_w_icount", t.warp_instructions);
  add(o, "gpgpu_n_stall_shd_mem", t.stall_shd_mem);
  add(o, "gpgpu_n_mem_read_local", t.mem_read_local);
  add(o, "gpgpu_n_mem_write_local", t.mem_write_local);
  add(o, "gpgpu_n_mem_read_global", t.mem_read_global);
  add(o, "gpgpu_n_mem_write_global", t.mem_write_global);
  add(o, "gpgpu_n_mem_texture", 0);
  add(o, "gpgpu_n_mem_const", t.mem_const);
  add(o, "gpgpu_n_mem_read_inst", t.mem_read_inst);
  add(o, "gpgpu_n_mem_l1_write_allocate", t.mem_l1_write_allocate);
  add(o, "gpgpu_n_load_insn", t.load_instructions);
  add(o, "gpgpu_n_store_insn", t.store_instructions);
  add(o, "gpgpu_n_shmem_insn", t.shmem_instructions);
  add(o, "gpgpu_n_tex_insn", 0);
  add(o, "gpgpu_n_const_mem_insn", t.const_instructions);
  add(o, "gpgpu_n_param_mem_insn", t.param_instructions);
  add(o, "gpgpu_n_shmem_bkconflict", t.shmem_bank_conflict_cycles);
  add(o, "gpgpu_n_cmem_portconflict", t.cmem_port_conflicts);
  for (std::size_t a = 0; a < kMemStages; ++a) {
    for (std::size_t b = 0; b < kMemStalls; ++b) {
      add(o, fmt::format("gpgpu_stall_shd_mem[{}][{}]", kStageNames[a], kStallNames[b]), t.stall_breakdown[a][b]);
    }
  }
  add(o, "gpu_reg_bank_conflict_stalls", t.reg_bank_conflict_stalls);
  add(o, "Stall", t.issue_distro[2]);
  add(o, "W0_Idle", t.issue_distro[0]);
  add(o, "W0_Scoreboard", t.issue_distro[1]);
  for (unsigned w = 1; w <= 32; ++w) add(o, fmt::format("W{}", w), t.issue_distro[2 + w]);
  o.insert(o.end(), r.l1_stats.begin(), r.l1_stats.end());
  o.insert(o.end(), r.memory_stats.begin(), r.memory_stats.end());

  std::vector<NamedStat>& l = g.lockstep;
  add(l, "lockstep_warp_instructions", t.warp_instructions);
  add(l, "lockstep_thread_instructions", t.thread_instructions);
  add(l, "lockstep_executed_thread_instructions", t.executed_instructions);
  add_ratio(l, "lockstep_simd_efficiency", ratio(t.thread_instructions, t.warp_instructions * 32));
  add_ratio(l, "lockstep_dlp", ratio(t.thread_instructions, t.warp_instructions));
  add_ratio(l, "lockstep_warp_ipc", ratio(t.warp_instructions, r.cycles));
  for (std::size_t k = 0; k < t.issue_width.size(); ++k) {
    add(l, fmt::format("lockstep_issue_cycles[{}{}]", k, k + 1 == t.issue_width.size() ? "+" : ""), t.issue_width[k]);
  }
  add(l, "lockstep_atomic_insn", t.atomic_instructions);
  add(l, "lockstep_mem_atomic", t.mem_atomic);
  add(l, "lockstep_model_timeouts", t.model_timeouts);
  add(l, "lockstep_w0_mem", t.w0_mem);
  if (r.model.kind == sem::ModelKind::Tbc || r.model.kind == sem::ModelKind::TbcLcp) {  // docs/models/tbc.md "In sim"
    add(l, "lockstep_tbc_compactions", t.compactions);
    add(l, "lockstep_tbc_compacted_warps", t.compacted_warps);
    add_ratio(l, "lockstep_tbc_warps_per_compaction", ratio(t.compacted_warps, t.compactions));
    add_ratio(l, "lockstep_tbc_stack_depth_mean", ratio(t.block_stack_depth_sum, t.warp_instructions));
    add(l, "lockstep_tbc_stack_depth_max", t.block_stack_depth_max);
  }
  if (r.model.st_entries != 0 || r.model.rt_entries != 0) {  // AWARE's virtualised tables (docs/sim.md)
    add(l, "lockstep_aware_st_spills", t.table_st_spills);
    add(l, "lockstep_aware_st_fills", t.table_st_fills);
    add(l, "lockstep_aware_rt_spills", t.table_rt_spills);
    add(l, "lockstep_aware_rt_fills", t.table_rt_fills);
    add(l, "lockstep_aware_table_bytes", t.table_bytes);
    add(l, "lockstep_aware_table_stall_cycles", t.table_stall_cycles);
  }
  add(l, "lockstep_ctas_per_sm", r.occupancy.ctas);
  add(l, "lockstep_registers_per_thread", r.registers);
  // backed_off only with BOWS, so that other outputs stay as they were.
  const bool bows = gpu.core.scheduler.bows.enabled;
  for (std::size_t i = 0; i < kWarpStates; ++i) {
    if (i == static_cast<std::size_t>(WarpState::BackedOff) && !bows) continue;
    add(l, fmt::format("lockstep_warp_cycles[{}]", kStateNames[i]), t.warp_states[i]);
  }
  add(l, "lockstep_load_count", t.load_latency_count);
  add_ratio(l, "lockstep_load_latency_mean", ratio(t.load_latency_sum, t.load_latency_count));
  for (std::size_t i = 0; i < kLatencyBuckets; ++i) {
    const std::uint64_t lo = std::uint64_t{1} << i;
    add(l, i + 1 == kLatencyBuckets ? fmt::format("lockstep_load_latency[{}+]", lo)
                                    : fmt::format("lockstep_load_latency[{}-{}]", lo, (lo << 1) - 1),
        t.load_latency[i]);
  }
  if (gpu.core.scheduler.ddos.enabled) {
    add(l, "lockstep_ddos_setps", t.ddos_setps);
    add(l, "lockstep_ddos_spinning_branches", t.ddos_spinning_branches);
    add(l, "lockstep_ddos_sib_instructions", t.sib_instructions);
    add(l, "lockstep_ddos_detections", r.detections.size());
    for (std::size_t i = 0; i < r.detections.size(); ++i) {
      const SpinDetection& d = r.detections[i];
      add(l, fmt::format("lockstep_ddos_detection[{}].pc", i), d.pc);
      add(l, fmt::format("lockstep_ddos_detection[{}].cycle", i), d.cycle);
      add(l, fmt::format("lockstep_ddos_detection[{}].sm", i), d.sm);
      add(l, fmt::format("lockstep_ddos_detection[{}].warp", i), d.warp);
      add(l, fmt::format("lockstep_ddos_detection[{}].block", i), d.block);
      add(l, fmt::format("lockstep_ddos_detection[{}].warp_in_block", i), d.warp_in_block);
    }
  }
  if (bows) {  // the delay limits BOWS loaded (the adaptive limit in force when each was)
    add(l, "lockstep_bows_delays", t.bows_delays);
    add_ratio(l, "lockstep_bows_delay_mean", ratio(t.bows_delay_cycles, t.bows_delays));
    add(l, "lockstep_bows_delay_max", t.bows_delay_max);
  }
  for (std::size_t s = 0; s < r.sm_stats.size(); ++s) {
    const SmStats& x = r.sm_stats[s];
    add(l, fmt::format("lockstep_sm[{}].cycles_active", s), x.cycles_active);
    add(l, fmt::format("lockstep_sm[{}].warp_instructions", s), x.warp_instructions);
    add(l, fmt::format("lockstep_sm[{}].ctas", s), x.ctas_completed);
  }
  return g;
}

}  // namespace lockstep::sim
