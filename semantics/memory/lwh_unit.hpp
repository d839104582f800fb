// Kilo TM's last-writer-history unit of one commit unit (research
// 001-kilotm.md §2.6, claim T11; docs/tm.md "The kilotm protocol"): which
// committing transaction wrote a word last, as a commit ID (CID), with an
// approximate but conservative answer.
//
// A set-associative lookup table holds exact (word, CID) pairs; a write set
// deposited into it replaces the CID of a matching word, or takes a free way
// of the word's set, or evicts the way with the oldest CID into the recency
// bloom filter. The filter is `subarrays` arrays of `buckets` CIDs, each
// indexed by its own hash of the word: an insertion sets the word's bucket
// in every array, and a query returns the minimum over the arrays (the
// bucket least likely overwritten by a younger alias; a bucket keeps the
// youngest CID ever put into it, since evictions from different sets come in
// no particular CID order). A query is the lookup
// table's CID on a hit, else the filter's. Buckets and entries are only ever
// overwritten by younger CIDs, so the answer is never older than the word's
// last deposited writer (aliasing can only make it younger: a longer wait,
// never a missed hazard).
//
// CID 0 means "none". Entries whose CID is below a bound the caller gives
// (`dead`: no transaction can take them as a hazard any more, TM §2.6: "the
// write-set of a retiring transaction is implicitly removed") count as free
// ways and as empty buckets.
#pragma once

#include <cstdint>
#include <vector>

namespace lockstep::sem {

struct LwhConfig {
  std::uint32_t sets = 128;      ///< lookup-table sets (TM §2.8: 512 entries, 4-way)
  std::uint32_t ways = 4;
  std::uint32_t buckets = 256;   ///< recency bloom filter buckets per sub-array (1,024 in 4)
  std::uint32_t subarrays = 4;
  friend bool operator==(const LwhConfig&, const LwhConfig&) = default;
};

class LwhUnit {
 public:
  explicit LwhUnit(const LwhConfig& config = {});

  /// The youngest CID the unit holds for the word at `addr` (0: none); CIDs
  /// below `dead` read as none.
  [[nodiscard]] std::uint64_t query(std::uint64_t addr, std::uint64_t dead) const;
  /// Deposits a write of the word at `addr` by transaction `cid` (younger
  /// than every CID in the unit).
  void insert(std::uint64_t addr, std::uint64_t cid, std::uint64_t dead);
  /// Calls f(value) for the unit's contents in a canonical order, each CID
  /// as cid - base + 1 when cid >= dead (base <= dead), else 0: equal
  /// futures give equal sequences.
  template <class F>
  void canonical(std::uint64_t dead, std::uint64_t base, F&& f) const {
    const auto rel = [&](std::uint64_t c) { return c >= dead && c != 0 ? c - base + 1 : 0; };
    for (const Way& w : table_) {
      const std::uint64_t c = rel(w.cid);
      f(c);
      f(c == 0 ? 0 : w.addr);
    }
    for (const std::uint64_t b : filter_) f(rel(b));
  }

  friend bool operator==(const LwhUnit&, const LwhUnit&) = default;

 private:
  struct Way {
    std::uint64_t addr = 0;
    std::uint64_t cid = 0;  ///< 0: free
    friend bool operator==(const Way&, const Way&) = default;
  };
  [[nodiscard]] std::size_t bucket(unsigned array, std::uint64_t addr) const noexcept;

  LwhConfig config_;
  std::vector<Way> table_;            ///< sets x ways
  std::vector<std::uint64_t> filter_; ///< subarrays x buckets
};

}  // namespace lockstep::sem
