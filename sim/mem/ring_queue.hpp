// A FIFO of values in one flat ring buffer: the queues of the memory system.
//
// A bounded queue has a limit (a hardware queue's capacity: full() says so
// and push beyond it is an error); an unbounded one (limit 0) grows its
// storage by doubling when it runs out, which happens a few times at the
// start of a run and never in the steady state.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

namespace lockstep::sim {

template <class T>
class RingQueue {
 public:
  /// `limit`: the most elements the queue holds; 0 = no limit.
  explicit RingQueue(std::size_t limit = 0) : limit_(limit) { storage_.resize(round_up(limit == 0 ? 16 : limit)); }

  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t limit() const noexcept { return limit_; }
  /// Bounded and holding `limit` elements.
  [[nodiscard]] bool full() const noexcept { return limit_ != 0 && size_ >= limit_; }
  /// Room for `n` more.
  [[nodiscard]] bool has_room(std::size_t n) const noexcept { return limit_ == 0 || size_ + n <= limit_; }

  void push(T value) {
    if (full()) throw std::logic_error("RingQueue::push on a full queue");
    if (size_ == storage_.size()) grow();
    storage_[(head_ + size_) & (storage_.size() - 1)] = std::move(value);
    ++size_;
  }
  [[nodiscard]] T& front() noexcept { return storage_[head_]; }
  [[nodiscard]] const T& front() const noexcept { return storage_[head_]; }
  /// The i-th element from the front.
  [[nodiscard]] T& operator[](std::size_t i) noexcept { return storage_[(head_ + i) & (storage_.size() - 1)]; }
  [[nodiscard]] const T& operator[](std::size_t i) const noexcept {
    return storage_[(head_ + i) & (storage_.size() - 1)];
  }
  void pop() noexcept {
    head_ = (head_ + 1) & (storage_.size() - 1);
    --size_;
  }
  /// Removes the i-th element from the front, keeping the order of the rest.
  void erase(std::size_t i) {
    for (std::size_t k = i; k + 1 < size_; ++k) (*this)[k] = std::move((*this)[k + 1]);
    --size_;
  }
  void clear() noexcept {
    head_ = 0;
    size_ = 0;
  }

 private:
  static std::size_t round_up(std::size_t n) {
    std::size_t p = 1;
    while (p < n) p <<= 1;
    return p;
  }
  void grow() {
    std::vector<T> bigger(storage_.size() * 2);
    for (std::size_t i = 0; i < size_; ++i) bigger[i] = std::move((*this)[i]);
    storage_ = std::move(bigger);
    head_ = 0;
  }

  std::vector<T> storage_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
  std::size_t limit_;
};

}  // namespace lockstep::sim
