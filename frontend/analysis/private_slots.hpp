// Per-thread local memory split into slots.
//
// analysis/def_use.hpp carries everything a thread keeps in local memory in
// one pseudo register, LocalMemory: one divergent store there makes every
// later local load divergent. nvcc -G keeps locals in a stack frame
// (`__local_depot`, reached through `cvta.local` and generic addressing), so
// that one location holds loop bounds and flags next to thread ids. A client
// that can place accesses (the checker's alias analysis: checker/detect/
// frame_slots.hpp) describes here, per memory instruction, what local memory
// it touches, and the def/use table (analysis/def_use_table.hpp) then gives
// each slot its own pseudo register:
//
//   None     the access touches no local memory: its LocalMemory def or use
//            is dropped;
//   Slots    it touches only the listed slots: a store also writes each of
//            them (never killing), a load reads them and the Unresolved
//            pseudo register instead of LocalMemory;
//   Unknown  as def_use.hpp says; a store also writes Unresolved (it may
//            hit any slot).
//
// Stores of every kind still write LocalMemory, which the Unknown loads
// read. Slots are numbered 0 .. count-1; their pseudo registers follow the
// kernel's pseudo registers: Unresolved first, then the slots.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "frontend/analysis/def_use.hpp"

namespace lockstep::analysis {

struct PrivateSlots {
  enum class Reach : std::uint8_t { Unknown, None, Slots };

  std::uint32_t count = 0;            ///< number of slots
  std::vector<Reach> reach;           ///< per PC; empty: every PC Unknown (no refinement)
  std::vector<std::uint32_t> off;     ///< per PC (size PCs + 1): slot[off[pc] .. off[pc+1]) of a Slots access
  std::vector<std::uint32_t> slot;

  [[nodiscard]] bool empty() const noexcept { return reach.empty(); }
  [[nodiscard]] Reach at(std::uint32_t pc) const noexcept {
    return pc < reach.size() ? reach[pc] : Reach::Unknown;
  }
  [[nodiscard]] std::span<const std::uint32_t> slots_at(std::uint32_t pc) const noexcept {
    if (pc + 1 >= off.size()) return {};
    return {slot.data() + off[pc], slot.data() + off[pc + 1]};
  }
};

/// The pseudo register written by local stores that may hit any slot.
[[nodiscard]] inline std::uint32_t unresolved_local_reg(const ir::Kernel& kernel) noexcept {
  return reg_slots(kernel);
}
/// The pseudo register of slot s.
[[nodiscard]] inline std::uint32_t local_slot_reg(const ir::Kernel& kernel, std::uint32_t s) noexcept {
  return reg_slots(kernel) + 1 + s;
}

}  // namespace lockstep::analysis
