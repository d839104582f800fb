// Cache: hits, misses, merges and each reservation failure with its reason;
// LRU and FIFO victims; fills and the requests that waited; the ports;
// statistics under GPGPU-Sim's names.
#include "sim/mem/cache.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "tests/sim/mem/cache_test_kit.hpp"

namespace lockstep::sim {
namespace {

using test::drain;
using test::load_line;
using test::read;
using test::reply_to;
using test::small_cache;
using test::write;

constexpr std::uint64_t kMade = std::uint64_t{1} << 63;

TEST(Cache, MissThenHitAfterFill) {
  Cache c(small_cache(), CacheLevel::L1, kMade);
  const CacheAccess miss = c.access(read(1, 0x104), 10);
  EXPECT_EQ(miss.status, CacheStatus::Miss);
  EXPECT_EQ(miss.counted, CacheStatus::Miss);
  EXPECT_TRUE(miss.read_sent);
  EXPECT_FALSE(miss.merged);
  ASSERT_TRUE(c.has_outgoing());
  const MemRequest sent = c.outgoing();
  EXPECT_EQ(sent.id, 1U);
  EXPECT_EQ(sent.addr, 0x100U);  // widened to the line
  EXPECT_EQ(sent.bytes, 128U);
  EXPECT_EQ(sent.sector_mask, 0xF);
  c.pop_outgoing();
  EXPECT_FALSE(c.access_ready());
  EXPECT_TRUE(c.waiting_for_fill(reply_to(sent)));
  c.fill(reply_to(sent), 20);
  EXPECT_FALSE(c.waiting_for_fill(reply_to(sent)));
  ASSERT_TRUE(c.access_ready());
  const MemRequest back = c.next_access();
  EXPECT_EQ(back, read(1, 0x104));  // the original request, unchanged
  EXPECT_FALSE(c.access_ready());
  EXPECT_TRUE(c.idle());
  EXPECT_EQ(c.access(read(2, 0x17C), 21).status, CacheStatus::Hit);
  EXPECT_EQ(c.stats().accesses(), 2U);
  EXPECT_EQ(c.stats().misses(), 1U);
  EXPECT_EQ(c.stats().get(AccessType::GlobalRead, CacheStatus::Hit), 1U);
}

TEST(Cache, WaitingRequestsTakeTheFillsTimeStamps) {
  Cache c(small_cache(), CacheLevel::L1, kMade);
  MemRequest r = read(1, 0x000);
  r.issued = 3;
  c.access(r, 3);
  MemRequest fill = reply_to(drain(c));
  fill.at_l2 = 10;
  fill.at_dram = 20;
  fill.replied = 30;
  fill.returned = 40;
  c.fill(fill, 40);
  const MemRequest back = c.next_access();
  EXPECT_EQ(back.issued, 3U);
  EXPECT_EQ(back.at_l2, 10U);
  EXPECT_EQ(back.at_dram, 20U);
  EXPECT_EQ(back.replied, 30U);
  EXPECT_EQ(back.returned, 40U);
}

TEST(Cache, MergesUpToTheLimitThenFails) {
  Cache c(small_cache(), CacheLevel::L1, kMade);  // 2 merges per entry
  EXPECT_EQ(c.access(read(1, 0x000), 1).status, CacheStatus::Miss);
  const CacheAccess second = c.access(read(2, 0x010), 2);
  EXPECT_EQ(second.status, CacheStatus::Miss);
  EXPECT_EQ(second.counted, CacheStatus::HitReserved);  // a pending hit
  EXPECT_TRUE(second.merged);
  EXPECT_FALSE(second.read_sent);
  EXPECT_EQ(c.outgoing_size(), 1U);
  const CacheAccess third = c.access(read(3, 0x020), 3);
  EXPECT_EQ(third.status, CacheStatus::ReservationFail);
  EXPECT_EQ(third.fail, FailReason::MshrMergeEntryFail);
  EXPECT_EQ(c.stats().pending_hits(), 1U);
  EXPECT_EQ(c.stats().reservation_fails(), 1U);
  EXPECT_EQ(c.stats().get_fail(AccessType::GlobalRead, FailReason::MshrMergeEntryFail), 1U);
  // Both waiting requests come back, in arrival order.
  c.fill(reply_to(drain(c)), 4);
  EXPECT_EQ(c.next_access().id, 1U);
  EXPECT_EQ(c.next_access().id, 2U);
  EXPECT_FALSE(c.access_ready());
}

TEST(Cache, MshrEntriesRunOut) {
  CacheConfig cfg = small_cache();
  cfg.mshr_entries = 2;
  Cache c(cfg, CacheLevel::L1, kMade);
  EXPECT_EQ(c.access(read(1, 0x000), 1).status, CacheStatus::Miss);
  EXPECT_EQ(c.access(read(2, 0x080), 1).status, CacheStatus::Miss);
  const CacheAccess a = c.access(read(3, 0x100), 1);
  EXPECT_EQ(a.status, CacheStatus::ReservationFail);
  EXPECT_EQ(a.fail, FailReason::MshrEntryFail);
}

TEST(Cache, EveryLineOfTheSetReserved) {
  Cache c(small_cache(), CacheLevel::L1, kMade);
  EXPECT_EQ(c.access(read(1, 0x000), 1).status, CacheStatus::Miss);
  EXPECT_EQ(c.access(read(2, 0x200), 1).status, CacheStatus::Miss);
  const CacheAccess a = c.access(read(3, 0x400), 1);  // set 0 again
  EXPECT_EQ(a.status, CacheStatus::ReservationFail);
  EXPECT_EQ(a.fail, FailReason::LineAllocFail);
  EXPECT_EQ(c.stats().get_fail(AccessType::GlobalRead, FailReason::LineAllocFail), 1U);
}

TEST(Cache, MissQueueFull) {
  CacheConfig cfg = small_cache();
  cfg.miss_queue = 2;  // a read miss needs the queue below size - 1
  Cache c(cfg, CacheLevel::L1, kMade);
  EXPECT_EQ(c.access(read(1, 0x000), 1).status, CacheStatus::Miss);
  const CacheAccess a = c.access(read(2, 0x080), 1);
  EXPECT_EQ(a.status, CacheStatus::ReservationFail);
  EXPECT_EQ(a.fail, FailReason::MissQueueFull);
  c.pop_outgoing();
  EXPECT_EQ(c.access(read(2, 0x080), 2).status, CacheStatus::Miss);
}

TEST(Cache, LruReplacesTheLeastRecentlyUsedLine) {
  Cache c(small_cache(), CacheLevel::L1, kMade);
  load_line(c, 1, 0x000, 10);
  load_line(c, 2, 0x200, 11);
  EXPECT_EQ(c.access(read(3, 0x000), 12).status, CacheStatus::Hit);  // 0x000 now most recent
  load_line(c, 4, 0x400, 13);                                        // evicts 0x200
  EXPECT_EQ(c.access(read(5, 0x000), 14).status, CacheStatus::Hit);
  EXPECT_EQ(c.access(read(6, 0x400), 15).status, CacheStatus::Hit);
  EXPECT_EQ(c.access(read(7, 0x200), 16).status, CacheStatus::Miss);
}

TEST(Cache, FifoReplacesTheEarliestAllocatedLine) {
  CacheConfig cfg = small_cache();
  cfg.replacement = Replacement::Fifo;
  Cache c(cfg, CacheLevel::L1, kMade);
  load_line(c, 1, 0x000, 10);
  load_line(c, 2, 0x200, 11);
  EXPECT_EQ(c.access(read(3, 0x000), 12).status, CacheStatus::Hit);  // a use does not reorder FIFO
  load_line(c, 4, 0x400, 13);                                        // evicts 0x000
  EXPECT_EQ(c.access(read(5, 0x200), 14).status, CacheStatus::Hit);
  EXPECT_EQ(c.access(read(6, 0x400), 15).status, CacheStatus::Hit);
  EXPECT_EQ(c.access(read(7, 0x000), 16).status, CacheStatus::Miss);
}

TEST(Cache, DirtyVictimIsWrittenBack) {
  Cache c(small_cache(WritePolicy::WriteBack), CacheLevel::L2, kMade);
  load_line(c, 1, 0x000, 10);
  EXPECT_EQ(c.access(write(2, 0x008), 11).status, CacheStatus::Hit);
  load_line(c, 3, 0x200, 12);
  const CacheAccess a = c.access(read(4, 0x400), 13);  // evicts 0x000 (least recent), dirty
  EXPECT_EQ(a.status, CacheStatus::Miss);
  EXPECT_TRUE(a.read_sent);
  EXPECT_TRUE(a.writeback_sent);
  ASSERT_EQ(c.outgoing_size(), 2U);
  EXPECT_EQ(c.outgoing().addr, 0x400U);
  c.pop_outgoing();
  const MemRequest wb = c.outgoing();
  EXPECT_EQ(wb.type, AccessType::L2Writeback);
  EXPECT_EQ(wb.addr, 0x000U);
  EXPECT_EQ(wb.bytes, 128U);
  EXPECT_EQ(wb.id, kMade);
  EXPECT_TRUE(wb.writes());
}

TEST(Cache, CleanVictimIsDropped) {
  Cache c(small_cache(WritePolicy::WriteBack), CacheLevel::L2, kMade);
  load_line(c, 1, 0x000, 10);
  load_line(c, 2, 0x200, 11);
  const CacheAccess a = c.access(read(3, 0x400), 12);
  EXPECT_FALSE(a.writeback_sent);
  EXPECT_EQ(c.outgoing_size(), 1U);
}

TEST(Cache, AtomicDirtiesTheLine) {
  Cache c(small_cache(WritePolicy::WriteBack), CacheLevel::L2, kMade);
  load_line(c, 1, 0x000, 10);
  MemRequest atom = read(2, 0x004);
  atom.atomic = AtomicOp::Add;
  EXPECT_EQ(c.access(atom, 11).status, CacheStatus::Hit);
  load_line(c, 3, 0x200, 12);
  EXPECT_TRUE(c.access(read(4, 0x400), 13).writeback_sent);
}

TEST(Cache, AtomicMissDirtiesTheLineWhenFilled) {
  Cache c(small_cache(WritePolicy::WriteBack), CacheLevel::L2, kMade);
  MemRequest atom = read(1, 0x004);
  atom.atomic = AtomicOp::Cas;
  EXPECT_EQ(c.access(atom, 1).status, CacheStatus::Miss);
  c.fill(reply_to(drain(c)), 2);
  EXPECT_EQ(c.next_access().atomic, AtomicOp::Cas);
  load_line(c, 2, 0x200, 3);
  EXPECT_TRUE(c.access(read(3, 0x400), 4).writeback_sent);
}

TEST(Cache, DataPortHoldsAHitForItsBytes) {
  CacheConfig cfg = small_cache();
  cfg.data_port_bytes = 32;
  Cache c(cfg, CacheLevel::L2, kMade);
  load_line(c, 1, 0x000, 1);
  // The fill occupied the fill port for 128 / 32 cycles.
  EXPECT_FALSE(c.fill_port_free());
  EXPECT_TRUE(c.data_port_free());
  EXPECT_EQ(c.access(read(2, 0x000, 128), 2).status, CacheStatus::Hit);
  for (int i = 0; i < 4; ++i) {
    EXPECT_FALSE(c.data_port_free()) << i;
    c.cycle();
  }
  EXPECT_TRUE(c.data_port_free());
  EXPECT_TRUE(c.fill_port_free());
  EXPECT_EQ(c.stats().port_cycles(), 4U);
  EXPECT_EQ(c.stats().data_port_busy_cycles(), 4U);
  EXPECT_EQ(c.stats().fill_port_busy_cycles(), 4U);
  c.skip_cycles(6);
  EXPECT_EQ(c.stats().port_cycles(), 10U);
  EXPECT_EQ(c.stats().data_port_busy_cycles(), 4U);
}

TEST(Cache, ReadOnlyCacheMissesAndMerges) {
  CacheConfig cfg = small_cache(WritePolicy::ReadOnly, AllocPolicy::OnFill);
  Cache c(cfg, CacheLevel::L1, kMade);
  const CacheAccess a = c.access(read(1, 0x000, 4, AccessType::InstRead), 1);
  EXPECT_EQ(a.status, CacheStatus::Miss);
  // Allocation on fill: the line is not reserved, so a second access counts
  // as a miss (not a pending hit) and merges.
  const CacheAccess b = c.access(read(2, 0x040, 4, AccessType::InstRead), 2);
  EXPECT_EQ(b.status, CacheStatus::Miss);
  EXPECT_EQ(b.counted, CacheStatus::Miss);
  EXPECT_TRUE(b.merged);
  c.fill(reply_to(drain(c)), 3);
  EXPECT_EQ(c.next_access().id, 1U);
  EXPECT_EQ(c.next_access().id, 2U);
  EXPECT_EQ(c.access(read(3, 0x000, 4, AccessType::InstRead), 4).status, CacheStatus::Hit);
  EXPECT_EQ(c.stats().get(AccessType::InstRead, CacheStatus::Miss), 2U);
  EXPECT_THROW(c.access(write(4, 0x000), 5), std::logic_error);
}

TEST(Cache, ReadOnlyMissQueueFullNeedsOneFreeSlot) {
  CacheConfig cfg = small_cache(WritePolicy::ReadOnly, AllocPolicy::OnFill);
  cfg.miss_queue = 1;
  Cache c(cfg, CacheLevel::L1, kMade);
  EXPECT_EQ(c.access(read(1, 0x000, 4, AccessType::ConstRead), 1).status, CacheStatus::Miss);
  const CacheAccess a = c.access(read(2, 0x080, 4, AccessType::ConstRead), 1);
  EXPECT_EQ(a.fail, FailReason::MissQueueFull);
}

TEST(Cache, OnFillNeverFailsForReservedLines) {
  Cache c(small_cache(WritePolicy::WriteThrough, AllocPolicy::OnFill), CacheLevel::L1, kMade);
  EXPECT_EQ(c.access(read(1, 0x000), 1).status, CacheStatus::Miss);
  EXPECT_EQ(c.access(read(2, 0x200), 1).status, CacheStatus::Miss);
  EXPECT_EQ(c.access(read(3, 0x400), 1).status, CacheStatus::Miss);  // on miss: LINE_ALLOC_FAIL
}

TEST(Cache, SectorCacheMissesBySector) {
  Cache c(small_cache(WritePolicy::WriteBack, AllocPolicy::OnMiss, WriteAllocPolicy::NoWriteAllocate,
                      CacheKind::Sector),
          CacheLevel::L2, kMade);
  const CacheAccess a = c.access(read(1, 0x020, 32), 1);  // sector 1
  EXPECT_EQ(a.status, CacheStatus::Miss);
  const MemRequest sent = c.outgoing();
  EXPECT_EQ(sent.addr, 0x020U);
  EXPECT_EQ(sent.bytes, 32U);
  EXPECT_EQ(sent.sector_mask, 0x2);
  c.pop_outgoing();
  c.fill(reply_to(sent), 2);
  c.next_access();
  EXPECT_EQ(c.access(read(2, 0x030, 4), 3).status, CacheStatus::Hit);
  const CacheAccess b = c.access(read(3, 0x040, 32), 4);  // sector 2 of the same line
  EXPECT_EQ(b.status, CacheStatus::Miss);
  EXPECT_EQ(b.counted, CacheStatus::SectorMiss);
  EXPECT_EQ(c.stats().misses(), 2U);  // MISS + SECTOR_MISS
  EXPECT_THROW(c.access(read(4, 0x010, 64), 5), std::logic_error);  // two sectors
}

TEST(Cache, SectorWritebackCarriesTheModifiedSectors) {
  Cache c(small_cache(WritePolicy::WriteBack, AllocPolicy::OnMiss, WriteAllocPolicy::NoWriteAllocate,
                      CacheKind::Sector),
          CacheLevel::L2, kMade);
  for (std::uint64_t s : {0x000U, 0x060U}) {
    c.access(read(s + 1, s, 32), 1);
    c.fill(reply_to(drain(c)), 1);
    c.next_access();
    EXPECT_EQ(c.access(write(s + 2, s, 32), 2).status, CacheStatus::Hit);
  }
  load_line(c, 9, 0x200, 3);
  const CacheAccess a = c.access(read(10, 0x400, 32), 4);
  EXPECT_TRUE(a.writeback_sent);
  c.pop_outgoing();
  const MemRequest wb = c.outgoing();
  EXPECT_EQ(wb.addr, 0x000U);
  EXPECT_EQ(wb.bytes, 64U);
  EXPECT_EQ(wb.sector_mask, 0x9);
}

TEST(Cache, RejectsTextureFifo) {
  CacheConfig cfg = small_cache(WritePolicy::ReadOnly);
  cfg.mshr = MshrKind::TexFifo;
  EXPECT_THROW(Cache(cfg, CacheLevel::L1, kMade), std::invalid_argument);
}

class Collect : public StatVisitor {
 public:
  std::map<std::string, std::uint64_t> counters;
  std::map<std::string, double> ratios;
  std::vector<std::string> order;
  void counter(std::string_view n, std::uint64_t v) override {
    counters[std::string(n)] = v;
    order.emplace_back(n);
  }
  void ratio(std::string_view n, double v) override {
    ratios[std::string(n)] = v;
    order.emplace_back(n);
  }
};

TEST(Cache, ReportsUnderGpgpuSimNames) {
  Cache c(small_cache(), CacheLevel::L2, kMade);
  c.access(read(1, 0x000), 1);
  c.access(read(2, 0x000), 1);
  c.access(read(3, 0x000), 1);  // merge limit
  Collect v;
  c.stats().report(v, "L2");
  EXPECT_EQ(v.counters.at("L2_total_cache_accesses"), 2U);
  EXPECT_EQ(v.counters.at("L2_total_cache_misses"), 1U);
  EXPECT_EQ(v.counters.at("L2_total_cache_pending_hits"), 1U);
  EXPECT_EQ(v.counters.at("L2_total_cache_reservation_fails"), 1U);
  EXPECT_DOUBLE_EQ(v.ratios.at("L2_total_cache_miss_rate"), 0.5);
  EXPECT_EQ(v.counters.at("L2_cache_stats_breakdown[GLOBAL_ACC_R][HIT_RESERVED]"), 1U);
  EXPECT_EQ(v.counters.at("L2_cache_stats_breakdown[GLOBAL_ACC_R][RESERVATION_FAIL]"), 1U);
  EXPECT_EQ(v.counters.at("L2_cache_stats_breakdown[L2_WR_ALLOC_R][SECTOR_MISS]"), 0U);
  EXPECT_EQ(v.counters.at("L2_cache_stats_fail_breakdown[GLOBAL_ACC_R][MSHR_MERGE_ENRTY_FAIL]"), 1U);
  EXPECT_EQ(v.counters.count("L2_cache_stats_fail_breakdown[GLOBAL_ACC_R][MISS_QUEUE_FULL]"), 0U);
  EXPECT_EQ(v.order.front(), "L2_total_cache_accesses");
  EXPECT_EQ(v.order.back(), "L2_cache_fill_port_util");
}

}  // namespace
}  // namespace lockstep::sim
