// Internal to sim/config: every field of a GpuConfig in file order, with its
// TOML key, unit and GPGPU-Sim option, for the TOML reader, the TOML and
// JSON writers and the documentation test. Adding a field to GpuConfig means
// adding it here (and to gpgpusim_defaults, the GPGPU-Sim options it comes
// from, the bundled files and docs/sim.md).
//
// visit_gpu_fields(config, visitor) calls, in order,
//   visitor.section(path)              before the fields of each section
//                                      ("" is the top level, "core.l1d", ...)
//   visitor.field(meta, value)         for each field; value is a (const)
//                                      reference to std::string, std::uint32_t,
//                                      std::uint64_t, std::int32_t, double,
//                                      bool, an enumeration (config_names.hpp),
//                                      OpTiming or the address map (BitMap)
//   visitor.cache_bytes(meta, cache)   after a cache's geometry: its `bytes`
//                                      key, sets * line_bytes * ways
// Config is GpuConfig or const GpuConfig.
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>

#include "sim/config/config_names.hpp"
#include "sim/config/gpu_config.hpp"

namespace lockstep::sim::config_detail {

struct FieldMeta {
  std::string_view key;     ///< the key within its section
  std::string_view unit;    ///< "MHz", "bytes", "cycles" (core), ... or ""
  std::string_view option;  ///< where GPGPU-Sim sets it, or "" (lockstep only / fixed)
};

/// The 64-entry address map, wrapped so that visitors can tell it apart.
template <class Bits>
struct BitMap {
  Bits& bits;
};

template <class Cache, class V>
void visit_cache(Cache& k, V& v, std::string_view option) {
  v.field(FieldMeta{"enabled", "", option}, k.enabled);
  v.field(FieldMeta{"kind", "", option}, k.kind);
  v.field(FieldMeta{"sets", "", option}, k.sets);
  v.field(FieldMeta{"line_bytes", "bytes", option}, k.line_bytes);
  v.field(FieldMeta{"ways", "", option}, k.ways);
  v.cache_bytes(FieldMeta{"bytes", "bytes", ""}, k);
  v.field(FieldMeta{"replacement", "", option}, k.replacement);
  v.field(FieldMeta{"write", "", option}, k.write);
  v.field(FieldMeta{"allocation", "", option}, k.allocation);
  v.field(FieldMeta{"write_allocation", "", option}, k.write_allocation);
  v.field(FieldMeta{"index", "", option}, k.index);
  v.field(FieldMeta{"mshr", "", option}, k.mshr);
  v.field(FieldMeta{"mshr_entries", "entries", option}, k.mshr_entries);
  v.field(FieldMeta{"mshr_max_merge", "requests", option}, k.mshr_max_merge);
  v.field(FieldMeta{"miss_queue", "entries", option}, k.miss_queue);
  v.field(FieldMeta{"fifo_entries", "entries", option}, k.fifo_entries);
  v.field(FieldMeta{"data_port_bytes", "bytes (0 = line)", option}, k.data_port_bytes);
}

template <class Unit, class V>
void visit_unit(Unit& u, V& v, std::string_view units_option) {
  v.field(FieldMeta{"units", "", units_option}, u.units);
  v.field(FieldMeta{"id_oc_width", "warp instructions", "-gpgpu_pipeline_widths"}, u.id_oc_width);
  v.field(FieldMeta{"oc_ex_width", "warp instructions", "-gpgpu_pipeline_widths"}, u.oc_ex_width);
  v.field(FieldMeta{"collectors", "", "-gpgpu_operand_collector_num_units_*"}, u.collectors.units);
  v.field(FieldMeta{"collector_in_ports", "", "-gpgpu_operand_collector_num_in_ports_*"}, u.collectors.in_ports);
  v.field(FieldMeta{"collector_out_ports", "", "-gpgpu_operand_collector_num_out_ports_*"}, u.collectors.out_ports);
}

template <class Config, class V>
void visit_core(Config& c, V& v) {
  auto& k = c.core;
  v.section("core");
  v.field(FieldMeta{"clusters", "", "-gpgpu_n_clusters"}, k.clusters);
  v.field(FieldMeta{"cores_per_cluster", "", "-gpgpu_n_cores_per_cluster"}, k.cores_per_cluster);
  v.field(FieldMeta{"warp_size", "threads", "-gpgpu_shader_core_pipeline"}, k.warp_size);
  v.field(FieldMeta{"max_threads", "threads", "-gpgpu_shader_core_pipeline"}, k.max_threads);
  v.field(FieldMeta{"max_ctas", "", "-gpgpu_shader_cta"}, k.max_ctas);
  v.field(FieldMeta{"registers", "32-bit registers", "-gpgpu_shader_registers"}, k.registers);
  v.field(FieldMeta{"register_unit", "registers per thread", ""}, k.register_unit);
  v.field(FieldMeta{"max_registers_per_cta", "32-bit registers", "-gpgpu_registers_per_block"},
          k.max_registers_per_cta);
  v.field(FieldMeta{"fetch_per_cycle", "instructions", "-gpgpu_inst_fetch_throughput"}, k.fetch_per_cycle);
  v.field(FieldMeta{"writeback_width", "warp instructions", "-gpgpu_pipeline_widths"}, k.writeback_width);
  v.field(FieldMeta{"memory_warp_parts", "", "-gpgpu_shmem_warp_parts"}, k.memory_warp_parts);
  v.field(FieldMeta{"coalesce_arch", "compute capability x 10", "-gpgpu_coalesce_arch"}, k.coalesce_arch);
  v.field(FieldMeta{"l1d_latency", "cycles", "-gpgpu_l1_latency"}, k.l1d_latency);
  v.field(FieldMeta{"gmem_skip_l1d", "", "-gpgpu_gmem_skip_L1D"}, k.gmem_skip_l1d);
  v.field(FieldMeta{"perfect_inst_const_cache", "", "-gpgpu_perfect_inst_const_cache"}, k.perfect_inst_const_cache);
  v.field(FieldMeta{"cluster_ejection_buffer", "packets", "-gpgpu_n_cluster_ejection_buffer_size"},
          k.cluster_ejection_buffer);
  v.field(FieldMeta{"ldst_response_buffer", "packets", "-gpgpu_n_ldst_response_buffer_size"},
          k.ldst_response_buffer);

  v.section("core.shared");
  v.field(FieldMeta{"bytes", "bytes", "-gpgpu_shmem_sizeDefault, -gpgpu_shmem_size"}, k.shared.bytes);
  v.field(FieldMeta{"max_per_cta_bytes", "bytes", "-gpgpu_shmem_per_block"}, k.shared.max_per_cta_bytes);
  v.field(FieldMeta{"banks", "", "-gpgpu_shmem_num_banks"}, k.shared.banks);
  v.field(FieldMeta{"latency", "cycles", "-gpgpu_smem_latency"}, k.shared.latency);
  v.field(FieldMeta{"limited_broadcast", "", "-gpgpu_shmem_limited_broadcast"}, k.shared.limited_broadcast);

  v.section("core.scheduler");
  auto& s = k.scheduler;
  v.field(FieldMeta{"per_core", "", "-gpgpu_num_sched_per_core"}, s.per_core);
  v.field(FieldMeta{"policy", "", "-gpgpu_scheduler"}, s.policy);
  v.field(FieldMeta{"two_level_active", "warps", "-gpgpu_scheduler"}, s.two_level_active);
  v.field(FieldMeta{"two_level_inner", "", "-gpgpu_scheduler"}, s.two_level_inner);
  v.field(FieldMeta{"two_level_outer", "", "-gpgpu_scheduler"}, s.two_level_outer);
  v.field(FieldMeta{"max_issue_per_warp", "instructions", "-gpgpu_max_insn_issue_per_warp"}, s.max_issue_per_warp);
  v.field(FieldMeta{"dual_issue_diff_units", "", "-gpgpu_dual_issue_diff_exec_units"}, s.dual_issue_diff_units);
  v.field(FieldMeta{"gto_rotation", "cycles (0 = strict gto)", ""}, s.gto_rotation);
  v.field(FieldMeta{"ddos_enabled", "", ""}, s.ddos.enabled);
  v.field(FieldMeta{"ddos_hash", "", ""}, s.ddos.hash);
  v.field(FieldMeta{"ddos_path_bits", "bits", ""}, s.ddos.path_bits);
  v.field(FieldMeta{"ddos_value_bits", "bits", ""}, s.ddos.value_bits);
  v.field(FieldMeta{"ddos_history", "entries", ""}, s.ddos.history);
  v.field(FieldMeta{"ddos_threshold", "confirmations", ""}, s.ddos.threshold);
  v.field(FieldMeta{"ddos_sib_entries", "entries", ""}, s.ddos.sib_entries);
  v.field(FieldMeta{"ddos_shared_history", "", ""}, s.ddos.shared_history);
  v.field(FieldMeta{"ddos_epoch", "cycles", ""}, s.ddos.epoch);
  v.field(FieldMeta{"bows_enabled", "", ""}, s.bows.enabled);
  v.field(FieldMeta{"bows_adaptive", "", ""}, s.bows.adaptive);
  v.field(FieldMeta{"bows_delay", "cycles", ""}, s.bows.delay);
  v.field(FieldMeta{"bows_delay_min", "cycles", ""}, s.bows.delay_min);
  v.field(FieldMeta{"bows_delay_max", "cycles", ""}, s.bows.delay_max);
  v.field(FieldMeta{"bows_delay_step", "cycles", ""}, s.bows.delay_step);
  v.field(FieldMeta{"bows_interval", "cycles", ""}, s.bows.interval);
  v.field(FieldMeta{"bows_frac1", "", ""}, s.bows.frac1);
  v.field(FieldMeta{"bows_frac2", "", ""}, s.bows.frac2);
  v.field(FieldMeta{"cawa_greedy", "", ""}, s.cawa.greedy);
  v.field(FieldMeta{"cawa_cacp", "", ""}, s.cawa.cacp);
  v.field(FieldMeta{"cawa_cacp_critical_ways", "fraction of L1D ways", ""}, s.cawa.cacp_critical_ways);
  v.field(FieldMeta{"cawa_cacp_critical_fraction", "", ""}, s.cawa.cacp_critical_fraction);
  v.field(FieldMeta{"cawa_cacp_signatures", "entries", ""}, s.cawa.cacp_signatures);

  v.section("core.operand_collector");
  auto& o = k.operand_collector;
  v.field(FieldMeta{"specialized", "", "-gpgpu_enable_specialized_operand_collector"}, o.specialized);
  v.field(FieldMeta{"generic_units", "", "-gpgpu_operand_collector_num_units_gen"}, o.generic.units);
  v.field(FieldMeta{"generic_in_ports", "", "-gpgpu_operand_collector_num_in_ports_gen"}, o.generic.in_ports);
  v.field(FieldMeta{"generic_out_ports", "", "-gpgpu_operand_collector_num_out_ports_gen"}, o.generic.out_ports);
  v.field(FieldMeta{"register_banks", "", "-gpgpu_num_reg_banks"}, o.register_banks);
  v.field(FieldMeta{"bank_by_warp_id", "", "-gpgpu_reg_bank_use_warp_id"}, o.bank_by_warp_id);
  v.field(FieldMeta{"register_file_ports", "", "-gpgpu_reg_file_port_throughput"}, o.register_file_ports);

  v.section("core.sp");
  visit_unit(k.sp, v, "-gpgpu_num_sp_units");
  v.section("core.dp");
  visit_unit(k.dp, v, "-gpgpu_num_dp_units");
  v.section("core.int");
  visit_unit(k.integer, v, "-gpgpu_num_int_units");
  v.section("core.sfu");
  visit_unit(k.sfu, v, "-gpgpu_num_sfu_units");
  v.section("core.tensor");
  visit_unit(k.tensor, v, "-gpgpu_num_tensor_core_units");
  v.section("core.mem");
  visit_unit(k.mem, v, "");

  v.section("core.ops");
  for (std::size_t i = 0; i < kOpClassCount; ++i) {
    v.field(FieldMeta{EnumNames<OpClass>::names[i], "cycles", "-ptx_opcode_latency_*, -ptx_opcode_initiation_*"},
            k.ops.by_class[i]);
  }

  v.section("core.l1i");
  visit_cache(k.l1i, v, "-gpgpu_cache:il1");
  v.section("core.l1d");
  visit_cache(k.l1d, v, "-gpgpu_cache:dl1");
  v.section("core.l1c");
  visit_cache(k.l1c, v, "-gpgpu_const_cache:l1");
  v.section("core.l1t");
  visit_cache(k.l1t, v, "-gpgpu_tex_cache:l1");
}

template <class Config, class V>
void visit_memory(Config& c, V& v) {
  auto& m = c.memory;
  v.section("memory");
  v.field(FieldMeta{"channels", "", "-gpgpu_n_mem"}, m.channels);
  v.field(FieldMeta{"sub_partitions_per_channel", "", "-gpgpu_n_sub_partition_per_mchannel"},
          m.sub_partitions_per_channel);
  v.field(FieldMeta{"rop_latency", "cycles", "-gpgpu_l2_rop_latency, -rop_latency"}, m.rop_latency);
  v.field(FieldMeta{"partition_index", "", "-gpgpu_memory_partition_indexing"}, m.partition_index);

  v.section("memory.queues");
  v.field(FieldMeta{"icnt_to_l2", "requests", "-gpgpu_dram_partition_queues"}, m.queues.icnt_to_l2);
  v.field(FieldMeta{"l2_to_dram", "requests", "-gpgpu_dram_partition_queues"}, m.queues.l2_to_dram);
  v.field(FieldMeta{"dram_to_l2", "requests", "-gpgpu_dram_partition_queues"}, m.queues.dram_to_l2);
  v.field(FieldMeta{"l2_to_icnt", "requests", "-gpgpu_dram_partition_queues"}, m.queues.l2_to_icnt);

  v.section("memory.l2");
  visit_cache(m.l2, v, "-gpgpu_cache:dl2");

  v.section("memory.address_mapping");
  v.field(FieldMeta{"chip_start_bit", "bit (-1 = D bits)", "-gpgpu_mem_addr_mapping"},
          m.address_mapping.chip_start_bit);
  BitMap<std::remove_reference_t<decltype((m.address_mapping.bits))>> bits{m.address_mapping.bits};
  v.field(FieldMeta{"bits", "bit 63 first", "-gpgpu_mem_addr_mapping"}, bits);

  v.section("memory.dram");
  auto& d = m.dram;
  v.field(FieldMeta{"chips_per_channel", "", "-gpgpu_n_mem_per_ctrlr"}, d.chips_per_channel);
  v.field(FieldMeta{"bus_width_bytes", "bytes", "-gpgpu_dram_buswidth"}, d.bus_width_bytes);
  v.field(FieldMeta{"burst_length", "beats", "-gpgpu_dram_burst_length"}, d.burst_length);
  v.field(FieldMeta{"data_command_freq_ratio", "", "-dram_data_command_freq_ratio"}, d.data_command_freq_ratio);
  v.field(FieldMeta{"scheduler", "", "-gpgpu_dram_scheduler"}, d.scheduler);
  v.field(FieldMeta{"scheduler_queue", "requests (0 = unlimited)", "-gpgpu_frfcfs_dram_sched_queue_size"},
          d.scheduler_queue);
  v.field(FieldMeta{"return_queue", "requests (0 = unlimited)", "-gpgpu_dram_return_queue_size"}, d.return_queue);
  v.field(FieldMeta{"latency", "cycles", "-dram_latency"}, d.latency);
  v.field(FieldMeta{"bank_index", "", "-dram_bnk_indexing_policy"}, d.bank_index);
  v.field(FieldMeta{"bank_group_bits", "", "-dram_bnkgrp_indexing_policy"}, d.bank_group_bits);

  v.section("memory.dram.timing");
  auto& t = d.timing;
  constexpr std::string_view opt = "-gpgpu_dram_timing_opt";
  v.field(FieldMeta{"banks", "", opt}, t.banks);
  v.field(FieldMeta{"bank_groups", "", opt}, t.bank_groups);
  v.field(FieldMeta{"ccd", "DRAM cycles", opt}, t.ccd);
  v.field(FieldMeta{"ccdl", "DRAM cycles", opt}, t.ccdl);
  v.field(FieldMeta{"rrd", "DRAM cycles", opt}, t.rrd);
  v.field(FieldMeta{"rcd", "DRAM cycles", opt}, t.rcd);
  v.field(FieldMeta{"ras", "DRAM cycles", opt}, t.ras);
  v.field(FieldMeta{"rp", "DRAM cycles", opt}, t.rp);
  v.field(FieldMeta{"rc", "DRAM cycles", opt}, t.rc);
  v.field(FieldMeta{"cl", "DRAM cycles", opt}, t.cl);
  v.field(FieldMeta{"wl", "DRAM cycles", opt}, t.wl);
  v.field(FieldMeta{"cdlr", "DRAM cycles", opt}, t.cdlr);
  v.field(FieldMeta{"wr", "DRAM cycles", opt}, t.wr);
  v.field(FieldMeta{"rtpl", "DRAM cycles", opt}, t.rtpl);
}

template <class Config, class V>
void visit_gpu_fields(Config& c, V& v) {
  v.section("");
  v.field(FieldMeta{"name", "", ""}, c.name);
  v.field(FieldMeta{"source", "", ""}, c.source);

  v.section("clocks");
  v.field(FieldMeta{"core_mhz", "MHz", "-gpgpu_clock_domains"}, c.clocks.core_mhz);
  v.field(FieldMeta{"interconnect_mhz", "MHz", "-gpgpu_clock_domains"}, c.clocks.interconnect_mhz);
  v.field(FieldMeta{"l2_mhz", "MHz", "-gpgpu_clock_domains"}, c.clocks.l2_mhz);
  v.field(FieldMeta{"dram_mhz", "MHz", "-gpgpu_clock_domains"}, c.clocks.dram_mhz);

  v.section("launch");
  v.field(FieldMeta{"kernel", "cycles", "-gpgpu_kernel_launch_latency"}, c.launch.kernel);
  v.field(FieldMeta{"cta", "cycles per CTA", "-gpgpu_TB_launch_latency"}, c.launch.cta);

  visit_core(c, v);
  visit_memory(c, v);

  v.section("interconnect");
  auto& n = c.interconnect;
  v.field(FieldMeta{"flit_bytes", "bytes", "flit_size, -icnt_flit_size"}, n.flit_bytes);
  v.field(FieldMeta{"latency", "interconnect cycles", "BookSim router delays"}, n.latency);
  v.field(FieldMeta{"port_flits_per_cycle", "flits", ""}, n.port_flits_per_cycle);
  v.field(FieldMeta{"internal_speedup", "", "internal_speedup"}, n.internal_speedup);
  v.field(FieldMeta{"input_buffer_flits", "flits", "input_buffer_size, -icnt_in_buffer_limit"},
          n.input_buffer_flits);
  v.field(FieldMeta{"output_buffer_flits", "flits", "ejection_buffer_size, -icnt_out_buffer_limit"},
          n.output_buffer_flits);
  v.field(FieldMeta{"arbitration", "", "sw_allocator, -icnt_arbiter_algo"}, n.arbitration);
  v.field(FieldMeta{"arbitration_iterations", "", "alloc_iters"}, n.arbitration_iterations);
  v.field(FieldMeta{"subnets", "", "subnets, -icnt_subnets"}, n.subnets);

  v.section("divergence");
  v.field(FieldMeta{"simd_model", "", "-gpgpu_simd_model"}, c.divergence.simd_model);
  v.field(FieldMeta{"aware_timeout", "cycles (0 = none)", "-gpgpu_simd_rec_time_out"}, c.divergence.aware_timeout);
  v.field(FieldMeta{"split_table_entries", "entries", "-gpgpu_simd_st_size"}, c.divergence.split_table_entries);
  v.field(FieldMeta{"reconvergence_table_entries", "entries", "-gpgpu_simd_rec_size"},
          c.divergence.reconvergence_table_entries);
}

}  // namespace lockstep::sim::config_detail
