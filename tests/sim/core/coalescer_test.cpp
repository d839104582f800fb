// The LD/ST unit's address path: coalescing a warp's accesses into
// requests by segment (GPGPU-Sim's rules for compute capability 2.x and
// 4.0+), atomics, local memory interleaving, constant-cache lines.
#include <gtest/gtest.h>

#include "sim/core/coalescer.hpp"
#include "sim/core/timing_addresses.hpp"

namespace lockstep::sim {
namespace {

sem::AccessLog warp_access(std::uint64_t base, std::uint64_t stride, std::uint32_t bytes,
                           sem::Mask lanes = sem::kFullMask, ir::Space space = ir::Space::Global) {
  sem::AccessLog log;
  sem::for_each_lane(lanes, [&](unsigned l) { log.add(l, space, base + l * stride, bytes, sem::AccessKind::Read); });
  return log;
}

std::vector<MemAccess> run(const sem::AccessLog& log, CoalescingRules rules, bool atomic = false,
                           const LocalLayout* local = nullptr) {
  Coalescer c(rules);
  std::vector<MemAccess> out;
  c.coalesce(log, log.lanes, local, atomic, out);
  return out;
}

TEST(Coalescer, ConsecutiveWordsAreOneRequest) {
  const auto out = run(warp_access(0x10000, 4, 4), CoalescingRules{1, false});
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out[0].addr, 0x10000U);
  EXPECT_EQ(out[0].bytes, 128U);
  EXPECT_EQ(out[0].lanes, sem::kFullMask);
  EXPECT_EQ(out[0].sector_mask, 0xfU);
}

TEST(Coalescer, StrideOf128BytesIsOneRequestPerLane) {
  const auto out = run(warp_access(0x10000, 128, 4), CoalescingRules{1, false});
  ASSERT_EQ(out.size(), 32U);
  for (std::size_t i = 0; i < out.size(); ++i) {
    EXPECT_EQ(out[i].addr, 0x10000U + 128 * i);
    EXPECT_EQ(out[i].bytes, 32U);  // one 4-byte word: shrunk to its 32-byte quarter
    EXPECT_EQ(out[i].lanes, sem::lane_bit(static_cast<unsigned>(i)));
  }
}

// Research 001 claim 9 (Fung's Fig 3.3(b)), at 32 lanes: thread t reads
// word t of an array at 0x100. The static warps (threads 0-31, 32-63) touch
// one 128-byte segment each, 2 requests in all; DWF's arrangement, where
// each dynamic warp takes alternate lanes from the two static warps (every
// thread in its home lane), touches both segments in each warp: 4.
TEST(Coalescer, RegroupedWarpsTouchMoreSegments) {
  const auto words = [](auto thread_of_lane) {
    sem::AccessLog log;
    for (unsigned l = 0; l < sem::kWarpSize; ++l) {
      log.add(l, ir::Space::Global, 0x100 + 4 * std::uint64_t{thread_of_lane(l)}, 4, sem::AccessKind::Read);
    }
    return log;
  };
  const CoalescingRules fermi{1, false};
  const std::size_t static_requests = run(words([](unsigned l) { return l; }), fermi).size() +
                                      run(words([](unsigned l) { return 32 + l; }), fermi).size();
  const std::size_t dwf_requests = run(words([](unsigned l) { return l % 2 == 0 ? l : 32 + l; }), fermi).size() +
                                   run(words([](unsigned l) { return l % 2 == 0 ? 32 + l : l; }), fermi).size();
  EXPECT_EQ(static_requests, 2U);
  EXPECT_EQ(dwf_requests, 4U);
}

TEST(Coalescer, HalvesAndSectors) {
  // 16 lanes x 4 bytes: the lower 64 bytes of the line.
  auto out = run(warp_access(0x10000, 4, 4, 0xffffU), CoalescingRules{1, false});
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out[0].bytes, 64U);
  // Misaligned by 64: two lines, upper half of the first and lower of the second.
  out = run(warp_access(0x10040, 4, 4), CoalescingRules{1, false});
  ASSERT_EQ(out.size(), 2U);
  EXPECT_EQ(out[0].addr, 0x10040U);
  EXPECT_EQ(out[0].bytes, 64U);
  EXPECT_EQ(out[1].addr, 0x10080U);
  EXPECT_EQ(out[1].bytes, 64U);
  // Sectors: four 32-byte requests.
  out = run(warp_access(0x10000, 4, 4), CoalescingRules{1, true});
  ASSERT_EQ(out.size(), 4U);
  for (const MemAccess& a : out) EXPECT_EQ(a.bytes, 32U);
  // 1-byte accesses use 32-byte segments.
  out = run(warp_access(0x10000, 1, 1), CoalescingRules{1, false});
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out[0].bytes, 32U);
}

TEST(Coalescer, WarpParts) {
  // Two half-warps coalesce separately: two requests for one line.
  const auto out = run(warp_access(0x10000, 4, 4), CoalescingRules{2, false});
  ASSERT_EQ(out.size(), 2U);
  EXPECT_EQ(out[0].bytes, 64U);
  EXPECT_EQ(out[1].addr, 0x10040U);
}

TEST(Coalescer, AtomicsToOneAddressAreSeparateRequests) {
  const auto out = run(warp_access(0x10000, 0, 4), CoalescingRules{1, false}, true);
  ASSERT_EQ(out.size(), 32U);
  const auto plain = run(warp_access(0x10000, 0, 4), CoalescingRules{1, false}, false);
  EXPECT_EQ(plain.size(), 1U);
}

TEST(Coalescer, LocalMemoryIsInterleavedByThread) {
  // Every lane reads its local word 0: consecutive timing addresses, one request.
  const LocalLayout layout{64, 1024};
  auto out = run(warp_access(0, 0, 4, sem::kFullMask, ir::Space::Local), CoalescingRules{1, false}, false, &layout);
  ASSERT_EQ(out.size(), 1U);
  EXPECT_EQ(out[0].addr, local_timing_address(0, 64, 1024));
  EXPECT_TRUE(out[0].local);
  // 8-byte accesses split into two words, 1024 threads x 4 bytes apart: two requests.
  out = run(warp_access(0, 0, 8, sem::kFullMask, ir::Space::Local), CoalescingRules{1, false}, false, &layout);
  ASSERT_EQ(out.size(), 2U);
  EXPECT_EQ(out[1].addr - out[0].addr, 4U * 1024U);
}

TEST(Coalescer, ConstantLinesOnePerDistinctLine) {
  std::vector<MemAccess> out;
  constant_lines(warp_access(0, 0, 4, sem::kFullMask, ir::Space::Const), sem::kFullMask, kConstBase, 64, out);
  ASSERT_EQ(out.size(), 1U);  // a broadcast
  out.clear();
  constant_lines(warp_access(0, 4, 4, sem::kFullMask, ir::Space::Const), sem::kFullMask, kConstBase, 64, out);
  ASSERT_EQ(out.size(), 2U);  // 128 bytes over two 64-byte lines
  EXPECT_EQ(out[0].addr, kConstBase);
  EXPECT_EQ(out[1].addr, kConstBase + 64);
  EXPECT_EQ(out[0].lanes, 0xffffU);
}

}  // namespace
}  // namespace lockstep::sim
