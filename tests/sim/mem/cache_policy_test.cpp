// Cache policies: the same sequence of accesses under every valid
// combination of cache kind, replacement, write policy, allocation policy
// and write-miss policy, with the outcome each combination must give; and
// the write-miss policies in detail.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/mem/cache.hpp"
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

struct Policies {
  CacheKind kind;
  Replacement rep;
  WritePolicy write;
  AllocPolicy alloc;
  WriteAllocPolicy wa;
};

std::string name_of(const Policies& p) {
  static const char* kinds[] = {"normal", "sector"};
  static const char* reps[] = {"lru", "fifo"};
  static const char* writes[] = {"ro", "wb", "wt", "we", "lwbgwt"};
  static const char* allocs[] = {"onmiss", "onfill", "streaming"};
  static const char* was[] = {"nowa", "wa", "fow", "lazy"};
  return std::string(kinds[static_cast<int>(p.kind)]) + "_" + reps[static_cast<int>(p.rep)] + "_" +
         writes[static_cast<int>(p.write)] + "_" + allocs[static_cast<int>(p.alloc)] + "_" +
         was[static_cast<int>(p.wa)];
}

/// Every combination GPGPU-Sim (and check_gpu_config) accepts for a
/// writable cache.
std::vector<Policies> combinations() {
  std::vector<Policies> out;
  for (CacheKind k : {CacheKind::Normal, CacheKind::Sector}) {
    for (Replacement r : {Replacement::Lru, Replacement::Fifo}) {
      for (WritePolicy w : {WritePolicy::WriteBack, WritePolicy::WriteThrough, WritePolicy::WriteEvict,
                            WritePolicy::LocalWbGlobalWt}) {
        for (AllocPolicy a : {AllocPolicy::OnMiss, AllocPolicy::OnFill, AllocPolicy::Streaming}) {
          for (WriteAllocPolicy wa : {WriteAllocPolicy::NoWriteAllocate, WriteAllocPolicy::WriteAllocate,
                                      WriteAllocPolicy::FetchOnWrite, WriteAllocPolicy::LazyFetchOnRead}) {
            const bool on_fill = a != AllocPolicy::OnMiss;
            if (on_fill && w == WritePolicy::WriteBack) continue;
            if (on_fill && (wa == WriteAllocPolicy::FetchOnWrite || wa == WriteAllocPolicy::LazyFetchOnRead)) continue;
            out.push_back({k, r, w, a, wa});
          }
        }
      }
    }
  }
  return out;
}

class EveryPolicy : public testing::TestWithParam<Policies> {};

