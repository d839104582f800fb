// The serializability check on hand-made histories (docs/tm.md): replaying
// committed write logs in commit-ID order from the initial memory must give
// every value a committed transaction read, and the final memory must hold
// the replayed value of every word a commit wrote. The failing paths (a read
// no serial order explains, a final memory that differs) name the reader,
// the word, both values and the last serial writer.
#include <gtest/gtest.h>

#include <vector>

#include <fmt/format.h>

#include "semantics/memory/serial_replay.hpp"

namespace lockstep::sem {
namespace {

struct Mem {
  GlobalMemory g;
  std::uint64_t x = 0;
  Mem() {
    x = g.allocate(16, 4, "x");
    const std::uint32_t init[4] = {5, 0, 0, 0};
    g.write(x, sizeof init, init);
  }
};

TxCommitRecord commit(std::uint64_t cid, std::uint32_t thread, std::vector<TxRead> reads, std::vector<TxWrite> writes) {
  TxCommitRecord r;
  r.cid = cid;
  r.thread = thread;
  r.log.reads = std::move(reads);
  r.log.writes = std::move(writes);
  return r;
}

TEST(SerialReplay, AbaHistoryIsSerialT2T3T1) {
  // T1 ABA (research §7): T2 writes 7, T3 writes 5 back, T1 read 5 and writes y = 6; CIDs 1, 2, 3.
  Mem m;
  const std::vector<TxCommitRecord> h{commit(1, 1, {}, {{m.x, 7, 0xf}}), commit(2, 2, {}, {{m.x, 5, 0xf}}),
                                      commit(3, 0, {{m.x, 5}}, {{m.x + 4, 6, 0xf}})};
  GlobalMemory final = m.g;
  const std::uint32_t v[2] = {5, 6};
  final.write(m.x, sizeof v, v);
  EXPECT_FALSE(check_serial_history(m.g, h, &final).has_value());
}

TEST(SerialReplay, StaleReadIsAViolationNamingBothTransactions) {
  // Write skew committed on stale reads: CID 2 read x = 5 although CID 1 wrote 9.
  Mem m;
  const std::vector<TxCommitRecord> h{commit(1, 3, {{m.x, 5}}, {{m.x, 9, 0xf}}),
                                      commit(2, 4, {{m.x + 4, 0}, {m.x, 5}}, {{m.x + 4, 1, 0xf}})};
  const auto v = check_serial_history(m.g, h, nullptr);
  ASSERT_TRUE(v.has_value());
  EXPECT_FALSE(v->final);
  EXPECT_EQ(v->reader.cid, 2U);
  EXPECT_EQ(v->mismatch.addr, m.x);
  EXPECT_EQ(v->mismatch.read, 5U);
  EXPECT_EQ(v->mismatch.serial, 9U);
  ASSERT_TRUE(v->writer.has_value());
  EXPECT_EQ(v->writer->cid, 1U);
  EXPECT_EQ(v->text(), fmt::format("transaction CID 2 (block 0, thread 4) committed having read 5 at {:#x}, but the "
                                   "serial order of CIDs 1..1 gives 9 (written by CID 1 (block 0, thread 3))",
                                   m.x));
}

TEST(SerialReplay, ReadOfTheInitialValueThatChangedNamesNoWriter) {
  Mem m;
  const std::vector<TxCommitRecord> h{commit(1, 0, {{m.x, 4}}, {})};
  const auto v = check_serial_history(m.g, h, nullptr);
  ASSERT_TRUE(v.has_value());
  EXPECT_FALSE(v->writer.has_value());
  EXPECT_NE(v->text().find("the initial memory gives 5 (the initial value)"), std::string::npos);
}

TEST(SerialReplay, FinalMemoryMustHoldTheSerialValues) {
  // WAW (T4): CIDs 1 and 2 both write x blindly; the serial result is CID 2's value.
  Mem m;
  const std::vector<TxCommitRecord> h{commit(1, 0, {}, {{m.x, 1, 0xf}}), commit(2, 1, {}, {{m.x, 2, 0xf}})};
  GlobalMemory good = m.g;
  const std::uint32_t two = 2;
  good.write(m.x, 4, &two);
  EXPECT_FALSE(check_serial_history(m.g, h, &good).has_value());
  GlobalMemory bad = m.g;
  const std::uint32_t one = 1;
  bad.write(m.x, 4, &one);  // M^L -> M^Y -> M^X: X's write landed last
  const auto v = check_serial_history(m.g, h, &bad);
  ASSERT_TRUE(v.has_value());
  EXPECT_TRUE(v->final);
  EXPECT_EQ(v->mismatch.read, 1U);
  EXPECT_EQ(v->mismatch.serial, 2U);
  EXPECT_EQ(v->writer->cid, 2U);
}

TEST(SerialReplay, PartialWordWritesMergeWithTheSerialWord) {
  Mem m;
  SerialReplay r;
  TxLog a;
  a.writes = {{m.x, 0x0000aa00U, 0x2}};  // byte 1 only
  r.apply(m.g, a);
  EXPECT_EQ(r.value(m.g, m.x), 0x0000aa05U);
  TxLog b;
  b.reads = {{m.x, 0x0000aa05U}};
  EXPECT_FALSE(r.check(m.g, b).has_value());
}

TEST(TxLog, ReadsSeeOwnWritesAndLogOnlyMemoryWords) {
  Mem m;
  TxLog log;
  std::uint32_t v = 0;
  log.read(m.g, m.x, 4, &v, AccessKind::Read);
  EXPECT_EQ(v, 5U);
  const std::uint32_t nine = 9;
  log.write(m.g, m.x, 4, &nine, AccessKind::Write);
  log.read(m.g, m.x, 4, &v, AccessKind::Read);
  EXPECT_EQ(v, 9U);                 // its own write, not memory (still 5)
  EXPECT_EQ(log.reads.size(), 1U);  // served from the write log: not logged
  std::uint32_t mem = 0;
  m.g.read(m.x, 4, &mem);
  EXPECT_EQ(mem, 5U);  // deferred update
  log.publish(m.g);
  m.g.read(m.x, 4, &mem);
  EXPECT_EQ(mem, 9U);
}

TEST(TxLog, ReadTwiceWithDifferentValuesNeverValidates) {
  // T2 (research §7): (x, 5) and (x, 7) in the read log: validation fails whatever x holds.
  Mem m;
  TxLog log;
  std::uint32_t v = 0;
  log.read(m.g, m.x, 4, &v, AccessKind::Read);
  log.read(m.g, m.x, 4, &v, AccessKind::Read);
  EXPECT_EQ(log.reads.size(), 1U);  // an exact duplicate is not logged again
  const std::uint32_t seven = 7;
  m.g.write(m.x, 4, &seven);
  log.read(m.g, m.x, 4, &v, AccessKind::Read);
  EXPECT_EQ(log.reads.size(), 2U);
  EXPECT_FALSE(log.valid(m.g));
  const std::uint32_t five = 5;
  m.g.write(m.x, 4, &five);
  EXPECT_FALSE(log.valid(m.g));
}

TEST(TxLog, ByteStoreThenWordLoadTakesTheOtherBytesFromMemory) {
  Mem m;
  TxLog log;
  const std::uint8_t b = 0xcc;
  log.write(m.g, m.x + 2, 1, &b, AccessKind::Write);
  std::uint32_t v = 0;
  log.read(m.g, m.x, 4, &v, AccessKind::Read);
  EXPECT_EQ(v, 0x00cc0005U);
  ASSERT_EQ(log.reads.size(), 1U);
  EXPECT_EQ(log.reads[0].value, 5U);  // the memory word, validated as such
  EXPECT_THROW(log.read(m.g, m.x + 16, 4, &v, AccessKind::Read), MemoryFault);
}

}  // namespace
}  // namespace lockstep::sem
