// Kilo TM's last-writer history (research 001-kilotm.md §2.6, claim T11;
// docs/tm.md): a lookup-table hit is the youngest writer of the word, an
// evicted word reads from the recency filter as the minimum over its
// sub-arrays, never older than its last writer (aliasing only makes the
// answer younger), CIDs below the caller's `dead` bound read as none and
// free their ways, and canonical() is invariant under a constant CID shift.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include <fmt/format.h>

#include "semantics/memory/lwh_unit.hpp"

namespace lockstep::sem {
namespace {

constexpr std::uint64_t kBase = 0x1'0000'0000ULL;
constexpr std::uint64_t word(std::uint64_t i) { return kBase + 4 * i; }

std::vector<std::uint64_t> canon(const LwhUnit& u, std::uint64_t dead, std::uint64_t base) {
  std::vector<std::uint64_t> out;
  u.canonical(dead, base, [&](std::uint64_t v) { out.push_back(v); });
  return out;
}

TEST(LwhUnit, EmptyUnitKnowsNoWriter) {
  const LwhUnit u(LwhConfig{2, 2, 4, 2});
  for (std::uint64_t i = 0; i < 16; ++i) EXPECT_EQ(u.query(word(i), 1), 0U) << i;
}

TEST(LwhUnit, T11HitReturnsTheYoungestWriterAndReplacesInPlace) {
  // One set of two ways: a's second writer replaces its CID in its own way
  // (no second way taken), so b still fits and nothing reaches the filter.
  LwhUnit u(LwhConfig{1, 2, 1, 1});
  u.insert(word(0), 1, 1);
  EXPECT_EQ(u.query(word(0), 1), 1U);
  u.insert(word(0), 3, 1);
  EXPECT_EQ(u.query(word(0), 1), 3U);
  u.insert(word(1), 4, 1);
  EXPECT_EQ(u.query(word(0), 1), 3U);
  EXPECT_EQ(u.query(word(1), 4), 4U);
  // The filter (one bucket, so every word aliases) is still empty.
  EXPECT_EQ(u.query(word(7), 1), 0U);
  // A third word evicts the oldest way (a, CID 3) into the filter.
  u.insert(word(2), 5, 1);
  EXPECT_EQ(u.query(word(0), 1), 3U);
  EXPECT_EQ(u.query(word(1), 1), 4U);
  EXPECT_EQ(u.query(word(2), 1), 5U);
  EXPECT_EQ(u.query(word(7), 1), 3U);  // aliases a's bucket: a younger false writer, never none
}

TEST(LwhUnit, T11EvictedWordIsNeverOlderThanItsWriter) {
  // One way and one bucket: each insertion evicts the previous word.
  LwhUnit u(LwhConfig{1, 1, 1, 1});
  u.insert(word(0), 1, 1);
  u.insert(word(1), 2, 1);
  EXPECT_EQ(u.query(word(0), 1), 1U);  // evicted: the filter holds exactly its CID
  EXPECT_EQ(u.query(word(1), 1), 2U);  // in the table
  u.insert(word(2), 3, 1);
  EXPECT_EQ(u.query(word(0), 1), 2U);  // aliased by word 1's eviction: younger, not older
  EXPECT_EQ(u.query(word(1), 1), 2U);
  EXPECT_EQ(u.query(word(2), 1), 3U);
}

TEST(LwhUnit, T11FilterAnswersTheMinimumOverSubarrays) {
  // Word a (CID 1) and then word b (CID 2) are evicted into a two-bucket
  // filter; a reads b's CID only where b shares a's bucket in every
  // sub-array. With the minimum over four sub-arrays that is rare (about
  // 1 in 16 words b); with one sub-array it is about every second one.
  const auto aliased = [](std::uint32_t arrays) {
    int n = 0;
    for (std::uint64_t b = 1; b <= 256; ++b) {
      LwhUnit u(LwhConfig{1, 1, 2, arrays});
      u.insert(word(0), 1, 1);
      u.insert(word(b), 2, 1);    // evicts a
      u.insert(word(999), 3, 1);  // evicts b
      const std::uint64_t q = u.query(word(0), 1);
      EXPECT_TRUE(q == 1 || q == 2) << b;
      n += q == 2 ? 1 : 0;
    }
    return n;
  };
  const int one = aliased(1);
  const int four = aliased(4);
  EXPECT_GT(one, 64) << "one sub-array of two buckets: about half the words alias";
  EXPECT_LT(four, 48) << "four sub-arrays: the minimum hides most aliases";
  EXPECT_LT(four, one);
}

TEST(LwhUnit, T11DeadCidsReadAsNoneAndFreeTheirWays) {
  // Table: a dead way is free, so b takes it without evicting a.
  LwhUnit u(LwhConfig{1, 1, 1, 1});
  u.insert(word(0), 1, 1);
  EXPECT_EQ(u.query(word(0), 2), 0U);  // CID 1 below dead = 2
  u.insert(word(1), 2, 2);
  EXPECT_EQ(u.query(word(5), 2), 0U);  // nothing was evicted into the (single-bucket) filter
  EXPECT_EQ(u.query(word(0), 1), 0U);  // a's way was reused: a is gone altogether
  EXPECT_EQ(u.query(word(1), 2), 2U);

  // The same with a live a: the insertion evicts it into the filter.
  LwhUnit v(LwhConfig{1, 1, 1, 1});
  v.insert(word(0), 1, 1);
  v.insert(word(1), 2, 1);
  EXPECT_EQ(v.query(word(5), 1), 1U);
  // Filter buckets below dead read as none too.
  EXPECT_EQ(v.query(word(0), 2), 0U);
  EXPECT_EQ(v.query(word(5), 2), 0U);
}

TEST(LwhUnit, T11DeadWayReusedBeforeALiveOneIsEvicted) {
  // Two ways: a (dead) and b (live); c must take a's way and keep b exact.
  LwhUnit u(LwhConfig{1, 2, 1, 1});
  u.insert(word(0), 1, 1);
  u.insert(word(1), 2, 1);
  u.insert(word(2), 3, 2);
  EXPECT_EQ(u.query(word(1), 2), 2U);
  EXPECT_EQ(u.query(word(2), 2), 3U);
  EXPECT_EQ(u.query(word(9), 1), 0U);  // the filter stayed empty (a was not evicted)
  EXPECT_EQ(u.query(word(0), 1), 0U);
}

/// Inserts random write sets (CIDs 1, 2, ...; a few words each) over a small
/// address space, advancing `dead` now and then, and checks after every
/// insertion that every word's answer is none or a live CID, and never older
/// than its last live writer. Returns the first violation's text ("" if none).
std::string random_check(const LwhConfig& config, std::uint32_t seed) {
  std::mt19937 rng(seed);
  LwhUnit u(config);
  constexpr std::uint64_t kWords = 12;
  std::map<std::uint64_t, std::uint64_t> last;  // word -> last writer's CID
  std::uint64_t dead = 1;
  for (std::uint64_t cid = 1; cid <= 300; ++cid) {
    if (rng() % 4 == 0 && dead + 3 < cid) dead += 1 + rng() % 3;
    const std::uint64_t n = 1 + rng() % 3;
    for (std::uint64_t k = 0; k < n; ++k) {
      const std::uint64_t w = rng() % kWords;
      u.insert(word(w), cid, dead);
      last[w] = cid;
    }
    for (std::uint64_t w = 0; w < kWords; ++w) {
      const std::uint64_t q = u.query(word(w), dead);
      if (q != 0 && (q < dead || q > cid)) return fmt::format("CID {}: word {} reads {} (dead {})", cid, w, q, dead);
      const auto it = last.find(w);
      if (it != last.end() && it->second >= dead && q < it->second) {
        return fmt::format("after CID {} (dead {}): word {} reads {}, older than its last writer {}", cid, dead, w, q,
                           it->second);
      }
    }
  }
  return "";
}

TEST(LwhUnit, T11RandomisedNeverOlderThanTheLastLiveWriter) {
  // One set: the evicted CIDs increase, so the filter's buckets only grow.
  for (const LwhConfig c : {LwhConfig{1, 1, 1, 1}, LwhConfig{1, 2, 2, 2}, LwhConfig{1, 3, 3, 2},
                            LwhConfig{0, 0, 2, 2}, LwhConfig{0, 0, 5, 3}, LwhConfig{1, 4, 4, 4}}) {
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
      EXPECT_EQ(random_check(c, seed), "") << fmt::format("{}x{}/{}x{} seed {}", c.sets, c.ways, c.buckets,
                                                          c.subarrays, seed);
    }
  }
}

TEST(LwhUnit, T11EvictionFromAnotherSetNeverMakesAWordOlder) {
  // Two sets of one way, one bucket. b (set 1, CID 2) is evicted into the
  // filter, then a (set 0, CID 1) is: a's older CID must not overwrite b's
  // younger one (research §2.6: buckets are only overwritten by younger
  // CIDs), or b's query would be older than its last writer and a hazard
  // with it would be missed.
  LwhUnit u(LwhConfig{2, 1, 1, 1});
  u.insert(word(0), 1, 1);  // a, set 0
  u.insert(word(1), 2, 1);  // b, set 1
  u.insert(word(3), 3, 1);  // set 1: evicts b (2) into the filter
  u.insert(word(2), 4, 1);  // set 0: evicts a (1) into the filter
  EXPECT_GE(u.query(word(1), 1), 2U);
}

TEST(LwhUnit, T11RandomisedSeveralSetsNeverOlderThanTheLastLiveWriter) {
  for (const LwhConfig c :
       {LwhConfig{2, 1, 1, 1}, LwhConfig{2, 2, 3, 2}, LwhConfig{4, 1, 2, 3}, LwhConfig{3, 2, 4, 4}}) {
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
      EXPECT_EQ(random_check(c, seed), "") << fmt::format("{}x{}/{}x{} seed {}", c.sets, c.ways, c.buckets,
                                                          c.subarrays, seed);
    }
  }
}

