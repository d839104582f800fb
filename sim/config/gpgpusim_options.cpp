// The options of gpgpusim.config files: GPGPU-Sim 4.x's registry, the
// GPGPU-Sim 3.x names it dropped, and the options of ElTantawy's AWARE and
// BOWS/DDOS forks of 3.2.2 (research 000 §9).
#include "sim/config/gpgpusim_options.hpp"

#include <limits>

#include "sim/config/option_strings.hpp"

namespace lockstep::sim::gpgpusim {
namespace {

using K = ValueKind;
using S = ImportState;

std::uint32_t u32(std::string_view v) { return static_cast<std::uint32_t>(parse_unsigned(v)); }

/// 0/1 options that GPGPU-Sim reads as an integer with only 0 and 1 meaningful.
std::uint32_t choice(std::string_view v, std::uint32_t max, std::string_view what) {
  try {
    return static_cast<std::uint32_t>(parse_unsigned(v, max));
  } catch (const ValueError&) {
    throw ValueError(0, std::string(what));
  }
}

constexpr OptionInfo modelled(std::string_view name, ValueKind kind, void (*apply)(std::string_view, S&),
                              std::string_view fields) {
  return OptionInfo{name, OptionClass::Modelled, kind, apply, fields, {}, {}, {}};
}
constexpr OptionInfo unmodelled(std::string_view name, ValueKind kind, std::string_view neutral,
                                std::string_view gpgpusim_default, std::string_view note) {
  return OptionInfo{name, OptionClass::Unmodelled, kind, nullptr, {}, neutral, gpgpusim_default, note};
}
constexpr OptionInfo no_timing(std::string_view name, ValueKind kind) {
  return OptionInfo{name, OptionClass::NoTiming, kind, nullptr, {}, {}, {}, {}};
}

/// -ptx_opcode_latency_* / -ptx_opcode_initiation_*: `first` is the class of
/// the list's first entry; the int lists take 5 (GPGPU-Sim 3) or 6 values.
template <OpClass First, std::size_t Min, std::size_t Max, bool Latency>
void op_list(std::string_view v, S& s) {
  const std::vector<std::uint32_t> values = parse_uint_list(v, Min, Max);
  for (std::size_t i = 0; i < values.size(); ++i) {
    OpTiming& t = s.config.core.ops.by_class[static_cast<std::size_t>(First) + i];
    (Latency ? t.latency : t.initiation) = values[i];
  }
}

/// -gpgpu_operand_collector_num_{units,in_ports,out_ports}_<class>.
template <UnitClassConfig CoreConfig::*Unit, std::uint32_t CollectorSet::*Field>
void unit_collector(std::string_view v, S& s) {
  (s.config.core.*Unit).collectors.*Field = u32(v);
}
template <std::uint32_t CollectorSet::*Field>
void generic_collector(std::string_view v, S& s) {
  s.config.core.operand_collector.generic.*Field = u32(v);
}

constexpr std::string_view kBows = "BOWS/DDOS warp scheduling is not modelled";

constexpr OptionInfo kOptions[] = {
    // --- the GPU and its SMs ---
    modelled("-gpgpu_n_clusters", K::Integer, [](std::string_view v, S& s) { s.config.core.clusters = u32(v); },
             "core.clusters"),
    modelled("-gpgpu_n_cores_per_cluster", K::Integer,
             [](std::string_view v, S& s) { s.config.core.cores_per_cluster = u32(v); }, "core.cores_per_cluster"),
    modelled("-gpgpu_clock_domains", K::Text, [](std::string_view v, S& s) { s.config.clocks = parse_clock_domains(v); },
             "clocks"),
    modelled("-gpgpu_kernel_launch_latency", K::Integer,
             [](std::string_view v, S& s) { s.config.launch.kernel = u32(v); }, "launch.kernel"),
    modelled("-gpgpu_TB_launch_latency", K::Integer, [](std::string_view v, S& s) { s.config.launch.cta = u32(v); },
             "launch.cta"),
    modelled("-gpgpu_shader_core_pipeline", K::Text,
             [](std::string_view v, S& s) {
               const CorePipeline p = parse_core_pipeline(v);
               s.config.core.max_threads = p.max_threads;
               s.config.core.warp_size = p.warp_size;
             },
             "core.max_threads core.warp_size"),
    modelled("-gpgpu_shader_cta", K::Integer, [](std::string_view v, S& s) { s.config.core.max_ctas = u32(v); },
             "core.max_ctas"),
    modelled("-gpgpu_shader_registers", K::Integer, [](std::string_view v, S& s) { s.config.core.registers = u32(v); },
             "core.registers"),
    modelled("-gpgpu_registers_per_block", K::Integer,
             [](std::string_view v, S& s) { s.config.core.max_registers_per_cta = u32(v); },
             "core.max_registers_per_cta"),
    modelled("-gpgpu_shmem_size", K::Integer, [](std::string_view v, S& s) { s.shmem_size = u32(v); },
             "core.shared.bytes"),
    modelled("-gpgpu_shmem_sizeDefault", K::Integer, [](std::string_view v, S& s) { s.shmem_size_default = u32(v); },
             "core.shared.bytes"),
    modelled("-gpgpu_shmem_per_block", K::Integer,
             [](std::string_view v, S& s) { s.config.core.shared.max_per_cta_bytes = u32(v); },
             "core.shared.max_per_cta_bytes"),
    modelled("-gpgpu_shmem_num_banks", K::Integer,
             [](std::string_view v, S& s) { s.config.core.shared.banks = u32(v); }, "core.shared.banks"),
    modelled("-gpgpu_shmem_limited_broadcast", K::Flag,
             [](std::string_view v, S& s) { s.config.core.shared.limited_broadcast = parse_flag(v); },
             "core.shared.limited_broadcast"),
    modelled("-gpgpu_smem_latency", K::Integer,
             [](std::string_view v, S& s) { s.config.core.shared.latency = u32(v); }, "core.shared.latency"),
    modelled("-gpgpu_shmem_warp_parts", K::Integer,
             [](std::string_view v, S& s) { s.config.core.memory_warp_parts = u32(v); }, "core.memory_warp_parts"),
    modelled("-gpgpu_inst_fetch_throughput", K::Integer,
             [](std::string_view v, S& s) { s.config.core.fetch_per_cycle = u32(v); }, "core.fetch_per_cycle"),
    modelled("-gpgpu_coalesce_arch", K::Integer,
             [](std::string_view v, S& s) { s.config.core.coalesce_arch = u32(v); }, "core.coalesce_arch"),
    modelled("-gpgpu_l1_latency", K::Integer, [](std::string_view v, S& s) { s.config.core.l1d_latency = u32(v); },
             "core.l1d_latency"),
    modelled("-gpgpu_gmem_skip_L1D", K::Flag,
             [](std::string_view v, S& s) { s.config.core.gmem_skip_l1d = parse_flag(v); }, "core.gmem_skip_l1d"),
    modelled("-gmem_skip_L1D", K::Flag, [](std::string_view v, S& s) { s.config.core.gmem_skip_l1d = parse_flag(v); },
             "core.gmem_skip_l1d"),
    modelled("-gpgpu_perfect_inst_const_cache", K::Flag,
             [](std::string_view v, S& s) { s.config.core.perfect_inst_const_cache = parse_flag(v); },
             "core.perfect_inst_const_cache"),
    modelled("-gpgpu_n_cluster_ejection_buffer_size", K::Integer,
             [](std::string_view v, S& s) { s.config.core.cluster_ejection_buffer = u32(v); },
             "core.cluster_ejection_buffer"),
    modelled("-gpgpu_n_ldst_response_buffer_size", K::Integer,
             [](std::string_view v, S& s) { s.config.core.ldst_response_buffer = u32(v); },
             "core.ldst_response_buffer"),

    // --- issue and execution ---
    modelled("-gpgpu_num_sched_per_core", K::Integer,
             [](std::string_view v, S& s) { s.config.core.scheduler.per_core = u32(v); }, "core.scheduler.per_core"),
    modelled("-gpgpu_scheduler", K::Text, [](std::string_view v, S& s) { parse_scheduler(v, s.config.core.scheduler); },
             "core.scheduler"),
    modelled("-gpgpu_max_insn_issue_per_warp", K::Integer,
             [](std::string_view v, S& s) { s.config.core.scheduler.max_issue_per_warp = u32(v); },
             "core.scheduler.max_issue_per_warp"),
    modelled("-gpgpu_dual_issue_diff_exec_units", K::Flag,
             [](std::string_view v, S& s) { s.config.core.scheduler.dual_issue_diff_units = parse_flag(v); },
             "core.scheduler.dual_issue_diff_units"),
    modelled("-gpgpu_pipeline_widths", K::Text, [](std::string_view v, S& s) { parse_pipeline_widths(v, s.config.core); },
             "core.writeback_width core.sp core.dp core.int core.sfu core.mem core.tensor"),
    modelled("-gpgpu_num_sp_units", K::Integer, [](std::string_view v, S& s) { s.config.core.sp.units = u32(v); },
             "core.sp.units"),
    modelled("-gpgpu_num_dp_units", K::Integer, [](std::string_view v, S& s) { s.config.core.dp.units = u32(v); },
             "core.dp.units"),
    modelled("-gpgpu_num_int_units", K::Integer, [](std::string_view v, S& s) { s.config.core.integer.units = u32(v); },
             "core.int.units"),
    modelled("-gpgpu_num_sfu_units", K::Integer, [](std::string_view v, S& s) { s.config.core.sfu.units = u32(v); },
             "core.sfu.units"),
    modelled("-gpgpu_num_tensor_core_units", K::Integer,
             [](std::string_view v, S& s) { s.config.core.tensor.units = u32(v); }, "core.tensor.units"),
    modelled("-gpgpu_tensor_core_avail", K::Integer,
             [](std::string_view v, S& s) { s.tensor_core_avail = choice(v, 1, "expected 0 or 1") != 0; },
             "core.tensor"),
    no_timing("-gpgpu_num_mem_units", K::Integer),  // "not hooked up to anything" in GPGPU-Sim
    modelled("-ptx_opcode_latency_int", K::Text, op_list<OpClass::IntAdd, 5, 6, true>, "core.ops"),
    modelled("-ptx_opcode_latency_fp", K::Text, op_list<OpClass::FpAdd, 5, 5, true>, "core.ops"),
    modelled("-ptx_opcode_latency_dp", K::Text, op_list<OpClass::DpAdd, 5, 5, true>, "core.ops"),
    modelled("-ptx_opcode_latency_sfu", K::Text, op_list<OpClass::Sfu, 1, 1, true>, "core.ops.sfu"),
    modelled("-ptx_opcode_latency_tesnor", K::Text, op_list<OpClass::Tensor, 1, 1, true>, "core.ops.tensor"),
    modelled("-ptx_opcode_initiation_int", K::Text, op_list<OpClass::IntAdd, 5, 6, false>, "core.ops"),
    modelled("-ptx_opcode_initiation_fp", K::Text, op_list<OpClass::FpAdd, 5, 5, false>, "core.ops"),
    modelled("-ptx_opcode_initiation_dp", K::Text, op_list<OpClass::DpAdd, 5, 5, false>, "core.ops"),
    modelled("-ptx_opcode_initiation_sfu", K::Text, op_list<OpClass::Sfu, 1, 1, false>, "core.ops.sfu"),
    modelled("-ptx_opcode_initiation_tensor", K::Text, op_list<OpClass::Tensor, 1, 1, false>, "core.ops.tensor"),

    // --- operand collector and register file ---
    modelled("-gpgpu_enable_specialized_operand_collector", K::Flag,
             [](std::string_view v, S& s) { s.config.core.operand_collector.specialized = parse_flag(v); },
             "core.operand_collector.specialized"),
    modelled("-gpgpu_num_reg_banks", K::Integer,
             [](std::string_view v, S& s) { s.config.core.operand_collector.register_banks = u32(v); },
             "core.operand_collector.register_banks"),
    modelled("-gpgpu_reg_bank_use_warp_id", K::Flag,
             [](std::string_view v, S& s) { s.config.core.operand_collector.bank_by_warp_id = parse_flag(v); },
             "core.operand_collector.bank_by_warp_id"),
    modelled("-gpgpu_reg_file_port_throughput", K::Integer,
             [](std::string_view v, S& s) { s.config.core.operand_collector.register_file_ports = u32(v); },
             "core.operand_collector.register_file_ports"),
    modelled("-gpgpu_operand_collector_num_units_sp", K::Integer, unit_collector<&CoreConfig::sp, &CollectorSet::units>,
             "core.sp.collectors"),
    modelled("-gpgpu_operand_collector_num_in_ports_sp", K::Integer, unit_collector<&CoreConfig::sp, &CollectorSet::in_ports>,
             "core.sp.collector_in_ports"),
    modelled("-gpgpu_operand_collector_num_out_ports_sp", K::Integer, unit_collector<&CoreConfig::sp, &CollectorSet::out_ports>,
             "core.sp.collector_out_ports"),
    modelled("-gpgpu_operand_collector_num_units_dp", K::Integer, unit_collector<&CoreConfig::dp, &CollectorSet::units>,
             "core.dp.collectors"),
    modelled("-gpgpu_operand_collector_num_in_ports_dp", K::Integer, unit_collector<&CoreConfig::dp, &CollectorSet::in_ports>,
             "core.dp.collector_in_ports"),
    modelled("-gpgpu_operand_collector_num_out_ports_dp", K::Integer, unit_collector<&CoreConfig::dp, &CollectorSet::out_ports>,
             "core.dp.collector_out_ports"),
    modelled("-gpgpu_operand_collector_num_units_int", K::Integer, unit_collector<&CoreConfig::integer, &CollectorSet::units>,
             "core.int.collectors"),
    modelled("-gpgpu_operand_collector_num_in_ports_int", K::Integer, unit_collector<&CoreConfig::integer, &CollectorSet::in_ports>,
             "core.int.collector_in_ports"),
    modelled("-gpgpu_operand_collector_num_out_ports_int", K::Integer, unit_collector<&CoreConfig::integer, &CollectorSet::out_ports>,
             "core.int.collector_out_ports"),
    modelled("-gpgpu_operand_collector_num_units_sfu", K::Integer, unit_collector<&CoreConfig::sfu, &CollectorSet::units>,
             "core.sfu.collectors"),
    modelled("-gpgpu_operand_collector_num_in_ports_sfu", K::Integer, unit_collector<&CoreConfig::sfu, &CollectorSet::in_ports>,
             "core.sfu.collector_in_ports"),
    modelled("-gpgpu_operand_collector_num_out_ports_sfu", K::Integer, unit_collector<&CoreConfig::sfu, &CollectorSet::out_ports>,
             "core.sfu.collector_out_ports"),
    modelled("-gpgpu_operand_collector_num_units_tensor_core", K::Integer, unit_collector<&CoreConfig::tensor, &CollectorSet::units>,
             "core.tensor.collectors"),
    modelled("-gpgpu_operand_collector_num_in_ports_tensor_core", K::Integer, unit_collector<&CoreConfig::tensor, &CollectorSet::in_ports>,
             "core.tensor.collector_in_ports"),
    modelled("-gpgpu_operand_collector_num_out_ports_tensor_core", K::Integer, unit_collector<&CoreConfig::tensor, &CollectorSet::out_ports>,
             "core.tensor.collector_out_ports"),
    modelled("-gpgpu_operand_collector_num_units_mem", K::Integer, unit_collector<&CoreConfig::mem, &CollectorSet::units>,
             "core.mem.collectors"),
    modelled("-gpgpu_operand_collector_num_in_ports_mem", K::Integer, unit_collector<&CoreConfig::mem, &CollectorSet::in_ports>,
             "core.mem.collector_in_ports"),
    modelled("-gpgpu_operand_collector_num_out_ports_mem", K::Integer, unit_collector<&CoreConfig::mem, &CollectorSet::out_ports>,
             "core.mem.collector_out_ports"),
    modelled("-gpgpu_operand_collector_num_units_gen", K::Integer, generic_collector<&CollectorSet::units>,
             "core.operand_collector.generic_units"),
    modelled("-gpgpu_operand_collector_num_in_ports_gen", K::Integer, generic_collector<&CollectorSet::in_ports>,
             "core.operand_collector.generic_in_ports"),
    modelled("-gpgpu_operand_collector_num_out_ports_gen", K::Integer, generic_collector<&CollectorSet::out_ports>,
             "core.operand_collector.generic_out_ports"),

    // --- caches ---
    modelled("-gpgpu_cache:il1", K::Text, [](std::string_view v, S& s) { s.config.core.l1i = parse_cache(v, false); },
             "core.l1i"),
    modelled("-gpgpu_cache:dl1", K::Text, [](std::string_view v, S& s) { s.config.core.l1d = parse_cache(v, true); },
             "core.l1d"),
    modelled("-gpgpu_const_cache:l1", K::Text,
             [](std::string_view v, S& s) { s.config.core.l1c = parse_cache(v, false); }, "core.l1c"),
    modelled("-gpgpu_tex_cache:l1", K::Text,
             [](std::string_view v, S& s) { s.config.core.l1t = parse_cache(v, false); }, "core.l1t"),
    modelled("-gpgpu_cache:dl2", K::Text, [](std::string_view v, S& s) { s.config.memory.l2 = parse_cache(v, false); },
             "memory.l2"),
    // cudaFuncSetCacheConfig alternatives: PTX launches never select them.
    no_timing("-gpgpu_cache:dl1PrefL1", K::Text),
    no_timing("-gpgpu_cache:dl1PrefShared", K::Text),
    no_timing("-gpgpu_cache:dl1PreShared", K::Text),  // GPGPU-Sim 3.2.2's spelling
    no_timing("-gpgpu_shmem_size_PrefL1", K::Integer),
    no_timing("-gpgpu_shmem_size_PrefShared", K::Integer),

    // --- memory partitions and DRAM ---
    modelled("-gpgpu_n_mem", K::Integer, [](std::string_view v, S& s) { s.config.memory.channels = u32(v); },
             "memory.channels"),
    modelled("-gpgpu_n_sub_partition_per_mchannel", K::Integer,
             [](std::string_view v, S& s) { s.config.memory.sub_partitions_per_channel = u32(v); },
             "memory.sub_partitions_per_channel"),
    modelled("-gpgpu_l2_rop_latency", K::Integer, [](std::string_view v, S& s) { s.config.memory.rop_latency = u32(v); },
             "memory.rop_latency"),
    modelled("-rop_latency", K::Integer, [](std::string_view v, S& s) { s.config.memory.rop_latency = u32(v); },
             "memory.rop_latency"),
    modelled("-gpgpu_dram_partition_queues", K::Text,
             [](std::string_view v, S& s) { s.config.memory.queues = parse_partition_queues(v); }, "memory.queues"),
    modelled("-gpgpu_memory_partition_indexing", K::Integer,
             [](std::string_view v, S& s) {
               switch (choice(v, 5, "expected 0 (consecutive), 1 (XOR), 2 (IPOLY) or 4 (random); 3 (PAE) and 5 "
                                    "(custom) have no definition in GPGPU-Sim")) {
                 case 0: s.config.memory.partition_index = PartitionIndex::Consecutive; break;
                 case 1: s.config.memory.partition_index = PartitionIndex::Xor; break;
                 case 2: s.config.memory.partition_index = PartitionIndex::Ipoly; break;
                 case 4: s.config.memory.partition_index = PartitionIndex::Random; break;
                 default:
                   throw ValueError(0, "expected 0 (consecutive), 1 (XOR), 2 (IPOLY) or 4 (random); 3 (PAE) and 5 "
                                       "(custom) have no definition in GPGPU-Sim");
               }
             },
             "memory.partition_index"),
    modelled("-gpgpu_mem_addr_mapping", K::Text,
             [](std::string_view v, S& s) {
               s.config.memory.address_mapping = parse_address_mapping(v);
               s.address_mapping_given = true;
             },
             "memory.address_mapping"),
    modelled("-gpgpu_mem_address_mask", K::Integer,
             [](std::string_view v, S& s) {
               s.address_mask = parse_unsigned(v);
               (void)address_mask_preset(s.address_mask);
             },
             "memory.address_mapping"),
    modelled("-gpgpu_n_mem_per_ctrlr", K::Integer,
             [](std::string_view v, S& s) { s.config.memory.dram.chips_per_channel = u32(v); },
             "memory.dram.chips_per_channel"),
    modelled("-gpgpu_dram_buswidth", K::Integer,
             [](std::string_view v, S& s) { s.config.memory.dram.bus_width_bytes = u32(v); },
             "memory.dram.bus_width_bytes"),
    modelled("-gpgpu_dram_burst_length", K::Integer,
             [](std::string_view v, S& s) { s.config.memory.dram.burst_length = u32(v); }, "memory.dram.burst_length"),
    modelled("-dram_data_command_freq_ratio", K::Integer,
             [](std::string_view v, S& s) { s.config.memory.dram.data_command_freq_ratio = u32(v); },
             "memory.dram.data_command_freq_ratio"),
    modelled("-gpgpu_dram_timing_opt", K::Text,
             [](std::string_view v, S& s) { s.config.memory.dram.timing = parse_dram_timing(v); },
             "memory.dram.timing"),
    modelled("-gpgpu_dram_scheduler", K::Integer,
             [](std::string_view v, S& s) {
               s.config.memory.dram.scheduler =
                   choice(v, 1, "expected 0 (FIFO) or 1 (FR-FCFS)") == 0 ? DramScheduler::Fifo : DramScheduler::FrFcfs;
             },
             "memory.dram.scheduler"),
    modelled("-gpgpu_frfcfs_dram_sched_queue_size", K::Integer,
             [](std::string_view v, S& s) { s.config.memory.dram.scheduler_queue = u32(v); },
             "memory.dram.scheduler_queue"),
    modelled("-gpgpu_dram_sched_queue_size", K::Integer,  // GPGPU-Sim 3.0's name
             [](std::string_view v, S& s) { s.config.memory.dram.scheduler_queue = u32(v); },
             "memory.dram.scheduler_queue"),
    modelled("-gpgpu_dram_return_queue_size", K::Integer,
             [](std::string_view v, S& s) { s.config.memory.dram.return_queue = u32(v); }, "memory.dram.return_queue"),
    modelled("-dram_latency", K::Integer, [](std::string_view v, S& s) { s.config.memory.dram.latency = u32(v); },
             "memory.dram.latency"),
    modelled("-dram_bnk_indexing_policy", K::Integer,
             [](std::string_view v, S& s) {
               s.config.memory.dram.bank_index = static_cast<BankIndex>(
                   choice(v, 2, "expected 0 (linear), 1 (XOR) or 2 (IPOLY); 3 (custom) has no definition in GPGPU-Sim"));
             },
             "memory.dram.bank_index"),
    modelled("-dram_bnkgrp_indexing_policy", K::Integer,
             [](std::string_view v, S& s) {
               s.config.memory.dram.bank_group_bits = choice(v, 1, "expected 0 (higher bits) or 1 (lower bits)") == 0
                                                          ? BankGroupBits::High
                                                          : BankGroupBits::Low;
             },
             "memory.dram.bank_group_bits"),

    // --- interconnect (resolved after reading: -network_mode picks the source) ---
    modelled("-network_mode", K::Integer,
             [](std::string_view v, S& s) {
               s.network_mode = choice(v, 2, "expected 1 (BookSim file) or 2 (built-in crossbar)");
               if (s.network_mode == 0) throw ValueError(0, "expected 1 (BookSim file) or 2 (built-in crossbar)");
             },
             "interconnect"),
    modelled("-inter_config_file", K::Text, [](std::string_view v, S& s) { s.inter_config_file = std::string(v); },
             "interconnect"),
    modelled("-icnt_in_buffer_limit", K::Integer, [](std::string_view v, S& s) { s.icnt_in_buffer_limit = u32(v); },
             "interconnect.input_buffer_flits"),
    modelled("-icnt_out_buffer_limit", K::Integer, [](std::string_view v, S& s) { s.icnt_out_buffer_limit = u32(v); },
             "interconnect.output_buffer_flits"),
    modelled("-icnt_subnets", K::Integer, [](std::string_view v, S& s) { s.icnt_subnets = u32(v); },
             "interconnect.subnets"),
    modelled("-icnt_arbiter_algo", K::Integer,
             [](std::string_view v, S& s) { s.icnt_arbiter_algo = choice(v, 1, "expected 0 (round robin) or 1 (iSLIP)"); },
             "interconnect.arbitration"),
    modelled("-icnt_flit_size", K::Integer, [](std::string_view v, S& s) { s.icnt_flit_size = u32(v); },
             "interconnect.flit_bytes"),
    unmodelled("-icnt_grant_cycles", K::Integer, "1", "", "lockstep's crossbar grants for one cycle"),
    no_timing("-icnt_verbose", K::Integer),

    // --- divergence hardware (GPGPU-Sim's -gpgpu_simd_model; AWARE's tables) ---
    modelled("-gpgpu_simd_model", K::Integer,
             [](std::string_view v, S& s) {
               const std::uint32_t m = choice(v, 2, "expected 1 (post-dominator SIMT stack) or 2 (AWARE)");
               if (m == 0) throw ValueError(0, "expected 1 (post-dominator SIMT stack) or 2 (AWARE)");
               s.config.divergence.simd_model = m == 1 ? SimdModel::Stack : SimdModel::Aware;
             },
             "divergence.simd_model"),
    modelled("-gpgpu_simd_rec_time_out", K::Integer,
             [](std::string_view v, S& s) {
               const std::int64_t t = parse_signed(v, -1, std::numeric_limits<std::int32_t>::max());
               if (t == 0) throw ValueError(0, "expected a positive number of cycles, or -1 for no timeout");
               s.config.divergence.aware_timeout = t < 0 ? 0 : static_cast<std::uint64_t>(t);
             },
             "divergence.aware_timeout"),
    modelled("-gpgpu_simd_st_size", K::Integer,
             [](std::string_view v, S& s) { s.config.divergence.split_table_entries = u32(v); },
             "divergence.split_table_entries"),
    modelled("-gpgpu_simd_rec_size", K::Integer,
             [](std::string_view v, S& s) { s.config.divergence.reconvergence_table_entries = u32(v); },
             "divergence.reconvergence_table_entries"),
    // AWARE has one policy each (FIFO for the split table, LRU for the reconvergence table).
    modelled("-gpgpu_simd_st_replacement", K::Integer,
             [](std::string_view v, S&) { (void)choice(v, 1, "expected 0 or 1 (FIFO, AWARE's only split-table policy)"); },
             "divergence"),
    modelled("-gpgpu_simd_rec_replacement", K::Integer,
             [](std::string_view v, S&) {
               (void)choice(v, 1, "expected 0 or 1 (LRU, AWARE's only reconvergence-table policy)");
             },
             "divergence"),

    // --- not modelled, changing timing ---
    unmodelled("-gpgpu_perfect_mem", K::Flag, "0", "", "every memory access is simulated"),
    unmodelled("-l2_ideal", K::Flag, "0", "", "the L2 is simulated with its misses"),
    unmodelled("-gpgpu_simple_dram_model", K::Flag, "0", "", "lockstep simulates DRAM banks and timing"),
    unmodelled("-gpgpu_cache:dl2_texture_only", K::Flag, "0", "", "the L2 caches every access"),
    unmodelled("-gpgpu_perf_sim_memcpy", K::Flag, "0", "1",
               "lockstep's L2 starts empty; GPGPU-Sim fills it with the data copied to the GPU"),
    unmodelled("-gpgpu_l1_banks", K::Integer, "1", "", "lockstep's L1D has one bank"),
    no_timing("-gpgpu_l1_banks_byte_interleaving", K::Integer),  // only with several L1 banks
    no_timing("-gpgpu_l1_banks_hashing_function", K::Integer),
    unmodelled("-gpgpu_adaptive_cache_config", K::Integer, "0", "",
               "lockstep's L1D keeps its configured size whatever shared memory a kernel uses"),
    unmodelled("-gpgpu_sub_core_model", K::Flag, "0", "",
               "lockstep's schedulers share the SM's register banks and units (no sub-cores)"),
    unmodelled("-gpgpu_mem_unit_ports", K::Integer, "1", "", "the LD/ST unit sends one request per cycle"),
    unmodelled("-gpgpu_ignore_resources_limitation", K::Flag, "0", "",
               "a CTA that does not fit on an SM is an error naming the limiting resource"),
    unmodelled("-gpgpu_simt_core_sim_order", K::Integer, "1", "", "SMs of a cluster are served round robin"),
    unmodelled("-gpgpu_local_mem_map", K::Flag, "1", "", "local memory is interleaved per thread as on NVIDIA GPUs"),
    unmodelled("-gpgpu_ptx_convert_to_ptxplus", K::Flag, "0", "", "lockstep executes the PTX, not SASS"),
    unmodelled("-dram_dual_bus_interface", K::Integer, "0", "",
               "lockstep's DRAM channel issues one row or column command per cycle"),
    unmodelled("-dram_seperate_write_queue_enable", K::Flag, "0", "", "reads and writes share the scheduler queue"),
    no_timing("-dram_write_queue_size", K::Text),  // only with a separate write queue
    unmodelled("-dram_elimnate_rw_turnaround", K::Flag, "0", "", "read/write turnaround times are simulated"),
    unmodelled("-specialized_unit_1", K::Text, "0,*", "", "specialized units are not modelled"),
    unmodelled("-specialized_unit_2", K::Text, "0,*", "", "specialized units are not modelled"),
    unmodelled("-specialized_unit_3", K::Text, "0,*", "", "specialized units are not modelled"),
    unmodelled("-specialized_unit_4", K::Text, "0,*", "", "specialized units are not modelled"),
    unmodelled("-specialized_unit_5", K::Text, "0,*", "", "specialized units are not modelled"),
    unmodelled("-specialized_unit_6", K::Text, "0,*", "", "specialized units are not modelled"),
    unmodelled("-specialized_unit_7", K::Text, "0,*", "", "specialized units are not modelled"),
    unmodelled("-specialized_unit_8", K::Text, "0,*", "", "specialized units are not modelled"),
    unmodelled("-gpgpu_spinning_detection", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_synchronization_scheduling_mode", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_synchronization_backoff_mode", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_synchronization_blocking_mode", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_synchronization_blocking_granuality", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_synchronization_blocking_type", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_spin_detection_limit", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_locking_score_mode", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_locking_score_weight", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_lock_acquire_holding_register:lahr", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_backoff_per_thread", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_initial_weighted_backoff_ratio", K::Real, "", "", kBows),
    unmodelled("-gpgpu_sched_time_out", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_contention_epoch", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_enable_hql", K::Flag, "", "", kBows),
    unmodelled("-gpgpu_hashing_function", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_history_timeshare", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_path_history_instances", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_path_history_length_per_instance", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_value_history_instances", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_value_history_length_per_instance", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_predicate_history_length_per_thread", K::Integer, "", "", kBows),
    unmodelled("-gpgpu_predicate_history_table_size", K::Integer, "", "", kBows),

    // --- without effect on timing ---
    no_timing("-gpgpu_num_cta_barriers", K::Integer),
    no_timing("-gpgpu_concurrent_kernel_sm", K::Flag),  // lockstep simulates one launch
    no_timing("-gpgpu_max_concurrent_kernel", K::Integer),
    no_timing("-gpgpu_flush_l1_cache", K::Flag),  // at the end of a kernel
    no_timing("-gpgpu_flush_l2_cache", K::Flag),
    no_timing("-gpgpu_flush_cache", K::Flag),
    no_timing("-gpgpu_deadlock_detect", K::Flag),
    no_timing("-gpgpu_max_cycle", K::Integer),
    no_timing("-gpgpu_max_insn", K::Integer),
    no_timing("-gpgpu_max_cta", K::Integer),
    no_timing("-gpgpu_max_completed_cta", K::Integer),
    no_timing("-gpgpu_occupancy_sm_number", K::Integer),
    no_timing("-gpgpu_compute_capability_major", K::Integer),
    no_timing("-gpgpu_compute_capability_minor", K::Integer),
    no_timing("-gpgpu_ptx_sim_mode", K::Integer),
    no_timing("-gpgpu_ptx_instruction_classification", K::Integer),
    no_timing("-gpgpu_ptx_force_max_capability", K::Integer),
    no_timing("-gpgpu_ptx_use_cuobjdump", K::Flag),
    no_timing("-gpgpu_ptx_save_converted_ptxplus", K::Flag),
    no_timing("-gpgpu_ptx_inst_debug_to_file", K::Flag),
    no_timing("-gpgpu_ptx_inst_debug_file", K::Text),
    no_timing("-gpgpu_ptx_inst_debug_thread_uid", K::Integer),
    no_timing("-gpgpu_experimental_lib_support", K::Flag),
    no_timing("-gpgpu_stack_size_limit", K::Integer),
    no_timing("-gpgpu_heap_size_limit", K::Integer),
    no_timing("-gpgpu_runtime_sync_depth_limit", K::Integer),
    no_timing("-gpgpu_runtime_pending_launch_count_limit", K::Integer),
    no_timing("-gpgpu_cdp_enabled", K::Flag),
    no_timing("-cdp_latency", K::Text),
    no_timing("-gpgpu_mem_addr_test", K::Flag),
    no_timing("-gpgpu_memlatency_stat", K::Integer),
    no_timing("-gpgpu_runtime_stat", K::Text),
    no_timing("-gpgpu_cflog_interval", K::Integer),
    no_timing("-gpgpu_warpdistro_shader", K::Integer),
    no_timing("-gpgpu_warp_issue_shader", K::Integer),
    no_timing("-liveness_message_freq", K::Integer),
    no_timing("-enable_ptx_file_line_stats", K::Flag),
    no_timing("-ptx_line_stats_filename", K::Text),
    no_timing("-visualizer_enabled", K::Flag),
    no_timing("-visualizer_outputfile", K::Text),
    no_timing("-visualizer_zlevel", K::Integer),
    no_timing("-trace_enabled", K::Flag),
    no_timing("-trace_components", K::Text),
    no_timing("-trace_sampling_core", K::Integer),
    no_timing("-trace_sampling_memory_partition", K::Integer),
    no_timing("-save_embedded_ptx", K::Flag),
    no_timing("-keep", K::Flag),
    no_timing("-checkpoint_option", K::Integer),
    no_timing("-checkpoint_kernel", K::Integer),
    no_timing("-checkpoint_CTA", K::Integer),
    no_timing("-checkpoint_CTA_t", K::Integer),
    no_timing("-checkpoint_insn_Y", K::Integer),
    no_timing("-resume_option", K::Integer),
    no_timing("-resume_kernel", K::Integer),
    no_timing("-resume_CTA", K::Integer),
    no_timing("-power_simulation_enabled", K::Flag),
    no_timing("-power_per_cycle_dump", K::Flag),
    no_timing("-power_trace_enabled", K::Flag),
    no_timing("-power_trace_zlevel", K::Integer),
    no_timing("-steady_power_levels_enabled", K::Flag),
    no_timing("-steady_state_definition", K::Text),
    no_timing("-gpuwattch_xml_file", K::Text),
    no_timing("-gpgpu_clock_gated_reg_file", K::Flag),
    no_timing("-gpgpu_clock_gated_lanes", K::Flag),
    no_timing("-n_regfile_gating_group", K::Integer),
};

}  // namespace

std::span<const OptionInfo> gpgpusim_options() noexcept { return kOptions; }

bool is_neutral(ValueKind kind, std::string_view neutral, std::string_view value) {
  if (neutral.empty()) return false;
  if (neutral.back() == '*') return value.substr(0, neutral.size() - 1) == neutral.substr(0, neutral.size() - 1);
  try {
    switch (kind) {
      case ValueKind::Flag:
      case ValueKind::Integer:
        return parse_signed(value, std::numeric_limits<std::int64_t>::min() + 1,
                            std::numeric_limits<std::int64_t>::max()) ==
               parse_signed(neutral, std::numeric_limits<std::int64_t>::min() + 1,
                            std::numeric_limits<std::int64_t>::max());
      case ValueKind::Real:
        return parse_real(value) == parse_real(neutral);
      case ValueKind::Text:
        break;
    }
  } catch (const ValueError&) {
    return false;
  }
  return value == neutral;
}

void check_kind(ValueKind kind, std::string_view value) {
  switch (kind) {
    case ValueKind::Flag:
      (void)parse_flag(value);
      break;
    case ValueKind::Integer:
      (void)parse_signed(value, std::numeric_limits<std::int64_t>::min() + 1, std::numeric_limits<std::int64_t>::max());
      break;
    case ValueKind::Real:
      (void)parse_real(value);
      break;
    case ValueKind::Text:
      break;
  }
}

}  // namespace lockstep::sim::gpgpusim
