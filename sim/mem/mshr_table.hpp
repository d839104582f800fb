// Miss status holding registers (GPGPU-Sim's mshr_table): one entry per
// line (or sector) with a miss outstanding, holding the requests that wait
// for it in arrival order, up to a merge limit.
//
// An entry is made by the first miss to its address and remembers the id
// of the request that went to the next level (the fill is the reply with
// that id and address) and the line it will fill. A line longer than the
// memory system's 128-byte request is fetched by `parts` requests with the
// consecutive ids fill_id, fill_id + 1, ...; the entry counts their replies
// (fill_part) and is filled by the last. When the fill comes the entry
// becomes ready; its requests then leave one by one (next()) and the
// entry is freed with its last one. Storage is flat: entries in a fixed
// array, waiting requests in a pool that grows only to the most ever
// waiting at once.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/mem/flat_map.hpp"
#include "sim/mem/mem_request.hpp"
#include "sim/mem/ring_queue.hpp"

namespace lockstep::sim {

class MshrTable {
 public:
  MshrTable(std::uint32_t entries, std::uint32_t max_merge);

  /// An entry for the address exists (pending or ready).
  [[nodiscard]] bool probe(std::uint64_t addr) const noexcept { return index_.contains(addr); }
  /// No room: the address's entry holds max_merge requests, or there is no
  /// entry and every entry is in use.
  [[nodiscard]] bool full(std::uint64_t addr) const noexcept;

  /// Adds a request to the address's entry, making the entry if needed
  /// (precondition: !full(addr)). `fill_id`, `line` and `parts` (the
  /// requests that fetch the line, ids fill_id .. fill_id + parts - 1) are
  /// recorded when the entry is made.
  void add(std::uint64_t addr, const MemRequest& request, std::uint64_t fill_id, std::uint32_t line,
           std::uint32_t parts = 1);
  /// Adds a request that rides along without counting against the merge
  /// limit (a fetch-on-write write waiting for its line).
  void add_rider(std::uint64_t addr, const MemRequest& request);

  /// Whether the entry waits for the reply `reply_id` (one of its parts'
  /// ids, and the entry is not filled yet).
  [[nodiscard]] bool waiting_for(std::uint64_t addr, std::uint64_t reply_id) const noexcept;
  /// Takes the reply to one part of the entry's fill (precondition:
  /// waiting_for) and keeps its time stamps (the earliest at_l2, the latest
  /// at_dram, replied and returned); true when it was the last part.
  bool fill_part(std::uint64_t addr, const MemRequest& reply);
  /// The line recorded for the entry.
  [[nodiscard]] std::uint32_t line_of(std::uint64_t addr) const noexcept;
  /// A write is followed by a read among the entry's merged requests
  /// (riders not counted: as in GPGPU-Sim, whose lists hold only reads,
  /// this never holds).
  [[nodiscard]] bool read_after_write_pending(std::uint64_t addr) const noexcept;

  /// Marks the entry filled by `fill` (after fill_part said its last part
  /// came, or for a one-part fill directly); returns whether it holds an
  /// atomic. The requests that leave it take the time stamps they lack from
  /// the fill's parts.
  bool mark_ready(std::uint64_t addr, const MemRequest& fill);
  [[nodiscard]] bool access_ready() const noexcept { return !ready_.empty(); }
  /// The next request of the oldest ready entry.
  MemRequest next();

  [[nodiscard]] std::uint32_t used() const noexcept { return used_; }
  [[nodiscard]] bool empty() const noexcept { return used_ == 0; }

 private:
  static constexpr std::uint32_t kNil = 0xFFFFFFFFU;
  struct Entry {
    std::uint64_t addr = 0;
    std::uint64_t fill_id = 0;
    std::uint32_t line = 0;
    std::uint32_t head = kNil;
    std::uint32_t tail = kNil;
    std::uint32_t count = 0;  ///< requests counted against the merge limit
    std::uint32_t parts = 1;  ///< requests that fetch the line
    std::uint32_t filled = 0; ///< of them, those whose reply came
    bool has_atomic = false;
    bool ready = false;
    Cycle at_l2 = kNever, at_dram = kNever, replied = kNever, returned = kNever;  ///< the fill's stamps
  };
  struct Node {
    MemRequest request;
    std::uint32_t next = kNil;
    bool rider = false;
  };

  std::uint32_t entry_for(std::uint64_t addr, std::uint64_t fill_id, std::uint32_t line, std::uint32_t parts);
  /// Keeps the time stamps of one part of the fill.
  static void stamp(Entry& e, const MemRequest& part) noexcept;
  void append(Entry& e, const MemRequest& request, bool rider);

  std::uint32_t max_merge_;
  std::uint32_t used_ = 0;
  std::vector<Entry> entries_;
  std::vector<std::uint32_t> free_entries_;
  std::vector<Node> nodes_;
  std::vector<std::uint32_t> free_nodes_;
  FlatMap index_;                   ///< address -> entry
  RingQueue<std::uint32_t> ready_;  ///< filled entries, oldest first
};

}  // namespace lockstep::sim
