// DramChannel: the timing of single reads and writes from the DRAM timing
// of the bundled GPUs (tiny: tRCD = CL = 12, BL 8 at 4 beats per command
// cycle = 2 cycles, 32-byte accesses; gtx480: bank groups with tCCD = 2,
// tCCDL = 3), row hits and misses, FR-FCFS against FIFO, turnarounds,
// writebacks, and jumping over idle cycles.
#include "sim/mem/dram_channel.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "sim/config/load_gpu.hpp"

namespace lockstep::sim {
namespace {

DramConfig dram_of(const char* gpu) { return load_gpu(gpu).config.memory.dram; }

MemRequest rd(std::uint64_t id, std::uint32_t bytes = 32) {
  return make_request(id, AccessType::GlobalRead, 0, bytes);
}
MemRequest wr(std::uint64_t id, std::uint32_t bytes = 32, AccessType t = AccessType::GlobalWrite) {
  return make_request(id, t, 0, bytes);
}
DecodedAddress at(std::uint32_t bank, std::uint32_t row) { return DecodedAddress{0, 0, bank, row, 0, 0}; }

/// Cycles the channel until a reply is there; returns the DRAM cycle (0 is
/// the first cycle() call after `start` calls) in which it appeared.
std::uint64_t until_reply(DramChannel& ch, std::uint64_t& cycles, std::uint64_t limit = 1000) {
  for (std::uint64_t i = 0; i < limit; ++i) {
    ch.cycle();
    ++cycles;
    if (ch.has_reply()) return cycles - 1;
  }
  ADD_FAILURE() << "no reply";
  return 0;
}

TEST(DramChannel, SingleReadIsRcdPlusClPlusBurst) {
  const DramConfig d = dram_of("tiny");
  DramChannel ch(d, 1);
  ch.push(rd(1), at(3, 7), 0);
  std::uint64_t cycles = 0;
  // ACTIVATE in cycle 0, READ tRCD later, the data CL + BL/ratio after it.
  const std::uint64_t t = until_reply(ch, cycles);
  EXPECT_EQ(t, d.timing.rcd + d.timing.cl + d.burst_length / d.data_command_freq_ratio);
  EXPECT_EQ(t, 26U);
  EXPECT_EQ(ch.reply().id, 1U);
  EXPECT_TRUE(ch.reply().reply);
  EXPECT_EQ(ch.reply().at_dram, 0U);
  ch.pop_reply();
  EXPECT_TRUE(ch.idle());
  EXPECT_EQ(ch.stats().n_act, 1U);
  EXPECT_EQ(ch.stats().n_rd, 1U);
  EXPECT_EQ(ch.stats().n_req, 1U);
  EXPECT_EQ(ch.stats().n_cmd, 27U);
  EXPECT_EQ(ch.stats().n_nop, 25U);  // 27 cycles, 2 commands
  EXPECT_EQ(ch.stats().bwutil, 2U);
}

TEST(DramChannel, RowHitAndRowMiss) {
  DramChannel ch(dram_of("tiny"), 1);
  ch.push(rd(1), at(2, 5), 0);
  std::uint64_t cycles = 0;
  until_reply(ch, cycles);
  ch.pop_reply();
  while (cycles < 100) {
    ch.cycle();
    ++cycles;
  }
  // The row is open: READ at once, data CL + burst later.
  ch.push(rd(2), at(2, 5), 0);
  const std::uint64_t hit_start = cycles;
  EXPECT_EQ(until_reply(ch, cycles) - hit_start, 14U);
  ch.pop_reply();
  while (cycles < 200) {
    ch.cycle();
    ++cycles;
  }
  // Another row of the same bank: PRECHARGE, tRP, ACTIVATE, tRCD, READ.
  ch.push(rd(3), at(2, 6), 0);
  const std::uint64_t miss_start = cycles;
  EXPECT_EQ(until_reply(ch, cycles) - miss_start, 12U + 12U + 14U);
  EXPECT_EQ(ch.stats().n_pre, 1U);
  EXPECT_EQ(ch.stats().n_act, 2U);
  EXPECT_EQ(ch.stats().access_num, 3U);
  EXPECT_EQ(ch.stats().hits_num, 1U);
}

TEST(DramChannel, LargerRequestTakesSeveralColumnCommands) {
  DramChannel ch(dram_of("tiny"), 1);
  ch.push(rd(1, 128), at(0, 9), 0);  // 4 accesses of 32 bytes, tCCD = 2 apart
  std::uint64_t cycles = 0;
  EXPECT_EQ(until_reply(ch, cycles), 12U + 3U * 2U + 14U);
  EXPECT_EQ(ch.stats().n_rd, 4U);
  EXPECT_EQ(ch.stats().bwutil, 8U);
}

/// Opens `row` in `bank` with a read and waits for everything to settle.
void open_row(DramChannel& ch, std::uint32_t bank, std::uint32_t row, std::uint64_t& cycles, std::uint64_t id) {
  ch.push(rd(id), at(bank, row), 0);
  until_reply(ch, cycles);
  ch.pop_reply();
  for (int i = 0; i < 60; ++i) {
    ch.cycle();
    ++cycles;
  }
}

std::vector<std::uint64_t> reply_order(DramConfig d, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& reqs) {
  DramChannel ch(d, 1);
  std::uint64_t cycles = 0;
  open_row(ch, 1, 4, cycles, 100);
  for (std::size_t i = 0; i < reqs.size(); ++i) ch.push(rd(i + 1), at(reqs[i].first, reqs[i].second), 0);
  std::vector<std::uint64_t> order;
  while (order.size() < reqs.size()) {
    until_reply(ch, cycles);
    order.push_back(ch.reply().id);
    ch.pop_reply();
  }
  return order;
}

TEST(DramChannel, FrFcfsServesTheRowHitFirst) {
  DramConfig d = dram_of("tiny");
  // Row 4 of bank 1 is open; the older request wants row 9.
  d.scheduler = DramScheduler::FrFcfs;
  EXPECT_EQ(reply_order(d, {{1, 9}, {1, 4}}), (std::vector<std::uint64_t>{2, 1}));
  d.scheduler = DramScheduler::Fifo;
  EXPECT_EQ(reply_order(d, {{1, 9}, {1, 4}}), (std::vector<std::uint64_t>{1, 2}));
}

TEST(DramChannel, FrFcfsDrainsTheChosenRow) {
  DramConfig d = dram_of("tiny");
  // Oldest first among misses (row 9 before row 7), then every request for
  // row 9 before row 7.
  DramChannel ch(d, 1);
  std::uint64_t cycles = 0;
  open_row(ch, 1, 4, cycles, 100);
  ch.push(rd(1), at(1, 9), 0);
  ch.push(rd(2), at(1, 7), 0);
  ch.cycle();  // both reach the scheduler; 1 is chosen
  ++cycles;
  ch.push(rd(3), at(1, 9), 0);
  std::vector<std::uint64_t> order;
  while (order.size() < 3) {
    until_reply(ch, cycles);
    order.push_back(ch.reply().id);
    ch.pop_reply();
  }
  EXPECT_EQ(order, (std::vector<std::uint64_t>{1, 3, 2}));
}

/// The cycles between the replies to two reads of open rows in two banks.
std::uint64_t column_gap(std::uint32_t bank_a, std::uint32_t bank_b) {
  DramChannel ch(dram_of("gtx480"), 2);
  std::uint64_t cycles = 0;
  open_row(ch, bank_a, 3, cycles, 100);
  open_row(ch, bank_b, 3, cycles, 101);
  ch.push(rd(1), at(bank_a, 3), 0);
  ch.push(rd(2), at(bank_b, 3), 0);
  const std::uint64_t first = until_reply(ch, cycles);
  ch.pop_reply();
  return until_reply(ch, cycles) - first;
}

TEST(DramChannel, BankGroupsSpaceColumnsByCcdl) {
  // gtx480: 16 banks in 4 groups chosen by the low bank bits; tCCD = 2
  // between any two column commands, tCCDL = 3 within a group.
  EXPECT_EQ(column_gap(0, 1), 2U);  // groups 0 and 1
  EXPECT_EQ(column_gap(0, 4), 3U);  // both in group 0
}

TEST(DramChannel, WriteThenReadWaitsForTheTurnaround) {
  const DramConfig d = dram_of("tiny");
  DramChannel ch(d, 1);
  std::uint64_t cycles = 0;
  open_row(ch, 0, 2, cycles, 100);
  // A write to the open row: WRITE at once (tRCD - WL - 1 long met), the
  // acknowledgement WL + burst later.
  ch.push(wr(1), at(0, 2), 0);
  const std::uint64_t start = cycles;
  EXPECT_EQ(until_reply(ch, cycles) - start, 4U + 2U);
  EXPECT_TRUE(ch.reply().writes());
  ch.pop_reply();
  EXPECT_EQ(ch.stats().n_write, 1U);
  // A read right behind a write waits tWTR = WL + burst + tCDLR after it.
  DramChannel ch2(d, 1);
  cycles = 0;
  open_row(ch2, 0, 2, cycles, 100);
  ch2.push(wr(1), at(0, 2), 0);
  ch2.push(rd(2), at(0, 2), 0);
  const std::uint64_t s2 = cycles;  // WRITE in s2, READ in s2 + 11, its data 14 later
  until_reply(ch2, cycles);
  ch2.pop_reply();
  EXPECT_EQ(until_reply(ch2, cycles) - s2, (4U + 2U + 5U) + 14U);
}

TEST(DramChannel, WritebacksEndWithoutReply) {
  DramChannel ch(dram_of("gtx480"), 2);
  MemRequest wb = wr(1, 64, AccessType::L2Writeback);
  wb.sub_partition = 5;  // local sub-partition 1 of channel 2
  ch.push(wb, at(0, 1), 0);
  for (int i = 0; i < 100; ++i) ch.cycle();
  EXPECT_FALSE(ch.has_reply());
  EXPECT_TRUE(ch.idle());
  EXPECT_EQ(ch.take_finished_writebacks(1), 1U);
  EXPECT_EQ(ch.take_finished_writebacks(1), 0U);
  EXPECT_EQ(ch.take_finished_writebacks(0), 0U);
  EXPECT_EQ(ch.stats().n_wr_bk, 1U);  // 64 bytes = one 64-byte access on gtx480
  EXPECT_EQ(ch.stats().n_write, 0U);
}

TEST(DramChannel, QueueLimits) {
  DramConfig d = dram_of("tiny");  // FR-FCFS holding 16 requests
  DramChannel ch(d, 1);
  // One request a cycle, all to bank 0, each another row: the bank serves
  // one at a time (the first READ frees it in cycle 12, so two have left
  // the queue by cycle 17) and the rest wait.
  for (std::uint32_t i = 0; i < 18; ++i) {
    ASSERT_FALSE(ch.full()) << i;
    ch.push(rd(i), at(0, i + 1), 0);
    ch.cycle();
  }
  EXPECT_EQ(ch.queued(), 16U);
  EXPECT_TRUE(ch.full());
  d.scheduler = DramScheduler::Fifo;
  DramChannel fifo(d, 1);
  fifo.push(rd(1), at(0, 1), 0);
  fifo.push(rd(2), at(0, 2), 0);
  EXPECT_TRUE(fifo.full());  // GPGPU-Sim's FIFO holds two
}

TEST(DramChannel, SkippingIdleCyclesCountsAsTicking) {
  const DramConfig d = dram_of("tiny");
  DramChannel a(d, 1);
  DramChannel b(d, 1);
  for (DramChannel* ch : {&a, &b}) {
    ch->push(rd(1), at(0, 1), 0);
    std::uint64_t cycles = 0;
    until_reply(*ch, cycles);
    ch->pop_reply();
    EXPECT_TRUE(ch->idle());
  }
  // tRAS and tRC of the ACTIVATE still run for a while.
  for (int i = 0; i < 50; ++i) a.cycle();
  b.skip(50);
  EXPECT_EQ(a.stats().n_cmd, b.stats().n_cmd);
  EXPECT_EQ(a.stats().n_nop, b.stats().n_nop);
  EXPECT_EQ(a.stats().n_activity, b.stats().n_activity);
  EXPECT_GT(a.stats().n_activity, 27U);
  EXPECT_LT(a.stats().n_activity, 27U + 50U);
}

}  // namespace
}  // namespace lockstep::sim