TEST_P(EveryPolicy, KnownOutcomes) {
  const Policies& p = GetParam();
  CacheConfig cfg = small_cache(p.write, p.alloc, p.wa, p.kind);
  cfg.replacement = p.rep;
  Cache c(cfg, CacheLevel::L1, kMade);
  const bool on_miss = p.alloc == AllocPolicy::OnMiss;
  const bool streaming = p.alloc == AllocPolicy::Streaming;

  // A read miss, a merge, and a third access at the merge limit (streaming
  // caches merge up to 64).
  const CacheAccess m = c.access(read(1, 0x000), 1);
  EXPECT_EQ(m.status, CacheStatus::Miss);
  EXPECT_EQ(m.counted, CacheStatus::Miss);
  EXPECT_TRUE(m.read_sent);
  const CacheAccess merge = c.access(read(2, 0x004), 2);
  EXPECT_EQ(merge.status, CacheStatus::Miss);
  EXPECT_TRUE(merge.merged);
  EXPECT_EQ(merge.counted, on_miss ? CacheStatus::HitReserved : CacheStatus::Miss);
  const CacheAccess third = c.access(read(3, 0x008), 3);
  if (streaming) {
    EXPECT_EQ(third.status, CacheStatus::Miss);
  } else {
    EXPECT_EQ(third.status, CacheStatus::ReservationFail);
    EXPECT_EQ(third.fail, FailReason::MshrMergeEntryFail);
  }
  const MemRequest sent = drain(c);
  EXPECT_EQ(sent.bytes, p.kind == CacheKind::Sector ? 32U : 128U);
  c.fill(reply_to(sent), 4);
  EXPECT_EQ(c.next_access().id, 1U);
  EXPECT_EQ(c.next_access().id, 2U);
  if (streaming) {
    EXPECT_EQ(c.next_access().id, 3U);
  }
  EXPECT_FALSE(c.access_ready());
  EXPECT_EQ(c.access(read(4, 0x00C), 5).status, CacheStatus::Hit);

  // A global write hit.
  const CacheAccess wh = c.access(write(5, 0x010), 6);
  EXPECT_EQ(wh.status, CacheStatus::Hit);
  const bool through = p.write != WritePolicy::WriteBack;
  EXPECT_EQ(wh.write_sent, through);
  EXPECT_EQ(c.outgoing_size(), through ? 1U : 0U);
  drain(c);
  const bool evicts = p.write == WritePolicy::WriteEvict || p.write == WritePolicy::LocalWbGlobalWt;
  EXPECT_EQ(c.access(read(6, 0x000), 7).status, evicts ? CacheStatus::Miss : CacheStatus::Hit);
  drain(c);

  // A partial global write miss to another line.
  const CacheAccess wm = c.access(write(7, 0x084), 8);
  EXPECT_EQ(wm.status, CacheStatus::Miss);
  switch (p.wa) {
    case WriteAllocPolicy::NoWriteAllocate:
      EXPECT_TRUE(wm.write_sent);
      EXPECT_FALSE(wm.write_allocate_sent);
      ASSERT_EQ(c.outgoing_size(), 1U);
      EXPECT_EQ(c.outgoing().id, 7U);
      break;
    case WriteAllocPolicy::WriteAllocate:
      EXPECT_TRUE(wm.write_sent);
      EXPECT_TRUE(wm.write_allocate_sent);
      ASSERT_EQ(c.outgoing_size(), 2U);
      EXPECT_EQ(c.outgoing().id, 7U);
      c.pop_outgoing();
      EXPECT_EQ(c.outgoing().type, AccessType::L1WriteAllocRead);
      break;
    case WriteAllocPolicy::FetchOnWrite:
      EXPECT_FALSE(wm.write_sent);
      EXPECT_TRUE(wm.write_allocate_sent);
      ASSERT_EQ(c.outgoing_size(), 1U);
      EXPECT_EQ(c.outgoing().type, AccessType::L1WriteAllocRead);
      break;
    case WriteAllocPolicy::LazyFetchOnRead: {
      EXPECT_FALSE(wm.write_sent);
      EXPECT_FALSE(wm.write_allocate_sent);
      EXPECT_EQ(c.outgoing_size(), 0U);
      const CacheAccess r = c.access(read(8, 0x084), 9);  // the sector is not readable
      EXPECT_EQ(r.status, CacheStatus::Miss);
      EXPECT_EQ(r.counted, CacheStatus::SectorMiss);
      EXPECT_TRUE(r.read_sent);
      break;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Cache, EveryPolicy, testing::ValuesIn(combinations()),
                         [](const testing::TestParamInfo<Policies>& i) { return name_of(i.param); });

TEST(CachePolicy, CombinationsCoverGpgpuSimsValidSet) {
  // 2 kinds x 2 replacements x (on miss: 4 write policies x 4 write-miss
  // policies + on fill and streaming: 3 write policies x 2 write-miss policies).
  EXPECT_EQ(combinations().size(), 2U * 2U * (16U + 2U * 6U));
}

TEST(CachePolicy, FetchOnWriteFullSectorNeedsNoRead) {
  Cache c(small_cache(WritePolicy::WriteBack, AllocPolicy::OnMiss, WriteAllocPolicy::FetchOnWrite, CacheKind::Sector),
          CacheLevel::L2, kMade);
  const CacheAccess a = c.access(write(1, 0x020, 32), 1);
  EXPECT_EQ(a.status, CacheStatus::Miss);
  EXPECT_FALSE(a.write_allocate_sent);
  EXPECT_EQ(c.outgoing_size(), 0U);
  EXPECT_EQ(c.access(read(2, 0x024), 2).status, CacheStatus::Hit);
}

TEST(CachePolicy, FetchOnWritePartialWaitsForTheLine) {
  Cache c(small_cache(WritePolicy::WriteBack, AllocPolicy::OnMiss, WriteAllocPolicy::FetchOnWrite),
          CacheLevel::L2, kMade);
  EXPECT_EQ(c.access(write(1, 0x008), 1).status, CacheStatus::Miss);
  const MemRequest fetch = drain(c);
  EXPECT_EQ(fetch.type, AccessType::L2WriteAllocRead);
  EXPECT_EQ(fetch.id, kMade);
  // A second partial write merges its own fetch (GPGPU-Sim's MSHR lists hold
  // only reads, so MSHR_RW_PENDING never applies); a third is one too many.
  const CacheAccess second = c.access(write(2, 0x00C), 2);
  EXPECT_EQ(second.status, CacheStatus::Miss);
  EXPECT_TRUE(second.merged);
  EXPECT_EQ(c.outgoing_size(), 0U);
  EXPECT_EQ(c.access(write(3, 0x010), 2).fail, FailReason::MshrMergeEntryFail);
  c.fill(reply_to(fetch), 3);
  EXPECT_EQ(c.next_access().type, AccessType::L2WriteAllocRead);
  EXPECT_EQ(c.next_access().id, 1U);  // the write, answered now
  EXPECT_EQ(c.next_access().type, AccessType::L2WriteAllocRead);
  EXPECT_EQ(c.next_access().id, 2U);
  EXPECT_FALSE(c.access_ready());
  EXPECT_EQ(c.access(read(3, 0x000), 4).status, CacheStatus::Hit);
  load_line(c, 4, 0x200, 5);
  EXPECT_TRUE(c.access(read(5, 0x400), 6).writeback_sent);  // the line was filled modified
}

TEST(CachePolicy, LazyFetchFullWriteIsReadable) {
  Cache c(small_cache(WritePolicy::WriteBack, AllocPolicy::OnMiss, WriteAllocPolicy::LazyFetchOnRead,
                      CacheKind::Sector),
          CacheLevel::L2, kMade);
  EXPECT_EQ(c.access(write(1, 0x040, 32), 1).status, CacheStatus::Miss);
  EXPECT_EQ(c.access(read(2, 0x050), 2).status, CacheStatus::Hit);
  EXPECT_EQ(c.outgoing_size(), 0U);
}

TEST(CachePolicy, LocalWritesAreWrittenBackGlobalWritesEvict) {
  Cache c(small_cache(WritePolicy::LocalWbGlobalWt), CacheLevel::L1, kMade);
  load_line(c, 1, 0x000, 1);
  const CacheAccess local = c.access(write(2, 0x000, 4, AccessType::LocalWrite), 2);
  EXPECT_EQ(local.status, CacheStatus::Hit);
  EXPECT_FALSE(local.write_sent);
  load_line(c, 3, 0x200, 3);
  const CacheAccess a = c.access(read(4, 0x400), 4);
  EXPECT_TRUE(a.writeback_sent);
  c.pop_outgoing();
  EXPECT_EQ(c.outgoing().type, AccessType::L1Writeback);
}

TEST(CachePolicy, WriteThroughVictimIsNotWrittenBack) {
  Cache c(small_cache(WritePolicy::WriteThrough), CacheLevel::L1, kMade);
  load_line(c, 1, 0x000, 1);
  c.access(write(2, 0x000), 2);
  drain(c);
  load_line(c, 3, 0x200, 3);
  EXPECT_FALSE(c.access(read(4, 0x400), 4).writeback_sent);
}

TEST(CachePolicy, WriteAllocateNeedsThreeQueueSlots) {
  CacheConfig cfg = small_cache(WritePolicy::WriteThrough, AllocPolicy::OnMiss, WriteAllocPolicy::WriteAllocate);
  cfg.miss_queue = 3;
  Cache c(cfg, CacheLevel::L1, kMade);
  EXPECT_EQ(c.access(write(1, 0x000), 1).status, CacheStatus::Miss);  // queue 0 + 2 < 3
  const CacheAccess a = c.access(write(2, 0x080), 1);
  EXPECT_EQ(a.status, CacheStatus::ReservationFail);
  EXPECT_EQ(a.fail, FailReason::MissQueueFull);
}

TEST(CachePolicy, NoWriteAllocateWriteMissIgnoresReservedSets) {
  Cache c(small_cache(WritePolicy::WriteThrough), CacheLevel::L1, kMade);
  c.access(read(1, 0x000), 1);
  c.access(read(2, 0x200), 1);  // set 0 fully reserved
  const CacheAccess a = c.access(write(3, 0x400), 1);
  EXPECT_EQ(a.status, CacheStatus::Miss);  // the write goes on without a line
  EXPECT_TRUE(a.write_sent);
}

}  // namespace
}  // namespace lockstep::sim
