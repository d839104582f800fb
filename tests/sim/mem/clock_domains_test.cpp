// ClockSchedule: GPGPU-Sim's stepping of the four clocks.
#include "sim/gpu/clock_domains.hpp"

#include <gtest/gtest.h>

#include "sim/config/load_gpu.hpp"

namespace lockstep::sim {
namespace {

ClockDomains clocks(double core, double icnt, double l2, double dram) { return {core, icnt, l2, dram}; }

TEST(ClockSchedule, EqualClocksTickTogether) {
  ClockSchedule s(load_gpu("tiny").config.clocks);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(s.step().bits, 0x0F) << i;
  EXPECT_EQ(s.ticks(), (DomainTicks{1000, 1000, 1000, 1000}));
}

TEST(ClockSchedule, Gtx480DramRunsAt924Over700) {
  ClockSchedule s(load_gpu("gtx480").config.clocks);
  // Every domain ticks at time 0; the 10,000th core tick is at 9,999 core
  // periods, by which the DRAM has ticked floor(9999 x 924 / 700) + 1 times.
  const DomainTicks first = s.advance_core_to(10000);
  EXPECT_EQ(first, (DomainTicks{10000, 10000, 10000, 13199}));
  // In the next 10,000 core cycles the DRAM advances exactly 1.32 x as many.
  const DomainTicks next = s.advance_core_to(20000);
  EXPECT_EQ(next.core, 10000U);
  EXPECT_EQ(next.dram, 13200U);  // 26,399 in all
  EXPECT_EQ(next.interconnect, 10000U);
  EXPECT_EQ(next.l2, 10000U);
  EXPECT_EQ(s.advance_core_to(20000), DomainTicks{});  // already there
}

TEST(ClockSchedule, SlowerDramInterleaves) {
  // DRAM at half the core clock: steps alternate core+all, core alone.
  ClockSchedule s(clocks(1000, 1000, 1000, 500));
  EXPECT_EQ(s.step().bits, 0x0F);
  const DomainMask m = s.step();
  EXPECT_TRUE(m.has(ClockDomain::Core));
  EXPECT_FALSE(m.has(ClockDomain::Dram));
  EXPECT_EQ(s.step().bits, 0x0F);
}

TEST(ClockSchedule, FasterInterconnectTicksBetweenCoreCycles) {
  // fx5800-fermi: core 325, interconnect and L2 650, DRAM 800 MHz. The
  // interconnect's edges fall on every core edge in exact arithmetic, but
  // its period accumulates in doubles: from the second core edge on it is a
  // hair late, so the edge that "coincides" with core tick k comes in the
  // step after it (GPGPU-Sim's doubles do the same; the counts below are
  // its algorithm's, computed independently).
  ClockSchedule s(load_gpu("fx5800-fermi").config.clocks);
  EXPECT_EQ(s.advance_core_to(1000), (DomainTicks{1000, 1999, 1999, 2460}));
  EXPECT_EQ(s.advance_core_to(2000), (DomainTicks{1000, 1999, 1999, 2461}));
}

}  // namespace
}  // namespace lockstep::sim
