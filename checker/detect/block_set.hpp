// A set of block ids of one kernel as a bit vector: O(1) membership, and
// subset tests in O(blocks / 64).
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

namespace lockstep::checker {

class BlockSet {
 public:
  BlockSet() = default;
  explicit BlockSet(std::uint32_t blocks) : size_(blocks), words_((blocks + 63U) / 64U, 0) {}

  [[nodiscard]] std::uint32_t universe() const noexcept { return size_; }
  [[nodiscard]] bool contains(std::uint32_t b) const noexcept {
    return b < size_ && ((words_[b / 64U] >> (b % 64U)) & 1U) != 0;
  }
  /// Inserts b; returns true when it was not there.
  bool insert(std::uint32_t b) noexcept {
    std::uint64_t& w = words_[b / 64U];
    const std::uint64_t bit = std::uint64_t{1} << (b % 64U);
    if ((w & bit) != 0) return false;
    w |= bit;
    return true;
  }
  void unite(const BlockSet& o) noexcept {
    for (std::size_t i = 0; i < words_.size(); ++i) words_[i] |= o.words_[i];
  }
  /// Every element of *this is in o.
  [[nodiscard]] bool subset_of(const BlockSet& o) const noexcept {
    for (std::size_t i = 0; i < words_.size(); ++i)
      if ((words_[i] & ~o.words_[i]) != 0) return false;
    return true;
  }
  [[nodiscard]] bool empty() const noexcept {
    for (std::uint64_t w : words_) if (w != 0) return false;
    return true;
  }
  [[nodiscard]] std::uint32_t count() const noexcept {
    std::uint32_t n = 0;
    for (std::uint64_t w : words_) n += static_cast<std::uint32_t>(std::popcount(w));
    return n;
  }
  /// Elements in ascending order.
  [[nodiscard]] std::vector<std::uint32_t> elements() const {
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < words_.size(); ++i) {
      std::uint64_t w = words_[i];
      while (w != 0) {
        out.push_back(static_cast<std::uint32_t>(i * 64U + static_cast<std::size_t>(std::countr_zero(w))));
        w &= w - 1;
      }
    }
    return out;
  }
  friend bool operator==(const BlockSet&, const BlockSet&) = default;

 private:
  std::uint32_t size_ = 0;
  std::vector<std::uint64_t> words_;
};

}  // namespace lockstep::checker
