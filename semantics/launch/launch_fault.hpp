// Why a launch stopped with an error: a memory fault, `trap`, a failed
// assertion, or an instruction without a defined meaning. Names the thread
// and the instruction.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace lockstep::sem {

struct LaunchFault {
  std::string kind;     ///< "memory-fault", "trap", "assertion", "unsupported", "invalid", "barrier-divergence",
                        ///< "aligned-barrier" (its: an aligned barrier in divergent code)
  std::string message;  ///< what happened, without the position
  std::array<std::uint32_t, 3> block{};   ///< %ctaid
  std::array<std::uint32_t, 3> thread{};  ///< %tid
  std::uint32_t warp = 0;  ///< warp index in the block
  std::uint32_t lane = 0;
  std::uint32_t pc = 0;
};

}  // namespace lockstep::sem
