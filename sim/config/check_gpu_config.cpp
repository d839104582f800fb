// The consistency rules of a GpuConfig, in the order of its fields. Each
// rule either comes from GPGPU-Sim (where it asserts or misbehaves on such
// a value; noted) or from what lockstep's model needs.
#include "sim/config/check_gpu_config.hpp"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <initializer_list>

#include "sim/config/config_names.hpp"

namespace lockstep::sim {
namespace {

/// Thrown by the rules below and turned into the result.
struct Failed {
  ConfigProblem problem;
};

[[noreturn]] void fail(std::initializer_list<std::string> fields, std::string message) {
  throw Failed{ConfigProblem{std::vector<std::string>(fields), std::move(message)}};
}

std::string path(std::string_view prefix, std::string_view key) { return fmt::format("{}.{}", prefix, key); }

std::uint32_t log2_exact(std::uint32_t v) { return static_cast<std::uint32_t>(std::countr_zero(v)); }

void at_least(const std::string& field, std::uint64_t v, std::uint64_t min, std::string_view what) {
  if (v < min) fail({field}, fmt::format("{} must be at least {}, got {}", what, min, v));
}

void power_of_two(const std::string& field, std::uint64_t v, std::string_view what) {
  if (!std::has_single_bit(v)) fail({field}, fmt::format("{} must be a power of two, got {}", what, v));
}

void check_clocks(const ClockDomains& c) {
  const std::pair<const char*, double> clocks[] = {{"clocks.core_mhz", c.core_mhz},
                                                   {"clocks.interconnect_mhz", c.interconnect_mhz},
                                                   {"clocks.l2_mhz", c.l2_mhz},
                                                   {"clocks.dram_mhz", c.dram_mhz}};
  for (const auto& [field, mhz] : clocks) {
    if (!(std::isfinite(mhz) && mhz > 0)) fail({field}, fmt::format("a clock must be above 0 MHz, got {}", mhz));
  }
}

/// `role`: "instruction", "data", "constant", "texture" or "L2".
void check_cache(const CacheConfig& k, std::string_view prefix, std::string_view role) {
  const std::string p(prefix);
  if (!k.enabled) {
    if (role != "data") fail({path(p, "enabled")}, fmt::format("the {} cache cannot be disabled", role));
    return;
  }
  at_least(path(p, "sets"), k.sets, 1, "the number of sets");
  power_of_two(path(p, "sets"), k.sets, "the number of sets");
  at_least(path(p, "line_bytes"), k.line_bytes, 4, "the line size");
  power_of_two(path(p, "line_bytes"), k.line_bytes, "the line size");
  at_least(path(p, "ways"), k.ways, 1, "the number of ways");
  if (k.kind == CacheKind::Sector && k.line_bytes != 128) {
    fail({path(p, "line_bytes"), path(p, "kind")},
         fmt::format("a sector cache has 128-byte lines (4 sectors of 32 bytes), got {}", k.line_bytes));
  }
  if (k.index == SetIndex::FermiHash && k.sets != 32 && k.sets != 64) {
    fail({path(p, "index"), path(p, "sets")},
         fmt::format("the Fermi hash set index needs 32 or 64 sets, got {}", k.sets));
  }
  if (k.index == SetIndex::Ipoly && k.sets != 16 && k.sets != 32 && k.sets != 64) {
    fail({path(p, "index"), path(p, "sets")}, fmt::format("the IPOLY set index needs 16, 32 or 64 sets, got {}", k.sets));
  }
  const bool read_only_role = role != "data" && role != "L2";
  if (read_only_role && k.write != WritePolicy::ReadOnly) {
    fail({path(p, "write")}, fmt::format("the {} cache is read-only (write policy R), got {}", role, enum_name(k.write)));
  }
  if (role == "L2" && k.write == WritePolicy::ReadOnly) {
    fail({path(p, "write")}, "the L2 cache takes writes: its write policy cannot be read-only");
  }
  if (k.allocation == AllocPolicy::OnFill && k.write == WritePolicy::WriteBack) {
    fail({path(p, "allocation"), path(p, "write")},
         "a write-back cache cannot allocate on fill (GPGPU-Sim: an incoming fill's dirty victim can deadlock the "
         "interconnect)");
  }
  if (k.allocation == AllocPolicy::OnFill &&
      (k.write_allocation == WriteAllocPolicy::FetchOnWrite || k.write_allocation == WriteAllocPolicy::LazyFetchOnRead)) {
    fail({path(p, "allocation"), path(p, "write_allocation")},
         fmt::format("{} needs allocation on miss, not on fill", enum_name(k.write_allocation)));
  }
  const bool fifo = k.mshr == MshrKind::TexFifo || k.mshr == MshrKind::SectorTexFifo;
  if (role == "texture") {
    if (!fifo) fail({path(p, "mshr")}, fmt::format("the texture cache tracks misses in a FIFO (F or T), got {}", enum_name(k.mshr)));
    if (k.allocation != AllocPolicy::OnMiss) {
      fail({path(p, "allocation")}, fmt::format("the texture cache allocates on miss, got {}", enum_name(k.allocation)));
    }
    at_least(path(p, "fifo_entries"), k.fifo_entries, 1, "the result FIFO");
  } else if (fifo) {
    fail({path(p, "mshr")}, fmt::format("only the texture cache has a FIFO of misses; the {} cache needs associative "
                                        "MSHRs (A or S), got {}",
                                        role, enum_name(k.mshr)));
  }
  at_least(path(p, "mshr_entries"), k.mshr_entries, 1, "the number of MSHR entries");
  at_least(path(p, "mshr_max_merge"), k.mshr_max_merge, 1, "the MSHR merge limit");
  at_least(path(p, "miss_queue"), k.miss_queue, 1, "the miss queue");
  if (k.data_port_bytes != 0 && k.line_bytes % k.data_port_bytes != 0) {
    fail({path(p, "data_port_bytes"), path(p, "line_bytes")},
         fmt::format("the data port ({} bytes) must divide the line ({} bytes)", k.data_port_bytes, k.line_bytes));
  }
}

/// DDOS and BOWS (spin_config.hpp): checked whether or not they are enabled.
void check_spin(const SchedulerConfig& s) {
  const DdosConfig& d = s.ddos;
  const auto width = [](const char* field, std::uint32_t bits, std::string_view what) {
    if (bits < 1 || bits > 32) fail({field}, fmt::format("{} must be 1 to 32 bits, got {}", what, bits));
  };
  width("core.scheduler.ddos_path_bits", d.path_bits, "a DDOS path-history entry (m)");
  width("core.scheduler.ddos_value_bits", d.value_bits, "a DDOS value-history operand (k)");
  at_least("core.scheduler.ddos_history", d.history, 1, "the DDOS history length (l)");
  at_least("core.scheduler.ddos_threshold", d.threshold, 1, "the DDOS confirmation threshold (t)");
  at_least("core.scheduler.ddos_sib_entries", d.sib_entries, 1, "the SIB prediction table");
  if (d.shared_history) at_least("core.scheduler.ddos_epoch", d.epoch, 1, "the epoch of shared DDOS histories");
  const BowsConfig& b = s.bows;
  if (b.enabled && !d.enabled) {
    fail({"core.scheduler.bows_enabled", "core.scheduler.ddos_enabled"},
         "BOWS backs off the branches DDOS confirms: it needs ddos_enabled = true");
  }
  if (!b.adaptive) return;
  if (b.delay_max == 0) {
    fail({"core.scheduler.bows_delay_max", "core.scheduler.bows_adaptive"},
         "an adaptive back-off delay needs a delay limit above 0 cycles, got 0");
  }
  if (b.delay_min > b.delay_max) {
    fail({"core.scheduler.bows_delay_min", "core.scheduler.bows_delay_max"},
         fmt::format("the lowest back-off delay limit ({} cycles) is above the highest ({} cycles)", b.delay_min,
                     b.delay_max));
  }
  at_least("core.scheduler.bows_interval", b.interval, 1, "the adaptive back-off window");
  if (!(b.frac1 >= 0 && b.frac1 <= 1)) {
    fail({"core.scheduler.bows_frac1"}, fmt::format("bows_frac1 is a fraction of instructions (0 to 1), got {}", b.frac1));
  }
  if (!(b.frac2 > 0 && b.frac2 <= 1000)) {
    fail({"core.scheduler.bows_frac2"}, fmt::format("bows_frac2 must be above 0 (and at most 1000), got {}", b.frac2));
  }
}

/// CAWA (cawa_config.hpp): checked whether or not the cawa policy is chosen;
/// CACP also against the L1D it partitions.
void check_cawa(const SchedulerConfig& s, const CacheConfig& l1d) {
  const CawaConfig& a = s.cawa;
  if (!(a.cacp_critical_ways > 0 && a.cacp_critical_ways < 1)) {
    fail({"core.scheduler.cawa_cacp_critical_ways"},
         fmt::format("cawa_cacp_critical_ways is the fraction of L1D ways for critical warps' lines, above 0 and "
                     "below 1, got {}",
                     a.cacp_critical_ways));
  }
  if (!(a.cacp_critical_fraction >= 0 && a.cacp_critical_fraction < 1)) {
    fail({"core.scheduler.cawa_cacp_critical_fraction"},
         fmt::format("cawa_cacp_critical_fraction places the critical-warp cut between the least (0) and the most "
                     "critical warp (below 1), got {}",
                     a.cacp_critical_fraction));
  }
  if (a.cacp_signatures == 0 || a.cacp_signatures > 65536 || (a.cacp_signatures & (a.cacp_signatures - 1)) != 0) {
    fail({"core.scheduler.cawa_cacp_signatures"},
         fmt::format("the CACP signature tables need a power of two of entries, 1 to 65536, got {}",
                     a.cacp_signatures));
  }
  if (!a.cacp) return;
  if (s.policy != WarpScheduler::Cawa) {
    fail({"core.scheduler.cawa_cacp", "core.scheduler.policy"},
         fmt::format("CACP places lines by the criticality the cawa scheduler predicts: it needs policy = \"cawa\", "
                     "got \"{}\"",
                     enum_name(s.policy)));
  }
  if (!l1d.enabled || l1d.ways < 2) {
    fail({"core.scheduler.cawa_cacp", l1d.enabled ? "core.l1d.ways" : "core.l1d.enabled"},
         "CACP splits the L1D's sets into a critical and a non-critical partition: it needs an L1D of at least 2 ways");
  }
}

void check_unit(const UnitClassConfig& u, std::string_view key, std::string_view name, bool specialized) {
  const std::string p = fmt::format("core.{}", key);
  if (u.units == 0) return;
  if (u.id_oc_width == 0 || u.oc_ex_width == 0) {
    fail({path(p, u.id_oc_width == 0 ? "id_oc_width" : "oc_ex_width")},
         fmt::format("the {} pipeline has units but a pipeline register of width 0", name));
  }
  if (specialized && (u.collectors.units == 0 || u.collectors.in_ports == 0 || u.collectors.out_ports == 0)) {
    const std::string_view k = u.collectors.units == 0 ? "collectors"
                               : u.collectors.in_ports == 0 ? "collector_in_ports"
                                                           : "collector_out_ports";
    fail({path(p, k)}, fmt::format("the {} units need operand collectors with input and output ports", name));
  }
}

void check_core(const CoreConfig& c) {
  at_least("core.clusters", c.clusters, 1, "the number of SM clusters");
  at_least("core.cores_per_cluster", c.cores_per_cluster, 1, "the number of SMs per cluster");
  if (c.warp_size != 32) {
    fail({"core.warp_size"}, fmt::format("lockstep's semantics has warps of 32 threads, not {}", c.warp_size));
  }
  if (c.max_threads < c.warp_size || c.max_threads % c.warp_size != 0) {
    fail({"core.max_threads"},
         fmt::format("{} threads per SM is not a whole, non-zero number of {}-thread warps", c.max_threads, c.warp_size));
  }
  at_least("core.max_ctas", c.max_ctas, 1, "the number of CTAs per SM");
  at_least("core.register_unit", c.register_unit, 1, "the register allocation unit");
  const std::uint64_t warp_regs = std::uint64_t{c.warp_size} * c.register_unit;
  if (c.registers < warp_regs) {
    fail({"core.registers"}, fmt::format("{} registers cannot hold one warp ({} threads x {} registers)", c.registers,
                                         c.warp_size, c.register_unit));
  }
  if (c.max_registers_per_cta < warp_regs) {
    fail({"core.max_registers_per_cta"},
         fmt::format("{} registers per CTA cannot hold one warp ({} threads x {} registers)", c.max_registers_per_cta,
                     c.warp_size, c.register_unit));
  }
  at_least("core.fetch_per_cycle", c.fetch_per_cycle, 1, "the fetch rate");
  at_least("core.writeback_width", c.writeback_width, 1, "the writeback width");
  if (c.memory_warp_parts == 0 || c.warp_size % c.memory_warp_parts != 0) {
    fail({"core.memory_warp_parts"},
         fmt::format("a warp of {} threads cannot be split into {} equal parts", c.warp_size, c.memory_warp_parts));
  }
  if (c.coalesce_arch < 13) {
    fail({"core.coalesce_arch"},
         fmt::format("coalescing rules exist from compute capability 1.3 (13) on, got {}", c.coalesce_arch));
  }
  at_least("core.l1d_latency", c.l1d_latency, 1, "the L1D hit latency");
  at_least("core.cluster_ejection_buffer", c.cluster_ejection_buffer, 1, "the cluster ejection buffer");
  at_least("core.ldst_response_buffer", c.ldst_response_buffer, 1, "the LD/ST response buffer");

  at_least("core.shared.banks", c.shared.banks, 1, "the number of shared-memory banks");
  at_least("core.shared.latency", c.shared.latency, 1, "the shared-memory latency");

  const SchedulerConfig& s = c.scheduler;
  at_least("core.scheduler.per_core", s.per_core, 1, "the number of warp schedulers");
  if (s.policy == WarpScheduler::TwoLevel) {
    at_least("core.scheduler.two_level_active", s.two_level_active, 1, "a two-level scheduler's active warps");
  }
  if (s.max_issue_per_warp != 1 && s.max_issue_per_warp != 2) {
    fail({"core.scheduler.max_issue_per_warp"},
         fmt::format("a warp issues 1 or 2 instructions per cycle, got {}", s.max_issue_per_warp));
  }
  check_spin(s);
  check_cawa(s, c.l1d);

  const OperandCollectorConfig& o = c.operand_collector;
  at_least("core.operand_collector.register_banks", o.register_banks, 1, "the number of register banks");
  at_least("core.operand_collector.register_file_ports", o.register_file_ports, 1, "the register file ports");
  if (!o.specialized && (o.generic.units == 0 || o.generic.in_ports == 0 || o.generic.out_ports == 0)) {
    const std::string_view k = o.generic.units == 0      ? "generic_units"
                               : o.generic.in_ports == 0 ? "generic_in_ports"
                                                         : "generic_out_ports";
    fail({fmt::format("core.operand_collector.{}", k), "core.operand_collector.specialized"},
         "without specialized collectors the generic operand collectors need units and input and output ports");
  }

  at_least("core.sp.units", c.sp.units, 1, "the number of SP units");
  at_least("core.sfu.units", c.sfu.units, 1, "the number of SFU units");
  if (c.mem.units != 1) fail({"core.mem.units"}, fmt::format("an SM has one LD/ST unit, got {}", c.mem.units));
  check_unit(c.sp, "sp", "SP", o.specialized);
  check_unit(c.dp, "dp", "DP", o.specialized);
  check_unit(c.integer, "int", "INT", o.specialized);
  check_unit(c.sfu, "sfu", "SFU", o.specialized);
  check_unit(c.tensor, "tensor", "tensor-core", o.specialized);
  check_unit(c.mem, "mem", "LD/ST", o.specialized);

  for (std::size_t i = 0; i < kOpClassCount; ++i) {
    const OpTiming& t = c.ops.by_class[i];
    const std::string field = fmt::format("core.ops.{}", EnumNames<OpClass>::names[i]);
    if (t.latency == 0 || t.initiation == 0) {
      fail({field}, fmt::format("{}: latency and initiation interval must be at least 1 cycle, got {} and {}",
                                EnumNames<OpClass>::names[i], t.latency, t.initiation));
    }
  }

  check_cache(c.l1i, "core.l1i", "instruction");
  check_cache(c.l1d, "core.l1d", "data");
  check_cache(c.l1c, "core.l1c", "constant");
  check_cache(c.l1t, "core.l1t", "texture");
}

void check_address_mapping(const MemoryConfig& m) {
  const AddressMapping& a = m.address_mapping;
  const std::string bits = "memory.address_mapping.bits";
  const std::string start = "memory.address_mapping.chip_start_bit";
  if (a.chip_start_bit < -1 || a.chip_start_bit > 63) {
    fail({start}, fmt::format("the chip bits start at a bit 0..63 (or -1 for D bits), got {}", a.chip_start_bit));
  }
  const std::uint32_t chip_bits = a.count(AddrField::Chip);
  if (a.chip_start_bit >= 0) {
    if (chip_bits != 0) fail({bits, start}, "a map with a chip start bit must not name chip bits (D)");
    const auto needed = static_cast<std::uint32_t>(std::bit_width(m.channels - 1));
    int highest = -1;
    for (int i = 63; i >= 0; --i) {
      if (a.bits[static_cast<std::size_t>(i)] != AddrField::Unused) {
        highest = i;
        break;
      }
    }
    if (std::has_single_bit(m.channels) && highest >= a.chip_start_bit &&
        static_cast<std::uint32_t>(highest) + needed > 63) {
      fail({bits, start, "memory.channels"},
           fmt::format("inserting {} chip bits at bit {} pushes map bit {} beyond bit 63", needed, a.chip_start_bit,
                       highest));
    }
  } else {
    if (!std::has_single_bit(m.channels)) {
      fail({bits, "memory.channels"},
           fmt::format("{} channels are not a power of two: give the channel with dramid@START (chip_start_bit) "
                       "rather than D bits",
                       m.channels));
    }
    if (chip_bits != log2_exact(m.channels)) {
      fail({bits, "memory.channels"}, fmt::format("the address map has {} chip bits (D) but there are {} channels (needs {})",
                                                  chip_bits, m.channels, log2_exact(m.channels)));
    }
  }
  // Fewer bank bits than banks leaves banks unused (as in GPGPU-Sim, whose
  // -gpgpu_mem_address_mask presets have 2 bank bits); more would address
  // banks that do not exist.
  const std::uint32_t banks = m.dram.timing.banks;
  const std::uint32_t bank_bits = a.count(AddrField::Bank);
  if (bank_bits > log2_exact(banks)) {
    fail({bits, "memory.dram.timing.banks"},
         fmt::format("the address map has {} bank bits (B) but the DRAM has {} banks (at most {})", bank_bits, banks,
                     log2_exact(banks)));
  }
  const std::uint32_t sub_bits = log2_exact(m.sub_partitions_per_channel);
  if (bank_bits < sub_bits) {
    fail({bits, "memory.sub_partitions_per_channel"},
         fmt::format("the address map has {} bank bits (B); {} sub-partitions per channel are chosen by {} of them",
                     bank_bits, m.sub_partitions_per_channel, sub_bits));
  }
  if (a.count(AddrField::Row) == 0) fail({bits}, "the address map has no row bits (R)");
  if (a.count(AddrField::Column) + a.count(AddrField::Burst) == 0) fail({bits}, "the address map has no column bits (C or S)");
}

void check_memory(const MemoryConfig& m) {
  at_least("memory.channels", m.channels, 1, "the number of memory channels");
  at_least("memory.sub_partitions_per_channel", m.sub_partitions_per_channel, 1, "the number of sub-partitions");
  power_of_two("memory.sub_partitions_per_channel", m.sub_partitions_per_channel, "the number of sub-partitions");
  if (m.partition_index == PartitionIndex::Xor && !std::has_single_bit(m.channels)) {
    fail({"memory.partition_index", "memory.channels"},
         fmt::format("XOR partition indexing needs a power-of-two number of channels, got {}", m.channels));
  }
  if (m.partition_index == PartitionIndex::Ipoly) {
    const std::uint64_t n = std::bit_ceil(m.channels) * std::uint64_t{m.sub_partitions_per_channel};
    if (n != 16 && n != 32 && n != 64) {
      fail({"memory.partition_index", "memory.channels"},
           fmt::format("IPOLY partition indexing hashes over 16, 32 or 64 sub-partitions (channels rounded up to a "
                       "power of two x sub-partitions), got {}",
                       n));
    }
  }
  at_least("memory.queues.icnt_to_l2", m.queues.icnt_to_l2, 1, "a partition queue");
  at_least("memory.queues.l2_to_dram", m.queues.l2_to_dram, 1, "a partition queue");
  at_least("memory.queues.dram_to_l2", m.queues.dram_to_l2, 1, "a partition queue");
  at_least("memory.queues.l2_to_icnt", m.queues.l2_to_icnt, 1, "a partition queue");
  check_cache(m.l2, "memory.l2", "L2");

  const DramConfig& d = m.dram;
  at_least("memory.dram.chips_per_channel", d.chips_per_channel, 1, "the number of chips per channel");
  at_least("memory.dram.bus_width_bytes", d.bus_width_bytes, 1, "the bus width");
  at_least("memory.dram.burst_length", d.burst_length, 1, "the burst length");
  at_least("memory.dram.data_command_freq_ratio", d.data_command_freq_ratio, 1, "the data/command frequency ratio");
  const DramTiming& t = d.timing;
  at_least("memory.dram.timing.banks", t.banks, 1, "the number of banks");
  power_of_two("memory.dram.timing.banks", t.banks, "the number of banks");
  at_least("memory.dram.timing.bank_groups", t.bank_groups, 1, "the number of bank groups");
  power_of_two("memory.dram.timing.bank_groups", t.bank_groups, "the number of bank groups");
  if (t.banks % t.bank_groups != 0) {
    fail({"memory.dram.timing.bank_groups"},
         fmt::format("{} bank groups do not divide {} banks", t.bank_groups, t.banks));
  }
  if (t.banks % m.sub_partitions_per_channel != 0) {
    fail({"memory.dram.timing.banks", "memory.sub_partitions_per_channel"},
         fmt::format("{} banks cannot be shared by {} sub-partitions (the sub-partition is the low bank bits)", t.banks,
                     m.sub_partitions_per_channel));
  }
  if (t.rcd < t.wl + 1) {
    fail({"memory.dram.timing.rcd", "memory.dram.timing.wl"},
         fmt::format("tRCD = {} is less than WL + 1 = {} (the write row-to-column delay tRCD - WL - 1 would be "
                     "negative)",
                     t.rcd, t.wl + 1));
  }
  if (d.bank_index == BankIndex::Ipoly && t.banks != 16 && t.banks != 32 && t.banks != 64) {
    fail({"memory.dram.bank_index", "memory.dram.timing.banks"},
         fmt::format("IPOLY bank indexing needs 16, 32 or 64 banks, got {}", t.banks));
  }
  check_address_mapping(m);
}

void check_interconnect(const InterconnectConfig& n) {
  at_least("interconnect.flit_bytes", n.flit_bytes, 1, "the flit size");
  at_least("interconnect.latency", n.latency, 1, "the interconnect latency");
  at_least("interconnect.port_flits_per_cycle", n.port_flits_per_cycle, 1, "the port bandwidth");
  if (!(std::isfinite(n.internal_speedup) && n.internal_speedup > 0)) {
    fail({"interconnect.internal_speedup"}, fmt::format("the internal speedup must be above 0, got {}", n.internal_speedup));
  }
  at_least("interconnect.input_buffer_flits", n.input_buffer_flits, 1, "the input buffer");
  at_least("interconnect.output_buffer_flits", n.output_buffer_flits, 1, "the output buffer");
  // A packet enters the crossbar and leaves it whole: both buffers must
  // hold the largest, a 128-byte reply or write with its 8 bytes of control.
  const std::uint32_t largest = (kLargestPacketBytes + n.flit_bytes - 1) / n.flit_bytes;
  if (n.input_buffer_flits < largest) {
    fail({"interconnect.input_buffer_flits", "interconnect.flit_bytes"},
         fmt::format("the input buffer of {} flits cannot hold a {}-byte packet ({} flits of {} bytes)",
                     n.input_buffer_flits, kLargestPacketBytes, largest, n.flit_bytes));
  }
  if (n.output_buffer_flits < largest) {
    fail({"interconnect.output_buffer_flits", "interconnect.flit_bytes"},
         fmt::format("the output buffer of {} flits cannot hold a {}-byte packet ({} flits of {} bytes)",
                     n.output_buffer_flits, kLargestPacketBytes, largest, n.flit_bytes));
  }
  at_least("interconnect.arbitration_iterations", n.arbitration_iterations, 1, "the arbitration iterations");
  if (n.subnets != 1 && n.subnets != 2) {
    fail({"interconnect.subnets"}, fmt::format("the interconnect has 1 or 2 subnets, got {}", n.subnets));
  }
}

}  // namespace

std::optional<ConfigProblem> check_gpu_config(const GpuConfig& c) {
  try {
    check_clocks(c.clocks);
    check_core(c.core);
    check_memory(c.memory);
    check_interconnect(c.interconnect);
    at_least("divergence.split_table_entries", c.divergence.split_table_entries, 1, "the split table");
    at_least("divergence.reconvergence_table_entries", c.divergence.reconvergence_table_entries, 1,
             "the reconvergence table");
  } catch (const Failed& f) {
    return f.problem;
  }
  return std::nullopt;
}

}  // namespace lockstep::sim
