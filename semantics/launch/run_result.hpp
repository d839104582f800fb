// What `run` reports: how a launch ended, the counters, and for deadlocks
// and livelocks where every unfinished thread is and why.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/launch/launch_fault.hpp"
#include "semantics/launch/launch_stats.hpp"
#include "semantics/model/wait_info.hpp"

namespace lockstep::sem {

enum class RunStatus : std::uint8_t { Completed, Deadlock, Livelock, StepLimit, Error };

[[nodiscard]] inline const char* run_status_name(RunStatus s) noexcept {
  switch (s) {
    case RunStatus::Completed: return "completed";
    case RunStatus::Deadlock: return "deadlock";
    case RunStatus::Livelock: return "livelock";
    case RunStatus::StepLimit: return "step-limit";
    case RunStatus::Error: return "error";
  }
  return "?";
}

/// Unfinished threads of one warp that share a PC and a reason.
struct StuckThreads {
  std::uint32_t warp = 0;   ///< warp index in the launch
  std::uint32_t block = 0;  ///< block index in the launch
  std::uint32_t warp_in_block = 0;
  WaitInfo wait;            ///< lanes, pc, why
  bool progressing = false; ///< livelock: these threads issued instructions inside the cycle
};

struct RunResult {
  RunStatus status = RunStatus::Completed;
  LaunchStats stats;
  std::vector<StuckThreads> stuck;  ///< deadlock / livelock
  std::optional<LaunchFault> fault; ///< error
  // livelock
  bool fair = true;                 ///< every unit enabled in the cycle issued in it
  std::uint64_t cycle_steps = 0;    ///< steps in one repetition of the cycle
  std::vector<std::uint32_t> cycle_pcs;  ///< PCs issued in the cycle, ascending
  // residency (run_options.hpp)
  std::uint32_t resident_blocks = 0;  ///< at most this many blocks had state at once (0: every block)
  /// A deadlock because resident blocks wait for blocks that cannot become
  /// resident (residency.hpp occupancy_deadlock_text); empty otherwise.
  std::string occupancy_deadlock;
};

}  // namespace lockstep::sem
