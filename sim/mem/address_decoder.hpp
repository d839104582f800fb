// From a global address to where it lives: memory channel (chip), memory
// sub-partition, DRAM bank, row, column and burst offset, as GPGPU-Sim's
// addrdec.cc decodes it from the address mapping (AddressMapping,
// sim/config/address_mapping.hpp) and the partition indexing
// (PartitionIndex).
//
//   - Each field is the address bits the map gives it, packed low to high.
//   - With `dramid@START` and a power-of-two channel count, the channel is
//     the ceil(log2 channels) bits at START and the map's bits from START up
//     move above them. With another channel count, the channel is
//     (addr >> START) mod channels and the fields are decoded from the
//     address with ((addr >> START) / channels) in place of the bits from
//     START up (GPGPU-Sim's "gap" case).
//   - The sub-partition within the channel is the low log2(sub-partitions)
//     bank bits; partition indexing then permutes: consecutive (as decoded),
//     xor (the channel XOR the low bits of the address above the channel and
//     sub-partition bits), ipoly (IPOLY over channel x sub-partition, with
//     the channel count rounded up to a power of two and, for other counts,
//     the result taken modulo the sub-partitions), random (each 2^(START -
//     log2 sub-partitions)-byte chunk to a sub-partition chosen by a fixed
//     hash of the chunk number; GPGPU-Sim draws rand() at the chunk's first
//     access, which depends on the order of accesses — lockstep's choice
//     does not).
//   - partition_address() is the address without its channel and
//     sub-partition bits: the L2 slice indexes its sets with it.
//
// With a `D`-bit map (no START), the bits above the channel field used by
// xor and ipoly indexing start at the lowest D bit (GPGPU-Sim shifts by -1
// + ..., which is meaningless).
#pragma once

#include <array>
#include <cstdint>

#include "sim/config/memory_config.hpp"

namespace lockstep::sim {

/// extract_bits for one fixed mask, as the mask's runs of contiguous bits:
/// a few shifts and masks instead of a loop over every bit.
class BitGather {
 public:
  constexpr BitGather() = default;
  explicit constexpr BitGather(std::uint64_t mask) noexcept {
    std::uint32_t dst = 0;
    std::uint32_t bit = 0;
    while (bit < 64 && (mask >> bit) != 0) {
      if (((mask >> bit) & 1U) == 0) {
        ++bit;
        continue;
      }
      std::uint32_t len = 0;
      while (bit + len < 64 && ((mask >> (bit + len)) & 1U) != 0) ++len;
      runs_[count_++] = Run{bit, dst, len == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << len) - 1};
      dst += len;
      bit += len;
    }
  }
  [[nodiscard]] constexpr std::uint64_t operator()(std::uint64_t v) const noexcept {
    std::uint64_t out = 0;
    for (std::uint32_t i = 0; i < count_; ++i) out |= ((v >> runs_[i].src) & runs_[i].mask) << runs_[i].dst;
    return out;
  }

 private:
  struct Run {
    std::uint32_t src = 0;
    std::uint32_t dst = 0;
    std::uint64_t mask = 0;
  };
  std::array<Run, 32> runs_{};
  std::uint32_t count_ = 0;
};

/// The bits of `value` selected by `mask`, packed from bit 0 up (x86 PEXT).
[[nodiscard]] constexpr std::uint64_t extract_bits(std::uint64_t value, std::uint64_t mask) noexcept {
  std::uint64_t out = 0;
  std::uint32_t pos = 0;
  while (mask != 0) {
    const std::uint64_t low = mask & (~mask + 1);
    if ((value & low) != 0) out |= std::uint64_t{1} << pos;
    ++pos;
    mask &= mask - 1;
  }
  return out;
}

struct DecodedAddress {
  std::uint32_t chip = 0;           ///< memory channel (partition)
  std::uint32_t sub_partition = 0;  ///< global sub-partition: chip * per_channel + local
  std::uint32_t bank = 0;           ///< the map's bank bits (before the DRAM's bank indexing)
  std::uint32_t row = 0;
  std::uint32_t col = 0;    ///< column, including the burst bits
  std::uint32_t burst = 0;  ///< byte within the burst

  friend bool operator==(const DecodedAddress&, const DecodedAddress&) = default;
};

class AddressDecoder {
 public:
  explicit AddressDecoder(const MemoryConfig& memory);

  [[nodiscard]] DecodedAddress decode(std::uint64_t addr) const noexcept;
  /// The address with the channel and sub-partition bits taken out.
  [[nodiscard]] std::uint64_t partition_address(std::uint64_t addr) const noexcept;

  /// The masks of the address bits of each field after the channel bits are
  /// inserted (chip: the channel bits; zero in the non-power-of-two case).
  [[nodiscard]] std::uint64_t chip_mask() const noexcept { return mask_[kChip]; }
  [[nodiscard]] std::uint64_t bank_mask() const noexcept { return mask_[kBank]; }
  [[nodiscard]] std::uint64_t row_mask() const noexcept { return mask_[kRow]; }
  [[nodiscard]] std::uint64_t col_mask() const noexcept { return mask_[kCol]; }
  [[nodiscard]] std::uint64_t sub_partition_mask() const noexcept { return sub_partition_mask_; }

 private:
  enum Field : std::uint8_t { kChip, kBank, kRow, kCol, kBurst, kFields };

  std::array<std::uint64_t, kFields> mask_{};
  std::array<BitGather, kFields> gather_{};
  std::uint64_t sub_partition_mask_ = 0;
  std::uint32_t channels_;
  std::uint32_t per_channel_;
  std::uint32_t log2_channels_;
  std::uint32_t log2_per_channel_;
  std::uint32_t chip_start_;  ///< START, or the lowest D bit
  bool gap_;                  ///< channels not a power of two (with START)
  PartitionIndex indexing_;
};

}  // namespace lockstep::sim
