#include "sim/mem/address_decoder.hpp"

#include "sim/mem/index_hash.hpp"

namespace lockstep::sim {
namespace {

std::uint32_t floor_log2(std::uint32_t v) {
  std::uint32_t n = 0;
  while (v > 1) {
    v >>= 1;
    ++n;
  }
  return n;
}

std::uint32_t next_power_of_two(std::uint32_t v) {
  std::uint32_t p = 1;
  while (p < v) p <<= 1;
  return p;
}

/// Moves the mask's bits at and above `start` up by `n`.
std::uint64_t insert_gap(std::uint64_t mask, std::uint32_t start, std::uint32_t n) {
  const std::uint64_t low = start >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << start) - 1;
  return ((mask & ~low) << n) | (mask & low);
}

/// A fixed 64-bit mix (splitmix64's finaliser).
std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace

AddressDecoder::AddressDecoder(const MemoryConfig& memory)
    : channels_(memory.channels),
      per_channel_(memory.sub_partitions_per_channel),
      log2_channels_(floor_log2(memory.channels)),
      log2_per_channel_(floor_log2(memory.sub_partitions_per_channel)),
      chip_start_(0),
      gap_(false),
      indexing_(memory.partition_index) {
  const AddressMapping& map = memory.address_mapping;
  for (std::uint32_t i = 0; i < 64; ++i) {
    const std::uint64_t bit = std::uint64_t{1} << i;
    switch (map.bits[i]) {
      case AddrField::Unused: break;
      case AddrField::Chip: mask_[kChip] |= bit; break;
      case AddrField::Bank: mask_[kBank] |= bit; break;
      case AddrField::Row: mask_[kRow] |= bit; break;
      case AddrField::Column: mask_[kCol] |= bit; break;
      case AddrField::Burst:
        mask_[kBurst] |= bit;
        mask_[kCol] |= bit;
        break;
    }
  }
  if (map.chip_start_bit >= 0) {
    chip_start_ = static_cast<std::uint32_t>(map.chip_start_bit);
    gap_ = (channels_ & (channels_ - 1)) != 0;
    if (!gap_) {
      for (Field f : {kBank, kRow, kCol, kBurst}) mask_[f] = insert_gap(mask_[f], chip_start_, log2_channels_);
      for (std::uint32_t i = 0; i < log2_channels_; ++i) mask_[kChip] |= std::uint64_t{1} << (chip_start_ + i);
    }
  } else if (mask_[kChip] != 0) {
    chip_start_ = static_cast<std::uint32_t>(__builtin_ctzll(mask_[kChip]));
  }
  for (std::size_t f = 0; f < kFields; ++f) gather_[f] = BitGather(mask_[f]);
  // The sub-partition bits: the lowest log2(per_channel) bank bits.
  std::uint64_t bank = mask_[kBank];
  for (std::uint32_t n = 0; n < log2_per_channel_ && bank != 0; ++n) {
    const std::uint64_t low = bank & (~bank + 1);
    sub_partition_mask_ |= low;
    bank &= bank - 1;
  }
}

DecodedAddress AddressDecoder::decode(std::uint64_t addr) const noexcept {
  DecodedAddress d;
  std::uint64_t fields_from = addr;
  std::uint64_t high_bits = 0;
  if (!gap_) {
    d.chip = static_cast<std::uint32_t>(gather_[kChip](addr));
    const std::uint32_t shift = chip_start_ + log2_channels_ + log2_per_channel_;
    high_bits = shift >= 64 ? 0 : addr >> shift;
  } else {
    const std::uint64_t above = addr >> chip_start_;
    d.chip = static_cast<std::uint32_t>(above % channels_);
    high_bits = above / channels_;
    fields_from = (high_bits << chip_start_) | (addr & ((std::uint64_t{1} << chip_start_) - 1));
  }
  d.bank = static_cast<std::uint32_t>(gather_[kBank](fields_from));
  d.row = static_cast<std::uint32_t>(gather_[kRow](fields_from));
  d.col = static_cast<std::uint32_t>(gather_[kCol](fields_from));
  d.burst = static_cast<std::uint32_t>(gather_[kBurst](fields_from));

  const std::uint32_t local = d.bank & (per_channel_ - 1);
  switch (indexing_) {
    case PartitionIndex::Consecutive: break;
    case PartitionIndex::Xor: d.chip = xor_hash(high_bits, d.chip, channels_); break;
    case PartitionIndex::Ipoly: {
      std::uint32_t sp = d.chip * per_channel_ + local;
      sp = ipoly_hash(high_bits, sp, next_power_of_two(channels_) * per_channel_);
      if (gap_) sp %= channels_ * per_channel_;
      d.chip = sp / per_channel_;
      d.sub_partition = sp;
      return d;
    }
    case PartitionIndex::Random: {
      const std::uint32_t shift = chip_start_ >= log2_per_channel_ ? chip_start_ - log2_per_channel_ : 0;
      const auto sp = static_cast<std::uint32_t>(mix(addr >> shift) % (channels_ * per_channel_));
      d.chip = sp / per_channel_;
      d.sub_partition = sp;
      return d;
    }
  }
  d.sub_partition = d.chip * per_channel_ + local;
  return d;
}

namespace {

/// `v` with the bits of `removed` taken out (the bits above each close up).
std::uint64_t remove_bits(std::uint64_t v, std::uint64_t removed) noexcept {
  // From the highest removed bit down, so that lower positions stay valid.
  while (removed != 0) {
    const auto p = static_cast<std::uint32_t>(63 - __builtin_clzll(removed));
    const std::uint64_t low = (std::uint64_t{1} << p) - 1;
    v = (v & low) | (p == 63 ? 0 : (v >> (p + 1)) << p);
    removed &= ~(std::uint64_t{1} << p);
  }
  return v;
}

}  // namespace

std::uint64_t AddressDecoder::partition_address(std::uint64_t addr) const noexcept {
  if (!gap_) return remove_bits(addr, mask_[kChip] | sub_partition_mask_);
  const std::uint64_t above = addr >> chip_start_;
  const std::uint64_t rest = ((above / channels_) << chip_start_) | (addr & ((std::uint64_t{1} << chip_start_) - 1));
  return remove_bits(rest, sub_partition_mask_);
}

}  // namespace lockstep::sim
