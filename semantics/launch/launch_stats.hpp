// Counters of one launch: scheduler steps, warp instructions (one per
// issued unit) and thread instructions (one per thread of an issued unit).
#pragma once

#include <cstdint>

#include "semantics/launch/tx_stats.hpp"

namespace lockstep::sem {

struct LaunchStats {
  std::uint64_t steps = 0;
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;
  TxStats tx;  ///< transactions (all zero without them)
};

}  // namespace lockstep::sem
