// The statistics a cache owns, as GPGPU-Sim's cache_stats keeps them: one
// counter per (access type, outcome) and per (access type, reservation
// failure reason), and the cycles its data and fill ports were busy.
//
// GPGPU-Sim's summaries derive from them (cache_sub_stats): accesses = HIT +
// HIT_RESERVED + MISS + SECTOR_MISS (a reservation failure is not an access:
// the request retries), misses = MISS + SECTOR_MISS, pending hits =
// HIT_RESERVED, reservation fails = RESERVATION_FAIL. report() writes them
// under a prefix ("L2" gives L2_total_cache_accesses, ...,
// L2_cache_stats_breakdown[GLOBAL_ACC_R][HIT], ...,
// L2_cache_stats_fail_breakdown[GLOBAL_ACC_R][MISS_QUEUE_FULL], ...,
// L2_cache_data_port_util, L2_cache_fill_port_util).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sim/mem/mem_request.hpp"
#include "sim/mem/stat_visitor.hpp"

namespace lockstep::sim {

/// How an access went (GPGPU-Sim's cache_request_status, in its order).
enum class CacheStatus : std::uint8_t {
  Hit,              ///< HIT: the data was there
  HitReserved,      ///< HIT_RESERVED ("pending hit"): the line is on its way; merged into its MSHR entry
  Miss,             ///< MISS: not there; a request went (or merged) to the next level
  ReservationFail,  ///< RESERVATION_FAIL: no resource this cycle; the access must be retried
  SectorMiss,       ///< SECTOR_MISS: the line is there but not this 32-byte sector
};
inline constexpr std::size_t kCacheStatuses = 5;

[[nodiscard]] constexpr std::string_view cache_status_name(CacheStatus s) noexcept {
  constexpr std::array<std::string_view, kCacheStatuses> names{"HIT", "HIT_RESERVED", "MISS", "RESERVATION_FAIL",
                                                               "SECTOR_MISS"};
  return names[static_cast<std::size_t>(s)];
}

/// Why an access could not be accepted (GPGPU-Sim's
/// cache_reservation_fail_reason, in its order, with its printed names).
enum class FailReason : std::uint8_t {
  LineAllocFail,       ///< LINE_ALLOC_FAIL: every line of the set is reserved for a pending miss
  MissQueueFull,       ///< MISS_QUEUE_FULL: no room in the queue towards the next level
  MshrEntryFail,       ///< MSHR_ENRTY_FAIL (sic): no free MSHR entry for a new line
  MshrMergeEntryFail,  ///< MSHR_MERGE_ENRTY_FAIL (sic): the line's MSHR entry has merged its limit
  MshrRwPending,       ///< MSHR_RW_PENDING: fetch-on-write: a read waits behind a pending write
};
inline constexpr std::size_t kFailReasons = 5;

[[nodiscard]] constexpr std::string_view fail_reason_name(FailReason f) noexcept {
  constexpr std::array<std::string_view, kFailReasons> names{"LINE_ALLOC_FAIL", "MISS_QUEUE_FULL", "MSHR_ENRTY_FAIL",
                                                             "MSHR_MERGE_ENRTY_FAIL", "MSHR_RW_PENDING"};
  return names[static_cast<std::size_t>(f)];
}

class CacheStats {
 public:
  void count(AccessType t, CacheStatus s) noexcept { ++outcomes_[idx(t)][static_cast<std::size_t>(s)]; }
  void count_fail(AccessType t, FailReason f) noexcept { ++fails_[idx(t)][static_cast<std::size_t>(f)]; }
  /// One cycle of the cache, with whether each port was busy in it.
  void sample_ports(bool data_busy, bool fill_busy) noexcept {
    ++port_cycles_;
    data_busy_cycles_ += data_busy ? 1 : 0;
    fill_busy_cycles_ += fill_busy ? 1 : 0;
  }
  /// `n` cycles at once (a jump over idle cycles), of which the first
  /// `data_busy` and `fill_busy` had the port busy.
  void sample_ports(std::uint64_t n, std::uint64_t data_busy, std::uint64_t fill_busy) noexcept {
    port_cycles_ += n;
    data_busy_cycles_ += data_busy;
    fill_busy_cycles_ += fill_busy;
  }

