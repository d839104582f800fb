// CACP, CAWA's cache prioritisation (sim/mem/cacp.hpp), on a one-set,
// four-way tag array split into two critical and two non-critical ways:
// placement by the CCBP prediction, SRRIP within a partition with SHiP's
// insertion, and the training of both predictors by hits and evictions.
#include <gtest/gtest.h>

#include "sim/mem/cacp.hpp"
#include "sim/mem/tag_array.hpp"

namespace lockstep::sim {
namespace {

CacheConfig one_set() {
  CacheConfig c;
  c.sets = 1;
  c.ways = 4;
  c.line_bytes = 128;
  c.write = WritePolicy::WriteBack;
  c.allocation = AllocPolicy::OnMiss;
  return c;
}

CawaConfig cacp_config() {
  CawaConfig c;
  c.cacp = true;
  c.cacp_critical_ways = 0.5;
  c.cacp_signatures = 16;
  return c;
}

/// Misses (allocating and filling) or hits `block` as a load at `pc`;
/// returns the way of the line and what the probe said.
TagArray::Probe load(TagArray& t, std::uint64_t block, std::uint32_t pc, bool critical, Cycle now) {
  t.set_requester(pc, critical);
  const TagArray::Probe p = t.access(block, 0, now, nullptr);
  if (p.status == CacheStatus::Miss) t.fill_line(p.index, 0);
  return p;
}

TEST(Cacp, SignaturesFoldThePc) {
  const Cacp c(cacp_config(), 4, 4);
  EXPECT_EQ(c.signature(0x5), 0x5U);
  EXPECT_EQ(c.signature(0x35), 0x6U);  // 0x3 ^ 0x5 in 4-bit chunks
  EXPECT_EQ(c.critical_ways(), 2U);
}

TEST(Cacp, CriticalReuseMovesASignatureToTheCriticalPartition) {
  const CawaConfig cfg = cacp_config();
  TagArray t(one_set(), nullptr, &cfg);
  const std::uint32_t sig = t.cacp()->signature(5);
  // Counters start at 1: not predicted critical, the line goes to ways 2..3.
  TagArray::Probe p = load(t, 0 * 128, 5, true, 1);
  EXPECT_EQ(p.status, CacheStatus::Miss);
  EXPECT_EQ(p.index, 2U);
  EXPECT_EQ(t.cacp()->rrpv(2), 2U);  // SHiP predicts reuse: inserted at RRPV 2
  // A hit by a critical warp: CCBP and SHiP count up; RRPV 0.
  p = load(t, 0 * 128, 5, true, 2);
  EXPECT_EQ(p.status, CacheStatus::Hit);
  EXPECT_EQ(t.cacp()->ccbp(sig), 2U);
  EXPECT_EQ(t.cacp()->ship(sig), 2U);
  EXPECT_EQ(t.cacp()->rrpv(2), 0U);
  // Now the signature is predicted critical: its next miss goes to way 0.
  p = load(t, 1 * 128, 5, false, 3);
  EXPECT_EQ(p.index, 0U);
}

TEST(Cacp, NonCriticalStreamsCannotEvictTheCriticalPartition) {
  const CawaConfig cfg = cacp_config();
  TagArray t(one_set(), nullptr, &cfg);
  (void)load(t, 0, 5, true, 1);
  (void)load(t, 0, 5, true, 2);                           // pc 5 now predicted critical
  EXPECT_EQ(load(t, 128, 5, true, 3).index, 0U);          // in the critical partition
  for (std::uint64_t b = 2; b < 12; ++b) {
    const TagArray::Probe p = load(t, b * 128, 9, false, 3 + b);  // a streaming pc
    EXPECT_EQ(p.status, CacheStatus::Miss);
    EXPECT_GE(p.index, 2U);
  }
  EXPECT_EQ(load(t, 128, 5, true, 20).status, CacheStatus::Hit);
}

TEST(Cacp, SrripEvictsTheMostDistantLineAndAgesTheRest) {
  const CawaConfig cfg = cacp_config();
  TagArray t(one_set(), nullptr, &cfg);
  (void)load(t, 0 * 128, 9, false, 1);  // way 2, RRPV 2
  (void)load(t, 1 * 128, 9, false, 2);  // way 3, RRPV 2
  (void)load(t, 0 * 128, 9, false, 3);  // hit: way 2 RRPV 0
  // A miss: way 3 (RRPV 2) is the victim; way 2 ages by 3 - 2 = 1.
  const TagArray::Probe p = load(t, 2 * 128, 9, false, 4);
  EXPECT_EQ(p.index, 3U);
  EXPECT_EQ(t.cacp()->rrpv(2), 1U);
  EXPECT_EQ(t.line(3).block, 2U * 128U);
}

TEST(Cacp, EvictionsWithoutReuseTrainBothPredictorsDown) {
  const CawaConfig cfg = cacp_config();
  TagArray t(one_set(), nullptr, &cfg);
  const std::uint32_t sig = t.cacp()->signature(5);
  (void)load(t, 0, 5, true, 1);
  (void)load(t, 0, 5, true, 2);   // CCBP 2, SHiP 2: critical
  (void)load(t, 128, 5, false, 3);  // way 0, never reused
  (void)load(t, 256, 5, false, 4);  // way 1, never reused
  // The next critical-partition miss evicts a line never reused at all:
  // CCBP 2 -> 1 (no critical reuse) and SHiP 2 -> 1 (no reuse).
  (void)load(t, 384, 5, false, 5);
  EXPECT_EQ(t.cacp()->ccbp(sig), 1U);
  EXPECT_EQ(t.cacp()->ship(sig), 1U);
  // Below 2 the signature goes back to the non-critical partition.
  EXPECT_GE(load(t, 512, 5, false, 6).index, 2U);
}

TEST(Cacp, WithoutCacpTheTagArrayIsLru) {
  TagArray t(one_set(), nullptr);
  t.set_requester(5, true);  // ignored
  for (std::uint64_t b = 0; b < 4; ++b) (void)load(t, b * 128, 5, true, b + 1);
  EXPECT_EQ(t.cacp(), nullptr);
  // Block 0, the least recently used, went to way 3 (without CACP the last
  // invalid way is taken first).
  EXPECT_EQ(load(t, 4 * 128, 5, true, 10).index, 3U);
}

}  // namespace
}  // namespace lockstep::sim
