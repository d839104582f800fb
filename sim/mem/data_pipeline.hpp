// The data pipeline of a DRAM channel (GPGPU-Sim's rwq, a fifo_pipeline
// with a minimum length): a queue padded with empty slots to `min_length`,
// so that what enters right after a pop leaves `min_length` pops later —
// the CAS (read) or write latency, plus, in lockstep, the burst. A pop
// that is skipped (the return queue is full) stalls everything behind; the
// queue then grows up to `max_length`. Switching between reads and writes
// changes the minimum: growing pads at the tail, shrinking drops trailing
// empty slots.
#pragma once

#include <cstdint>

#include "sim/mem/ring_queue.hpp"

namespace lockstep::sim {

class DataPipeline {
 public:
  static constexpr std::int32_t kEmpty = -1;

  DataPipeline(std::uint32_t min_length, std::uint32_t max_length)
      : min_(min_length), max_(max_length), slots_(0) {
    for (std::uint32_t i = 0; i < min_; ++i) push(kEmpty);
  }

  [[nodiscard]] bool full() const noexcept { return max_ != 0 && slots_.size() >= max_; }

  void push(std::int32_t v) {
    if (!slots_.empty() && slots_[slots_.size() - 1] == kEmpty && slots_.size() >= min_) {
      slots_[slots_.size() - 1] = v;  // fill the last padding slot
      if (v != kEmpty) ++occupied_;
      return;
    }
    slots_.push(v);
    if (v != kEmpty) ++occupied_;
  }

  /// The head slot (kEmpty when it holds nothing or the queue is empty).
  std::int32_t pop() {
    if (slots_.empty()) return kEmpty;
    const std::int32_t v = slots_.front();
    slots_.pop();
    if (v != kEmpty) --occupied_;
    if (min_ != 0 && slots_.size() < min_) push(kEmpty);
    return v;
  }

  void set_min_length(std::uint32_t n) {
    if (n == min_) return;
    if (n > min_) {
      min_ = n;
      while (slots_.size() < min_) slots_.push(kEmpty);
      return;
    }
    min_ = n;
    while (slots_.size() > min_ && slots_[slots_.size() - 1] == kEmpty) slots_.erase(slots_.size() - 1);
  }

  /// Slots holding data.
  [[nodiscard]] std::uint32_t occupied() const noexcept { return occupied_; }

 private:
  std::uint32_t min_;
  std::uint32_t max_;
  RingQueue<std::int32_t> slots_;
  std::uint32_t occupied_ = 0;
};

}  // namespace lockstep::sim
