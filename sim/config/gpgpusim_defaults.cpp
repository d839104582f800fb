// GPGPU-Sim's built-in defaults: the values its option registry starts from
// (GPGPU-Sim 4.0, gpu-sim.cc and cuda-sim.cc; AWARE's 3.2.2 fork for the
// divergence tables), as a GpuConfig. Options whose meaning depends on
// others (shared-memory size, tensor cores, the address map, the
// interconnect) are resolved by the import; here they hold what the
// import resolves them to when a file sets none of them, except the
// interconnect, which holds BookSim's defaults for a single router.
#include "sim/config/gpgpusim_config.hpp"
#include "sim/config/option_strings.hpp"

namespace lockstep::sim {

GpuConfig gpgpusim_defaults() {
  using namespace gpgpusim;
  GpuConfig g;
  g.name = "gpgpusim-defaults";
  g.source = "GPGPU-Sim 4.0's built-in option defaults";
  g.clocks = parse_clock_domains("500.0:2000.0:2000.0:2000.0");
  g.launch = LaunchLatency{0, 0};

  CoreConfig& c = g.core;
  c.clusters = 10;
  c.cores_per_cluster = 3;
  c.max_threads = 1024;
  c.warp_size = 32;
  c.max_ctas = 8;
  c.registers = 8192;
  c.register_unit = 4;
  c.max_registers_per_cta = 8192;
  c.shared = SharedMemoryConfig{.bytes = 16384, .max_per_cta_bytes = 49152, .banks = 16, .latency = 3,
                                .limited_broadcast = true};
  c.fetch_per_cycle = 1;
  c.scheduler = SchedulerConfig{};
  parse_scheduler("gto", c.scheduler);
  c.scheduler.per_core = 1;
  c.scheduler.max_issue_per_warp = 2;
  c.scheduler.dual_issue_diff_units = true;
  c.sp.units = 1;
  c.dp.units = 0;
  c.integer.units = 0;
  c.sfu.units = 1;
  c.tensor.units = 0;
  c.mem.units = 1;
  parse_pipeline_widths("1,1,1,1,1,1,1,1,1,1,1", c);  // tensor cores unavailable: 11 widths
  c.sp.collectors = CollectorSet{4, 1, 1};
  c.dp.collectors = CollectorSet{0, 0, 0};
  c.integer.collectors = CollectorSet{0, 0, 0};
  c.sfu.collectors = CollectorSet{4, 1, 1};
  c.tensor.collectors = CollectorSet{4, 1, 1};
  c.mem.collectors = CollectorSet{2, 1, 1};
  c.operand_collector = OperandCollectorConfig{.specialized = true, .generic = CollectorSet{0, 0, 0},
                                               .register_banks = 8, .bank_by_warp_id = false,
                                               .register_file_ports = 1};
  const auto ops = [&](OpClass first, std::string_view latency, std::string_view initiation) {
    const auto l = parse_uint_list(latency, 1, 6);
    const auto i = parse_uint_list(initiation, 1, 6);
    for (std::size_t k = 0; k < l.size(); ++k) {
      c.ops.by_class[static_cast<std::size_t>(first) + k] = OpTiming{l[k], i[k]};
    }
  };
  ops(OpClass::IntAdd, "1,1,19,25,145,32", "1,1,4,4,32,4");
  ops(OpClass::FpAdd, "1,1,1,1,30", "1,1,1,1,5");
  ops(OpClass::DpAdd, "8,8,8,8,335", "8,8,8,8,130");
  ops(OpClass::Sfu, "8", "8");
  ops(OpClass::Tensor, "64", "64");
  c.memory_warp_parts = 2;
  c.coalesce_arch = 13;
  c.l1d_latency = 1;
  c.gmem_skip_l1d = false;
  c.perfect_inst_const_cache = false;
  c.cluster_ejection_buffer = 8;
  c.ldst_response_buffer = 2;
  c.l1i = parse_cache("4:256:4,L:R:f:N,A:2:32,4", false);
  c.l1d = parse_cache("none", true);
  c.l1c = parse_cache("64:64:2,L:R:f:N,A:2:32,4", false);
  c.l1t = parse_cache("8:128:5,L:R:m:N,F:128:4,128:2", false);

  MemoryConfig& m = g.memory;
  m.channels = 8;
  m.sub_partitions_per_channel = 1;
  m.l2 = parse_cache("64:128:8,L:B:m:N,A:16:4,4", false);
  m.rop_latency = 85;
  m.queues = parse_partition_queues("8:8:8:8");
  m.partition_index = PartitionIndex::Consecutive;
  m.address_mapping = address_mask_preset(0);
  DramConfig& d = m.dram;
  d.chips_per_channel = 1;
  d.bus_width_bytes = 4;
  d.burst_length = 4;
  d.data_command_freq_ratio = 2;
  d.timing = parse_dram_timing("4:2:8:12:21:13:34:9:4:5:13:1:0:0");
  d.scheduler = DramScheduler::FrFcfs;
  d.scheduler_queue = 0;
  d.return_queue = 0;
  d.latency = 30;
  d.bank_index = BankIndex::Linear;
  d.bank_group_bits = BankGroupBits::High;

  // BookSim's defaults for one router (booksim_config.cpp, intersim2).
  InterconnectConfig& n = g.interconnect;
  n.flit_bytes = 32;
  n.latency = 6;  // 2 channels + routing 1 + VC allocation 1 + switch allocation 1 + switch traversal 1
  n.port_flits_per_cycle = 1;
  n.internal_speedup = 1.0;
  n.input_buffer_flits = 9;
  n.output_buffer_flits = 8;
  n.arbitration = Arbitration::Islip;
  n.arbitration_iterations = 1;
  n.subnets = 1;

  g.divergence = DivergenceConfig{.simd_model = SimdModel::Stack, .aware_timeout = 0, .split_table_entries = 33,
                                  .reconvergence_table_entries = 32};
  return g;
}

}  // namespace lockstep::sim
