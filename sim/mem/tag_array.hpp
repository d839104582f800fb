// The tag array of a cache (GPGPU-Sim's tag_array with line_cache_block and
// sector_cache_block): which blocks the lines hold, the state of each line
// (or of each of a sector line's four 32-byte sectors), and the victim a
// miss replaces.
//
// A line of a normal cache is one "sector" (index 0) covering the line.
// probe() finds the block or the line to replace: a line holding the block
// answers by the state of the asked sector (RESERVED: HIT_RESERVED, VALID:
// HIT, MODIFIED: HIT if readable, else SECTOR_MISS; the line valid but the
// sector INVALID: SECTOR_MISS); otherwise, among the lines with no reserved
// sector, the last invalid one, else the least recently used (LRU) or
// earliest allocated (FIFO) one, the first such way on ties; every line
// reserved: RESERVATION_FAIL.
//
// With CACP (CAWA's cache prioritisation, cacp.hpp) a miss chooses its
// victim only within the partition the requester's signature is predicted
// for, by SRRIP; hits and evictions train CACP's predictors. The requester
// (the load's PC and whether its warp was critical) is set before each
// access by set_requester.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "sim/config/cache_config.hpp"
#include "sim/config/cawa_config.hpp"
#include "sim/mem/cacp.hpp"
#include "sim/mem/cache_stats.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

class AddressDecoder;

enum class LineState : std::uint8_t { Invalid, Reserved, Valid, Modified };

struct CacheLine {
  std::uint64_t block = 0;  ///< block address (the tag)
  std::array<LineState, 4> state{};
  std::array<bool, 4> readable{true, true, true, true};  ///< lazy-fetch-on-read: fully written
  std::array<bool, 4> modified_on_fill{};                ///< becomes MODIFIED when filled
  Cycle alloc_time = 0;                                  ///< FIFO order
  Cycle last_access = 0;                                 ///< LRU order

  [[nodiscard]] bool any(LineState s) const noexcept {
    return state[0] == s || state[1] == s || state[2] == s || state[3] == s;
  }
  [[nodiscard]] bool invalid() const noexcept {
    return state[0] == LineState::Invalid && state[1] == LineState::Invalid && state[2] == LineState::Invalid &&
           state[3] == LineState::Invalid;
  }
};

/// A dirty line a miss evicted.
struct Eviction {
  std::uint64_t block = 0;
  std::uint32_t modified_bytes = 0;
  std::uint8_t modified_sectors = 0;  ///< bit i: sector i was modified (all four for a normal line)
};

class TagArray {
 public:
  /// `cacp`: follow CAWA's cache prioritisation (an L1D of at least 2 ways).
  TagArray(const CacheConfig& config, const AddressDecoder* partition_index, const CawaConfig* cacp = nullptr);

  /// CACP: the accesses until the next call are a load at `pc` of a
  /// critical warp or not (nothing without CACP).
  void set_requester(std::uint32_t pc, bool critical) noexcept {
    if (cacp_) requester_ = Requester{cacp_->signature(pc), critical};
  }
  [[nodiscard]] const Cacp* cacp() const noexcept { return cacp_ ? &*cacp_ : nullptr; }

  struct Probe {
    CacheStatus status = CacheStatus::Miss;
    std::uint32_t index = 0;  ///< the line holding the block, or the victim
  };
  /// Looks `block` up for `sector` without changing anything.
  [[nodiscard]] Probe probe(std::uint64_t block, std::uint32_t sector) const noexcept;

  /// GPGPU-Sim's tag_array::access: probes, then on a hit stamps the line;
  /// on a MISS with allocation on miss takes the victim (reporting it if
  /// dirty) and reserves the sector; on a SECTOR_MISS reserves the sector.
  Probe access(std::uint64_t block, std::uint32_t sector, Cycle now, Eviction* evicted);

  /// Fills a sector of the line reserved for it (allocation on miss).
  void fill_line(std::uint32_t index, std::uint32_t sector) noexcept;
  /// Finds or allocates a line for the block and fills the sector
  /// (allocation on fill).
  void fill_block(std::uint64_t block, std::uint32_t sector, Cycle now) noexcept;

  [[nodiscard]] CacheLine& line(std::uint32_t index) noexcept { return lines_[index]; }
  [[nodiscard]] const CacheLine& line(std::uint32_t index) const noexcept { return lines_[index]; }
  [[nodiscard]] std::uint32_t set_of(std::uint64_t block) const noexcept;
  [[nodiscard]] std::uint32_t lines() const noexcept { return static_cast<std::uint32_t>(lines_.size()); }

 private:
  void allocate(CacheLine& l, std::uint64_t block, std::uint32_t sector, Cycle now) const noexcept;
  void allocate_sector(CacheLine& l, std::uint32_t sector, Cycle now) const noexcept;
  [[nodiscard]] Eviction dirty(const CacheLine& l) const noexcept;
  /// CACP: line `index` is about to take a block the requester missed.
  void cacp_replace(std::uint32_t index) noexcept;

  struct Requester {
    std::uint32_t signature = 0;
    bool critical = false;
  };

  std::vector<CacheLine> lines_;
  std::uint32_t sets_;
  std::uint32_t ways_;
  std::uint32_t line_bytes_;
  std::uint32_t line_log2_;
  bool sector_;
  bool fifo_;
  bool on_miss_;
  SetIndex index_fn_;
  const AddressDecoder* partition_index_;
  std::optional<Cacp> cacp_;
  Requester requester_;
};

}  // namespace lockstep::sim
