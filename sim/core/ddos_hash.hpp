// DDOS's hashing of a PC or an operand value into a history entry of
// `bits` bits (research 000-aware-bows-ddos-mp.md §3.4, §3.5):
//
//   xor     word[bits-1:0] ^ word[2*bits-1:bits] ^ ... over all 64 bits
//           (PCs are instruction indices, so their high chunks are 0)
//   modulo  word[bits-1:0], the low bits only
//
// With modulo hashing, loops whose induction variable steps by a power of
// two of at least 2^bits look constant (the thesis's false detections in
// Merge Sort and Heart Wall); xor folds the high bits in.
#pragma once

#include <cstdint>

#include "sim/config/spin_config.hpp"

namespace lockstep::sim {

[[nodiscard]] constexpr std::uint32_t ddos_hash(std::uint64_t word, std::uint32_t bits, DdosHash how) noexcept {
  const std::uint64_t mask = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  if (how == DdosHash::Modulo || bits >= 64) return static_cast<std::uint32_t>(word & mask);
  std::uint64_t h = 0;
  for (std::uint64_t w = word; w != 0; w >>= bits) h ^= w & mask;
  return static_cast<std::uint32_t>(h);
}

}  // namespace lockstep::sim
