// How a simulation runs and what it keeps (lockstep sim's options).
#pragma once

#include <cstdint>
#include <functional>

#include "semantics/launch/model_spec.hpp"
#include "sim/core/sm_observer.hpp"

namespace lockstep::sim {

/// What the progress callback is told.
struct SimProgress {
  Cycle cycle = 0;
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;  ///< guard-true threads (gpu_sim_insn)
};

struct SimOptions {
  /// The divergence model; aware's timeout is set by the simulation (aware_timeout, cycles).
  sem::ModelSpec model = sem::ModelKind::Stack;
  /// Stop with `cycle-limit` after this many core cycles (0: no limit).
  std::uint64_t max_cycles = 0;
  /// Registers per thread for occupancy (0: the launch spec's, else lockstep's estimate).
  std::uint32_t registers = 0;
  /// Keep the issue order (SimResult::schedule) for --schedule-out.
  bool record_schedule = false;
  /// Detect deadlocks and SIMT-induced livelocks (docs/sim.md, "Hangs").
  bool detect_hangs = true;
  /// Sample counters every this many core cycles for timelines (0: never).
  std::uint64_t sample_interval = 0;
  /// Told of issues, CTAs and memory requests (timelines); may be null.
  SmObserver* observer = nullptr;
  /// Called every 4096 core cycles; may be empty.
  std::function<void(const SimProgress&)> progress;
};

}  // namespace lockstep::sim
