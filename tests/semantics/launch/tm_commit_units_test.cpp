// Kilo TM's commit units as a protocol model (research 001-kilotm.md §2.6,
// §3.5-3.7, claims T4, T8-T10, T13; docs/tm.md "The kilotm protocol"),
// driven action by action as the thesis's scenarios: head-of-line blocking
// (Claim 6), hazard detection with revalidation and its second chance, the
// RCID filter, write-after-write ordering (Claim 2), the in-order hand-out
// to the serial order, read-only release at the final outcome, TCD's clock
// and last-written times, and canonical() across a CID shift.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "semantics/launch/tm_commit_units.hpp"
#include "semantics/memory/global_memory.hpp"
#include "semantics/memory/tx_log.hpp"

namespace lockstep::sem {
namespace {

constexpr std::uint32_t kX = 0;  // warps of the scenarios' transactions
constexpr std::uint32_t kY = 1;
constexpr std::uint32_t kE = 2;

TmProtocolConfig units2(TmProtocol kind = TmProtocol::KiloTm) {
  TmProtocolConfig c;
  c.eager_internal = false;  // every action one by one
  c.kind = kind;
  c.partitions = 2;
  return c;
}

TxLog make_log(std::vector<TxRead> reads, std::vector<TxWrite> writes) {
  TxLog l;
  l.reads = std::move(reads);
  l.writes = std::move(writes);
  return l;
}

TxWrite put(std::uint64_t addr, std::uint32_t v) { return TxWrite{addr, v, 0xf}; }

/// Commit units, global memory with one zeroed buffer of 128 words (256-byte
/// aligned: word i is at w(i), in commit unit i % 2 of two), and a driver
/// that fires actions by their description.
struct Units {
  GlobalMemory g;
  std::uint64_t x = 0;
  TmCommitUnits u;

  explicit Units(const TmProtocolConfig& c = units2()) : u(c) {
    x = g.allocate(512, 256, "x");
    const std::vector<std::uint32_t> zero(128, 0);
    g.write(x, 512, zero.data());
  }
  [[nodiscard]] std::uint64_t w(unsigned i) const { return x + 4 * i; }
  [[nodiscard]] std::uint32_t mem(unsigned i) const { return tx_word(g, w(i)); }

  void submit(std::uint32_t warp, const TxLog& log, unsigned lane = 0) { u.submit(warp, lane, 7, warp, lane, log, g); }

