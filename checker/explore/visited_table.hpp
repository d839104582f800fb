// The explorer's visited set: 128-bit state digests to dense node ids, in an
// open-addressing table (linear probing, load factor at most 1/2, grows by
// doubling). 24 bytes per slot; no allocation per insert.
#pragma once

#include <cstdint>
#include <vector>

#include "checker/explore/exploration.hpp"

namespace lockstep::checker {

class VisitedTable {
 public:
  static constexpr std::uint32_t kAbsent = 0xffffffffU;

  VisitedTable() { slots_.resize(1024); }

  /// The id stored for d, or kAbsent.
  [[nodiscard]] std::uint32_t find(const Digest& d) const noexcept {
    for (std::size_t i = index(d);; i = (i + 1) & (slots_.size() - 1)) {
      const Slot& s = slots_[i];
      if (s.id == kAbsent) return kAbsent;
      if (s.digest == d) return s.id;
    }
  }
  /// Stores d -> id (d must be absent).
  void insert(const Digest& d, std::uint32_t id) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    place(d, id);
    ++size_;
  }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t bytes() const noexcept { return slots_.size() * sizeof(Slot); }

 private:
  struct Slot {
    Digest digest{};
    std::uint32_t id = kAbsent;
  };
  [[nodiscard]] std::size_t index(const Digest& d) const noexcept {
    return static_cast<std::size_t>(d.lo ^ (d.hi >> 7)) & (slots_.size() - 1);
  }
  void place(const Digest& d, std::uint32_t id) noexcept {
    std::size_t i = index(d);
    while (slots_[i].id != kAbsent) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = Slot{d, id};
  }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& s : old) {
      if (s.id != kAbsent) place(s.digest, s.id);
    }
  }
  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

}  // namespace lockstep::checker