TEST(LwhUnit, CanonicalIsInvariantUnderACidShift) {
  const LwhConfig c{1, 2, 2, 2};
  const auto run = [&](std::uint64_t shift, std::uint64_t last_word) {
    LwhUnit u(c);
    u.insert(word(0), 1 + shift, 1 + shift);
    u.insert(word(1), 2 + shift, 1 + shift);
    u.insert(word(0), 3 + shift, 1 + shift);
    u.insert(word(last_word), 4 + shift, 1 + shift);  // evicts word 1 into the filter
    return u;
  };
  const LwhUnit a = run(0, 2);
  const LwhUnit b = run(10, 2);
  EXPECT_FALSE(a == b);
  EXPECT_EQ(canon(a, 1, 1), canon(b, 11, 11));
  // Relative to a later dead bound: CIDs below it read as 0 in both.
  EXPECT_EQ(canon(a, 3, 3), canon(b, 13, 13));
  EXPECT_NE(canon(a, 1, 1), canon(a, 3, 3));
  // Different contents give different sequences.
  const LwhUnit d = run(0, 5);
  EXPECT_NE(canon(a, 1, 1), canon(d, 1, 1));
}

TEST(LwhUnit, CanonicalIgnoresDeadHistory) {
  // b had an older, now dead, transaction write word 7 first: its way is
  // free again and the two units have the same future.
  const LwhConfig c{1, 2, 2, 2};
  LwhUnit a(c);
  LwhUnit b(c);
  b.insert(word(7), 1, 1);
  a.insert(word(0), 2, 2);
  b.insert(word(0), 2, 2);
  a.insert(word(1), 3, 2);
  b.insert(word(1), 3, 2);
  EXPECT_EQ(canon(a, 2, 2), canon(b, 2, 2));
  for (std::uint64_t w = 0; w < 8; ++w) EXPECT_EQ(a.query(word(w), 2), b.query(word(w), 2)) << w;
}

}  // namespace
}  // namespace lockstep::sem
