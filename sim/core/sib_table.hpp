// DDOS's SIB prediction table, one per SM (research
// 000-aware-bows-ddos-mp.md §3.4): entries {PC, confidence, confirmed}.
//
//   - a backward branch taken by a warp in the spinning state is inserted
//     with confidence 1 when absent, else its confidence rises by one;
//     at `threshold` it is confirmed as a spin-inducing branch (SIB) and
//     stays confirmed;
//   - a backward branch taken by a warp that is not spinning lowers the
//     nonzero confidence of its entry while it is not yet confirmed (the
//     guard against aliasing).
//
// Replacement (the thesis does not specify it; lockstep's choice): a new
// branch takes a free entry, else the unconfirmed entry of lowest
// confidence (ties: the lowest index); when every entry is confirmed the
// branch is not inserted.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace lockstep::sim {

class SibTable {
 public:
  struct Entry {
    std::uint32_t pc = 0;
    std::uint32_t confidence = 0;
    bool valid = false;
    bool confirmed = false;
  };

  SibTable(std::uint32_t entries, std::uint32_t threshold)
      : entries_(entries == 0 ? 1 : entries), threshold_(threshold == 0 ? 1 : threshold) {}

  /// A spinning warp took the backward branch at `pc`; returns true when
  /// this confirms it (the one update that does).
  bool spinning_branch(std::uint32_t pc) noexcept;
  /// A warp that is not spinning took the backward branch at `pc`.
  void plain_branch(std::uint32_t pc) noexcept;
  /// The branch at `pc` is a confirmed SIB.
  [[nodiscard]] bool confirmed(std::uint32_t pc) const noexcept;
  /// The entry of `pc`, if any (for tests).
  [[nodiscard]] std::optional<Entry> find(std::uint32_t pc) const noexcept;
  /// Valid entries now.
  [[nodiscard]] std::uint32_t live() const noexcept;

 private:
  [[nodiscard]] Entry* lookup(std::uint32_t pc) noexcept;

  std::vector<Entry> entries_;
  std::uint32_t threshold_;
};

}  // namespace lockstep::sim
