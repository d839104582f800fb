// A hang at a grid barrier (cooperative groups' grid.sync()): some blocks
// spin in the barrier's loop on the grid workspace while the others never
// arrive. The spinning makes it a livelock of the semantics (the threads
// keep issuing); reports name it for what it is: a deadlock between blocks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "semantics/launch/launch_setup.hpp"

namespace lockstep::sem {

struct GridBarrierHang {
  std::vector<std::uint32_t> waiting;  ///< linear indices of blocks with a thread spinning at the grid barrier
  std::vector<std::uint32_t> missing;  ///< the other blocks: they never arrive
};

/// `spinning` holds (linear block index, whether it waits at a grid
/// barrier: WaitKind::GridBarrier) of every group of threads that keeps
/// issuing in a non-terminating cycle. A grid-barrier hang when there is at
/// least one and every one waits at a grid barrier; else nullopt.
[[nodiscard]] std::optional<GridBarrierHang> grid_barrier_hang(
    const LaunchSetup& setup, const std::vector<std::pair<std::uint32_t, bool>>& spinning);

/// "block 0 waits in grid.sync() for block 1, which never arrives" (blocks
/// written as (x,y,z) when the grid has more than one dimension; long lists
/// are shortened with a count).
[[nodiscard]] std::string grid_barrier_text(const LaunchSetup& setup, const GridBarrierHang& h);

}  // namespace lockstep::sem
