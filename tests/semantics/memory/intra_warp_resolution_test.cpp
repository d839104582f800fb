// WarpTM's intra-warp conflict resolution (docs/tm.md, research
// 001-kilotm.md §4.3): the Fig 6.6 example (T15), each 2PCR rule (T16),
// 2PCR's aborts caused by aborting lanes, aliasing, and random warps checked
// against the exact lane-order rule.
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <stdexcept>
#include <vector>

#include "semantics/memory/intra_warp_resolution.hpp"

namespace lockstep::sem {
namespace {

/// A warp's logs by lane (the words only: resolution ignores the values).
struct Warp {
  std::array<TxLog, kWarpSize> log{};
  std::array<const TxLog*, kWarpSize> ptr{};
  Mask lanes = 0;

  /// Lane `lane` reads `reads` (in order) and writes `writes` (ascending).
  void add(unsigned lane, std::vector<std::uint64_t> reads, std::vector<std::uint64_t> writes) {
    for (std::uint64_t a : reads) log[lane].reads.push_back(TxRead{a, 0});
    for (std::uint64_t a : writes) log[lane].writes.push_back(TxWrite{a, 0, 0xf});
    ptr[lane] = &log[lane];
    lanes |= lane_bit(lane);
  }
  [[nodiscard]] WarpTxLogs logs() const { return ptr; }
};

/// Fig 6.6: X1..X4 in lanes 1..4, read logs RL1, RL2 and write logs WL1, WL2.
Warp fig_6_6(bool second_write = true) {
  Warp w;
  const auto wl = [&](std::uint64_t a, std::uint64_t b) {
    return second_write ? std::vector<std::uint64_t>{a, b} : std::vector<std::uint64_t>{a};
  };
  w.add(1, {0x04, 0x0c}, wl(0x0c, 0x10));
  w.add(2, {0x04, 0x08}, wl(0x08, 0x14));
  w.add(3, {0x04, 0x10}, wl(0x10, 0x14));
  w.add(4, {0x04}, wl(0x04, 0x08));
  return w;
}

std::vector<std::uint8_t> owners_of_fig_words(const TwoPhaseResolution& r) {
  std::vector<std::uint8_t> o;
  for (std::uint64_t a = 0x04; a <= 0x14; a += 4) o.push_back(r.owners[ownership_entry(a, kOwnershipEntries)]);
  return o;
}

constexpr std::uint8_t RO = kNoOwner;

TEST(IntraWarpResolution, T15Fig66TwoPhaseAbortsX3AndX4) {
  const Warp w = fig_6_6();
  const TwoPhaseResolution r = resolve_2pcr(w.lanes, w.logs());
  EXPECT_EQ(r.aborted, lane_bit(3) | lane_bit(4));
  EXPECT_EQ(r.survivors, lane_bit(1) | lane_bit(2));
  // Row 3 of the table (after WL2) over 0x04 .. 0x14; nothing else owned.
  EXPECT_EQ(owners_of_fig_words(r), (std::vector<std::uint8_t>{4, 2, 1, 1, 2}));
  EXPECT_EQ(std::count(r.owners.begin(), r.owners.end(), RO), kOwnershipEntries - 5);
  // Two write-log steps, then RL1, RL2, WL1, WL2; 4 kB in 128-byte bursts.
  EXPECT_EQ(r.phase1_steps, 2U);
  EXPECT_EQ(r.phase2_steps, 4U);
  EXPECT_EQ(r.steps(), 6U);
  EXPECT_EQ(r.init_writes, 32U);
  EXPECT_EQ(r.aborted, conflicting_lanes_exact(w.lanes, w.logs()));
}

TEST(IntraWarpResolution, T15Fig66TableAfterTheFirstWriteStep) {
  // Row 2 (after WL1): the logs cut to their first write.
  const Warp w = fig_6_6(false);
  EXPECT_EQ(owners_of_fig_words(resolve_2pcr(w.lanes, w.logs())), (std::vector<std::uint8_t>{4, 2, 1, 3, RO}));
}

TEST(IntraWarpResolution, T15Fig66ScrAbortsTheSameLanesIn15Steps) {
  // X1 inserts 2 words; X2 queries 4 and inserts 2; X3 (0x10 hits) and X4
  // (0x08 hits) query 4 and 3 and abort: 2 + 6 + 4 + 3 = 15.
  const Warp w = fig_6_6();
  const ScrResolution r = resolve_scr(w.lanes, w.logs());
  EXPECT_EQ(r.aborted, lane_bit(3) | lane_bit(4));
  EXPECT_EQ(r.survivors, lane_bit(1) | lane_bit(2));
  EXPECT_EQ(r.steps, 15U);
}

TEST(IntraWarpResolution, T16ReadConflictsOnlyWithALowerOwner) {
  Warp w;
  w.add(0, {}, {0x100});      // owns 0x100
  w.add(1, {0x100}, {});      // reads a word lane 0 writes: aborts
  w.add(2, {0x200}, {0x200});  // reads its own word: owner 2 is not lower
  w.add(3, {0x300}, {});      // reads an unowned word
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs()).aborted, lane_bit(1));
}

