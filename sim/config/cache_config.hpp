// One cache of the modelled GPU: geometry, policies and miss handling.
//
// The same structure describes every cache: the per-SM L1 instruction cache
// (L1I), data cache (L1D), constant cache (L1C) and texture cache (L1T), and
// the L2 slice of each memory sub-partition. It is what GPGPU-Sim's cache
// option strings say (`-gpgpu_cache:il1`, `-gpgpu_cache:dl1`,
// `-gpgpu_const_cache:l1`, `-gpgpu_tex_cache:l1`, `-gpgpu_cache:dl2`):
//
//   [T:]SETS:LINE:WAYS,REP:WR:ALLOC:WR_ALLOC[:INDEX],MSHR:ENTRIES:MERGE,MQ[:FIFO][,PORT]
//
// (the leading N/S cache kind since GPGPU-Sim 4.0, the set-index letter since
// 3.2.2; see sim/config/option_strings.hpp for the accepted variants). The
// letters are the enumerators' documented codes below.
//
// Sizes are in bytes, counts in entries. A cache holds
// sets * line_bytes * ways bytes; bytes() is that product.
#pragma once

#include <cstdint>

namespace lockstep::sim {

/// N / S: whole-line cache, or sector cache (lines of 4 sectors of 32 bytes
/// that are filled and tracked separately; line_bytes must be 128).
enum class CacheKind : std::uint8_t { Normal, Sector };

/// L / F: which line of a set a miss replaces.
enum class Replacement : std::uint8_t { Lru, Fifo };

/// R / B / T / E / L: what a write does on a hit.
enum class WritePolicy : std::uint8_t {
  ReadOnly,          ///< R: writes are not allowed (instruction, constant, texture caches)
  WriteBack,         ///< B: dirty lines are written to the next level on eviction
  WriteThrough,      ///< T: every write goes to the next level too
  WriteEvict,        ///< E: a write invalidates the line and goes to the next level
  LocalWbGlobalWt,   ///< L: write-back for local memory, write-through for global memory
};

/// m / f / s: when a missing line is allocated.
enum class AllocPolicy : std::uint8_t {
  OnMiss,     ///< m: a line is reserved when the miss is sent (can fail: "line alloc fail")
  OnFill,     ///< f: a line is chosen when the data returns
  Streaming,  ///< s: on fill, with as many MSHR entries as lines (GPGPU-Sim's Volta L1:
              ///< mshr_entries and mshr_max_merge are ignored)
};

/// N / W / F / L: what a write miss does.
enum class WriteAllocPolicy : std::uint8_t {
  NoWriteAllocate,  ///< N: the write goes to the next level, no line is allocated
  WriteAllocate,    ///< W: GPGPU-Sim 3's policy: a write miss sends the write and a read of the line
  FetchOnWrite,     ///< F: the line is read, then written
  LazyFetchOnRead,  ///< L: the line is allocated with the written bytes; a later read fetches the rest
};

/// L / H / P: how an address selects a set. (GPGPU-Sim's `C`, a custom
/// hook without a definition that puts every line in set 0, is rejected.)
enum class SetIndex : std::uint8_t {
  Linear,     ///< L: the bits above the line offset, modulo sets
  FermiHash,  ///< H: Nugteren et al.'s Fermi L1 hash (sets must be 32 or 64)
  Ipoly,      ///< P: IPOLY hashing (sets must be 16, 32 or 64)
};

/// A / S / F / T: how misses are tracked.
enum class MshrKind : std::uint8_t {
  Assoc,          ///< A: associative MSHRs, merging requests for the same line
  SectorAssoc,    ///< S: associative MSHRs for a cache that feeds a sector cache
  TexFifo,        ///< F: a FIFO of misses in order (texture cache); needs fifo_entries
  SectorTexFifo,  ///< T: the texture FIFO feeding a sector cache; needs fifo_entries
};

struct CacheConfig {
  /// false: the cache does not exist (GPGPU-Sim's `none`; only the L1D may be
  /// absent). Every other field is then meaningless but still kept.
  bool enabled = true;
  CacheKind kind = CacheKind::Normal;
  std::uint32_t sets = 1;        ///< number of sets (a power of two)
  std::uint32_t line_bytes = 128;  ///< bytes per line (a power of two)
  std::uint32_t ways = 1;        ///< lines per set
  Replacement replacement = Replacement::Lru;
  WritePolicy write = WritePolicy::ReadOnly;
  AllocPolicy allocation = AllocPolicy::OnMiss;
  WriteAllocPolicy write_allocation = WriteAllocPolicy::NoWriteAllocate;
  SetIndex index = SetIndex::Linear;
  MshrKind mshr = MshrKind::Assoc;
  std::uint32_t mshr_entries = 1;    ///< distinct lines with outstanding misses
  std::uint32_t mshr_max_merge = 1;  ///< requests merged into one MSHR entry
  std::uint32_t miss_queue = 1;      ///< entries of the queue of misses waiting for the next level
  /// Texture-FIFO caches: entries of the result FIFO (0 for the other kinds).
  std::uint32_t fifo_entries = 0;
  /// Bytes the data array reads or writes per cycle; 0 means line_bytes
  /// (GPGPU-Sim's default). line_bytes is a multiple of it.
  std::uint32_t data_port_bytes = 0;

  /// Capacity: sets * line_bytes * ways.
  [[nodiscard]] constexpr std::uint64_t bytes() const noexcept {
    return std::uint64_t{sets} * line_bytes * ways;
  }
  /// data_port_bytes with 0 resolved to line_bytes.
  [[nodiscard]] constexpr std::uint32_t port_bytes() const noexcept {
    return data_port_bytes == 0 ? line_bytes : data_port_bytes;
  }

  friend bool operator==(const CacheConfig&, const CacheConfig&) = default;
};

}  // namespace lockstep::sim
