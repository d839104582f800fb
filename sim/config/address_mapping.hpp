// How a global address selects a memory channel (chip), a DRAM bank, a row,
// a column and a burst: GPGPU-Sim's `-gpgpu_mem_addr_mapping`,
//
//   [dramid@START;]MAP
//
// where MAP names the field of each of the 64 address bits, most significant
// first: D chip (channel), B bank, R row, C column, S burst offset (which is
// also part of the column), 0 unused; `.`, `|` and spaces separate groups
// and are ignored. With `dramid@START` the map has no D bits: the channel
// bits are inserted at bit START (shifting the bits at and above START up by
// ceil(log2(channels))), or, when the channel count is not a power of two,
// the channel is (address >> START) mod channels and the quotient takes the
// place of those bits (GPGPU-Sim's addrdec_tlx). Without a mapping string,
// GPGPU-Sim's `-gpgpu_mem_address_mask` presets apply (the import turns them
// into the same form).
#pragma once

#include <array>
#include <cstdint>

namespace lockstep::sim {

enum class AddrField : std::uint8_t {
  Unused,  ///< 0
  Chip,    ///< D: memory channel
  Bank,    ///< B
  Row,     ///< R
  Column,  ///< C
  Burst,   ///< S: byte within a burst; also a column bit
};

struct AddressMapping {
  /// The bit where the channel number is inserted (dramid@START), or -1 when
  /// the map names the channel bits itself (D).
  std::int32_t chip_start_bit = -1;
  /// bits[i] is the field of address bit i (bit 0 the least significant), as
  /// written in the map, before channel bits are inserted at chip_start_bit.
  std::array<AddrField, 64> bits{};

  /// How many map bits belong to `f`.
  [[nodiscard]] constexpr std::uint32_t count(AddrField f) const noexcept {
    std::uint32_t n = 0;
    for (AddrField b : bits) n += b == f ? 1U : 0U;
    return n;
  }

  friend bool operator==(const AddressMapping&, const AddressMapping&) = default;
};

}  // namespace lockstep::sim
