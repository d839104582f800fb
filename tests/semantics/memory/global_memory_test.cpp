// GlobalMemory: region allocation, guard gaps, bounds faults and their
// messages, zero fill, copy-on-write sharing and the canonical hash.
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <vector>

#include "semantics/memory/global_memory.hpp"
#include "tests/semantics/memory/memory_test_kit.hpp"

namespace lockstep::test {
namespace {

using sem::AccessKind;
using sem::FaultKind;
using sem::GlobalMemory;

std::uint32_t read32(const GlobalMemory& g, std::uint64_t a) {
  std::uint32_t v = 0;
  g.read(a, 4, &v);
  return v;
}
void write32(GlobalMemory& g, std::uint64_t a, std::uint32_t v) { g.write(a, 4, &v); }

TEST(GlobalMemory, FirstRegionAtBase) {
  GlobalMemory g(0x1'0000'0000ULL);
  EXPECT_EQ(g.allocate(4, 4, "counter"), 0x1'0000'0000ULL);
  ASSERT_EQ(g.regions().size(), 1U);
  EXPECT_EQ(g.regions()[0].name, "counter");
  EXPECT_EQ(g.regions()[0].size, 4U);
}

TEST(GlobalMemory, RegionsAreSeparatedByAGuardGap) {
  GlobalMemory g(0x1000);
  const std::uint64_t a = g.allocate(256, 1, "a");
  const std::uint64_t b = g.allocate(1, 1, "b");
  const std::uint64_t c = g.allocate(10, 1, "c");
  EXPECT_EQ(a, 0x1000U);
  EXPECT_GE(b, a + 256 + GlobalMemory::kGuardBytes);
  EXPECT_GE(c, b + 1 + GlobalMemory::kGuardBytes);
  EXPECT_EQ(b % 256, 0U);
  EXPECT_EQ(c % 256, 0U);
  EXPECT_EQ(b, 0x1200U);  // 0x1100 is the end of a plus the 256-byte gap
  EXPECT_EQ(c, 0x1400U);  // 0x1201 + 256 rounded up to 256
}

TEST(GlobalMemory, LargeAlignmentIsHonoured) {
  GlobalMemory g(0x10000);
  static_cast<void>(g.allocate(8, 8, "x"));
  const std::uint64_t y = g.allocate(8, 4096, "y");
  EXPECT_EQ(y % 4096, 0U);
  EXPECT_GE(y, 0x10008U + GlobalMemory::kGuardBytes);
}

TEST(GlobalMemory, AllocationBeyondTheLimitThrows) {
  GlobalMemory g(0x10000, 0x20000);
  static_cast<void>(g.allocate(0x8000, 1, "a"));
  EXPECT_THROW(static_cast<void>(g.allocate(0x8000, 1, "b")), std::length_error);
}

TEST(GlobalMemory, UnwrittenBytesReadAsZero) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(10000, 4, "big");
  std::vector<std::uint8_t> out(10000, 0xee);
  g.read(a, out.size(), out.data());
  for (auto b : out) EXPECT_EQ(b, 0);
  EXPECT_EQ(g.page_count(), 0U);
}

TEST(GlobalMemory, WriteThenReadAcrossAPageBoundary) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(8192, 4, "buf");
  std::vector<std::uint8_t> in(100);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<std::uint8_t>(i + 1);
  g.write(a + 4096 - 50, in.size(), in.data());
  std::vector<std::uint8_t> out(100);
  g.read(a + 4096 - 50, out.size(), out.data());
  EXPECT_EQ(in, out);
  EXPECT_EQ(g.page_count(), 2U);
}

TEST(GlobalMemory, ReadPastTheEndFaultsWithTheNearestRegion) {
  GlobalMemory g(0x1'0000'0000ULL);
  const std::uint64_t a = g.allocate(4, 4, "counter");
  const auto f = expect_fault([&] { static_cast<void>(read32(g, a + 4)); });
  EXPECT_EQ(f.kind(), FaultKind::OutOfBounds);
  EXPECT_EQ(f.space(), ir::Space::Global);
  EXPECT_EQ(f.address(), a + 4);
  EXPECT_EQ(f.size(), 4U);
  EXPECT_EQ(f.access(), AccessKind::Read);
  EXPECT_EQ(f.detail(), "just past the end of buffer 'counter' (4 bytes at 0x100000000)");
  EXPECT_EQ(std::string(f.what()),
            "memory fault (out of bounds): 4-byte read at .global address 0x100000004: just past the end of "
            "buffer 'counter' (4 bytes at 0x100000000)");
}

TEST(GlobalMemory, FaultSaysHowFarPastTheEnd) {
  GlobalMemory g(0x1'0000'0000ULL);
  const std::uint64_t a = g.allocate(4, 4, "counter");
  const auto f = expect_fault([&] { write32(g, a + 8, 1); });
  EXPECT_EQ(f.access(), AccessKind::Write);
  EXPECT_EQ(f.detail(), "4 bytes past the end of buffer 'counter' (4 bytes at 0x100000000)");
}

TEST(GlobalMemory, AccessOverrunningTheEndFaults) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(6, 2, "s");
  const auto f = expect_fault([&] { static_cast<void>(read32(g, a + 4)); });
  EXPECT_EQ(f.kind(), FaultKind::OutOfBounds);
  EXPECT_EQ(f.detail(), "overruns the end of buffer 's' (6 bytes at 0x10000) by 2 bytes");
}

