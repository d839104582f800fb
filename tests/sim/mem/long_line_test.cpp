// Lines longer than a memory request (fill_parts.hpp): a miss on a 256-byte
// line of a read-only cache sends two 128-byte requests for the line's
// blocks under one MSHR entry, the line is filled by the second reply, a
// second miss merges; the configurations still refused say why.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "sim/mem/cache.hpp"
#include "sim/mem/fill_parts.hpp"
#include "tests/sim/mem/cache_test_kit.hpp"

namespace lockstep::sim {
namespace {

using test::read;
using test::reply_to;

constexpr std::uint64_t kMade = std::uint64_t{1} << 63;

/// GPGPU-Sim's `4:256:4` instruction cache: 4 sets of 4 ways of 256 bytes,
/// read-only, allocated on fill, 2 MSHR entries merging 32, a miss queue of 4.
CacheConfig l1i(AllocPolicy alloc = AllocPolicy::OnFill) {
  CacheConfig c = test::small_cache(WritePolicy::ReadOnly, alloc);
  c.sets = 4;
  c.line_bytes = 256;
  c.ways = 4;
  c.mshr_entries = 2;
  c.mshr_max_merge = 32;
  c.miss_queue = 4;
  return c;
}

MemRequest fetch(std::uint64_t id, std::uint64_t addr) { return read(id, addr, 16, AccessType::InstRead); }

std::vector<MemRequest> drain_all(Cache& c) {
  std::vector<MemRequest> sent;
  while (c.has_outgoing()) {
    sent.push_back(c.outgoing());
    c.pop_outgoing();
  }
  return sent;
}

TEST(LongLine, FillParts) {
  EXPECT_EQ(fill_parts(32), 1U);
  EXPECT_EQ(fill_parts(128), 1U);
  EXPECT_EQ(fill_parts(256), 2U);
  EXPECT_EQ(fill_parts(1024), 8U);
}

/// `pending`: what the statistics count for a miss merged into the pending
/// line: HIT_RESERVED where the miss reserved a line (on miss), MISS where
/// the line is chosen on fill.
void miss_sends_two_blocks_and_fills_with_the_second(AllocPolicy alloc, CacheStatus pending) {
  Cache c(l1i(alloc), CacheLevel::L1, kMade);
  MemRequest first = fetch(7, 0x1110);  // in the line 0x1100..0x11FF
  first.issued = 5;
  const CacheAccess a = c.access(first, 5);
  EXPECT_EQ(a.status, CacheStatus::Miss);
  EXPECT_TRUE(a.read_sent);
  const std::vector<MemRequest> sent = drain_all(c);
  ASSERT_EQ(sent.size(), 2U);
  for (std::uint32_t k = 0; k < 2; ++k) {
    EXPECT_EQ(sent[k].addr, 0x1100U + 128U * k);
    EXPECT_EQ(sent[k].bytes, 128U);
    EXPECT_EQ(sent[k].sector_mask, 0xF);
    EXPECT_EQ(sent[k].byte_mask, ByteMask::range(0, 128));
    EXPECT_EQ(sent[k].type, AccessType::InstRead);
    EXPECT_EQ(sent[k].id, kMade + k);  // the cache's own ids, one per part
    EXPECT_FALSE(sent[k].reply);
  }
  // A second miss to the same line (its other block) merges: nothing is sent.
  const CacheAccess merged = c.access(fetch(8, 0x11F0), 6);
  EXPECT_EQ(merged.status, CacheStatus::Miss);
  EXPECT_EQ(merged.counted, pending);
  EXPECT_TRUE(merged.merged);
  EXPECT_FALSE(c.has_outgoing());

  // The second block's reply first: the line is not filled yet.
  MemRequest second_reply = reply_to(sent[1]);
  second_reply.at_l2 = 12;
  second_reply.replied = 30;
  second_reply.returned = 31;
  ASSERT_TRUE(c.waiting_for_fill(second_reply));
  ASSERT_TRUE(c.waiting_for_fill(reply_to(sent[0])));
  c.fill(second_reply, 31);
  EXPECT_FALSE(c.access_ready());
  EXPECT_TRUE(c.fill_port_free());  // a part moves no line through the fill port
  EXPECT_FALSE(c.idle());
  const CacheAccess third = c.access(fetch(9, 0x1100), 32);  // still pending
  EXPECT_TRUE(third.merged);
  EXPECT_EQ(third.counted, pending);
  // The last reply fills the line; the waiting fetches leave in arrival order.
  MemRequest first_reply = reply_to(sent[0]);
  first_reply.at_l2 = 10;
  first_reply.replied = 40;
  first_reply.returned = 41;
  c.fill(first_reply, 41);
  EXPECT_FALSE(c.fill_port_free());
  EXPECT_FALSE(c.waiting_for_fill(first_reply));
  std::vector<MemRequest> back;
  while (c.access_ready()) back.push_back(c.next_access());
  ASSERT_EQ(back.size(), 3U);
  EXPECT_EQ(back[0].id, 7U);
  EXPECT_EQ(back[1].id, 8U);
  EXPECT_EQ(back[2].id, 9U);
  EXPECT_EQ(back[0].issued, 5U);
  EXPECT_EQ(back[0].at_l2, 10U);     // the earliest part's
  EXPECT_EQ(back[0].replied, 40U);   // the last part's
  EXPECT_EQ(back[0].returned, 41U);
  EXPECT_TRUE(c.idle());
  // The whole line is valid: both blocks hit.
  EXPECT_EQ(c.access(fetch(10, 0x1100), 50).status, CacheStatus::Hit);
  EXPECT_EQ(c.access(fetch(11, 0x11F0), 51).status, CacheStatus::Hit);
  // Statistics count line accesses: a miss, two merged misses, two hits.
  EXPECT_EQ(c.stats().accesses(), 5U);
  EXPECT_EQ(c.stats().get(AccessType::InstRead, CacheStatus::Hit), 2U);
  EXPECT_EQ(c.stats().get(AccessType::InstRead, pending), pending == CacheStatus::Miss ? 3U : 2U);
}

TEST(LongLine, MissSendsTwoBlocksAndFillsWithTheSecondOnFill) {
  miss_sends_two_blocks_and_fills_with_the_second(AllocPolicy::OnFill, CacheStatus::Miss);
}

TEST(LongLine, MissSendsTwoBlocksAndFillsWithTheSecondOnMiss) {
  miss_sends_two_blocks_and_fills_with_the_second(AllocPolicy::OnMiss, CacheStatus::HitReserved);
}

TEST(LongLine, NextMissTakesFreshIds) {
  Cache c(l1i(), CacheLevel::L1, kMade);
  c.access(fetch(1, 0x0000), 1);
  c.access(fetch(2, 0x0100), 2);  // another line, the second MSHR entry
  const std::vector<MemRequest> sent = drain_all(c);
  ASSERT_EQ(sent.size(), 4U);
  EXPECT_EQ(sent[2].id, kMade + 2);
  EXPECT_EQ(sent[3].id, kMade + 3);
  EXPECT_EQ(sent[3].addr, 0x0180U);
  // A reply to the first line does not fill the second.
  EXPECT_FALSE(c.waiting_for_fill([&] {
    MemRequest r = reply_to(sent[0]);
    r.addr = 0x0100;
    return r;
  }()));
}

TEST(LongLine, MissWaitsForRoomForEveryPart) {
  CacheConfig cfg = l1i();
  cfg.mshr_entries = 4;
  Cache c(cfg, CacheLevel::L1, kMade);
  EXPECT_EQ(c.access(fetch(1, 0x0000), 1).status, CacheStatus::Miss);  // 2 of 4 queued
  EXPECT_EQ(c.access(fetch(2, 0x0100), 2).status, CacheStatus::Miss);  // 4 of 4
  const CacheAccess full = c.access(fetch(3, 0x0200), 3);
  EXPECT_EQ(full.status, CacheStatus::ReservationFail);
  EXPECT_EQ(full.fail, FailReason::MissQueueFull);
  c.pop_outgoing();  // one free slot is not enough for two parts
  const CacheAccess still = c.access(fetch(3, 0x0200), 4);
  EXPECT_EQ(still.status, CacheStatus::ReservationFail);
  EXPECT_EQ(still.fail, FailReason::MissQueueFull);
  c.pop_outgoing();
  EXPECT_EQ(c.access(fetch(3, 0x0200), 5).status, CacheStatus::Miss);
  EXPECT_EQ(c.outgoing_size(), 4U);
}

TEST(LongLine, RefusedWhereTheFillIsNotBuilt) {
  const CacheConfig data = test::small_cache(WritePolicy::WriteBack);
  CacheConfig long_data = data;
  long_data.line_bytes = 256;
  EXPECT_EQ(long_line_unsupported(data), "");
  EXPECT_EQ(long_line_unsupported(l1i()), "");
  EXPECT_EQ(long_line_unsupported(long_data),
            "lines longer than 128 bytes are filled for read-only caches only (the writeback of a dirty line is "
            "not split into requests)");
  EXPECT_THROW(Cache(long_data, CacheLevel::L1, kMade), std::invalid_argument);
  CacheConfig short_queue = l1i();
  short_queue.line_bytes = 512;
  short_queue.miss_queue = 3;
  EXPECT_EQ(long_line_unsupported(short_queue), "a miss sends 4 requests of 128 bytes, but the miss queue holds 3");
  EXPECT_THROW(Cache(short_queue, CacheLevel::L1, kMade), std::invalid_argument);
}

}  // namespace
}  // namespace lockstep::sim
