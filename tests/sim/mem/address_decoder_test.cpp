// AddressDecoder: decodings of the gtx480 map (6 channels: the channel is a
// remainder), the qv100 map (32 channels with IPOLY partition indexing) and
// the tiny map, computed by hand from the maps in models/gpus/.
#include "sim/mem/address_decoder.hpp"

#include <gtest/gtest.h>

#include "sim/config/load_gpu.hpp"

namespace lockstep::sim {
namespace {

MemoryConfig memory_of(const char* gpu) { return load_gpu(gpu).config.memory; }

// gtx480: dramid@8, "0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS", 6 channels of 2
// sub-partitions. 0x12345678: (addr >> 8) = 0x123456 = 6 x 0x308B9 + 0, so
// channel 0 and the fields come from 0x308B9 << 8 | 0x78 = 0x308B978:
// bank bits 8, 13, 14, 15 = 1, 1, 0, 1 -> 0b1011; column bits 0-7 = 0x78 and
// bits 9-12 = 0, 0, 1, 1 -> 0xC78; row bits 16-27 = 0x308; burst 0x38; the
// sub-partition 0 x 2 + (bank & 1) = 1.
TEST(AddressDecoder, Gtx480NonPowerOfTwoChannels) {
  const AddressDecoder d(memory_of("gtx480"));
  EXPECT_EQ(d.decode(0x12345678), (DecodedAddress{0, 1, 0xB, 0x308, 0xC78, 0x38}));
  // 0x1F00: 0x1F = 6 x 5 + 1: channel 1, fields from 0x500: bank bit 8 = 1,
  // column bit 10 -> column bit 9.
  EXPECT_EQ(d.decode(0x1F00), (DecodedAddress{1, 3, 1, 0, 0x200, 0}));
  // Consecutive 256-byte chunks go round the channels.
  for (std::uint64_t k = 0; k < 12; ++k) EXPECT_EQ(d.decode(k * 256).chip, k % 6) << k;
  EXPECT_EQ(d.decode(0x100).sub_partition, 2U);
  // The L2 set index sees 0x308B978 without bank bit 8 (the sub-partition):
  // (0x308B978 >> 9) << 8 | 0x78.
  EXPECT_EQ(d.partition_address(0x12345678), 0x1845C78U);
  EXPECT_EQ(d.sub_partition_mask(), 0x100U);
}

// qv100: dramid@8, "0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS", 32 channels (five
// channel bits 8-12, the map's bits from 8 up move up by 5), 2
// sub-partitions each, IPOLY over 64. 0x12345678: channel bits = 0x16 = 22,
// bank bits 13, 17, 18, 19 = 0, 0, 1, 0 -> 4; sub-partition before hashing
// 22 x 2 + 0 = 44; the bits above (addr >> 14) = 0x48D1 give through
// IPOLY(67) 0b001010 = 10: channel 5.
TEST(AddressDecoder, Qv100Ipoly) {
  const AddressDecoder d(memory_of("qv100"));
  EXPECT_EQ(d.decode(0x12345678), (DecodedAddress{5, 10, 4, 0x123, 0x178, 0x18}));
  // 0x1F00: channel bits 31, nothing above: IPOLY leaves 62.
  EXPECT_EQ(d.decode(0x1F00), (DecodedAddress{31, 62, 0, 0, 0, 0}));
  EXPECT_EQ(d.chip_mask(), 0x1F00U);
  EXPECT_EQ(d.sub_partition_mask(), std::uint64_t{1} << 13);
  // Bank bits 8, 12, 13, 14 of the map moved to 13, 17, 18, 19.
  EXPECT_EQ(d.bank_mask(), (std::uint64_t{1} << 13) | (std::uint64_t{7} << 17));
}

// tiny: dramid@8, "...RRRRRRRR.RRBBBCCC.CCCSSSSS", 2 channels (bit 8).
TEST(AddressDecoder, TinyInterleavesEvery256Bytes) {
  const AddressDecoder d(memory_of("tiny"));
  EXPECT_EQ(d.decode(0x0FF).chip, 0U);
  EXPECT_EQ(d.decode(0x100).chip, 1U);
  EXPECT_EQ(d.decode(0x200).chip, 0U);
  // 0x12345678: bit 8 = 0; without it 0x91A2B78 -> bank bits 11-13 of the map
  // (address bits 12-14) = 5, column 0x378, row 0x68 (address bits 16-23
  // and 24... of the map's ten row bits).
  const DecodedAddress x = d.decode(0x12345678);
  EXPECT_EQ(x.chip, 0U);
  EXPECT_EQ(x.bank, 5U);
  EXPECT_EQ(x.col, 0x378U);
  EXPECT_EQ(x.row, 0x68U);
  EXPECT_EQ(x.burst, 0x18U);
}

TEST(AddressDecoder, ExtractBits) {
  EXPECT_EQ(extract_bits(0b1011'0110, 0b1111'0000), 0b1011U);
  EXPECT_EQ(extract_bits(0b1011'0110, 0b1010'1010), 0b1101U);  // bits 1, 3, 5, 7 = 1, 0, 1, 1
  EXPECT_EQ(extract_bits(~std::uint64_t{0}, std::uint64_t{1} << 63), 1U);
}

}  // namespace
}  // namespace lockstep::sim
