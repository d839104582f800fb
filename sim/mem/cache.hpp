// One cache of the modelled GPU, as GPGPU-Sim's tag array, MSHR table and
// miss queue make one (gpu-cache.cc): the per-SM L1D, L1I and L1C, and the
// L2 slice of each memory sub-partition, all configured by a CacheConfig
// (sim/config/cache_config.hpp).
//
// What it models
//   - a tag array of `sets` x `ways` lines of `line_bytes`, the set chosen by
//     the configured index function (linear, Fermi hash, IPOLY; an L2 slice
//     indexes the address with its channel and sub-partition bits removed);
//     sector caches keep four 32-byte sectors per 128-byte line, each with
//     its own state;
//   - replacement LRU or FIFO among the lines not reserved for a pending
//     miss (an invalid line first), as GPGPU-Sim chooses;
//   - allocation of a line when the miss is sent (on_miss; may fail with
//     LINE_ALLOC_FAIL when every line of the set is reserved) or when the
//     data arrives (on_fill, streaming);
//   - write policies read_only, write_back, write_through, write_evict and
//     local_wb_global_wt, and write-miss policies no_write_allocate,
//     write_allocate, fetch_on_write and lazy_fetch_on_read, each doing what
//     GPGPU-Sim's corresponding function does (docs/sim.md, "Caches");
//   - MSHRs: `mshr_entries` lines with misses outstanding, each merging up
//     to `mshr_max_merge` requests (streaming: as many entries as 4 x the
//     lines, x4 for sectors, and 64 merges, as GPGPU-Sim sizes them);
//   - the miss queue of `miss_queue` requests towards the next level
//     (misses, write-throughs, evicted dirty lines, write-allocate reads);
//   - lines longer than the memory system's 128-byte request (read-only
//     caches only, fill_parts.hpp): a miss makes one MSHR entry and queues
//     line_bytes / 128 requests for the line's consecutive 128-byte blocks,
//     with ids of the cache's own (made_ids, ...); merged misses wait on the
//     entry, and the line is filled, and its fill port used, when the last
//     reply comes;
//   - the data and fill ports: a hit occupies the data port
//     ceil(bytes / port_bytes) cycles, a dirty eviction modified_bytes /
//     port_bytes, a fill the fill port atom / port_bytes cycles.
//
// How it is used (one call per event; the owner moves requests):
//
//   CacheAccess a = cache.access(request, now);   // HIT, MISS or RESERVATION_FAIL
//   while (cache.has_outgoing() && next_level_accepts(cache.outgoing()))
//     { send(cache.outgoing()); cache.pop_outgoing(); }   // GPGPU-Sim: one per cycle
//   if (cache.waiting_for_fill(reply)) cache.fill(reply, now);
//   while (cache.access_ready()) deliver(cache.next_access());
//   cache.cycle();                                  // once per cycle of the cache's clock
//
// A MISS leaves the request in the MSHRs: it comes back out of
// next_access() once the line is filled, unchanged but for the time stamps
// it lacked (at_l2, at_dram, replied, returned), which it takes from the
// fill (the reply to it is the owner's to make). A HIT of a write-through or write-evict write, a
// write miss that does not allocate, and a write-allocate miss queue the
// write itself (same id) as outgoing; the owner is answered by the next
// level. Requests the cache makes (evicted dirty lines, write-allocate
// reads) get ids made_ids, made_ids + 1, ...
//
// Not supported: texture FIFO caches (MshrKind tex_fifo, sector_tex_fifo):
// the constructor rejects them. MshrKind sector_assoc behaves as assoc: the
// memory system delivers one reply per request, however many sectors the
// L2 split it into, so an L1 line is filled once (GPGPU-Sim counts the four
// sector replies of a 128-byte line; the last one fills it, at the same
// time).
//
// Preconditions (std::logic_error otherwise): an access lies in one line
// and, for a sector cache, in one 32-byte sector; a read-only cache takes no
// writes.
#pragma once

#include <cstdint>
#include <memory>

#include "sim/config/cache_config.hpp"
#include "sim/config/cawa_config.hpp"
#include "sim/mem/cache_stats.hpp"
#include "sim/mem/mem_request.hpp"

