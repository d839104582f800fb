// Renderings of a `lockstep sim` result: readable text and JSON.
//
// Text: printf output first, a header (kernel, model, GPU, launch shape),
// the occupancy, the status with `run`'s stuck report (plus the cycle at
// which a hang became certain), one summary line (cycles, gpu_sim_insn,
// IPC, SIMD efficiency, warp instructions), and the [expect] comparison or
// the final buffers, as `run` prints them.
// JSON keys: status, kernel, model, gpu, grid, block, cycles,
// instructions (gpu_sim_insn), thread_instructions (lockstep's full
// count), warp_instructions, ipc, simd_efficiency, occupancy {ctas_per_sm,
// limit, text, registers_per_thread, registers_estimated}, output,
// buffers, expect, stuck, livelock, fault, occupancy_deadlock (when it
// applies), and stats {gpgpusim, lockstep} with --stats.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

#include "cli/run_report.hpp"
#include "sim/gpu/sim_result.hpp"
#include "sim/stats/sim_stats.hpp"

namespace lockstep::cli {

struct SimContext {
  RunContext run;  ///< setup, spec, model (schedule unused)
  std::string gpu;
  std::uint64_t max_cycles = 0;
  bool ddos = false;  ///< the GPU detects spinning: report what it confirmed
};

void sim_text(std::ostream& out, const sim::SimResult& r, const SimContext& c);
[[nodiscard]] nlohmann::ordered_json sim_json(const sim::SimResult& r, const SimContext& c,
                                              const sim::StatGroups* stats);

/// `run`'s exit statuses: 0 completed (and [expect] holds), 2 mismatch, 3
/// deadlock or livelock, 4 cycle limit, 5 error.
[[nodiscard]] int sim_exit_status(const sim::SimResult& r, const SimContext& c);

}  // namespace lockstep::cli