  /// The texts of warp `warp`'s enabled actions, in event order.
  [[nodiscard]] std::vector<std::string> texts(std::uint32_t warp) const {
    std::uint32_t n = 0;
    const Mask m = u.actions(warp, &n);
    std::vector<std::string> out;
    for (unsigned e = 0; e < 32 && e < n; ++e) {
      EXPECT_TRUE(has_lane(m, e));
      out.push_back(u.describe(warp, e));
    }
    return out;
  }
  /// True when some enabled action of warp `warp` has `what` in its text.
  [[nodiscard]] bool can(std::uint32_t warp, const std::string& what) const {
    for (const std::string& t : texts(warp)) {
      if (t.find(what) != std::string::npos) return true;
    }
    return false;
  }
  /// Fires the first enabled action of warp `warp` whose text has `what`
  /// (fails the test if there is none); returns its text.
  std::string fire(std::uint32_t warp, const std::string& what) {
    const std::vector<std::string> ts = texts(warp);
    for (unsigned e = 0; e < ts.size(); ++e) {
      if (ts[e].find(what) != std::string::npos) {
        u.fire(warp, e, g);
        return ts[e];
      }
    }
    ADD_FAILURE() << fmt::format("no enabled action of warp {} says '{}'; enabled: [{}]", warp, what,
                                 fmt::join(ts, "; "));
    return "";
  }
  /// Fires warp `warp`'s first enabled action while there is one (at most
  /// `limit`); returns the texts fired.
  std::vector<std::string> run(std::uint32_t warp, unsigned limit = 1000) {
    std::vector<std::string> fired;
    for (unsigned i = 0; i < limit; ++i) {
      std::uint32_t n = 0;
      (void)u.actions(warp, &n);
      if (n == 0) break;
      fired.push_back(u.describe(warp, 0));
      u.fire(warp, 0, g);
    }
    return fired;
  }
  /// run() over the warps in turn until none has an enabled action.
  void run_all(std::initializer_list<std::uint32_t> warps) {
    for (bool any = true; any;) {
      any = false;
      for (const std::uint32_t wp : warps) any = !run(wp).empty() || any;
    }
  }
  /// The transactions take_decided hands out now, as (CID, pass).
  std::vector<std::pair<std::uint64_t, bool>> decided() {
    std::vector<std::pair<std::uint64_t, bool>> out;
    u.take_decided([&](const TmDecided& d) { out.emplace_back(d.cid, d.pass); });
    return out;
  }
};

bool any_has(const std::vector<std::string>& ts, const std::string& what) {
  for (const std::string& t : ts) {
    if (t.find(what) != std::string::npos) return true;
  }
  return false;
}

TEST(TmCommitUnits, DescribesEachProtocolAction) {
  Units s;
  s.submit(kX, make_log({{s.w(0), 0}}, {put(s.w(2), 5)}));  // both words at commit unit 0
  EXPECT_EQ(s.u.next_cid(), 2U);
  EXPECT_EQ(s.u.blocked(kX), Mask{1});
  EXPECT_EQ(s.fire(kX, "speculative"), fmt::format("CID 1 (block 0, thread 0): speculative validation of {:#x} (read "
                                                   "0) at commit unit 0",
                                                   s.w(0)));
  EXPECT_EQ(s.fire(kX, "hazard"), "CID 1 (block 0, thread 0): hazard detection at commit unit 0");
  EXPECT_EQ(s.fire(kX, "local outcome"), "CID 1 (block 0, thread 0): local outcome at commit unit 0");
  EXPECT_EQ(s.fire(kX, "commits"), fmt::format("CID 1 (block 0, thread 0): commits {:#x} at commit unit 0", s.w(2)));
  EXPECT_EQ(s.mem(2), 5U);
  EXPECT_TRUE(s.texts(kX).empty()) << "the entry retires with its last word";
  EXPECT_EQ(s.u.take_outcome(kX, 0), std::optional<bool>(true));
  EXPECT_EQ(s.decided(), (std::vector<std::pair<std::uint64_t, bool>>{{1, true}}));
  EXPECT_TRUE(s.u.idle());
  // A read-only transaction retires in an action of its own; so does a failed one.
  s.submit(kY, make_log({{s.w(2), 5}}, {}));
  EXPECT_EQ(s.run(kY), (std::vector<std::string>{
                           fmt::format("CID 2 (block 1, thread 0): speculative validation of {:#x} (read 5) at commit "
                                       "unit 0",
                                       s.w(2)),
                           "CID 2 (block 1, thread 0): hazard detection at commit unit 0",
                           "CID 2 (block 1, thread 0): local outcome at commit unit 0",
                           "CID 2 (block 1, thread 0): retires at commit unit 0"}));
  s.submit(kE, make_log({{s.w(1), 3}}, {put(s.w(1), 4)}));
  EXPECT_EQ(s.run(kE).back(), "CID 3 (block 2, thread 0): retires at commit unit 1 (failed)");
  EXPECT_EQ(s.u.take_outcome(kE, 0), std::optional<bool>(false));
  EXPECT_EQ(s.mem(1), 0U);
}

TEST(TmCommitUnits, T8HeadOfLineBlockingAtASharedUnitOnly) {
  // X (CID 1) reads word 0 (unit 0) and its final outcome is held back; Y
  // (CID 2) writes word 4 (unit 0) and word 1 (unit 1) blindly.
  Units s;
  s.submit(kX, make_log({{s.w(0), 0}}, {}));
  s.submit(kY, make_log({}, {put(s.w(1), 11), put(s.w(4), 44)}));
  s.fire(kX, "speculative");
  s.fire(kX, "hazard");
  // Everything Y can do: its outcome becomes known (it commits at unit 1),
  // but its commit at unit 0 is never enabled while X has no outcome.
  const std::vector<std::string> fired = s.run(kY);
  EXPECT_TRUE(any_has(fired, fmt::format("commits {:#x} at commit unit 1", s.w(1))));
  EXPECT_FALSE(any_has(fired, fmt::format("commits {:#x}", s.w(4))));
  EXPECT_FALSE(any_has(fired, "retires at commit unit 0"));
  EXPECT_EQ(s.mem(1), 11U);
  EXPECT_EQ(s.mem(4), 0U);
  EXPECT_EQ(s.u.blocked(kY), Mask{1});
  EXPECT_TRUE(s.texts(kY).empty());
  // X's local outcome (its final outcome: it only touches unit 0) is not enough:
  // Y waits until X has retired at unit 0 (in-order commit).
  s.fire(kX, "local outcome");
  EXPECT_TRUE(s.texts(kY).empty());
  s.fire(kX, "retires at commit unit 0");
  EXPECT_EQ(s.fire(kY, "commits"), fmt::format("CID 2 (block 1, thread 0): commits {:#x} at commit unit 0", s.w(4)));
  EXPECT_EQ(s.mem(4), 44U);
  EXPECT_TRUE(s.texts(kY).empty());
  EXPECT_EQ(s.u.take_outcome(kY, 0), std::optional<bool>(true));
  EXPECT_EQ(s.u.take_outcome(kX, 0), std::optional<bool>(true));
}

/// T9's setup: X (CID 1) writes word 0 := 7 and word 4 := 1 and reads
/// word 2 as `x_read` (all at unit 0); Y (CID 2) reads word 0 as 0. Y's
/// speculative validation reads word 0 before X writes it; Y's hazard
/// detection finds X; Y may revalidate only once X has retired at unit 0.
/// Returns Y's outcome.
std::optional<bool> t9(Units& s, std::uint32_t x_read) {
  s.submit(kX, make_log({{s.w(2), x_read}}, {put(s.w(0), 7), put(s.w(4), 1)}));
  s.submit(kY, make_log({{s.w(0), 0}}, {}));
  s.fire(kY, "speculative validation");
  EXPECT_FALSE(s.can(kY, "hazard")) << "hazard detection runs in CID order: X first";
  s.fire(kX, "speculative validation");
  s.fire(kX, "hazard detection");
  s.fire(kY, "hazard detection at commit unit 0");
  EXPECT_TRUE(s.texts(kY).empty()) << "Y waits for X to retire";
  s.fire(kX, "local outcome");
  EXPECT_TRUE(s.texts(kY).empty());
  if (s.can(kX, "commits")) {
    s.fire(kX, fmt::format("commits {:#x}", s.w(0)));
    EXPECT_EQ(s.mem(0), 7U);
    EXPECT_TRUE(s.texts(kY).empty()) << "X has written word 0 but not retired";
    s.fire(kX, fmt::format("commits {:#x}", s.w(4)));  // its last word: retires
  } else {
    s.fire(kX, "retires at commit unit 0 (failed)");
  }
  EXPECT_EQ(s.fire(kY, "revalidation"), "CID 2 (block 1, thread 0): revalidation after CID 1 at commit unit 0");
  EXPECT_EQ(s.u.blocked(kY), Mask{0}) << "Y is read-only: released at its final outcome";
  s.run_all({kX, kY});
  return s.u.take_outcome(kY, 0);
}

TEST(TmCommitUnits, T9HazardRevalidatesAfterTheWriterAndFailsWhenItCommitted) {
  Units s;
  EXPECT_EQ(t9(s, 0), std::optional<bool>(false));
  EXPECT_EQ(s.u.take_outcome(kX, 0), std::optional<bool>(true));
  EXPECT_EQ(s.mem(0), 7U);
}

TEST(TmCommitUnits, T9SecondChanceWhenTheWriterFailed) {
  Units s;
  EXPECT_EQ(t9(s, 99), std::optional<bool>(true));  // X read 99 where memory holds 0: X fails
  EXPECT_EQ(s.u.take_outcome(kX, 0), std::optional<bool>(false));
  EXPECT_EQ(s.mem(0), 0U);
  EXPECT_EQ(s.decided(), (std::vector<std::pair<std::uint64_t, bool>>{{1, false}, {2, true}}));
}

TEST(TmCommitUnits, T9HazardSurvivesEvictionsFromAnotherSet) {
  // One unit, a history of two sets of one way and one filter bucket. A
  // (CID 1) writes word 0 (set 0) and retires; B (CID 2) writes word 1
  // (set 1) and its outcome is held back; C (CID 3, word 3, set 1) evicts
  // B into the filter, then D (CID 4, word 2, set 0) evicts A. Y (CID 5,
  // RCID 2) reads word 1: its hazard detection must find a writer >= B.
  TmProtocolConfig c = units2();
  c.partitions = 1;
  c.lwh = LwhConfig{2, 1, 1, 1};
  Units s(c);
  s.submit(kE, make_log({}, {put(s.w(0), 1)}));
  s.run(kE);
  s.submit(kX, make_log({}, {put(s.w(1), 5)}));
  s.fire(kX, "hazard detection");
  s.submit(kE, make_log({}, {put(s.w(3), 1)}), 1);
  s.submit(kE, make_log({}, {put(s.w(2), 1)}), 2);
  s.fire(kE, "CID 3 (block 2, thread 1): hazard detection");
  s.fire(kE, "CID 4 (block 2, thread 2): hazard detection");
  s.submit(kY, make_log({{s.w(1), 0}}, {}));
  s.fire(kY, "speculative");
  s.fire(kY, "hazard detection");
  EXPECT_FALSE(s.can(kY, "local outcome")) << "B's write of word 1 was missed";
  s.run_all({kX, kE, kY});
  EXPECT_EQ(s.mem(1), 5U);
  EXPECT_EQ(s.u.take_outcome(kY, 0), std::optional<bool>(false));
}

TEST(TmCommitUnits, T10WriterRetiredBeforeSubmissionIsNoHazard) {
  Units s;
  s.submit(kX, make_log({}, {put(s.w(0), 7)}));
  s.run(kX);
  EXPECT_EQ(s.mem(0), 7U);
  // X has retired everywhere but is still in the units (its outcome not
  // taken): its CID is live in the history, only RCID filters it out.
  ASSERT_TRUE(s.u.has(kX));
  s.submit(kY, make_log({{s.w(0), 7}}, {}));
  EXPECT_EQ(s.u.dead_below(), 1U);
  s.fire(kY, "speculative");
  s.fire(kY, "hazard detection");
  EXPECT_EQ(s.fire(kY, "commit unit 0"), "CID 2 (block 1, thread 0): local outcome at commit unit 0");
  s.run_all({kX, kY});
  EXPECT_EQ(s.u.take_outcome(kY, 0), std::optional<bool>(true));
}

TEST(TmCommitUnits, T10RcidIsTakenAtSubmission) {
  // The contrast: X has not retired when Y is submitted, so the same
  // history entry is a hazard even though X retires before Y's detection.
  Units s;
  s.submit(kX, make_log({}, {put(s.w(0), 7)}));
  s.submit(kY, make_log({{s.w(0), 7}}, {}));
  s.run(kX);
  s.fire(kY, "speculative");
  s.fire(kY, "hazard detection");
  EXPECT_EQ(s.fire(kY, "commit unit 0"), "CID 2 (block 1, thread 0): revalidation after CID 1 at commit unit 0");
  EXPECT_EQ(s.u.take_outcome(kY, 0), std::optional<bool>(true));
}

TEST(TmCommitUnits, T4BlindWritersBothCommitInCidOrder) {
  Units s;
  s.submit(kX, make_log({}, {put(s.w(0), 1)}));
  s.submit(kY, make_log({}, {put(s.w(0), 2)}));
  // Always prefer the younger Y's actions; record word 0 after every action.
  std::vector<std::uint32_t> seen{s.mem(0)};
  for (int i = 0; i < 100; ++i) {
    if (s.run(kY, 1).empty() && s.run(kX, 1).empty()) break;
    if (seen.back() != s.mem(0)) seen.push_back(s.mem(0));
  }
  EXPECT_EQ(seen, (std::vector<std::uint32_t>{0, 1, 2}));
  EXPECT_EQ(s.u.take_outcome(kX, 0), std::optional<bool>(true));
  EXPECT_EQ(s.u.take_outcome(kY, 0), std::optional<bool>(true));
  EXPECT_EQ(s.decided(), (std::vector<std::pair<std::uint64_t, bool>>{{1, true}, {2, true}}));
}

TEST(TmCommitUnits, T4YoungerWriterWaitsForTheOlderOnesCommit) {
  Units s;
  s.submit(kX, make_log({}, {put(s.w(0), 1)}));
  s.submit(kY, make_log({}, {put(s.w(0), 2)}));
  s.fire(kX, "hazard");
  s.fire(kX, "local outcome");
  s.fire(kY, "hazard");
  s.fire(kY, "local outcome");
  EXPECT_TRUE(s.texts(kY).empty()) << "both outcomes known, X has not written yet";
  s.fire(kX, "commits");
  EXPECT_EQ(s.mem(0), 1U);
  s.fire(kY, "commits");
  EXPECT_EQ(s.mem(0), 2U);
}

TEST(TmCommitUnits, HandsOutInCidOrder) {
  // Y (CID 2) is decided first; the serial order still gets X first.
  Units s;
  s.submit(kX, make_log({{s.w(0), 0}}, {put(s.w(2), 1)}));
  s.submit(kY, make_log({{s.w(1), 0}}, {put(s.w(3), 1)}));
  s.run(kY);
  EXPECT_EQ(s.u.take_outcome(kY, 0), std::optional<bool>(true));
  EXPECT_TRUE(s.decided().empty());
  EXPECT_EQ(s.u.serial_next(), 1U);
  s.fire(kX, "speculative");
  s.fire(kX, "hazard");
  s.fire(kX, "local outcome");
  std::vector<TmDecided> got;
  std::vector<std::uint64_t> written;  // the log lives only during the call
  s.u.take_decided([&](const TmDecided& d) {
    got.push_back(d);
    written.push_back(d.log->writes.front().addr);
  });
  ASSERT_EQ(got.size(), 2U);
  EXPECT_EQ(got[0].cid, 1U);
  EXPECT_EQ(got[0].warp, kX);
  EXPECT_EQ(got[1].cid, 2U);
  EXPECT_EQ(got[1].warp, kY);
  EXPECT_TRUE(got[0].pass && got[1].pass);
  EXPECT_EQ(written, (std::vector<std::uint64_t>{s.w(2), s.w(3)}));
  EXPECT_EQ(s.u.serial_next(), 3U);
  EXPECT_TRUE(s.decided().empty()) << "each transaction is handed out once";
}

TEST(TmCommitUnits, ReadOnlyTransactionIsReleasedAtItsFinalOutcome) {
  Units s;
  s.submit(kY, make_log({{s.w(0), 0}, {s.w(1), 0}}, {}));  // units 0 and 1
  s.fire(kY, "speculative validation of " + fmt::format("{:#x}", s.w(0)));
  s.fire(kY, "speculative validation of " + fmt::format("{:#x}", s.w(1)));
  s.fire(kY, "hazard detection at commit unit 0");
  s.fire(kY, "hazard detection at commit unit 1");
  s.fire(kY, "local outcome at commit unit 0");
  EXPECT_EQ(s.u.blocked(kY), Mask{1});
  EXPECT_EQ(s.u.take_outcome(kY, 0), std::nullopt);
  s.fire(kY, "local outcome at commit unit 1");
  EXPECT_EQ(s.u.blocked(kY), Mask{0});
  EXPECT_EQ(s.texts(kY), (std::vector<std::string>{"CID 1 (block 1, thread 0): retires at commit unit 0",
                                                   "CID 1 (block 1, thread 0): retires at commit unit 1"}));
  EXPECT_EQ(s.u.take_outcome(kY, 0), std::optional<bool>(true));
  EXPECT_TRUE(s.u.has(kY)) << "its entries still retire";
  s.run(kY);
  EXPECT_EQ(s.decided().size(), 1U);
  EXPECT_TRUE(s.u.idle());
}

TEST(TmCommitUnits, WriterIsReleasedOnlyWhenRetiredEverywhere) {
  Units s;
  s.submit(kX, make_log({{s.w(0), 0}}, {put(s.w(0), 1), put(s.w(1), 1)}));
  s.fire(kX, "speculative");
  s.fire(kX, "hazard detection at commit unit 0");
  s.fire(kX, "hazard detection at commit unit 1");
  s.fire(kX, "local outcome at commit unit 0");
  s.fire(kX, "local outcome at commit unit 1");
  s.fire(kX, "commits " + fmt::format("{:#x}", s.w(0)));  // retires at unit 0
  EXPECT_EQ(s.u.blocked(kX), Mask{1});
  EXPECT_EQ(s.u.take_outcome(kX, 0), std::nullopt);
  s.fire(kX, "commits " + fmt::format("{:#x}", s.w(1)));  // retires at unit 1
  EXPECT_EQ(s.u.blocked(kX), Mask{0});
  EXPECT_EQ(s.u.take_outcome(kX, 0), std::optional<bool>(true));
}

TEST(TmCommitUnits, T13TcdClockAndLastWrittenTimesPerBlock) {
  // W writes a = word 0 (unit 0, block 0) and b = word 33 (unit 1, block 1)
  // in two separate actions; between them memory holds a new, b old.
  Units s(units2(TmProtocol::KiloTmTcd));
  s.submit(kX, make_log({}, {put(s.w(0), 1), put(s.w(33), 2)}));
  s.fire(kX, "hazard detection at commit unit 0");
  s.fire(kX, "hazard detection at commit unit 1");
  s.fire(kX, "local outcome at commit unit 0");
  s.fire(kX, "local outcome at commit unit 1");
  EXPECT_EQ(s.u.clock(), 0U);
  EXPECT_EQ(s.u.last_written(s.w(0)), 0U);
  s.fire(kX, "commits " + fmt::format("{:#x}", s.w(0)));
  EXPECT_EQ(s.u.clock(), 1U);
  EXPECT_EQ(s.mem(0), 1U);
  EXPECT_EQ(s.mem(33), 0U);
  EXPECT_EQ(s.u.last_written(s.w(0)), 1U);
  EXPECT_EQ(s.u.last_written(s.w(31)), 1U) << "the same 128-byte block";
  EXPECT_EQ(s.u.last_written(s.w(33)), 0U);
  s.fire(kX, "commits " + fmt::format("{:#x}", s.w(33)));
  EXPECT_EQ(s.u.clock(), 2U);
  EXPECT_EQ(s.mem(33), 2U);
  EXPECT_EQ(s.u.last_written(s.w(0)), 1U);
  EXPECT_EQ(s.u.last_written(s.w(33)), 2U);
  EXPECT_EQ(s.u.last_written(s.w(64)), 0U);
  s.run(kX);
  // A later write to block 0 moves its time; block 1 keeps its own.
  s.submit(kY, make_log({}, {put(s.w(2), 3)}));
  s.run(kY);
  EXPECT_EQ(s.u.clock(), 3U);
  EXPECT_EQ(s.u.last_written(s.w(0)), 3U);
  EXPECT_EQ(s.u.last_written(s.w(33)), 2U);
}

TEST(TmCommitUnits, WithoutTcdNoLastWrittenTimes) {
  Units s;
  s.submit(kX, make_log({}, {put(s.w(0), 1)}));
  s.run(kX);
  EXPECT_EQ(s.u.clock(), 1U);
  EXPECT_EQ(s.u.last_written(s.w(0)), 0U);
}

std::vector<std::uint64_t> canon(const TmCommitUnits& u, std::uint64_t time_base) {
  std::vector<std::uint64_t> out;
  u.canonical(time_base, [&](std::uint64_t v) { out.push_back(v); });
  return out;
}

/// The T9 scenario with TCD, recording canonical() after every action (the
/// younger warp's action first); `extra` runs a committed transaction
/// (another warp, a word the scenario does not touch) first.
std::vector<std::vector<std::uint64_t>> canonical_run(bool extra) {
  Units s(units2(TmProtocol::KiloTmTcd));
  if (extra) {
    s.submit(kE, make_log({{s.w(9), 0}}, {put(s.w(8), 9)}));
    s.run(kE);
    EXPECT_EQ(s.u.take_outcome(kE, 0), std::optional<bool>(true));
    EXPECT_EQ(s.decided().size(), 1U);
    EXPECT_TRUE(s.u.idle());
  }
  const std::uint64_t base = s.u.clock();
  std::vector<std::vector<std::uint64_t>> out{canon(s.u, base)};
  s.submit(kX, make_log({{s.w(2), 0}}, {put(s.w(0), 7), put(s.w(1), 7)}));
  out.push_back(canon(s.u, base));
  s.submit(kY, make_log({{s.w(0), 0}}, {put(s.w(3), 1)}));
  out.push_back(canon(s.u, base));
  for (int i = 0; i < 100; ++i) {
    if (s.run(kY, 1).empty() && s.run(kX, 1).empty()) break;
    out.push_back(canon(s.u, base));
  }
  (void)s.u.take_outcome(kX, 0);
  (void)s.u.take_outcome(kY, 0);
  out.push_back(canon(s.u, base));
  (void)s.decided();
  out.push_back(canon(s.u, base));
  EXPECT_TRUE(s.u.idle());
  return out;
}

TEST(TmCommitUnits, CanonicalIsInvariantUnderEarlierCommits) {
  const auto a = canonical_run(false);
  const auto b = canonical_run(true);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i], b[i]) << "point " << i;
  // Each action changes the canonical state (it is not trivially constant).
  for (std::size_t i = 1; i + 2 < a.size(); ++i) EXPECT_NE(a[i - 1], a[i]) << "point " << i;
  EXPECT_GT(a.size(), 10U);
}