TEST(IntraWarpResolution, T16WriteConflictsUnlessItOwnsTheEntry) {
  Warp w;
  w.add(0, {}, {0x100});
  w.add(3, {}, {0x100});  // WAW with lane 0
  w.add(5, {}, {0x104});
  const TwoPhaseResolution r = resolve_2pcr(w.lanes, w.logs());
  EXPECT_EQ(r.aborted, lane_bit(3));
  EXPECT_EQ(r.owners[ownership_entry(0x100, kOwnershipEntries)], 0);
}

TEST(IntraWarpResolution, T16AHigherLaneMayWriteAWordALowerLaneReads) {
  Warp w;
  w.add(0, {0x100}, {});
  w.add(1, {0x100}, {0x104});
  w.add(2, {}, {0x100, 0x104});  // writes what lanes 0 and 1 read; WAW with lane 1 at 0x104
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs()).aborted, lane_bit(2));
  w.log[2].writes.pop_back();  // only the word the lower lanes read
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs()).aborted, Mask{0});
  EXPECT_EQ(resolve_scr(w.lanes, w.logs()).aborted, Mask{0});
}

TEST(IntraWarpResolution, TwoPhaseAbortsBecauseOfALaneThatItselfAborts) {
  // Lane 1 reads lane 0's word and aborts; lane 2 reads lane 1's word. 2PCR
  // assumes lane 1 commits and aborts lane 2 too; SCR never inserts lane 1's
  // writes and lets lane 2 through ("less accurate than SCR").
  Warp w;
  w.add(0, {}, {0x10});
  w.add(1, {0x10}, {0x20});
  w.add(2, {0x20}, {});
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs()).aborted, lane_bit(1) | lane_bit(2));
  const ScrResolution scr = resolve_scr(w.lanes, w.logs());
  EXPECT_EQ(scr.aborted, lane_bit(1));
  EXPECT_EQ(scr.steps, 1U + 2U + 1U);
}

TEST(IntraWarpResolution, TinyTablesAndFiltersAddFalseConflicts) {
  // Disjoint words: nothing conflicts, but one entry (or one bit) makes every
  // word alias the lowest writer's.
  Warp w;
  w.add(0, {}, {0x10});
  w.add(1, {0x24}, {});
  w.add(2, {}, {0x28});
  EXPECT_EQ(conflicting_lanes_exact(w.lanes, w.logs()), Mask{0});
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs(), 1).aborted, lane_bit(1) | lane_bit(2));
  // Two entries: 0x10 and 0x28 (even words) alias, 0x24 (odd) is unowned.
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs(), 2).aborted, lane_bit(2));
  EXPECT_EQ(resolve_scr(w.lanes, w.logs(), BloomShape{1, 1}).aborted, lane_bit(1) | lane_bit(2));
  EXPECT_EQ(resolve_scr(w.lanes, w.logs()).aborted, Mask{0});
}

TEST(IntraWarpResolution, ASmallFilterCanLetThroughALaneTheExactOneAborts) {
  // With 2 bits and 1 hash (word index mod 2), lane 1's read of 0x18 falsely
  // hits lane 0's 0x10 and lane 1 aborts; its write of 0x34 never reaches the
  // filter, so lane 2, which reads 0x34, survives, though an exact filter
  // aborts it. SCR's false hits are not a superset; 2PCR's aliasing is.
  Warp w;
  w.add(0, {}, {0x10});
  w.add(1, {0x18}, {0x34});
  w.add(2, {0x34}, {});
  EXPECT_EQ(resolve_scr(w.lanes, w.logs()).aborted, lane_bit(2));
  EXPECT_EQ(resolve_scr(w.lanes, w.logs(), BloomShape{2, 1}).aborted, lane_bit(1));
  EXPECT_EQ(conflicting_lanes_exact(w.lanes, w.logs()), lane_bit(2));
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs(), 2).aborted, lane_bit(1) | lane_bit(2));
}

