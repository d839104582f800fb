// The registers every instruction of a kernel writes and reads
// (analysis/def_use.hpp), computed in one scan and stored compactly: one
// offset array per direction indexed by PC, one array of entries. Analyses
// that need defs and uses of many instructions (uniformity, liveness) share
// one table instead of decoding the operands again. Built with PrivateSlots
// (analysis/private_slots.hpp), the table has one more pseudo register per
// local-memory slot, and reg_count() counts them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontend/analysis/def_use.hpp"
#include "frontend/analysis/private_slots.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::analysis {

class DefUseTable {
 public:
  explicit DefUseTable(const ir::Kernel& kernel);
  /// The table with local memory split into `slots` (empty: as above).
  DefUseTable(const ir::Kernel& kernel, const PrivateSlots& slots);

  [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(def_off_.size() - 1); }
  /// Register ids used: reg_slots(kernel), plus Unresolved and the slots
  /// when built with PrivateSlots.
  [[nodiscard]] std::uint32_t reg_count() const noexcept { return reg_count_; }
  /// Registers written by the instruction at pc, in defs() order.
  [[nodiscard]] std::span<const RegDef> defs(std::uint32_t pc) const noexcept {
    return {defs_.data() + def_off_[pc], defs_.data() + def_off_[pc + 1]};
  }
  /// Registers read by the instruction at pc, in uses() order.
  [[nodiscard]] std::span<const RegUse> uses(std::uint32_t pc) const noexcept {
    return {uses_.data() + use_off_[pc], uses_.data() + use_off_[pc + 1]};
  }

 private:
  std::vector<std::uint32_t> def_off_, use_off_;
  std::vector<RegDef> defs_;
  std::vector<RegUse> uses_;
  std::uint32_t reg_count_ = 0;
};

}  // namespace lockstep::analysis
