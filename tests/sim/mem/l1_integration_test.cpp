// The SM side's use of the memory side, as the SM will do it: an L1D built
// from gtx480's configuration sends its misses through MemorySystem and is
// filled by the replies; a write goes through and is acknowledged; an
// instruction-cache miss is served the same way.
#include <gtest/gtest.h>

#include <optional>

#include "sim/config/load_gpu.hpp"
#include "sim/gpu/clock_domains.hpp"
#include "sim/mem/cache.hpp"
#include "sim/mem/memory_system.hpp"

namespace lockstep::sim {
namespace {

/// One SM's L1 beside the memory system, stepped as the cycle loop will.
struct OneSm {
  explicit OneSm(const GpuConfig& c, const CacheConfig& l1)
      : clocks(c.clocks), mem(c), l1d(l1, CacheLevel::L1, sm_made_ids(0, 0)) {}

  /// Steps until `done()` or `limit` core cycles; returns replies that
  /// were not fills of the L1 (acknowledgements, bypassing reads).
  template <class Done>
  std::vector<MemRequest> run(Done done, Cycle limit = 5000) {
    std::vector<MemRequest> others;
    while (!done() && cycle < limit) {
      const DomainMask m = clocks.step();
      if (m.has(ClockDomain::Core)) {
        if (std::optional<MemRequest> r = mem.pop_reply(0, cycle)) {
          if (l1d.waiting_for_fill(*r)) {
            l1d.fill(*r, cycle);
          } else {
            others.push_back(*r);
          }
        }
      }
      mem.tick(m, cycle);
      if (!m.has(ClockDomain::Core)) continue;
      while (l1d.access_ready()) ready.push_back(l1d.next_access());
      if (l1d.has_outgoing() && mem.can_accept(0, l1d.outgoing())) {
        mem.push(0, l1d.outgoing(), cycle);
        l1d.pop_outgoing();
      }
      l1d.cycle();
      ++cycle;
    }
    return others;
  }

  ClockSchedule clocks;
  MemorySystem mem;
  Cache l1d;
  std::vector<MemRequest> ready;
  Cycle cycle = 0;
};

TEST(L1Integration, MissGoesThroughMemoryAndFills) {
  const GpuConfig c = load_gpu("gtx480").config;
  OneSm sm(c, c.core.l1d);
  MemRequest r = make_request(41, AccessType::GlobalRead, 0x1004, 4);
  r.warp = 5;
  r.instruction = 77;
  r.issued = 0;
  const CacheAccess a = sm.l1d.access(r, 0);
  ASSERT_EQ(a.status, CacheStatus::Miss);
  // A second warp's load of the same line merges.
  MemRequest r2 = make_request(42, AccessType::GlobalRead, 0x1010, 4);
  EXPECT_TRUE(sm.l1d.access(r2, 0).merged);
  sm.run([&] { return sm.ready.size() == 2; });
  ASSERT_EQ(sm.ready.size(), 2U);
  EXPECT_EQ(sm.ready[0].id, 41U);
  EXPECT_EQ(sm.ready[0].warp, 5U);
  EXPECT_EQ(sm.ready[0].instruction, 77U);
  EXPECT_NE(sm.ready[0].at_dram, kNever);  // the line came from DRAM
  EXPECT_EQ(sm.ready[0].returned, sm.ready[1].returned);
  EXPECT_GT(sm.ready[0].returned, 100U);
  EXPECT_EQ(sm.ready[1].id, 42U);
  // The line is in the L1 now.
  EXPECT_EQ(sm.l1d.access(make_request(43, AccessType::GlobalRead, 0x1070, 8), sm.cycle).status, CacheStatus::Hit);
}

TEST(L1Integration, GlobalWriteIsAcknowledged) {
  const GpuConfig c = load_gpu("gtx480").config;
  OneSm sm(c, c.core.l1d);  // local_wb_global_wt, no write allocation
  const CacheAccess a = sm.l1d.access(make_request(7, AccessType::GlobalWrite, 0x2000, 32), 0);
  EXPECT_EQ(a.status, CacheStatus::Miss);
  EXPECT_TRUE(a.write_sent);
  const std::vector<MemRequest> got = sm.run([&] { return sm.cycle > 600; });
  ASSERT_EQ(got.size(), 1U);
  EXPECT_EQ(got[0].id, 7U);
  EXPECT_TRUE(got[0].writes());
  EXPECT_TRUE(got[0].reply);
}

TEST(L1Integration, InstructionCacheMiss) {
  const GpuConfig c = load_gpu("tiny").config;
  OneSm sm(c, c.core.l1i);
  EXPECT_EQ(sm.l1d.access(make_request(1, AccessType::InstRead, 0x400, 8), 0).status, CacheStatus::Miss);
  sm.run([&] { return !sm.ready.empty(); });
  ASSERT_EQ(sm.ready.size(), 1U);
  EXPECT_EQ(sm.l1d.access(make_request(2, AccessType::InstRead, 0x408, 8), sm.cycle).status, CacheStatus::Hit);
  EXPECT_EQ(sm.l1d.stats().get(AccessType::InstRead, CacheStatus::Miss), 1U);
}

}  // namespace
}  // namespace lockstep::sim