  [[nodiscard]] std::uint64_t get(AccessType t, CacheStatus s) const noexcept {
    return outcomes_[idx(t)][static_cast<std::size_t>(s)];
  }
  [[nodiscard]] std::uint64_t get_fail(AccessType t, FailReason f) const noexcept {
    return fails_[idx(t)][static_cast<std::size_t>(f)];
  }
  /// Summed over access types.
  [[nodiscard]] std::uint64_t total(CacheStatus s) const noexcept {
    std::uint64_t n = 0;
    for (const auto& row : outcomes_) n += row[static_cast<std::size_t>(s)];
    return n;
  }
  [[nodiscard]] std::uint64_t total_fail(FailReason f) const noexcept {
    std::uint64_t n = 0;
    for (const auto& row : fails_) n += row[static_cast<std::size_t>(f)];
    return n;
  }
  /// GPGPU-Sim's summaries (cache_sub_stats).
  [[nodiscard]] std::uint64_t accesses() const noexcept {
    return total(CacheStatus::Hit) + total(CacheStatus::HitReserved) + total(CacheStatus::Miss) +
           total(CacheStatus::SectorMiss);
  }
  [[nodiscard]] std::uint64_t misses() const noexcept {
    return total(CacheStatus::Miss) + total(CacheStatus::SectorMiss);
  }
  [[nodiscard]] std::uint64_t pending_hits() const noexcept { return total(CacheStatus::HitReserved); }
  [[nodiscard]] std::uint64_t reservation_fails() const noexcept { return total(CacheStatus::ReservationFail); }
  [[nodiscard]] std::uint64_t port_cycles() const noexcept { return port_cycles_; }
  [[nodiscard]] std::uint64_t data_port_busy_cycles() const noexcept { return data_busy_cycles_; }
  [[nodiscard]] std::uint64_t fill_port_busy_cycles() const noexcept { return fill_busy_cycles_; }

  CacheStats& operator+=(const CacheStats& o) noexcept {
    for (std::size_t t = 0; t < kAccessTypes; ++t) {
      for (std::size_t s = 0; s < kCacheStatuses; ++s) outcomes_[t][s] += o.outcomes_[t][s];
      for (std::size_t f = 0; f < kFailReasons; ++f) fails_[t][f] += o.fails_[t][f];
    }
    port_cycles_ += o.port_cycles_;
    data_busy_cycles_ += o.data_busy_cycles_;
    fill_busy_cycles_ += o.fill_busy_cycles_;
    return *this;
  }

  /// GPGPU-Sim's totals and breakdowns under `prefix` (e.g. "L2", "L1D"):
  /// PREFIX_total_cache_accesses, _misses, _miss_rate, _pending_hits,
  /// _reservation_fails; PREFIX_cache_stats_breakdown[TYPE][STATUS] for
  /// every type and status (GPGPU-Sim prints them all, zeros included);
  /// PREFIX_cache_stats_fail_breakdown[TYPE][REASON] for the non-zero
  /// ones (as GPGPU-Sim prints them); PREFIX_cache_data_port_util and
  /// PREFIX_cache_fill_port_util.
  void report(StatVisitor& v, std::string_view prefix) const;

  friend bool operator==(const CacheStats&, const CacheStats&) = default;

 private:
  static constexpr std::size_t idx(AccessType t) noexcept { return static_cast<std::size_t>(t); }

  std::array<std::array<std::uint64_t, kCacheStatuses>, kAccessTypes> outcomes_{};
  std::array<std::array<std::uint64_t, kFailReasons>, kAccessTypes> fails_{};
  std::uint64_t port_cycles_ = 0;
  std::uint64_t data_busy_cycles_ = 0;
  std::uint64_t fill_busy_cycles_ = 0;
};

}  // namespace lockstep::sim