TEST(GlobalMemory, AccessBeforeTheStartNamesTheNextRegion) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(16, 4, "a");
  const std::uint64_t b = g.allocate(16, 4, "b");
  const auto f = expect_fault([&] { static_cast<void>(read32(g, b - 8)); });
  EXPECT_EQ(f.detail(), "8 bytes before the start of buffer 'b' (16 bytes at 0x10200)");
  const auto f2 = expect_fault([&] { static_cast<void>(read32(g, a + 20)); });
  EXPECT_EQ(f2.detail(), "4 bytes past the end of buffer 'a' (16 bytes at 0x10000)");
}

TEST(GlobalMemory, AccessInsideTheGuardGapFaults) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(16, 4, "a");
  static_cast<void>(g.allocate(16, 4, "b"));
  for (std::uint64_t off = 16; off < 16 + GlobalMemory::kGuardBytes; off += 4) {
    EXPECT_THROW(static_cast<void>(read32(g, a + off)), sem::MemoryFault) << off;
  }
}

TEST(GlobalMemory, NullPointerFault) {
  GlobalMemory g(0x10000);
  static_cast<void>(g.allocate(16, 4, "a"));
  const auto f = expect_fault([&] { static_cast<void>(read32(g, 8)); });
  EXPECT_EQ(f.kind(), FaultKind::Null);
  EXPECT_EQ(f.address(), 8U);
}

TEST(GlobalMemory, UnmappedWithoutRegionsOrAboveTheLimit) {
  GlobalMemory g(0x10000, 0x100000);
  const auto f = expect_fault([&] { static_cast<void>(read32(g, 0x20000)); });
  EXPECT_EQ(f.kind(), FaultKind::Unmapped);
  EXPECT_EQ(f.detail(), "no global buffer is allocated");
  static_cast<void>(g.allocate(16, 4, "a"));
  const auto f2 = expect_fault([&] { static_cast<void>(read32(g, 0x200000)); });
  EXPECT_EQ(f2.kind(), FaultKind::Unmapped);
}

TEST(GlobalMemory, FindReturnsTheContainingRegion) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(16, 4, "a");
  const std::uint64_t b = g.allocate(32, 4, "b");
  ASSERT_NE(g.find(a + 15), nullptr);
  EXPECT_EQ(g.find(a + 15)->name, "a");
  EXPECT_EQ(g.find(a + 12, 8), nullptr);
  EXPECT_EQ(g.find(b, 32)->name, "b");
  EXPECT_EQ(g.find(b + 32), nullptr);
  EXPECT_EQ(g.find(a - 1), nullptr);
}

TEST(GlobalMemory, CopiesSharePagesUntilWritten) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(8192, 4, "buf");
  write32(g, a, 1);
  write32(g, a + 4096, 2);
  GlobalMemory h = g;
  EXPECT_TRUE(h.shares_page(g, a));
  EXPECT_TRUE(h.shares_page(g, a + 4096));
  write32(h, a, 10);
  EXPECT_FALSE(h.shares_page(g, a));
  EXPECT_TRUE(h.shares_page(g, a + 4096));
  EXPECT_EQ(read32(g, a), 1U);
  EXPECT_EQ(read32(h, a), 10U);
  EXPECT_EQ(read32(h, a + 4096), 2U);
}

TEST(GlobalMemory, WriteToTheOriginalDoesNotLeakIntoTheCopy) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(64, 4, "buf");
  write32(g, a, 7);
  const GlobalMemory h = g;
  write32(g, a, 8);
  EXPECT_EQ(read32(h, a), 7U);
  EXPECT_EQ(read32(g, a), 8U);
}

TEST(GlobalMemory, CopiesHaveIndependentRegionTables) {
  GlobalMemory g(0x10000);
  static_cast<void>(g.allocate(64, 4, "a"));
  GlobalMemory h = g;
  static_cast<void>(h.allocate(64, 4, "b"));
  EXPECT_EQ(g.regions().size(), 1U);
  EXPECT_EQ(h.regions().size(), 2U);
}

TEST(GlobalMemory, HashIgnoresZeroPagesAndDetectsChanges) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(8192, 4, "buf");
  GlobalMemory h = g;
  const std::uint64_t empty = g.content_hash();
  write32(g, a + 4096, 0);  // materialises an all-zero page
  EXPECT_EQ(g.content_hash(), empty);
  EXPECT_TRUE(g.same_contents(h));
  write32(g, a, 5);
  EXPECT_NE(g.content_hash(), empty);
  EXPECT_FALSE(g.same_contents(h));
  write32(h, a, 5);
  EXPECT_EQ(g.content_hash(), h.content_hash());
  EXPECT_TRUE(g.same_contents(h));
  write32(g, a, 0);
  EXPECT_EQ(g.content_hash(), empty);
}

TEST(GlobalMemory, HashAppendFeedsPagesInAddressOrder) {
  GlobalMemory g(0x10000);
  const std::uint64_t a = g.allocate(3 * 4096, 4096, "buf");
  write32(g, a + 2 * 4096, 3);
  write32(g, a, 1);
  std::vector<std::uint64_t> page_numbers;
  std::size_t bytes = 0;
  g.hash_append([&](const void* p, std::size_t n) {
    if (n == 8) {
      std::uint64_t k = 0;
      std::memcpy(&k, p, 8);
      page_numbers.push_back(k);
    }
    bytes += n;
  });
  EXPECT_EQ(page_numbers, (std::vector<std::uint64_t>{a / 4096, a / 4096 + 2}));
  EXPECT_EQ(bytes, 2 * (8 + 4096U));
}

}  // namespace
}  // namespace lockstep::test