TEST(IntraWarpResolution, InitialisationWritesAre128ByteBursts) {
  const Warp w = fig_6_6();
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs(), 2048).init_writes, 16U);
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs(), 129).init_writes, 2U);
  EXPECT_EQ(resolve_2pcr(w.lanes, w.logs(), 1).init_writes, 1U);
}

TEST(IntraWarpResolution, RejectsBadParametersAndMissingLogs) {
  Warp w = fig_6_6();
  EXPECT_THROW(static_cast<void>(resolve_2pcr(w.lanes, w.logs(), 0)), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(resolve_scr(w.lanes, w.logs(), BloomShape{0, 1})), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(resolve_scr(w.lanes, w.logs(), BloomShape{10, 3})), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(resolve_scr(w.lanes, w.logs(), BloomShape{8, 0})), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(resolve_2pcr(w.lanes | lane_bit(7), w.logs())), std::invalid_argument);
  EXPECT_THROW(static_cast<void>(conflicting_lanes_exact(w.lanes | lane_bit(7), w.logs())), std::invalid_argument);
}

/// SCR with an exact filter: lane order, a lane survives unless a lower
/// survivor writes one of its words.
Mask greedy_exact_aborts(const Warp& w) {
  Mask survivors = 0;
  for_each_lane(w.lanes, [&](unsigned lane) {
    if ((conflicting_lanes_exact(survivors | lane_bit(lane), w.logs()) & lane_bit(lane)) == 0) survivors |= lane_bit(lane);
  });
  return w.lanes & ~survivors;
}

TEST(IntraWarpResolution, RandomWarpsAgainstTheExactRule) {
  std::mt19937 rng(20131207);
  const auto pick = [&](unsigned n) { return static_cast<unsigned>(rng() % n); };
  unsigned two_phase_false_aborts = 0;
  for (int round = 0; round < 400; ++round) {
    Warp w;
    const unsigned lanes = 2 + pick(7);
    while (lane_count(w.lanes) < lanes) {
      const unsigned lane = pick(kWarpSize);
      if (has_lane(w.lanes, lane)) continue;
      std::vector<std::uint64_t> reads;
      std::vector<std::uint64_t> writes;
      for (unsigned i = pick(5); i > 0; --i) reads.push_back(0x1000 + 4 * pick(6));
      for (unsigned i = pick(5); i > 0; --i) writes.push_back(0x1000 + 4 * pick(6));
      std::sort(writes.begin(), writes.end());
      writes.erase(std::unique(writes.begin(), writes.end()), writes.end());
      w.add(lane, reads, writes);
    }
    SCOPED_TRACE(::testing::Message() << "round " << round);
    const Mask exact = conflicting_lanes_exact(w.lanes, w.logs());
    Mask previous = exact;  // a table whose size divides another's aborts a superset
    for (std::uint32_t entries : {kOwnershipEntries, 4U, 2U, 1U}) {
      const TwoPhaseResolution r = resolve_2pcr(w.lanes, w.logs(), entries);
      if (entries == kOwnershipEntries) {
        EXPECT_EQ(r.aborted, exact);
      }
      EXPECT_EQ(r.aborted & previous, previous) << entries << " entries";
      EXPECT_EQ(r.survivors | r.aborted, w.lanes);
      EXPECT_EQ(conflicting_lanes_exact(r.survivors, w.logs()), Mask{0}) << entries << " entries";
      previous = r.aborted;
    }
    // The default filter is exact over these 6 words: SCR is the greedy rule,
    // which never aborts a lane 2PCR keeps.
    const ScrResolution scr = resolve_scr(w.lanes, w.logs());
    EXPECT_EQ(scr.aborted, greedy_exact_aborts(w));
    EXPECT_EQ(scr.aborted & ~exact, Mask{0});
    two_phase_false_aborts += lane_count(exact & ~scr.aborted);
    // A tiny filter has false hits, but its survivors still serialise.
    for (BloomShape shape : {BloomShape{1, 1}, BloomShape{4, 2}, BloomShape{6, 3}}) {
      const ScrResolution tiny = resolve_scr(w.lanes, w.logs(), shape);
      EXPECT_EQ(tiny.survivors | tiny.aborted, w.lanes);
      EXPECT_EQ(conflicting_lanes_exact(tiny.survivors, w.logs()), Mask{0}) << shape.bits << " bits";
    }
  }
  EXPECT_GT(two_phase_false_aborts, 0U);  // the random warps do exercise the difference
}

}  // namespace
}  // namespace lockstep::sem
