// A thread's transaction log (Kilo TM's redo log, research 001-kilotm.md
// §2.4, §3.4; docs/tm.md): word granularity (4-byte aligned words of
// .global memory), a read log of (word, value read from memory) in program
// order, and a write log (word, bytes written, which bytes) kept sorted.
//
// A transactional read of a word takes the bytes the write log holds and the
// others from memory; a word read from memory is appended to the read log
// (an exact duplicate of an entry already there is not: it validates the
// same way). A word read twice with different values (a commit in between)
// gets two entries, and validation then fails whatever memory holds (T2).
// Stores buffer in the write log; memory is untouched until commit.
// Validation compares every read entry with memory; commit writes the
// logged bytes. Bytes of a word outside every region read as zero and are
// never written (only a region's bytes can be logged).
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/memory/global_memory.hpp"

namespace lockstep::sem {

struct TxRead {
  std::uint64_t addr = 0;   ///< word address (a multiple of 4)
  std::uint32_t value = 0;  ///< the word as read (little-endian)
  friend bool operator==(const TxRead&, const TxRead&) = default;
};

struct TxWrite {
  std::uint64_t addr = 0;   ///< word address (a multiple of 4)
  std::uint32_t value = 0;  ///< the bytes written (others zero)
  std::uint8_t mask = 0;    ///< which of the 4 bytes are written (bit i: byte i)
  friend bool operator==(const TxWrite&, const TxWrite&) = default;
};

struct TxLog {
  std::vector<TxRead> reads;    ///< program order, exact duplicates skipped
  std::vector<TxWrite> writes;  ///< sorted by address, one entry per word

  [[nodiscard]] bool empty() const noexcept { return reads.empty() && writes.empty(); }
  void clear() noexcept {
    reads.clear();
    writes.clear();
  }

  /// Reads `size` bytes at global address `addr` transactionally (the region
  /// is checked first: a MemoryFault as for a plain read).
  void read(const GlobalMemory& g, std::uint64_t addr, std::uint64_t size, void* out, AccessKind access);
  /// Buffers a write of `size` bytes at `addr` (checked like a plain write).
  void write(const GlobalMemory& g, std::uint64_t addr, std::uint64_t size, const void* in, AccessKind access);

  /// True when every read entry still matches memory (value-based validation).
  [[nodiscard]] bool valid(const GlobalMemory& g) const;
  /// Writes the write log's bytes to memory.
  void publish(GlobalMemory& g) const;

  friend bool operator==(const TxLog&, const TxLog&) = default;
};

/// The 4-byte word at `addr` (a multiple of 4) as memory holds it; bytes
/// outside every region read as zero.
[[nodiscard]] std::uint32_t tx_word(const GlobalMemory& g, std::uint64_t addr);
/// Writes the bytes of `w` its mask selects.
void tx_store(GlobalMemory& g, const TxWrite& w);

}  // namespace lockstep::sem
