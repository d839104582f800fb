// The readable rendering of a counterexample trace (docs/trace-format.md):
//
//   SIMT-induced deadlock (non-termination) under stack (push order nvidia), reconvergence nvidia
//   kernel _Z9spin_lockPiPVi, grid (2,1,1), block (32,1,1), inputs: concrete
//      #  warp   lanes        pc  instr
//      0  b0.w0  0xffffffff    0  ld.param.u64 %rd1, [p0]  (+3 private)   line 24, spin_lock.cu:9
//     -- cycle: repeats forever; every enabled unit issues in it --
//      3  b0.w0  0xfffffffe    4  atom.global.cas.b32 %r1, [%rd2], 0, 1   line 31
//     -- back to step 3 --
//   stuck:
//     b0.w0 lane 0 at pc 10: waits for reconvergence at pc 10
//     b0.w0 lanes 1-31 at pc 4: spinning
//
// then the fault or the [expect] mismatches when there are any.
#pragma once

#include <ostream>
#include <string>

#include "checker/trace/trace.hpp"

namespace lockstep::checker {

void trace_text(std::ostream& out, const Trace& trace);

/// The first line of trace_text, without the newline:
/// "SIMT-induced deadlock (non-termination) under stack (push order nvidia), reconvergence nvidia".
[[nodiscard]] std::string trace_headline(const Trace& trace);

/// One group of unfinished threads: "b0.w0 lanes 1-31 at pc 4: spinning (keeps issuing inside the cycle)".
[[nodiscard]] std::string stuck_line(const TraceStuck& stuck);

/// "stuck:" and one line per group of unfinished threads (nothing when there are none).
void stuck_text(std::ostream& out, const std::vector<TraceStuck>& stuck);

/// "lane 3", "lanes 0-2,5", "no lanes".
[[nodiscard]] std::string lane_set_text(sem::Mask m);

}  // namespace lockstep::checker
