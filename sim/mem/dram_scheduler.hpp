// The FR-FCFS request queue of a DRAM channel (GPGPU-Sim's
// frfcfs_scheduler): requests wait per bank in arrival order; when a bank is
// free the scheduler serves its open row first (row hits), else the oldest
// request, and then keeps serving the row it chose, oldest first, until no
// request for that row is left (requests for it that arrive meanwhile
// included) — first ready, first come first served.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/mem/ring_queue.hpp"

namespace lockstep::sim {

class FrFcfsQueue {
 public:
  struct Waiting {
    std::uint32_t slot = 0;  ///< the channel's request slot
    std::uint32_t row = 0;
  };
  struct Chosen {
    std::uint32_t slot = 0;
    bool row_hit = false;  ///< the row was the open one (or the one being drained)
  };

  explicit FrFcfsQueue(std::uint32_t banks) : banks_(banks) {}

  void add(std::uint32_t bank, Waiting w) {
    banks_[bank].queue.push(w);
    ++pending_;
  }

  /// The next request for a free bank whose open row is `open_row`, or
  /// nothing if the bank has none waiting.
  std::optional<Chosen> schedule(std::uint32_t bank, std::uint32_t open_row) {
    Bank& b = banks_[bank];
    bool row_hit = true;
    if (!b.draining) {
      if (b.queue.empty()) return std::nullopt;
      b.draining = true;
      b.row = open_row;
      if (find(b, open_row) == kNone) {
        b.row = b.queue.front().row;  // the oldest request's row
        row_hit = false;
      }
    }
    const std::size_t i = find(b, b.row);
    const Chosen c{b.queue[i].slot, row_hit};
    b.queue.erase(i);
    if (find(b, b.row) == kNone) b.draining = false;
    --pending_;
    return c;
  }

  [[nodiscard]] std::uint32_t pending() const noexcept { return pending_; }

 private:
  static constexpr std::size_t kNone = ~std::size_t{0};
  struct Bank {
    RingQueue<Waiting> queue;  ///< oldest first
    bool draining = false;
    std::uint32_t row = 0;
  };
  static std::size_t find(const Bank& b, std::uint32_t row) noexcept {
    for (std::size_t i = 0; i < b.queue.size(); ++i) {
      if (b.queue[i].row == row) return i;
    }
    return kNone;
  }

  std::vector<Bank> banks_;
  std::uint32_t pending_ = 0;
};

}  // namespace lockstep::sim
