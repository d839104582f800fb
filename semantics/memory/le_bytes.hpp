// Little-endian packing of values into memory bytes (PTX memory is
// little-endian; this keeps the byte order independent of the host).
#pragma once

#include <cstdint>

namespace lockstep::sem {

/// The little-endian value of bytes b[0..n) (n <= 8).
[[nodiscard]] inline std::uint64_t le_load(const std::uint8_t* b, unsigned n) noexcept {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < n && i < 8; ++i) v |= std::uint64_t{b[i]} << (8 * i);
  return v;
}

/// Writes the low n bytes of v to b[0..n) (n <= 8), little-endian.
inline void le_store(std::uint8_t* b, unsigned n, std::uint64_t v) noexcept {
  for (unsigned i = 0; i < n && i < 8; ++i) b[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

}  // namespace lockstep::sem
