// WarpTM's intra-warp conflict resolution (Kilo TM thesis §6.3, research
// 001-kilotm.md §4.3, claims T15/T16; docs/tm.md): given the lanes of one
// warp that reach commit together and their transaction logs, which lanes
// abort so that the survivors serialise in lane order (a lower lane has
// priority). Only the word addresses of the logs matter, not the values.
//
// Lane order: a higher lane writing a word a lower lane reads is allowed; a
// higher lane reading or writing a word a lower lane writes is not.
//
// - resolve_2pcr: two-phase parallel conflict resolution over an ownership
//   table (a lane aborts even when the lower writer itself aborts: the table
//   assumes every lane commits).
// - resolve_scr: sequential conflict resolution over a bloom filter, lowest
//   lane first (only survivors' writes reach the filter).
// - conflicting_lanes_exact: the alias-free rule 2PCR approximates.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "semantics/memory/tx_log.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

/// Per lane, its log; only the lanes of the committing mask are read, and
/// each of them must have one (std::invalid_argument otherwise).
using WarpTxLogs = std::span<const TxLog* const, kWarpSize>;

/// An ownership-table entry no lane writes: the null bit above the 5-bit lane
/// ID (an entry is one byte, TM §6.3.3). Larger than every lane, so phase 1's
/// "keep the lower lane" is a plain minimum.
inline constexpr std::uint8_t kNoOwner = 0x20;
/// 4 kB of one-byte entries: the thesis's per-warp table (§6.3.1).
inline constexpr std::uint32_t kOwnershipEntries = 4096;
/// Bytes one shared-memory burst writes when the table is initialised.
inline constexpr std::uint32_t kTableBurstBytes = 128;

/// The entry of word address `addr` in a table of `entries` entries: the word
/// index modulo the size, (addr / 4) mod entries. Words of one entry alias;
/// a table whose size divides another's aliases a superset of its words.
[[nodiscard]] std::uint32_t ownership_entry(std::uint64_t addr, std::uint32_t entries);

struct TwoPhaseResolution {
  Mask aborted = 0;
  Mask survivors = 0;
  std::uint32_t phase1_steps = 0;  ///< write-log entries walked in lockstep: the longest write log
  std::uint32_t phase2_steps = 0;  ///< the longest read log, then the longest write log
  std::uint32_t init_writes = 0;   ///< 128-byte bursts that set every entry to kNoOwner
  std::vector<std::uint8_t> owners;  ///< the table after phase 1 (kNoOwner or the lowest writing lane)

  [[nodiscard]] std::uint32_t steps() const noexcept { return phase1_steps + phase2_steps; }
};

/// 2PCR with a table of `entries` (> 0) entries. Phase 1: every lane walks
/// its write log and each entry keeps the lowest lane writing one of its
/// words. Phase 2: a read conflicts iff the entry's owner is a lower lane; a
/// write iff the owner is another lane. A lane with a conflict aborts.
[[nodiscard]] TwoPhaseResolution resolve_2pcr(Mask committing, WarpTxLogs logs,
                                              std::uint32_t entries = kOwnershipEntries);

/// SCR's bloom filter: `hashes` sub-arrays of bits / hashes bits each (bits a
/// non-zero multiple of hashes). Sub-array 0 is indexed by the word index
/// modulo its size, so words closer than that never collide; sub-array j > 0
/// by the splitmix64 finaliser of word index + j * 0x9e3779b97f4a7c15. The
/// thesis gives neither figure: the default is its 4 kB per-warp budget.
struct BloomShape {
  std::uint32_t bits = 8 * 4096;
  std::uint32_t hashes = 2;
};

struct ScrResolution {
  Mask aborted = 0;
  Mask survivors = 0;
  /// Filter accesses, one per word: the lowest lane inserts its write log;
  /// each later lane queries its whole read log, then its whole write log
  /// (no early exit), and a lane without a hit then inserts its write log.
  std::uint32_t steps = 0;
};

/// SCR, lowest committing lane first: a lane aborts when one of its read or
/// written words hits the filter of the lower survivors' writes.
[[nodiscard]] ScrResolution resolve_scr(Mask committing, WarpTxLogs logs, BloomShape shape = {});

/// The lanes of `committing` that read or write a word a lower lane of
/// `committing` writes (pairwise, no table): what 2PCR aborts without
/// aliasing. Applied to a survivor mask it must give 0.
[[nodiscard]] Mask conflicting_lanes_exact(Mask committing, WarpTxLogs logs);

}  // namespace lockstep::sem
