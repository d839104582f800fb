// check_gpu_config: every bundled GPU and GPGPU-Sim's defaults pass; each
// rule, broken on its own in the tiny GPU, is the problem reported, with the
// field at fault first.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "sim/config/check_gpu_config.hpp"
#include "sim/config/gpgpusim_config.hpp"
#include "sim/config/load_gpu.hpp"
#include "sim/config/option_strings.hpp"

namespace lockstep::sim {
namespace {

GpuConfig tiny() { return load_gpu("tiny").config; }

TEST(CheckGpuConfig, BundledAndDefaultsPass) {
  for (const BundledGpu& b : bundled_gpus()) {
    const auto p = check_gpu_config(load_gpu(std::string(b.name)).config);
    EXPECT_FALSE(p.has_value()) << b.name << ": " << (p ? p->message : "");
  }
  EXPECT_FALSE(check_gpu_config(gpgpusim_defaults()).has_value());
}

TEST(CheckGpuConfig, SpinAwareSchedulingOnPasses) {
  GpuConfig c = tiny();
  c.core.scheduler.ddos.enabled = true;
  c.core.scheduler.ddos.hash = DdosHash::Modulo;
  c.core.scheduler.bows.enabled = true;
  EXPECT_FALSE(check_gpu_config(c).has_value());
  c.core.scheduler.bows.adaptive = false;  // a fixed delay of 0 only reorders: allowed
  c.core.scheduler.bows.delay = 0;
  c.core.scheduler.bows.delay_max = 0;
  EXPECT_FALSE(check_gpu_config(c).has_value());
}

TEST(CheckGpuConfig, CawaWithCacpPasses) {
  GpuConfig c = tiny();
  c.core.scheduler.policy = WarpScheduler::Cawa;
  c.core.scheduler.cawa.cacp = true;
  EXPECT_FALSE(check_gpu_config(c).has_value());
}

struct Broken {
  const char* name;
  std::function<void(GpuConfig&)> change;
  std::string field;
  std::string message;
};

std::ostream& operator<<(std::ostream& os, const Broken& b) { return os << b.name; }

class CheckRule : public testing::TestWithParam<Broken> {};

TEST_P(CheckRule, ReportsTheField) {
  GpuConfig c = tiny();
  GetParam().change(c);
  const auto p = check_gpu_config(c);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->fields.front(), GetParam().field);
  EXPECT_EQ(p->message, GetParam().message);
}

AddressMapping map(std::string_view s) { return gpgpusim::parse_address_mapping(s); }

const std::vector<Broken>& broken() {
  static const std::vector<Broken> cases = {
      {"ClockZero", [](GpuConfig& c) { c.clocks.l2_mhz = 0; }, "clocks.l2_mhz", "a clock must be above 0 MHz, got 0"},
      {"NoClusters", [](GpuConfig& c) { c.core.clusters = 0; }, "core.clusters",
       "the number of SM clusters must be at least 1, got 0"},
      {"NoCores", [](GpuConfig& c) { c.core.cores_per_cluster = 0; }, "core.cores_per_cluster",
       "the number of SMs per cluster must be at least 1, got 0"},
      {"WarpSize", [](GpuConfig& c) { c.core.warp_size = 64; }, "core.warp_size",
       "lockstep's semantics has warps of 32 threads, not 64"},
      {"ThreadsNotWarps", [](GpuConfig& c) { c.core.max_threads = 48; }, "core.max_threads",
       "48 threads per SM is not a whole, non-zero number of 32-thread warps"},
      {"NoCtas", [](GpuConfig& c) { c.core.max_ctas = 0; }, "core.max_ctas",
       "the number of CTAs per SM must be at least 1, got 0"},
      {"RegistersForOneWarp", [](GpuConfig& c) { c.core.registers = 127; }, "core.registers",
       "127 registers cannot hold one warp (32 threads x 4 registers)"},
      {"RegisterUnit", [](GpuConfig& c) { c.core.register_unit = 0; }, "core.register_unit",
       "the register allocation unit must be at least 1, got 0"},
      {"RegistersPerCta", [](GpuConfig& c) { c.core.max_registers_per_cta = 64; }, "core.max_registers_per_cta",
       "64 registers per CTA cannot hold one warp (32 threads x 4 registers)"},
      {"WarpParts", [](GpuConfig& c) { c.core.memory_warp_parts = 3; }, "core.memory_warp_parts",
       "a warp of 32 threads cannot be split into 3 equal parts"},
      {"CoalesceArch", [](GpuConfig& c) { c.core.coalesce_arch = 12; }, "core.coalesce_arch",
       "coalescing rules exist from compute capability 1.3 (13) on, got 12"},
      {"SharedBanks", [](GpuConfig& c) { c.core.shared.banks = 0; }, "core.shared.banks",
       "the number of shared-memory banks must be at least 1, got 0"},
      {"TwoLevelActive",
       [](GpuConfig& c) { c.core.scheduler.policy = WarpScheduler::TwoLevel; }, "core.scheduler.two_level_active",
       "a two-level scheduler's active warps must be at least 1, got 0"},
      {"IssuePerWarp", [](GpuConfig& c) { c.core.scheduler.max_issue_per_warp = 0; },
       "core.scheduler.max_issue_per_warp", "a warp issues 1 or 2 instructions per cycle, got 0"},
      {"DdosPathBitsZero", [](GpuConfig& c) { c.core.scheduler.ddos.path_bits = 0; }, "core.scheduler.ddos_path_bits",
       "a DDOS path-history entry (m) must be 1 to 32 bits, got 0"},
      {"DdosValueBitsWide", [](GpuConfig& c) { c.core.scheduler.ddos.value_bits = 33; },
       "core.scheduler.ddos_value_bits", "a DDOS value-history operand (k) must be 1 to 32 bits, got 33"},
      {"DdosHistoryZero", [](GpuConfig& c) { c.core.scheduler.ddos.history = 0; }, "core.scheduler.ddos_history",
       "the DDOS history length (l) must be at least 1, got 0"},
      {"DdosThresholdZero", [](GpuConfig& c) { c.core.scheduler.ddos.threshold = 0; },
       "core.scheduler.ddos_threshold", "the DDOS confirmation threshold (t) must be at least 1, got 0"},
      {"DdosSibEntriesZero", [](GpuConfig& c) { c.core.scheduler.ddos.sib_entries = 0; },
       "core.scheduler.ddos_sib_entries", "the SIB prediction table must be at least 1, got 0"},
      {"DdosEpochZero",
       [](GpuConfig& c) {
         c.core.scheduler.ddos.shared_history = true;
         c.core.scheduler.ddos.epoch = 0;
       },
       "core.scheduler.ddos_epoch", "the epoch of shared DDOS histories must be at least 1, got 0"},
      {"BowsWithoutDdos", [](GpuConfig& c) { c.core.scheduler.bows.enabled = true; }, "core.scheduler.bows_enabled",
       "BOWS backs off the branches DDOS confirms: it needs ddos_enabled = true"},
      {"BowsAdaptiveZeroLimit", [](GpuConfig& c) { c.core.scheduler.bows.delay_max = 0; },
       "core.scheduler.bows_delay_max", "an adaptive back-off delay needs a delay limit above 0 cycles, got 0"},
      {"BowsLimitsCrossed", [](GpuConfig& c) { c.core.scheduler.bows.delay_min = 20000; },
       "core.scheduler.bows_delay_min",
       "the lowest back-off delay limit (20000 cycles) is above the highest (10000 cycles)"},
      {"BowsWindowZero", [](GpuConfig& c) { c.core.scheduler.bows.interval = 0; }, "core.scheduler.bows_interval",
       "the adaptive back-off window must be at least 1, got 0"},
      {"BowsFrac1", [](GpuConfig& c) { c.core.scheduler.bows.frac1 = 1.5; }, "core.scheduler.bows_frac1",
       "bows_frac1 is a fraction of instructions (0 to 1), got 1.5"},
      {"BowsFrac2", [](GpuConfig& c) { c.core.scheduler.bows.frac2 = 0; }, "core.scheduler.bows_frac2",
       "bows_frac2 must be above 0 (and at most 1000), got 0"},
      {"CacpWithoutCawa", [](GpuConfig& c) { c.core.scheduler.cawa.cacp = true; }, "core.scheduler.cawa_cacp",
       "CACP places lines by the criticality the cawa scheduler predicts: it needs policy = \"cawa\", got \"lrr\""},
      {"CacpOneWay",
       [](GpuConfig& c) {
         c.core.scheduler.policy = WarpScheduler::Cawa;
         c.core.scheduler.cawa.cacp = true;
         c.core.l1d.ways = 1;
         c.core.l1d.sets *= 4;
       },
       "core.scheduler.cawa_cacp",
       "CACP splits the L1D's sets into a critical and a non-critical partition: it needs an L1D of at least 2 ways"},
      {"CacpCriticalWays", [](GpuConfig& c) { c.core.scheduler.cawa.cacp_critical_ways = 0; },
       "core.scheduler.cawa_cacp_critical_ways",
       "cawa_cacp_critical_ways is the fraction of L1D ways for critical warps' lines, above 0 and below 1, got 0"},
      {"CacpCriticalFraction", [](GpuConfig& c) { c.core.scheduler.cawa.cacp_critical_fraction = 1; },
       "core.scheduler.cawa_cacp_critical_fraction",
       "cawa_cacp_critical_fraction places the critical-warp cut between the least (0) and the most critical warp "
       "(below 1), got 1"},
      {"CacpSignatures", [](GpuConfig& c) { c.core.scheduler.cawa.cacp_signatures = 3; },
       "core.scheduler.cawa_cacp_signatures",
       "the CACP signature tables need a power of two of entries, 1 to 65536, got 3"},
      {"GenericCollectors", [](GpuConfig& c) { c.core.operand_collector.specialized = false; },
       "core.operand_collector.generic_units",
       "without specialized collectors the generic operand collectors need units and input and output ports"},
      {"NoSfu", [](GpuConfig& c) { c.core.sfu.units = 0; }, "core.sfu.units",
       "the number of SFU units must be at least 1, got 0"},
      {"TwoLdst", [](GpuConfig& c) { c.core.mem.units = 2; }, "core.mem.units", "an SM has one LD/ST unit, got 2"},
      {"UnitWithoutPipeline", [](GpuConfig& c) { c.core.dp.units = 1; }, "core.dp.id_oc_width",
       "the DP pipeline has units but a pipeline register of width 0"},
      {"UnitWithoutCollector",
       [](GpuConfig& c) {
         c.core.integer = UnitClassConfig{1, 1, 1, CollectorSet{1, 0, 1}};
       },
       "core.int.collector_in_ports", "the INT units need operand collectors with input and output ports"},
      {"OpLatency", [](GpuConfig& c) { c.core.ops[OpClass::FpMad].initiation = 0; }, "core.ops.fp_mad",
       "fp_mad: latency and initiation interval must be at least 1 cycle, got 4 and 0"},
      {"InstructionCacheOff", [](GpuConfig& c) { c.core.l1i.enabled = false; }, "core.l1i.enabled",
       "the instruction cache cannot be disabled"},
      {"SetsPowerOfTwo", [](GpuConfig& c) { c.core.l1d.sets = 12; }, "core.l1d.sets",
       "the number of sets must be a power of two, got 12"},
      {"LinePowerOfTwo", [](GpuConfig& c) { c.core.l1c.line_bytes = 96; }, "core.l1c.line_bytes",
       "the line size must be a power of two, got 96"},
      {"NoWays", [](GpuConfig& c) { c.memory.l2.ways = 0; }, "memory.l2.ways",
       "the number of ways must be at least 1, got 0"},
      {"SectorLine", [](GpuConfig& c) { c.core.l1d.kind = CacheKind::Sector; c.core.l1d.line_bytes = 64; },
       "core.l1d.line_bytes", "a sector cache has 128-byte lines (4 sectors of 32 bytes), got 64"},
      {"FermiHash", [](GpuConfig& c) { c.core.l1d.index = SetIndex::FermiHash; }, "core.l1d.index",
       "the Fermi hash set index needs 32 or 64 sets, got 8"},
      {"IpolySets", [](GpuConfig& c) { c.memory.l2.index = SetIndex::Ipoly; c.memory.l2.sets = 8; },
       "memory.l2.index", "the IPOLY set index needs 16, 32 or 64 sets, got 8"},
      {"WritableInstructionCache", [](GpuConfig& c) { c.core.l1i.write = WritePolicy::WriteBack; }, "core.l1i.write",
       "the instruction cache is read-only (write policy R), got write_back"},
      {"ReadOnlyL2", [](GpuConfig& c) { c.memory.l2.write = WritePolicy::ReadOnly; }, "memory.l2.write",
       "the L2 cache takes writes: its write policy cannot be read-only"},
      {"WriteBackOnFill", [](GpuConfig& c) { c.memory.l2.allocation = AllocPolicy::OnFill; }, "memory.l2.allocation",
       "a write-back cache cannot allocate on fill (GPGPU-Sim: an incoming fill's dirty victim can deadlock the "
       "interconnect)"},
      {"FetchOnWriteOnFill",
       [](GpuConfig& c) {
         c.core.l1d.allocation = AllocPolicy::OnFill;
         c.core.l1d.write_allocation = WriteAllocPolicy::FetchOnWrite;
       },
       "core.l1d.allocation", "fetch_on_write needs allocation on miss, not on fill"},
      {"TextureNeedsFifo", [](GpuConfig& c) { c.core.l1t.mshr = MshrKind::Assoc; }, "core.l1t.mshr",
       "the texture cache tracks misses in a FIFO (F or T), got assoc"},
      {"FifoOutsideTexture", [](GpuConfig& c) { c.core.l1c.mshr = MshrKind::TexFifo; }, "core.l1c.mshr",
       "only the texture cache has a FIFO of misses; the constant cache needs associative MSHRs (A or S), got "
       "tex_fifo"},
      {"DataPort", [](GpuConfig& c) { c.core.l1d.data_port_bytes = 48; }, "core.l1d.data_port_bytes",
       "the data port (48 bytes) must divide the line (128 bytes)"},
      {"SubPartitionsPowerOfTwo", [](GpuConfig& c) { c.memory.sub_partitions_per_channel = 3; },
       "memory.sub_partitions_per_channel", "the number of sub-partitions must be a power of two, got 3"},
      {"XorPartitions",
       [](GpuConfig& c) {
         c.memory.channels = 3;
         c.memory.partition_index = PartitionIndex::Xor;
       },
       "memory.partition_index", "XOR partition indexing needs a power-of-two number of channels, got 3"},
      {"IpolyPartitions", [](GpuConfig& c) { c.memory.partition_index = PartitionIndex::Ipoly; },
       "memory.partition_index",
       "IPOLY partition indexing hashes over 16, 32 or 64 sub-partitions (channels rounded up to a power of two x "
       "sub-partitions), got 2"},
      {"BanksPowerOfTwo", [](GpuConfig& c) { c.memory.dram.timing.banks = 12; }, "memory.dram.timing.banks",
       "the number of banks must be a power of two, got 12"},
      {"BankGroupsDivide", [](GpuConfig& c) { c.memory.dram.timing.bank_groups = 16; },
       "memory.dram.timing.bank_groups", "16 bank groups do not divide 8 banks"},
      {"BanksPerSubPartition",
       [](GpuConfig& c) {
         c.memory.dram.timing.banks = 1;
         c.memory.sub_partitions_per_channel = 2;
       },
       "memory.dram.timing.banks", "1 banks cannot be shared by 2 sub-partitions (the sub-partition is the low bank bits)"},
      {"RcdBelowWl", [](GpuConfig& c) { c.memory.dram.timing.rcd = 3; }, "memory.dram.timing.rcd",
       "tRCD = 3 is less than WL + 1 = 5 (the write row-to-column delay tRCD - WL - 1 would be negative)"},
      {"IpolyBanks", [](GpuConfig& c) { c.memory.dram.bank_index = BankIndex::Ipoly; }, "memory.dram.bank_index",
       "IPOLY bank indexing needs 16, 32 or 64 banks, got 8"},
      {"ChipStartRange", [](GpuConfig& c) { c.memory.address_mapping.chip_start_bit = 64; },
       "memory.address_mapping.chip_start_bit", "the chip bits start at a bit 0..63 (or -1 for D bits), got 64"},
      {"ChipBitsAndStart",
       [](GpuConfig& c) {
         c.memory.address_mapping =
             map("00000000.00000000.00000000.00000000.00000000.RRRRRRRR.RRBBBCCD.CCCSSSSS");
         c.memory.address_mapping.chip_start_bit = 8;
       },
       "memory.address_mapping.bits", "a map with a chip start bit must not name chip bits (D)"},
      {"ChipBitsPushedOut",
       [](GpuConfig& c) { c.memory.address_mapping = map("dramid@8;R" + std::string(63, '0')); },
       "memory.address_mapping.bits", "inserting 1 chip bits at bit 8 pushes map bit 63 beyond bit 63"},
      {"ChipBitsCount",
       [](GpuConfig& c) {
         c.memory.address_mapping = map("00000000.00000000.00000000.00000000.00000000.RRRRRRRR.RRBBBCDD.CCCSSSSS");
       },
       "memory.address_mapping.bits", "the address map has 2 chip bits (D) but there are 2 channels (needs 1)"},
      {"TooManyBankBits",
       [](GpuConfig& c) {
         c.memory.address_mapping = map("dramid@8;00000000.00000000.00000000.00000000.00000000.RRRRRRRR.RBBBBCCC.CCCSSSSS");
       },
       "memory.address_mapping.bits", "the address map has 4 bank bits (B) but the DRAM has 8 banks (at most 3)"},
      {"NoRowBits",
       [](GpuConfig& c) {
         c.memory.address_mapping = map("dramid@8;00000000.00000000.00000000.00000000.00000000.00000000.00BBBCCC.CCCSSSSS");
       },
       "memory.address_mapping.bits", "the address map has no row bits (R)"},
      {"FlitBytes", [](GpuConfig& c) { c.interconnect.flit_bytes = 0; }, "interconnect.flit_bytes",
       "the flit size must be at least 1, got 0"},
      {"Speedup", [](GpuConfig& c) { c.interconnect.internal_speedup = -1.0; }, "interconnect.internal_speedup",
       "the internal speedup must be above 0, got -1"},
      {"InputBufferBelowAPacket", [](GpuConfig& c) { c.interconnect.input_buffer_flits = 4; },
       "interconnect.input_buffer_flits",
       "the input buffer of 4 flits cannot hold a 136-byte packet (5 flits of 32 bytes)"},
      {"OutputBufferBelowAPacket",
       [](GpuConfig& c) {
         c.interconnect.flit_bytes = 16;
         c.interconnect.input_buffer_flits = 9;
       },
       "interconnect.output_buffer_flits",
       "the output buffer of 8 flits cannot hold a 136-byte packet (9 flits of 16 bytes)"},
      {"Subnets", [](GpuConfig& c) { c.interconnect.subnets = 3; }, "interconnect.subnets",
       "the interconnect has 1 or 2 subnets, got 3"},
      {"SplitTable", [](GpuConfig& c) { c.divergence.split_table_entries = 0; }, "divergence.split_table_entries",
       "the split table must be at least 1, got 0"},
  };
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Rules, CheckRule, testing::ValuesIn(broken()),
                         [](const testing::TestParamInfo<Broken>& i) { return std::string(i.param.name); });

}  // namespace
}  // namespace lockstep::sim
