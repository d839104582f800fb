// The per-warp and per-block data a launch state keeps beside the
// divergence model's state, and the launch's status: what callers that do
// not run the semantics themselves (the simulator through LaunchEngine)
// need to read, without LaunchState's implementation.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/launch/barrier_state.hpp"
#include "semantics/launch/rendezvous.hpp"
#include "semantics/launch/residency.hpp"
#include "semantics/memory/space_memory.hpp"
#include "semantics/value/mask.hpp"

namespace lockstep::sem {

/// Per-warp data the launch state keeps beside the model's state; V is the
/// value domain's register value (std::uint64_t for the concrete domain).
template <class V>
struct WarpDataOf {
  std::uint32_t block = 0;          ///< block index in the launch
  std::uint32_t warp_in_block = 0;
  Mask live = 0;                    ///< lanes that hold a thread
  Mask exited = 0;
  std::vector<V> regs;              ///< (registers + carry) x 32 lanes; empty once the warp is done
  std::vector<SpaceMemory> local;   ///< per-lane local memory (empty when the kernel uses none)
  std::vector<Rendezvous> pending;  ///< warp-synchronous collectives waiting for members
  friend bool operator==(const WarpDataOf&, const WarpDataOf&) = default;
};
using WarpData = WarpDataOf<std::uint64_t>;

/// Per-block data: shared memory and the 16 barriers.
struct BlockData {
  SpaceMemory shared;
  std::vector<BarrierState> barriers;
  std::uint32_t exited = 0;  ///< threads of the block that have exited
  std::uint32_t index = kNoBlock;  ///< the block's linear index; kNoBlock for an empty slot
  friend bool operator==(const BlockData&, const BlockData&) = default;
};

enum class LaunchStatus : std::uint8_t { Running, Completed, Error };

}  // namespace lockstep::sem
