// A hash map from 64-bit keys to 32-bit values in one flat array (open
// addressing, linear probing, deletion by backward shift): the lookups of
// MSHR tables and reply reassembly, with no allocation per insertion once
// it has reached its working size (it doubles when more than half full).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace lockstep::sim {

class FlatMap {
 public:
  explicit FlatMap(std::size_t expected = 16) {
    std::size_t cap = 16;
    while (cap < 2 * expected) cap <<= 1;
    slots_.resize(cap);
  }

  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }

  [[nodiscard]] std::optional<std::uint32_t> find(std::uint64_t key) const noexcept {
    for (std::size_t i = home(key);; i = next(i)) {
      const Slot& s = slots_[i];
      if (!s.used) return std::nullopt;
      if (s.key == key) return s.value;
    }
  }
  [[nodiscard]] bool contains(std::uint64_t key) const noexcept { return find(key).has_value(); }

  /// Inserts or overwrites.
  void insert(std::uint64_t key, std::uint32_t value) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    place(key, value);
  }

  /// Removes the key if present.
  void erase(std::uint64_t key) noexcept {
    std::size_t i = home(key);
    for (;; i = next(i)) {
      if (!slots_[i].used) return;
      if (slots_[i].key == key) break;
    }
    // Backward-shift deletion: pull later members of the cluster into the
    // hole when their home position allows it.
    std::size_t hole = i;
    for (std::size_t j = next(i);; j = next(j)) {
      if (!slots_[j].used) break;
      const std::size_t h = home(slots_[j].key);
      const bool movable = hole <= j ? (h <= hole || h > j) : (h <= hole && h > j);
      if (movable) {
        slots_[hole] = slots_[j];
        hole = j;
      }
    }
    slots_[hole].used = false;
    --size_;
  }

  void clear() noexcept {
    for (Slot& s : slots_) s.used = false;
    size_ = 0;
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t value = 0;
    bool used = false;
  };

  [[nodiscard]] std::size_t home(std::uint64_t key) const noexcept {
    std::uint64_t x = key * 0x9E3779B97F4A7C15ULL;
    x ^= x >> 32;
    return static_cast<std::size_t>(x) & (slots_.size() - 1);
  }
  [[nodiscard]] std::size_t next(std::size_t i) const noexcept { return (i + 1) & (slots_.size() - 1); }

  void place(std::uint64_t key, std::uint32_t value) noexcept {
    for (std::size_t i = home(key);; i = next(i)) {
      Slot& s = slots_[i];
      if (!s.used) {
        s = Slot{key, value, true};
        ++size_;
        return;
      }
      if (s.key == key) {
        s.value = value;
        return;
      }
    }
  }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    size_ = 0;
    for (const Slot& s : old) {
      if (s.used) place(s.key, s.value);
    }
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

}  // namespace lockstep::sim
