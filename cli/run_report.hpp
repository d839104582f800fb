// Renderings of a `lockstep run` result: readable text and JSON.
//
// Text: printf output first (in issue order), then the status with, for
// deadlocks and livelocks, every group of unfinished threads (block, warp,
// lanes, PC with PTX and CUDA source lines, why it waits), the counters, and
// the `[expect]` comparison or the final buffers.
// JSON keys: status, model, schedule, steps, warp_instructions,
// thread_instructions, output, buffers, expect, stuck, livelock, fault.
//
// A replayed trace (`run --replay`): printf output, the trace's headline,
// the steps and instructions replayed, what was confirmed ("replayed: the
// cycle returns to the same state"), the stuck threads, fault, mismatches.
// JSON keys: replay, replayed, kind, label, model, kernel, steps,
// instructions, digest, output, stuck, fault, mismatches.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <string_view>

#include "checker/trace/trace.hpp"
#include "checker/trace/trace_replay.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::cli {

struct RunContext {
  const sem::LaunchSetup* setup = nullptr;
  const sem::LaunchSpec* spec = nullptr;
  std::string model;
  std::string schedule;
  std::string residency;  ///< what limited the blocks resident at once (run --residency); empty: every block
};

/// Exit status of a run: 0 completed and every expectation holds, 2 completed
/// with mismatches, 3 deadlock or livelock, 4 step limit, 5 runtime error.
[[nodiscard]] int run_exit_status(const sem::RunOutcome& r, const RunContext& c);
/// The same for any result and final memory (`sim` shares it).
[[nodiscard]] int exit_status(const sem::RunResult& result, const sem::GlobalMemory& memory, const RunContext& c);

void run_text(std::ostream& out, const sem::RunOutcome& r, const RunContext& c);
[[nodiscard]] nlohmann::ordered_json run_json(const sem::RunOutcome& r, const RunContext& c);

// The parts of a report `sim` shares with `run`.
/// The status line(s) and the stuck threads; a livelock's cycle is counted in `unit` ("steps").
void status_text(std::ostream& out, const sem::RunResult& res, const RunContext& c, std::string_view unit);
/// Every group of stuck threads, one line each.
void stuck_text(std::ostream& out, const sem::RunResult& res, const RunContext& c);
/// The [expect] comparison, or the final buffers when the spec has none.
void results_text(std::ostream& out, const sem::GlobalMemory& memory, const RunContext& c);
/// Adds buffers, expect, stuck, livelock and fault to j.
void outcome_json(nlohmann::ordered_json& j, const sem::RunResult& res, const sem::GlobalMemory& memory,
                  const RunContext& c);

void replay_text(std::ostream& out, const checker::Trace& t, const checker::TraceReplay& r, const std::string& path);
[[nodiscard]] nlohmann::ordered_json replay_json(const checker::Trace& t, const checker::TraceReplay& r,
                                                 const std::string& path);

}  // namespace lockstep::cli
