// CTA barriers (`bar.sync`, `barrier.sync`, `bar.arrive`, `bar.red`) of one
// block: threads are counted, not warps (research 000-deadlock-ssde.md §1.7;
// docs/semantics.md "Barriers").
#pragma once

#include <cstdint>
#include <vector>

#include "frontend/ir/opcode.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

struct BarrierArrival {
  std::uint32_t warp = 0;       ///< warp index in the launch
  std::uint32_t resume_pc = 0;  ///< where the threads continue (bar PC + 1)
  Mask lanes = 0;
  bool waits = true;            ///< false for bar.arrive: counted, never blocked
  std::uint32_t red_dst = 0xffffffffU;  ///< bar.red destination register, else none
  friend bool operator==(const BarrierArrival&, const BarrierArrival&) = default;
  /// Field by field (the struct has padding after `waits`, which a state
  /// hash must not read); `waits` as a 32-bit word gives the bytes of the
  /// zero-padded struct.
  template <class Hasher>
  void hash(Hasher& h) const {
    h.value(warp);
    h.value(resume_pc);
    h.value(lanes);
    h.value(static_cast<std::uint32_t>(waits ? 1U : 0U));
    h.value(red_dst);
  }
};

struct BarrierState {
  std::uint32_t arrived = 0;   ///< threads arrived in the current phase
  std::uint32_t expected = 0;  ///< explicit thread count of the phase; 0 = all threads of the block
  ir::AtomOp red_op = ir::AtomOp::None;  ///< bar.red operation of the phase
  std::uint32_t red_true = 0;  ///< bar.red: arriving threads whose predicate was true
  std::vector<BarrierArrival> arrivals;
  friend bool operator==(const BarrierState&, const BarrierState&) = default;
};

inline constexpr unsigned kBarriersPerBlock = 16;

}  // namespace lockstep::sem
