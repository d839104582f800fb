// How many blocks of a launch a GPU holds at once: registers per thread
// (given, or lockstep's estimate), CTAs per SM from the occupancy limits,
// and the blocks resident on the whole GPU. `lockstep sim` dispatches by it;
// `lockstep run --gpu` bounds its residency by it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "semantics/launch/launch_setup.hpp"
#include "sim/config/gpu_config.hpp"
#include "sim/core/occupancy.hpp"

namespace lockstep::sim {

/// A launch the GPU refuses before running it: no CTA fits an SM (the
/// message names the resource), or a cooperative launch whose blocks cannot
/// all be resident at once.
class LaunchRefused : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct LaunchOccupancy {
  std::uint32_t registers = 0;       ///< per thread
  bool registers_estimated = false;  ///< lockstep's estimate, not given
  Occupancy occupancy;               ///< per SM
  std::string text;                  ///< occupancy.describe(...)
  std::uint64_t resident_blocks = 0; ///< on the whole GPU at once
};

/// The occupancy of `setup` on `gpu` with `registers` per thread (0:
/// estimate them). Throws LaunchRefused as above.
[[nodiscard]] LaunchOccupancy launch_occupancy(const sem::LaunchSetup& setup, const GpuConfig& gpu,
                                               std::uint32_t registers);

}  // namespace lockstep::sim
