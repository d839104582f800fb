// Renderings of a `lockstep run` result: readable text and JSON.
//
// Text: printf output first (in issue order), then the status with, for
// deadlocks and livelocks, every group of unfinished threads (block, warp,
// lanes, PC with PTX and CUDA source lines, why it waits), the counters, and
// the `[expect]` comparison or the final buffers.
// JSON keys: status, model, schedule, steps, warp_instructions,
// thread_instructions, output, buffers, expect, stuck, livelock, fault.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::cli {

struct RunContext {
  const sem::LaunchSetup* setup = nullptr;
  const sem::LaunchSpec* spec = nullptr;
  std::string model;
  std::string schedule;
};

/// Exit status of a run: 0 completed and every expectation holds, 2 completed
/// with mismatches, 3 deadlock or livelock, 4 step limit, 5 runtime error.
[[nodiscard]] int run_exit_status(const sem::RunOutcome& r, const RunContext& c);

void run_text(std::ostream& out, const sem::RunOutcome& r, const RunContext& c);
[[nodiscard]] nlohmann::ordered_json run_json(const sem::RunOutcome& r, const RunContext& c);

}  // namespace lockstep::cli
