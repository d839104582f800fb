// Runs a prepared launch under a named divergence model: the entry point of
// `lockstep run` (the template machinery stays behind this one call).
#pragma once

#include <string>

#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/launch/run_options.hpp"
#include "semantics/launch/run_result.hpp"
#include "semantics/memory/global_memory.hpp"

namespace lockstep::sem {

struct RunOutcome {
  RunResult result;
  GlobalMemory memory;  ///< global memory at the end (buffers are read from it)
  std::string output;   ///< printf output in issue order
};

[[nodiscard]] RunOutcome run_model(const LaunchSetup& setup, const ModelSpec& model, const RunOptions& options);

}  // namespace lockstep::sem
