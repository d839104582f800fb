// An open-addressing hash map from names (string_views that outlive it) to
// small values: one array, linear probing, no allocation per entry. Lowering
// looks names up for nearly every operand, so this is its hot table.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace lockstep::ptx::lowering {

/// FNV-1a: a cheap hash for the short names PTX uses.
[[nodiscard]] inline std::uint64_t name_hash(std::string_view s) noexcept {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

template <typename V>
class FlatNameMap {
 public:
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] bool empty() const noexcept { return size_ == 0; }

  [[nodiscard]] const V* find(std::string_view key) const noexcept {
    if (size_ == 0) return nullptr;
    const std::uint64_t h = name_hash(key);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.hash == h && s.key == key) return &s.value;
    }
  }
  [[nodiscard]] V* find(std::string_view key) noexcept {
    return const_cast<V*>(std::as_const(*this).find(key));
  }

  /// The value for `key`, inserted as `value` when absent; second = inserted.
  std::pair<V*, bool> insert(std::string_view key, V value) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    const std::uint64_t h = name_hash(key);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (!s.used) {
        s = Slot{h, key, std::move(value), true};
        ++size_;
        return {&s.value, true};
      }
      if (s.hash == h && s.key == key) return {&s.value, false};
    }
  }

  void erase(std::string_view key) noexcept {
    if (size_ == 0) return;
    const std::uint64_t h = name_hash(key);
    std::size_t i = h & mask_;
    for (;; i = (i + 1) & mask_) {
      if (!slots_[i].used) return;
      if (slots_[i].hash == h && slots_[i].key == key) break;
    }
    // Backward-shift deletion keeps every probe run unbroken.
    for (std::size_t j = (i + 1) & mask_;; j = (j + 1) & mask_) {
      if (!slots_[j].used) break;
      const std::size_t ideal = slots_[j].hash & mask_;
      const bool movable = i <= j ? (ideal <= i || ideal > j) : (ideal <= i && ideal > j);
      if (movable) {
        slots_[i] = std::move(slots_[j]);
        i = j;
      }
    }
    slots_[i] = Slot{};
    --size_;
  }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::string_view key;
    V value{};
    bool used = false;
  };

  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 16 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    for (Slot& s : old) {
      if (!s.used) continue;
      std::size_t i = s.hash & mask_;
      while (slots_[i].used) i = (i + 1) & mask_;
      slots_[i] = std::move(s);
    }
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
};

}  // namespace lockstep::ptx::lowering