namespace lockstep::sim {

class AddressDecoder;

/// Which level a cache is: decides the access types of the requests it
/// makes (L1_WR_ALLOC_R / L1_WRBK_ACC or L2_WR_ALLOC_R / L2_WRBK_ACC).
enum class CacheLevel : std::uint8_t { L1, L2 };

/// What access() did.
struct CacheAccess {
  /// The answer: Hit (the data is here), Miss (a request went to the next
  /// level or the access merged into a pending one; the request waits in
  /// the MSHRs, or, for a write that does not wait, is done) or
  /// ReservationFail (nothing changed but statistics; retry later).
  CacheStatus status = CacheStatus::Hit;
  /// What the statistics counted for it: as `status`, or HitReserved (a
  /// miss merged into a line already on its way) or SectorMiss (the line
  /// was there without this sector).
  CacheStatus counted = CacheStatus::Hit;
  FailReason fail = FailReason::LineAllocFail;  ///< why, when status is ReservationFail
  bool merged = false;               ///< Miss: joined an existing MSHR entry
  bool read_sent = false;            ///< a read of the line (or sector) was queued
  bool write_sent = false;           ///< the write itself was queued for the next level
  bool writeback_sent = false;       ///< an evicted dirty line was queued
  bool write_allocate_sent = false;  ///< a write miss queued a read to allocate its line
};

class Cache {
 public:
  /// `made_ids`: the first id of the requests this cache makes (give each
  /// cache its own range, bit 63 set). `partition_index`: for an L2 slice,
  /// the address decoder whose partition_address() feeds the set index (as
  /// GPGPU-Sim's L2); nullptr for an L1. std::invalid_argument for a
  /// disabled or texture-FIFO cache, or for lines longer than 128 bytes
  /// that long_line_unsupported() refuses.
  /// `cacp`: an L1D that follows CAWA's cache prioritisation (cacp.hpp).
  Cache(const CacheConfig& config, CacheLevel level, std::uint64_t made_ids,
        const AddressDecoder* partition_index = nullptr, const CawaConfig* cacp = nullptr);
  ~Cache();
  Cache(Cache&&) noexcept;
  Cache& operator=(Cache&&) noexcept;
  Cache(const Cache&) = delete;
  Cache& operator=(const Cache&) = delete;

  /// Looks the request up and acts as the configured policies say; `now`
  /// stamps the line (LRU, FIFO).
  CacheAccess access(const MemRequest& request, Cycle now);

  /// Requests waiting to go to the next level, oldest first.
  [[nodiscard]] bool has_outgoing() const noexcept;
  [[nodiscard]] const MemRequest& outgoing() const;
  void pop_outgoing();

  /// Whether `reply` is the data of a line this cache is waiting for (a
  /// reply to one of its misses, or to one part of a long line's fill,
  /// matched by id and line).
  [[nodiscard]] bool waiting_for_fill(const MemRequest& reply) const noexcept;
  /// Fills the line (a long line: takes one part, and fills the line with
  /// the last); the requests that waited for it become ready.
  void fill(const MemRequest& reply, Cycle now);
  /// Requests whose line has been filled, in fill order and, per line, in
  /// arrival order.
  [[nodiscard]] bool access_ready() const noexcept;
  MemRequest next_access();

  /// Whether the data port can take an access this cycle (an L2 slice asks
  /// before each access), and the fill port a fill.
  [[nodiscard]] bool data_port_free() const noexcept;
  [[nodiscard]] bool fill_port_free() const noexcept;

  /// The end of one cycle of the cache's clock: the ports' occupancy goes
  /// down by a cycle and their utilisation is sampled.
  void cycle() noexcept;
  /// `n` cycles in which nothing is accessed or filled, at once.
  void skip_cycles(std::uint64_t n) noexcept;

  /// Nothing pending: no MSHR entry, no outgoing or ready request.
  [[nodiscard]] bool idle() const noexcept;
  /// Requests in the miss queue.
  [[nodiscard]] std::uint32_t outgoing_size() const noexcept;

  [[nodiscard]] const CacheStats& stats() const noexcept;
  [[nodiscard]] const CacheConfig& config() const noexcept;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace lockstep::sim
