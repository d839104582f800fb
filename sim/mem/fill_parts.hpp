// The fill of a cache line longer than one memory request.
//
// The memory system moves requests of at most one naturally aligned
// 128-byte block (mem_request.hpp). A cache whose lines are longer (the
// 256-byte lines of GPGPU-Sim's `4:256:4` instruction cache) fetches a
// missing line with fill_parts(line_bytes) requests of 128 bytes, one per
// consecutive block of the line, under one MSHR entry; the line is filled
// when the last reply comes (cache.hpp, mshr_table.hpp).
//
// Only read-only caches do so: a dirty line's writeback and a write miss's
// allocating read are not split. long_line_unsupported() says why a cache
// configuration cannot be simulated for this reason ("" when it can).
#pragma once

#include <cstdint>
#include <string>

#include "sim/config/cache_config.hpp"

namespace lockstep::sim {

/// The largest request the memory system moves.
inline constexpr std::uint32_t kRequestBytes = 128;

/// Requests that fetch a line of `line_bytes` (a power of two).
[[nodiscard]] constexpr std::uint32_t fill_parts(std::uint32_t line_bytes) noexcept {
  return line_bytes <= kRequestBytes ? 1U : line_bytes / kRequestBytes;
}

/// Why a cache with lines longer than a request cannot be simulated, or ""
/// (lines of 128 bytes or less, or a read-only cache whose miss queue holds
/// the requests of a line's fill).
[[nodiscard]] std::string long_line_unsupported(const CacheConfig& c);

}  // namespace lockstep::sim
