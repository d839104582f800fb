// One warp's DDOS history registers (research 000-aware-bows-ddos-mp.md
// §3.4): the path history (hashed PCs of the setp instructions the warp
// executes) and the value history (the hashed source operands of each
// setp, of the warp's profiled thread), both shift registers of `length`
// entries, newest first, with the match pointer and the remaining-matches
// counter.
//
// The update rule, lockstep's reading of the thesis's text and of its Fig
// 6.6b trace (which it reproduces; tests/sim/core/ddos_test.cpp):
//
//   - the match pointer p is the candidate loop period, in setps; it starts
//     at 0 and advances by one on every insertion that does not match;
//   - each insertion shifts the new entry in and compares it (path and both
//     values) with the entry p insertions older, when the registers hold
//     it (p < length);
//   - the first match fixes p and sets the remaining matches to p - 1;
//     each further match decrements them; at 0 the warp is spinning: one
//     whole period repeated without a change in any profiled operand;
//   - a mismatch while p is fixed loses the spinning state and starts
//     over (p = 0); an unfixed p that reaches `length` (no repetition
//     within the registers) wraps to 1 (the thesis does not say what
//     happens at the end of the registers);
//
// so a loop of p setps per iteration needs length > p (§3.5: NW's four
// setps need five entries).
#pragma once

#include <cstdint>
#include <vector>

namespace lockstep::sim {

/// One history entry: the hashed PC (path) and the hashed operands (value).
struct DdosEntry {
  std::uint32_t path = 0;
  std::uint32_t value_a = 0;
  std::uint32_t value_b = 0;

  friend bool operator==(const DdosEntry&, const DdosEntry&) = default;
};

class DdosHistory {
 public:
  explicit DdosHistory(std::uint32_t length = 8) : entries_(length == 0 ? 1 : length) {}

  /// Shifts `e` in and applies the rule above; returns whether the warp is
  /// now spinning.
  bool insert(const DdosEntry& e) noexcept;
  [[nodiscard]] bool spinning() const noexcept { return spinning_; }
  /// Forgets everything (a new warp in the slot; shared registers changing hands).
  void reset() noexcept;

  /// The match pointer (candidate period) and whether it is fixed; for tests.
  [[nodiscard]] std::uint32_t match_pointer() const noexcept { return pointer_; }
  [[nodiscard]] bool fixed() const noexcept { return fixed_; }
  [[nodiscard]] std::uint32_t remaining() const noexcept { return remaining_; }

 private:
  /// The entry `age` insertions before the newest (0: the newest).
  [[nodiscard]] const DdosEntry& at(std::uint32_t age) const noexcept {
    const auto n = static_cast<std::uint32_t>(entries_.size());
    return entries_[(head_ + n - age % n) % n];
  }

  std::vector<DdosEntry> entries_;  ///< ring buffer; entries_[head_] is the newest
  std::uint32_t head_ = 0;
  std::uint32_t count_ = 0;      ///< valid entries (at most entries_.size())
  std::uint32_t pointer_ = 0;    ///< the match pointer p
  std::uint32_t remaining_ = 0;  ///< matches still needed once p is fixed
  bool fixed_ = false;
  bool spinning_ = false;
};

}  // namespace lockstep::sim
