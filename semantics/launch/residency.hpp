// Which blocks of a launch hold semantic state (registers, local and shared
// memory, barriers, divergence-model state).
//
// All resident (slots = 0, the default): every block has its state from
// the start; warp w is warp w % (warps per block) of block w / (warps per
// block). `run` and the explorer work this way.
//
// Block slots (slots = N): the launch state holds N block slots, empty at
// construction. The caller admits a block into a free slot
// (LaunchState::admit) and retires it once all its threads have exited
// (LaunchState::retire), which frees its state; warp w is then warp
// w % (warps per block) of the block in slot w / (warps per block). A launch
// of any grid size so needs memory for N blocks only, as a GPU holds only
// the blocks resident on its SMs (the simulator admits a block when it
// dispatches it to an SM; docs/sim.md "Residency"). The launch completes
// when every thread of every block of the grid has exited.
//
// Slots do not change the meaning of a step: a block's threads see the
// same values and memory whichever slot holds it, so a schedule recorded
// with slots replays without them (traces name warps by block and
// warp-in-block).
#pragma once

#include <cstdint>
#include <string>

namespace lockstep::sem {

struct LaunchSetup;

struct Residency {
  std::uint32_t slots = 0;  ///< 0: every block resident from the start; N: N block slots
  /// Block slots that share one model state under a core-scope model (DWF
  /// in the simulator: the CTA slots of one SM, slots k*C .. k*C+C-1); 1
  /// otherwise, and ignored by models without core scope.
  std::uint32_t core_slots = 1;
};

/// `run`'s default memory budget for block state (--memory-budget), in MiB.
inline constexpr std::uint64_t kDefaultMemoryBudgetMiB = 256;

/// The block index of an empty slot.
inline constexpr std::uint32_t kNoBlock = 0xffffffffU;

/// An estimate of the memory one resident block's state takes under `run`
/// (registers of 8 bytes per thread, local and shared memory, model and
/// bookkeeping state), in bytes.
[[nodiscard]] std::uint64_t block_state_bytes(const LaunchSetup& setup);

/// How many blocks of `setup`'s launch a budget of `budget_mib` MiB of block
/// state holds (block_state_bytes each); 0 when not even one fits.
[[nodiscard]] std::uint64_t blocks_within_budget(const LaunchSetup& setup, std::uint64_t budget_mib);

/// The deadlock of resident blocks that wait for blocks which cannot become
/// resident: `left` blocks never admitted, at most `resident` at once, `why`
/// the limit ("15 SMs x 1 CTA per SM, ...", "a memory budget of ...").
[[nodiscard]] std::string occupancy_deadlock_text(std::uint64_t left, std::uint64_t resident, const std::string& why);

}  // namespace lockstep::sem
