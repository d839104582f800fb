// The progress line of a long simulation on a terminal: the cycle, the
// instructions (gpu_sim_insn), the simulated IPC and the simulation rate,
// rewritten in place on standard error at most twice a second once the run
// has taken a second, and cleared at the end. Not shown when standard error
// is not a terminal (logs, tests) or with --quiet. (SearchProgress is the
// explorer's.)
#pragma once

#include <chrono>
#include <ostream>

#include "sim/gpu/sim_options.hpp"

namespace lockstep::cli {

class SimProgress {
 public:
  /// Shows progress on `err` when `enabled` and standard error is a terminal.
  SimProgress(std::ostream& err, bool enabled);
  ~SimProgress();
  SimProgress(const SimProgress&) = delete;
  SimProgress& operator=(const SimProgress&) = delete;

  /// Installs the display in `options` (nothing when it is not shown).
  void attach(sim::SimOptions& options);

 private:
  void show(const sim::SimProgress& p);

  std::ostream& err_;
  bool on_ = false;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

}  // namespace lockstep::cli
