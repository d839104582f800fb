// CTAs per SM by hand for launches limited by each resource (GPGPU-Sim's
// max_cta rounding: threads to whole warps, registers per thread to
// register_unit), and the launches that cannot run with their messages.
#include <gtest/gtest.h>

#include "sim/config/load_gpu.hpp"
#include "sim/core/occupancy.hpp"

namespace lockstep::sim {
namespace {

CoreConfig gtx480() { return load_gpu("gtx480").config.core; }  // 1536 threads, 8 CTAs, 32768 registers, 48 KB shared

TEST(Occupancy, ThreadLimited) {
  // 1536 / 256 = 6; registers 32768 / (256 x 12) = 10; no shared memory; 8 slots.
  const Occupancy o = occupancy(gtx480(), CtaResources{256, 10, 0});
  EXPECT_EQ(o.ctas, 6U);
  EXPECT_EQ(o.limit, OccupancyLimit::Threads);
  EXPECT_EQ(o.warps_per_cta, 8U);
}

TEST(Occupancy, ThreadsRoundUpToWarps) {
  // 100 threads take 4 warps (128 threads): 1536 / 128 = 12, then the 8 CTA slots decide.
  const Occupancy o = occupancy(gtx480(), CtaResources{100, 4, 0});
  EXPECT_EQ(o.ctas, 8U);
  EXPECT_EQ(o.limit, OccupancyLimit::CtaSlots);
  CoreConfig c = gtx480();
  c.max_ctas = 32;
  EXPECT_EQ(occupancy(c, CtaResources{100, 4, 0}).ctas, 12U);
}

TEST(Occupancy, RegisterLimited) {
  // 21 registers round up to 24: 32768 / (128 x 24) = 10.67 -> 10; threads 1536 / 128 = 12.
  CoreConfig c = gtx480();
  c.max_ctas = 16;
  const Occupancy o = occupancy(c, CtaResources{128, 21, 0});
  EXPECT_EQ(o.ctas, 10U);
  EXPECT_EQ(o.limit, OccupancyLimit::Registers);
  EXPECT_EQ(o.registers_per_cta, 128U * 24U);
  EXPECT_EQ(o.describe(c, CtaResources{128, 21, 0}),
            "10 CTAs per SM, limited by registers: 32768 registers per SM / (128 threads x 24 registers per CTA)");
}

TEST(Occupancy, SharedMemoryLimited) {
  // 48 KB / 10000 bytes = 4.
  const CoreConfig c = gtx480();
  ASSERT_EQ(c.shared.bytes, 49152U);
  const Occupancy o = occupancy(c, CtaResources{64, 8, 10000});
  EXPECT_EQ(o.ctas, 4U);
  EXPECT_EQ(o.limit, OccupancyLimit::SharedMemory);
}

TEST(Occupancy, NothingFits) {
  const CoreConfig c = gtx480();
  EXPECT_EQ(occupancy_error(c, CtaResources{256, 10, 0}), std::nullopt);
  EXPECT_EQ(occupancy_error(c, CtaResources{256, 10, 60000}),
            "a CTA needs 60000 bytes of shared memory, more than the 49152 one CTA may use");
  // max_registers_per_cta (8192 on gtx480, GPGPU-Sim's default) limits nothing, as in GPGPU-Sim.
  ASSERT_EQ(c.max_registers_per_cta, 8192U);
  EXPECT_EQ(occupancy_error(c, CtaResources{1024, 16, 0}), std::nullopt);
  CoreConfig small = c;
  small.max_threads = 512;
  EXPECT_EQ(occupancy_error(small, CtaResources{1024, 8, 0}), "a CTA of 1024 threads does not fit an SM: 512 threads per SM");
  CoreConfig few = c;
  few.registers = 8192;
  few.max_registers_per_cta = 65536;  // the per-CTA limit above the SM's
  EXPECT_EQ(occupancy_error(few, CtaResources{512, 20, 0}),
            "a CTA needs 10240 registers (512 threads x 20 registers), the SM has 8192");
}

}  // namespace
}  // namespace lockstep::sim
