// MemorySystem: the whole path of one request with known latencies on the
// tiny GPU (every clock 1000 MHz, interconnect 5 cycles, ROP 20, DRAM
// pipeline 20, tRCD = CL = 12), L2 hits, write acknowledgements,
// writebacks, sector splitting and reassembly on gtx480, jumping over idle
// cycles, determinism, and input errors.
#include "sim/mem/memory_system.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "sim/config/gpgpusim_config.hpp"
#include "sim/config/load_gpu.hpp"
#include "tests/sim/mem/memory_driver.hpp"

namespace lockstep::sim {
namespace {

using test::MemoryDriver;

GpuConfig gpu(const char* name) { return load_gpu(name).config; }

MemRequest rd(std::uint64_t id, std::uint64_t addr, std::uint32_t bytes = 4, std::uint32_t sm = 0) {
  MemRequest r = make_request(id, AccessType::GlobalRead, addr, bytes);
  r.sm = sm;
  return r;
}

class Collect : public StatVisitor {
 public:
  std::map<std::string, std::uint64_t> counters;
  std::vector<std::string> lines;
  void counter(std::string_view n, std::uint64_t v) override {
    counters[std::string(n)] = v;
    lines.push_back(std::string(n) + "=" + std::to_string(v));
  }
  void ratio(std::string_view n, double v) override { lines.push_back(std::string(n) + "~" + std::to_string(v)); }
};

Collect report_of(MemorySystem& m) {
  Collect c;
  m.report(c);
  return c;
}

// The path of a 4-byte read that misses in the L2, on tiny (core cycles):
//   0   pushed by the SM (after the memory side's tick of cycle 0)
//   1-5 request network: crosses at cycle 1, leaves after 5 cycles
//   6   the sub-partition takes it (at_l2), ROP until 26
//   26  into the L2's queue; 27 L2 miss; 28 into the L2-to-DRAM queue
//   29  into the DRAM pipeline delay (20 cycles); 49 into the controller (at_dram)
//   50  ACTIVATE; 62, 64, 66, 68 READ the 128-byte line in 32-byte accesses
//   82  the last data (68 + CL 12 + burst 2); 83 back in the sub-partition, L2 fill
//   84  the reply into the L2-to-interconnect queue
//   85  into the reply network (replied); one flit, out after 5 cycles
//   90  the cluster takes it (returned)
TEST(MemorySystem, TinyReadMissPath) {
  MemoryDriver d(gpu("tiny"));
  d.send(rd(7, 0x1000));
  d.run();
  ASSERT_EQ(d.replies().size(), 1U);
  const MemRequest& r = d.replies()[0];
  EXPECT_EQ(r.id, 7U);
  EXPECT_TRUE(r.reply);
  EXPECT_EQ(r.issued, 0U);
  EXPECT_EQ(r.at_l2, 6U);
  EXPECT_EQ(r.at_dram, 49U);
  EXPECT_EQ(r.replied, 85U);
  EXPECT_EQ(r.returned, 90U);
  EXPECT_TRUE(d.mem().idle());
  const Collect c = report_of(d.mem());
  EXPECT_EQ(c.counters.at("L2_total_cache_misses"), 1U);
  EXPECT_EQ(c.counters.at("gpgpu_n_dram_reads"), 4U);
  EXPECT_EQ(c.counters.at("gpgpu_n_dram_activate"), 1U);
  EXPECT_EQ(c.counters.at("icnt_total_pkts_simt_to_mem"), 1U);
  EXPECT_EQ(c.counters.at("icnt_total_pkts_mem_to_simt"), 1U);
}

TEST(MemorySystem, TinyL2HitPath) {
  MemoryDriver d(gpu("tiny"));
  d.send(rd(1, 0x1000));
  d.run();
  d.send(rd(2, 0x1040), d.cycle());
  const Cycle start = d.cycle();
  d.run();
  ASSERT_EQ(d.replies().size(), 2U);
  const MemRequest& r = d.replies()[1];
  // 5 + 1 cycles of request network, 20 of ROP, 1 into the L2 queue, the
  // hit, 1 into the reply network, 5 of reply network.
  EXPECT_EQ(r.returned - start, 33U);
  EXPECT_EQ(r.at_dram, kNever);
  EXPECT_EQ(report_of(d.mem()).counters.at("L2_cache_stats_breakdown[GLOBAL_ACC_R][HIT]"), 1U);
}

TEST(MemorySystem, WritesAreAcknowledged) {
  // tiny's L2 does not allocate on writes: the write goes to DRAM and DRAM
  // answers it.
  MemoryDriver d(gpu("tiny"));
  MemRequest w = make_request(3, AccessType::GlobalWrite, 0x2000, 32);
  d.send(w);
  d.run();
  ASSERT_EQ(d.replies().size(), 1U);
  EXPECT_TRUE(d.replies()[0].writes());
  EXPECT_NE(d.replies()[0].at_dram, kNever);
  const Collect c = report_of(d.mem());
  EXPECT_EQ(c.counters.at("gpgpu_n_dram_writes"), 1U);
  EXPECT_EQ(c.counters.at("Req_Network_injected_flits_num"), 2U);  // 40 bytes in 32-byte flits
  EXPECT_EQ(c.counters.at("Reply_Network_injected_flits_num"), 1U);
}

TEST(MemorySystem, LazyL2AcknowledgesWritesAtOnce) {
  // gtx480's L2 allocates a written sector without reading it.
  MemoryDriver d(gpu("gtx480"));
  d.send(make_request(3, AccessType::GlobalWrite, 0x2000, 32));
  d.run();
  ASSERT_EQ(d.replies().size(), 1U);
  EXPECT_EQ(d.replies()[0].at_dram, kNever);
  EXPECT_EQ(report_of(d.mem()).counters.at("gpgpu_n_dram_writes"), 0U);
}

TEST(MemorySystem, WritebacksGetNoReply) {
  MemoryDriver d(gpu("tiny"));
  d.send(make_request(5, AccessType::L1Writeback, 0x3000, 128));
  d.run();
  EXPECT_TRUE(d.replies().empty());
  EXPECT_TRUE(d.mem().idle());
  const Collect c = report_of(d.mem());
  EXPECT_EQ(c.counters.at("L2_cache_stats_breakdown[L1_WRBK_ACC][MISS]"), 1U);
  EXPECT_EQ(c.counters.at("DRAM.n_write"), 4U);  // no-write-allocate: on to DRAM
}

TEST(MemorySystem, SectorL2SplitsAndReassembles) {
  MemoryDriver d(gpu("gtx480"));
  d.send(rd(9, 0x4000, 128, 3));
  d.run();
  ASSERT_EQ(d.replies().size(), 1U);
  const MemRequest& r = d.replies()[0];
  EXPECT_EQ(r.id, 9U);
  EXPECT_EQ(r.addr, 0x4000U);
  EXPECT_EQ(r.bytes, 128U);
  EXPECT_EQ(r.sm, 3U);
  const Collect c = report_of(d.mem());
  EXPECT_EQ(c.counters.at("L2_total_cache_accesses"), 4U);  // four sectors
  EXPECT_EQ(c.counters.at("icnt_total_pkts_mem_to_simt"), 4U);
  EXPECT_EQ(c.counters.at("icnt_total_pkts_simt_to_mem"), 1U);
  EXPECT_EQ(d.mem().counters().replies, 1U);
}

TEST(MemorySystem, AtomicsTakeTheRopPathAndDirtyTheLine) {
  MemoryDriver d(gpu("tiny"));
  MemRequest a = rd(4, 0x5000, 4);
  a.atomic = AtomicOp::Add;
  d.send(a);
  d.run();
  ASSERT_EQ(d.replies().size(), 1U);
  EXPECT_EQ(d.replies()[0].atomic, AtomicOp::Add);
  // Evict the line: 8 more lines in the same set (16 sets of 128 bytes,
  // the set index from the address without the channel bit).
  for (std::uint64_t k = 1; k <= 8; ++k) d.send(rd(10 + k, 0x5000 + k * 0x1000 * 2));
  d.run();
  EXPECT_EQ(report_of(d.mem()).counters.at("DRAM.n_wr_bk"), 4U);  // the dirty 128-byte line
}

TEST(MemorySystem, ClustersShareAPort) {
  GpuConfig c = gpu("tiny");
  c.core.clusters = 1;
  c.core.cores_per_cluster = 2;
  MemorySystem m(c);
  EXPECT_EQ(m.clusters(), 1U);
  EXPECT_EQ(m.cluster_of(1), 0U);
  EXPECT_EQ(m.sub_partition_of(0x100), 1U);
}

TEST(MemorySystem, JumpingGivesTheSameCyclesAndStatistics) {
  for (const char* name : {"tiny", "gtx480"}) {
    MemoryDriver stepped(gpu(name));
    MemoryDriver jumped(gpu(name));
    for (MemoryDriver* d : {&stepped, &jumped}) {
      d->send(rd(1, 0x1000, 4, 0));
      d->send(rd(2, 0x9000, 128, 1), 300);
      d->send(make_request(3, AccessType::GlobalWrite, 0x1000, 32), 900);
    }
    stepped.run(false);
    jumped.run(true);
    EXPECT_EQ(stepped.jumps(), 0U);
    EXPECT_GT(jumped.jumps(), 2U) << name;
    ASSERT_EQ(stepped.replies().size(), 3U);
    EXPECT_EQ(stepped.replies(), jumped.replies()) << name;
    EXPECT_EQ(stepped.cycle(), jumped.cycle()) << name;
    EXPECT_EQ(report_of(stepped.mem()).lines, report_of(jumped.mem()).lines) << name;
  }
}

TEST(MemorySystem, NextEventCycle) {
  MemoryDriver d(gpu("tiny"));
  EXPECT_EQ(d.mem().next_event_cycle(0), kNever);
  d.send(rd(1, 0x1000));
  for (int i = 0; i < 7; ++i) d.step();  // through the network into the ROP delay
  EXPECT_EQ(d.mem().next_event_cycle(d.cycle()), 26U);
  MemorySystem& m = d.mem();
  EXPECT_THROW(m.skip(DomainTicks{30, 30, 30, 30}, d.cycle()), std::logic_error);
}

TEST(MemorySystem, EveryBundledGpuServesReadsAndWrites) {
  std::vector<GpuConfig> gpus;
  for (const BundledGpu& b : bundled_gpus()) gpus.push_back(gpu(std::string(b.name).c_str()));
  gpus.push_back(gpgpusim_defaults());
  for (const GpuConfig& c : gpus) {
    MemoryDriver d(c);
    const std::uint32_t last_sm = c.core.clusters * c.core.cores_per_cluster - 1;
    d.send(rd(1, 0x10000, 128, 0));
    d.send(rd(2, 0x10000, 4, last_sm));
    d.send(make_request(3, AccessType::GlobalWrite, 0x20040, 32), 10);
    d.run();
    ASSERT_EQ(d.replies().size(), 3U) << c.name;
    EXPECT_TRUE(d.mem().idle()) << c.name;
    for (const MemRequest& r : d.replies()) EXPECT_GT(r.returned, r.issued) << c.name;
  }
}

TEST(MemorySystem, InputErrors) {
  MemorySystem m(gpu("tiny"));
  EXPECT_THROW(m.push(0, rd(1, 0x1070, 32), 0), std::logic_error);  // crosses 0x1080
  GpuConfig c = gpu("tiny");
  c.interconnect.input_buffer_flits = 4;  // a 136-byte packet needs 5 flits of 32
  EXPECT_THROW(MemorySystem{c}, std::invalid_argument);
}

}  // namespace
}  // namespace lockstep::sim
