// The index functions that spread addresses over cache sets, DRAM banks and
// memory sub-partitions, as GPGPU-Sim defines them (its hashing.cc and
// gpu-cache.cc):
//
//   - IPOLY (Rau, ISCA 1991): the index is the address polynomial modulo an
//     irreducible polynomial over GF(2), x^4+x+1 for 16 targets, x^5+x^2+1
//     for 32 and x^6+x+1 for 64 — index bits XOR the parities of the higher
//     bits' residues. GPGPU-Sim's equations use the first 13, 15 and 19
//     higher bits respectively; lockstep derives the same equations from the
//     polynomials (the tests check them bit for bit);
//   - bitwise XOR: index XOR the low bits of the higher bits;
//   - the Fermi L1 hash of Nugteren et al. (HPCA 2014) for 32 or 64 sets.
#pragma once

#include <cstdint>

#include "sim/config/cache_config.hpp"

namespace lockstep::sim {

/// IPOLY of `index` (the low log2(n) bits) and `higher_bits` (the address
/// bits above them) for n = 16, 32 or 64 (std::invalid_argument otherwise).
[[nodiscard]] std::uint32_t ipoly_hash(std::uint64_t higher_bits, std::uint32_t index, std::uint32_t n);

/// index XOR (higher_bits mod n), n a power of two.
[[nodiscard]] constexpr std::uint32_t xor_hash(std::uint64_t higher_bits, std::uint32_t index,
                                               std::uint32_t n) noexcept {
  return index ^ static_cast<std::uint32_t>(higher_bits & (n - 1));
}

/// The set of `addr` in a cache of `sets` sets (a power of two) and lines of
/// 2^line_log2 bytes under the index function (GPGPU-Sim's
/// cache_config::hash_function).
[[nodiscard]] std::uint32_t cache_set_index(std::uint64_t addr, std::uint32_t sets, std::uint32_t line_log2,
                                            SetIndex fn);

/// log2 of a power of two.
[[nodiscard]] constexpr std::uint32_t log2_exact(std::uint64_t v) noexcept {
  std::uint32_t n = 0;
  while (v > 1) {
    v >>= 1;
    ++n;
  }
  return n;
}

}  // namespace lockstep::sim
