// Index hashes: IPOLY derived from its polynomial equals the equations
// GPGPU-Sim lists for 16, 32 and 64 targets (hashing.cc), bit for bit; the
// Fermi hash; linear and XOR indexing.
#include "sim/mem/index_hash.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace lockstep::sim {
namespace {

// For each output bit, the higher-address bits XORed into it (the index
// bit of the same position is XORed too): GPGPU-Sim's equations.
const std::vector<std::vector<int>> kIpoly16 = {
    {11, 10, 9, 8, 6, 4, 3, 0}, {12, 8, 7, 6, 5, 3, 1, 0}, {9, 8, 7, 6, 4, 2, 1}, {10, 9, 8, 7, 5, 3, 2}};
const std::vector<std::vector<int>> kIpoly32 = {{13, 12, 11, 10, 9, 6, 5, 3, 0},
                                                {14, 13, 12, 11, 10, 7, 6, 4, 1},
                                                {14, 10, 9, 8, 7, 6, 3, 2, 0},
                                                {11, 10, 9, 8, 7, 4, 3, 1},
                                                {12, 11, 10, 9, 8, 5, 4, 2}};
const std::vector<std::vector<int>> kIpoly64 = {
    {18, 17, 16, 15, 12, 10, 6, 5, 0}, {15, 13, 12, 11, 10, 7, 5, 1, 0}, {16, 14, 13, 12, 11, 8, 6, 2, 1},
    {17, 15, 14, 13, 12, 9, 7, 3, 2},  {18, 16, 15, 14, 13, 10, 8, 4, 3}, {17, 16, 15, 14, 11, 9, 5, 4}};

std::uint32_t by_equations(const std::vector<std::vector<int>>& eq, std::uint64_t a, std::uint32_t b) {
  std::uint32_t out = 0;
  for (std::size_t k = 0; k < eq.size(); ++k) {
    std::uint32_t v = (b >> k) & 1U;
    for (int j : eq[k]) v ^= static_cast<std::uint32_t>((a >> j) & 1U);
    out |= v << k;
  }
  return out;
}

TEST(IndexHash, IpolyMatchesGpgpuSimsEquations) {
  std::uint64_t x = 0x243F6A8885A308D3ULL;  // a fixed pseudo-random walk
  for (int i = 0; i < 2000; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const std::uint64_t higher = x >> 20;
    const auto index = static_cast<std::uint32_t>(x & 0x3F);
    EXPECT_EQ(ipoly_hash(higher, index & 15, 16), by_equations(kIpoly16, higher, index & 15));
    EXPECT_EQ(ipoly_hash(higher, index & 31, 32), by_equations(kIpoly32, higher, index & 31));
    EXPECT_EQ(ipoly_hash(higher, index, 64), by_equations(kIpoly64, higher, index));
  }
  EXPECT_THROW((void)ipoly_hash(1, 1, 8), std::invalid_argument);
}

TEST(IndexHash, IpolySpreadsPowerOfTwoStrides) {
  // Conflict-free for 2^n strides: 64 consecutive multiples of a power of
  // two land on 64 different targets.
  for (std::uint32_t shift : {0U, 3U, 7U}) {
    std::vector<bool> seen(64, false);
    for (std::uint64_t k = 0; k < 64; ++k) {
      const std::uint64_t line = k << shift;
      seen[ipoly_hash(line >> 6, static_cast<std::uint32_t>(line & 63), 64)] = true;
    }
    for (bool s : seen) EXPECT_TRUE(s) << shift;
  }
}

TEST(IndexHash, SetIndexFunctions) {
  EXPECT_EQ(cache_set_index(0x1380, 32, 7, SetIndex::Linear), 0x27U & 31);
  // Fermi hash, 32 sets of 128-byte lines: line bits 7-11 XOR bits 13, 14,
  // 15, 17, 19. 0x2A080: line bits = 1; bits 13, 14, 15, 17, 19 = 1, 0, 1,
  // 1, 0 -> 1 ^ 0b01101.
  EXPECT_EQ(cache_set_index(0x2A080, 32, 7, SetIndex::FermiHash), 1U ^ 0b01101U);
  // With 64 sets, bit 12 becomes the sixth bit.
  EXPECT_EQ(cache_set_index(0x1000, 64, 7, SetIndex::FermiHash), 32U);
  EXPECT_EQ(xor_hash(0b1101, 0b0110, 8), 0b0011U);
}

}  // namespace
}  // namespace lockstep::sim
