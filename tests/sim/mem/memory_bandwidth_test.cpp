// MemorySystem under load: a stream of 128-byte reads over consecutive
// lines from every cluster reaches the configured DRAM bandwidth x a stated
// efficiency; the same stream twice gives the same statistics.
#include <gtest/gtest.h>

#include <cstdio>

#include "sim/config/load_gpu.hpp"
#include "tests/sim/mem/memory_driver.hpp"

namespace lockstep::sim {
namespace {

using test::MemoryDriver;

struct Streamed {
  Cycle cycles = 0;
  std::uint64_t bytes = 0;
  double peak_bytes_per_core_cycle = 0;
  MemoryCounters counters;
};

/// `lines` consecutive 128-byte lines read, line j by SM j mod SMs.
Streamed stream(const GpuConfig& c, std::uint64_t lines, AccessType type = AccessType::GlobalRead) {
  MemoryDriver d(c);
  const std::uint32_t sms = c.core.clusters * c.core.cores_per_cluster;
  for (std::uint64_t j = 0; j < lines; ++j) {
    MemRequest r = make_request(j, type, j * 128, 128);
    r.sm = static_cast<std::uint32_t>(j % sms);
    d.send(r);
  }
  d.run();
  Streamed s;
  s.cycles = d.cycle();
  s.bytes = lines * 128;
  s.counters = d.mem().counters();
  const DramConfig& dram = c.memory.dram;
  // Peak: every channel moves access_bytes per BL / ratio DRAM cycles.
  const double per_dram_cycle = static_cast<double>(dram.access_bytes()) * dram.data_command_freq_ratio /
                                dram.burst_length * c.memory.channels;
  s.peak_bytes_per_core_cycle = per_dram_cycle * c.clocks.dram_mhz / c.clocks.core_mhz;
  EXPECT_EQ(d.replies().size(), lines);
  return s;
}

TEST(MemoryBandwidth, Gtx480StreamingReadsKeepTheDataBusesBusy) {
  const GpuConfig c = load_gpu("gtx480").config;
  const Streamed s = stream(c, 30000);
  // 6 channels x 2 chips x 4 bytes x 4 beats per command cycle at 924 MHz =
  // 177.4 GB/s = 253.4 bytes per 700 MHz core cycle.
  EXPECT_NEAR(s.peak_bytes_per_core_cycle, 253.44, 0.01);
  const double achieved = static_cast<double>(s.bytes) / static_cast<double>(s.cycles);
  const double efficiency = achieved / s.peak_bytes_per_core_cycle;
  const double bus = static_cast<double>(s.counters.dram_busy_cycles) / static_cast<double>(s.counters.dram_cycles);
  std::printf("gtx480 streaming reads: %llu bytes in %llu cycles, %.1f B/cycle, %.3f of peak, buses busy %.3f\n",
              static_cast<unsigned long long>(s.bytes), static_cast<unsigned long long>(s.cycles), achieved,
              efficiency, bus);
  // The L2 misses in 32-byte sectors and a gtx480 access moves 64 bytes
  // (burst 8 x 4 bytes x 2 chips), as in GPGPU-Sim: one READ per sector, the
  // data buses nearly always busy, half of what they carry wanted.
  EXPECT_EQ(s.counters.dram_reads * 32, s.bytes);
  EXPECT_GE(bus, 0.95);
  EXPECT_GE(efficiency, 0.47);
  EXPECT_LE(efficiency, 0.5);
}

TEST(MemoryBandwidth, TinyStreamingReadsReachNinetyPercentOfPeak) {
  const GpuConfig c = load_gpu("tiny").config;
  const Streamed s = stream(c, 4000);
  EXPECT_NEAR(s.peak_bytes_per_core_cycle, 32.0, 1e-9);  // 2 channels x 16 bytes per cycle
  const double efficiency = static_cast<double>(s.bytes) / static_cast<double>(s.cycles) / s.peak_bytes_per_core_cycle;
  std::printf("tiny streaming reads: %.3f of peak\n", efficiency);
  EXPECT_GE(efficiency, 0.90);
}

TEST(MemoryBandwidth, SameStreamSameStatistics) {
  const GpuConfig c = load_gpu("gtx480").config;
  const Streamed a = stream(c, 3000);
  const Streamed b = stream(c, 3000);
  EXPECT_EQ(a.cycles, b.cycles);
  EXPECT_EQ(a.counters.dram_busy_cycles, b.counters.dram_busy_cycles);
  EXPECT_EQ(a.counters.dram_cycles, b.counters.dram_cycles);
  EXPECT_EQ(a.counters.l2_accesses, b.counters.l2_accesses);
}

}  // namespace
}  // namespace lockstep::sim
