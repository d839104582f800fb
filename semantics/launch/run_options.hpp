// How `run` schedules a launch and when it gives up.
//
//   round-robin   every enabled unit issues once per round, warps in order
//                 (threads in lane order under MIMD): fair.
//   greedy        the current unit issues until it is not enabled, then the
//                 next warp in order: not fair.
//   random:SEED   a uniformly random enabled unit each step (splitmix64).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace lockstep::sem {

enum class SchedulePolicy : std::uint8_t { RoundRobin, Greedy, Random };

struct RunOptions {
  SchedulePolicy policy = SchedulePolicy::RoundRobin;
  std::uint64_t seed = 0;
  std::uint64_t max_steps = 1'000'000'000;  ///< 0 = unlimited
  bool detect_livelock = true;
  /// Blocks with state at once (residency.hpp): 0 or at least the grid's
  /// blocks = every block resident; fewer = later blocks are admitted as
  /// earlier ones retire, in block order.
  std::uint32_t resident_blocks = 0;
  /// What limits residency, for reports ("a memory budget of 256 MiB, ...").
  std::string residency_limit;
};

/// Parses "round-robin", "greedy" or "random:SEED"; nullopt when malformed.
[[nodiscard]] std::optional<RunOptions> parse_schedule(std::string_view text, RunOptions base = {});

}  // namespace lockstep::sem