/// Four transactions of one warp, lanes 0..3, each reading word 8 + l and
/// writing word l (no two conflict), submitted as a WarpTM group or one by one.
Units four_lanes(TmProtocol kind, std::uint32_t partitions) {
  TmProtocolConfig c = units2(kind);
  c.partitions = partitions;
  Units s(c);
  const std::uint64_t group = kind == TmProtocol::WarpTm ? s.u.next_cid() : 0;
  for (unsigned l = 0; l < 4; ++l) {
    s.u.submit(kX, l, 7, 0, l, make_log({{s.w(8 + l), 0}}, {put(s.w(l), 10 + l)}), s.g, group);
  }
  return s;
}

TEST(TmCommitUnits, T17WarpTmSendsOneMessageOfEachKindPerWarpAndUnit) {
  for (const std::uint32_t units : {1U, 2U}) {
    Units base = four_lanes(TmProtocol::KiloTm, units);
    base.run(kX);
    Units warp = four_lanes(TmProtocol::WarpTm, units);
    warp.run(kX);
    for (unsigned l = 0; l < 4; ++l) {
      EXPECT_EQ(base.mem(l), 10 + l);
      EXPECT_EQ(warp.mem(l), 10 + l);
    }
    // Base: per transaction (one unit each: words l and 8 + l share unit l % units).
    EXPECT_EQ(base.u.messages().local_outcomes, 4U);
    EXPECT_EQ(base.u.messages().final_outcomes, 4U);
    EXPECT_EQ(base.u.messages().dones, 4U);
    // WarpTM: per warp and unit.
    EXPECT_EQ(warp.u.messages().local_outcomes, units);
    EXPECT_EQ(warp.u.messages().final_outcomes, units);
    EXPECT_EQ(warp.u.messages().dones, units);
  }
}

TEST(TmCommitUnits, WarpTmGroupCommitsEveryMembersWordsInOneAction) {
  Units s = four_lanes(TmProtocol::WarpTm, 1);
  // Validate every member; no commit before the last one has its outcome.
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_FALSE(s.can(kX, "the group commits")) << l;
    s.fire(kX, "speculative validation");
    s.fire(kX, "hazard detection");
    s.fire(kX, "local outcome");
  }
  const std::string t = s.fire(kX, "the group commits");
  EXPECT_NE(t.find("CIDs 1..4"), std::string::npos) << t;
  for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(s.mem(l), 10 + l);
  for (unsigned l = 0; l < 4; ++l) EXPECT_EQ(s.u.take_outcome(kX, l), std::optional<bool>(true));
}

}  // namespace
}  // namespace lockstep::sem
