// collect_races finds the pairs of racing instructions through
// address-sorted indexes; its result must be exactly that of the plain scan
// over every footprint and every pair of footprints (the reference below):
// the same races, with the same threads and addresses, in the same order,
// also when some pairs of PCs are known beforehand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "checker/explore/unit_footprints.hpp"

namespace lockstep::checker {
namespace {

using Seen = std::set<std::pair<std::uint32_t, std::uint32_t>>;

bool racy(const Access& a, const Access& b) {
  return !(a.atomic && b.atomic) && a.space != AccessSpace::Anything && b.space != AccessSpace::Anything &&
         accesses_conflict(a, b);
}

void note(const Footprint& fa, const Access& a, const Footprint& fb, const Access& b, bool same,
          std::vector<Race>& races, Seen& seen) {
  const auto key = std::minmax(fa.pc, fb.pc);
  if (!seen.insert({key.first, key.second}).second) return;
  Race r;
  r.pc_a = fa.pc;
  r.pc_b = fb.pc;
  r.thread_a = a.thread;
  r.thread_b = b.thread;
  r.space = a.space == AccessSpace::Shared ? "shared" : "global";
  r.address = std::max(a.lo, b.lo);
  r.write_write = a.write && b.write;
  r.is_volatile = a.is_volatile && b.is_volatile;
  r.same_instruction = same;
  races.push_back(r);
}

/// The plain scan: every footprint's lanes, then every later footprint.
void reference(const std::vector<Footprint>& fps, std::vector<Race>& races, Seen& seen) {
  const auto known = [&seen](std::uint32_t a, std::uint32_t b) {
    const auto key = std::minmax(a, b);
    return seen.contains({key.first, key.second});
  };
  for (std::size_t i = 0; i < fps.size(); ++i) {
    const Footprint& fi = fps[i];
    if (fi.kind != FootprintKind::Memory) continue;
    if (!known(fi.pc, fi.pc) && fi.accesses.size() > 1 && fi.accesses[0].write) {
      std::vector<const Access*> order;
      for (const Access& a : fi.accesses) order.push_back(&a);
      std::sort(order.begin(), order.end(), [](const Access* a, const Access* b) { return a->lo < b->lo; });
      for (std::size_t x = 0; x + 1 < order.size(); ++x) {
        if (racy(*order[x], *order[x + 1])) {
          note(fi, *order[x], fi, *order[x + 1], true, races, seen);
          break;
        }
      }
    }
    for (std::size_t j = i + 1; j < fps.size(); ++j) {
      const Footprint& fj = fps[j];
      if (fj.kind != FootprintKind::Memory || known(fi.pc, fj.pc)) continue;
      if ((fi.accesses[0].atomic && fj.accesses[0].atomic) || (!fi.accesses[0].write && !fj.accesses[0].write)) continue;
      bool found = false;
      for (std::size_t x = 0; x < fi.accesses.size() && !found; ++x) {
        for (std::size_t y = 0; y < fj.accesses.size() && !found; ++y) {
          if (racy(fi.accesses[x], fj.accesses[y])) {
            note(fi, fi.accesses[x], fj, fj.accesses[y], false, races, seen);
            found = true;
          }
        }
      }
    }
  }
}

/// Random footprints of a few instructions (each all-read or all-write,
/// all-atomic or all-plain), one to 32 lanes each, on a small address range
/// so that some overlap; some private, some sync steps.
std::uint32_t pick(std::mt19937& rng, std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); }

std::vector<Footprint> random_footprints(std::mt19937& rng) {
  const unsigned pcs = 1 + pick(rng, 6);
  std::vector<bool> writes(pcs), atomics(pcs);
  std::vector<AccessSpace> spaces(pcs);
  std::vector<unsigned> sizes(pcs);
  for (unsigned p = 0; p < pcs; ++p) {
    writes[p] = pick(rng, 2) == 0;
    atomics[p] = pick(rng, 4) == 0;
    spaces[p] = pick(rng, 5) == 0 ? AccessSpace::Shared : (pick(rng, 10) == 0 ? AccessSpace::Anything : AccessSpace::Global);
    sizes[p] = 1U << (pick(rng, 4));
  }
  std::vector<Footprint> fps(1 + pick(rng, 40));
  std::uint32_t thread = 0;
  for (Footprint& f : fps) {
    const unsigned r = pick(rng, 10);
    f.pc = pick(rng, pcs);
    f.block = pick(rng, 3);
    if (r == 0) {
      f.kind = FootprintKind::Private;
      thread += 32;
      continue;
    }
    if (r == 1) {
      f.kind = FootprintKind::Sync;
      thread += 32;
      continue;
    }
    f.kind = FootprintKind::Memory;
    const unsigned lanes = 1 + pick(rng, 32);
    const std::uint32_t span = 8 + pick(rng, 512);
    for (unsigned l = 0; l < lanes; ++l) {
      Access a;
      a.space = spaces[f.pc];
      a.block = f.block;
      a.lo = pick(rng, span);
      a.hi = a.lo + sizes[f.pc];
      a.thread = thread + l;
      a.write = writes[f.pc];
      a.atomic = atomics[f.pc];
      a.is_volatile = pick(rng, 2) == 0;
      f.accesses.push_back(a);
    }
    thread += 32;
  }
  return fps;
}

bool same(const Race& a, const Race& b) {
  return a.pc_a == b.pc_a && a.pc_b == b.pc_b && a.thread_a == b.thread_a && a.thread_b == b.thread_b &&
         a.address == b.address && a.write_write == b.write_write && a.is_volatile == b.is_volatile &&
         a.same_instruction == b.same_instruction && a.space == b.space;
}

TEST(CollectRaces, MatchesThePlainScanOnRandomFootprints) {
  std::mt19937 rng(17);
  std::size_t races_seen = 0;
  for (int round = 0; round < 3000; ++round) {
    std::vector<Footprint> fps = random_footprints(rng);
    Seen seen_ref, seen_new;
    if (pick(rng, 3) == 0) {  // some pairs known from earlier states
      const std::pair<std::uint32_t, std::uint32_t> k{pick(rng, 3), 2 + pick(rng, 3)};
      seen_ref.insert(k);
      seen_new.insert(k);
    }
    std::vector<Race> want, got;
    reference(fps, want, seen_ref);
    collect_races(fps, {}, got, seen_new);
    ASSERT_EQ(got.size(), want.size()) << "round " << round;
    for (std::size_t i = 0; i < want.size(); ++i) {
      EXPECT_TRUE(same(got[i], want[i])) << "round " << round << " race " << i << ": pcs " << got[i].pc_a << ","
                                         << got[i].pc_b << " vs " << want[i].pc_a << "," << want[i].pc_b;
    }
    EXPECT_EQ(seen_new, seen_ref) << "round " << round;
    races_seen += want.size();
  }
  EXPECT_GT(races_seen, 1000U);  // the generator makes races
}

TEST(CollectRaces, DisjointLanesOfManyFootprintsRaceNowhere) {
  // 2,048 single-thread stores to consecutive words: no race.
  std::vector<Footprint> fps(2048);
  for (std::uint32_t t = 0; t < fps.size(); ++t) {
    fps[t].kind = FootprintKind::Memory;
    fps[t].pc = t % 3;
    Access a;
    a.lo = 4096 + 4 * std::uint64_t{t};
    a.hi = a.lo + 4;
    a.thread = t;
    a.write = true;
    fps[t].accesses.push_back(a);
  }
  std::vector<Race> races;
  Seen seen;
  collect_races(fps, {}, races, seen);
  EXPECT_TRUE(races.empty());
  // One overlapping store at the end races with the first store to its word.
  fps.back().accesses[0].lo = 4096 + 4 * 7;
  fps.back().accesses[0].hi = fps.back().accesses[0].lo + 4;
  collect_races(fps, {}, races, seen);
  ASSERT_EQ(races.size(), 1U);
  EXPECT_EQ(races[0].thread_a, 7U);
  EXPECT_EQ(races[0].thread_b, 2047U);
  EXPECT_EQ(races[0].address, 4096U + 28U);
}

TEST(CollectRaces, TransactionalAccessesRaceOnlyWithPlainOnes) {
  // Thread 0 stores at pc 1 and thread 1 loads at pc 2, both in a
  // transaction (their logs; the commit orders them); thread 2's plain store
  // at pc 3 to the same word races with both (weak isolation).
  const auto access = [](std::uint32_t thread, bool write) {
    Access a;
    a.lo = 64;
    a.hi = 68;
    a.thread = thread;
    a.write = write;
    return a;
  };
  std::vector<Footprint> fps(2);
  for (std::uint32_t i = 0; i < 2; ++i) {
    fps[i].kind = FootprintKind::Memory;
    fps[i].pc = i + 1;
    fps[i].accesses.push_back(access(i, i == 0));
  }
  const std::vector<bool> tx{false, true, true, false};
  std::vector<Race> races;
  Seen seen;
  collect_races(fps, tx, races, seen);
  EXPECT_TRUE(races.empty());
  collect_races(fps, {}, races, seen);  // the same accesses outside transactions
  ASSERT_EQ(races.size(), 1U);
  races.clear();
  seen.clear();
  Footprint plain;
  plain.kind = FootprintKind::Memory;
  plain.pc = 3;
  plain.accesses.push_back(access(2, true));
  fps.push_back(plain);
  collect_races(fps, tx, races, seen);
  ASSERT_EQ(races.size(), 2U);
  for (const Race& r : races) EXPECT_EQ(std::max(r.pc_a, r.pc_b), 3U);
}

}  // namespace
}  // namespace lockstep::checker
