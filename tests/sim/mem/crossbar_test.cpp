// Crossbar: latency and per-port bandwidth with tiny's interconnect (32-byte
// flits, 5 cycles, one flit per port per cycle, 8-flit buffers), packet
// sizes, iSLIP and round-robin arbitration, buffers and backpressure.
#include "sim/mem/crossbar.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "sim/config/load_gpu.hpp"

namespace lockstep::sim {
namespace {

InterconnectConfig tiny_icnt() { return load_gpu("tiny").config.interconnect; }

MemRequest packet(std::uint64_t id) { return make_request(id, AccessType::GlobalRead, 0, 4); }

/// Ticks until output `o` has a packet; returns the number of ticks done.
std::uint64_t ticks_until_ready(Crossbar& x, std::uint32_t o, std::uint64_t limit = 200) {
  std::uint64_t n = 0;
  while (!x.ready(o) && n < limit) {
    x.tick();
    ++n;
  }
  return n;
}

TEST(Crossbar, OneFlitTakesTheLatency) {
  Crossbar x(tiny_icnt(), 2, 2);
  x.push(0, 1, packet(1), 1);
  EXPECT_EQ(ticks_until_ready(x, 1), 5U);
  EXPECT_EQ(x.front(1).id, 1U);
  x.pop(1);
  EXPECT_TRUE(x.empty());
}

TEST(Crossbar, PacketOfFiveFlits) {
  Crossbar x(tiny_icnt(), 2, 2);
  // A 128-byte reply: 136 bytes = 5 flits of 32; the tail crosses 4 cycles
  // after the head.
  EXPECT_EQ(x.flits_of(packet_bytes(make_request(1, AccessType::GlobalWrite, 0, 128))), 5U);
  EXPECT_EQ(x.flits_of(8), 1U);
  x.push(0, 0, packet(1), 5);
  EXPECT_EQ(ticks_until_ready(x, 0), 4U + 5U);
}

/// Ticks for `n` packets of `flits` flits from the given inputs to output 0
/// to all arrive (popped as soon as they are ready).
std::uint64_t drain_ticks(InterconnectConfig c, const std::vector<std::uint32_t>& inputs, std::uint32_t n,
                          std::uint32_t flits, std::vector<std::uint64_t>* order = nullptr) {
  Crossbar x(c, 4, 4);
  std::vector<std::uint32_t> left(inputs.size(), n);
  std::uint64_t id = 0;
  std::uint32_t arrived = 0;
  std::uint64_t ticks = 0;
  while (arrived < n * inputs.size() && ticks < 10000) {
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      if (left[k] > 0 && x.has_room(inputs[k], flits)) {
        x.push(inputs[k], 0, packet(inputs[k] * 1000 + id++), flits);
        --left[k];
      }
    }
    x.tick();
    ++ticks;
    while (x.ready(0)) {
      if (order != nullptr) order->push_back(x.front(0).id / 1000);
      x.pop(0);
      ++arrived;
    }
  }
  return ticks;
}

TEST(Crossbar, OutputPortCarriesOneFlitPerCycle) {
  // 30 one-flit packets from one input: one a cycle, the first after 5.
  EXPECT_EQ(drain_ticks(tiny_icnt(), {1}, 30, 1), 30U + 4U);
  // From three inputs to one output: still one flit a cycle.
  EXPECT_EQ(drain_ticks(tiny_icnt(), {1, 2, 3}, 10, 1), 30U + 4U);
  // Four-flit packets: a packet every four cycles.
  EXPECT_EQ(drain_ticks(tiny_icnt(), {1, 2}, 5, 4), 40U + 4U);
}

TEST(Crossbar, SpeedupDoesNotExceedTheEjectionPort) {
  InterconnectConfig c = tiny_icnt();
  c.internal_speedup = 2.0;
  EXPECT_EQ(drain_ticks(c, {1, 2, 3}, 10, 1), 30U + 4U);
}

TEST(Crossbar, InputPortCarriesOneFlitPerCycle) {
  Crossbar x(tiny_icnt(), 1, 4);
  // Four one-flit packets to four outputs from one input: one a cycle.
  for (std::uint32_t o = 0; o < 4; ++o) x.push(0, o, packet(o), 1);
  for (std::uint32_t o = 0; o < 4; ++o) {
    EXPECT_EQ(ticks_until_ready(x, o), o == 0 ? 5U : 1U) << o;
  }
}

TEST(Crossbar, IslipRotatesAmongInputs) {
  std::vector<std::uint64_t> order;
  drain_ticks(tiny_icnt(), {1, 2, 3}, 3, 2, &order);
  EXPECT_EQ(order, (std::vector<std::uint64_t>{1, 2, 3, 1, 2, 3, 1, 2, 3}));
}

TEST(Crossbar, RoundRobinFollowsTheSharedPointer) {
  InterconnectConfig c = tiny_icnt();
  c.arbitration = Arbitration::RoundRobin;
  std::vector<std::uint64_t> order;
  // The pointer moves one input a cycle (of four); a two-flit packet holds
  // the output two cycles, so the output chooses at pointers 0, 2, 0, 2...:
  // inputs 1, 2, 1, 2, ... and input 3 only when they have run out.
  drain_ticks(c, {1, 2, 3}, 3, 2, &order);
  EXPECT_EQ(order, (std::vector<std::uint64_t>{1, 2, 1, 2, 1, 2, 3, 3, 3}));
}

TEST(Crossbar, BuffersAndBackpressure) {
  Crossbar x(tiny_icnt(), 1, 1);
  EXPECT_TRUE(x.has_room(0, 8));
  EXPECT_FALSE(x.has_room(0, 9));
  x.push(0, 0, packet(1), 5);
  EXPECT_FALSE(x.has_room(0, 4));
  EXPECT_TRUE(x.has_room(0, 3));
  x.push(0, 0, packet(2), 3);
  // Nobody pops output 0: its 8-flit buffer fills with both packets, then
  // a third packet stays in the input.
  for (int i = 0; i < 20; ++i) x.tick();
  x.push(0, 0, packet(3), 1);
  for (int i = 0; i < 20; ++i) x.tick();
  EXPECT_GT(x.stats().out_buffer_full, 0U);
  EXPECT_FALSE(x.has_room(0, 8));
  x.pop(0);
  x.pop(0);
  EXPECT_EQ(ticks_until_ready(x, 0), 5U);  // crosses at the next cycle
  EXPECT_EQ(x.front(0).id, 3U);
  EXPECT_EQ(x.stats().packets, 3U);
  EXPECT_EQ(x.stats().flits, 9U);
}

}  // namespace
}  // namespace lockstep::sim
