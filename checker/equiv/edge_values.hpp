// Reaching constants of the fresh registers of a transformed kernel: for
// every output PC, the set of values each fresh register may hold after the
// instruction there, over all output paths from the entry (a fresh register
// holds any value at the entry: PTX leaves registers undefined). Moves of
// constants and copies between fresh registers are followed; anything else
// that writes a fresh register (setp, selp) makes its value unknown, which
// the projection check then treats as unconstrained. Sets larger than
// kMaxValues become unknown too.
#pragma once

#include <cstdint>
#include <vector>

#include "checker/equiv/kernel_pair.hpp"

namespace lockstep::checker::equiv {

/// A set of register values, or every value (`any`).
struct ValueSet {
  bool any = false;
  std::vector<std::uint64_t> values;  ///< sorted, distinct (when !any)
  friend bool operator==(const ValueSet&, const ValueSet&) = default;
};

class EdgeValues {
 public:
  static constexpr std::size_t kMaxValues = 64;

  explicit EdgeValues(const KernelPair& pair);

  /// Values of output register `reg` (fresh) after the instruction at pc; an
  /// unreachable pc gives the empty set.
  [[nodiscard]] const ValueSet& after(std::uint32_t pc, std::uint32_t reg) const;
  [[nodiscard]] bool reachable(std::uint32_t pc) const noexcept { return reached_[pc]; }

 private:
  std::vector<std::uint32_t> slot_;      ///< per output register: index among the fresh ones, or kNoReg
  std::uint32_t fresh_count_ = 0;
  std::vector<ValueSet> out_;            ///< pc * fresh_count_ + slot
  std::vector<bool> reached_;
  ValueSet any_;
};

}  // namespace lockstep::checker::equiv
