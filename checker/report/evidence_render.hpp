// The renderings of one flagged loop's evidence (checker/evidence) that the
// text and JSON reports of `lockstep detect --evidence` share.
//
// Text, under the loop's lines:
//     evidence: confirmed (0.01 s, 3 states): SIMT-induced deadlock under stack: grid 1, block 32; ...
//       witness: spin_lock.loop0.stack.trace.json on spin_lock.loop0.launch.toml
//         (replay: lockstep run k.ptx --replay spin_lock.loop0.stack.trace.json)
//       stuck: b0.w0 lane 0 at pc 9: waits for reconvergence at pc 9; b0.w0 lanes 1-31 at pc 6: spinning
//       assumed: ...
//       searched: ...
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

#include "checker/evidence/evidence.hpp"

namespace lockstep::checker {

void evidence_text(std::ostream& out, const LoopEvidence& ev, const std::string& ptx, bool timing);

/// {status, summary, assumptions, launches, states, seconds (with timing), witness}.
[[nodiscard]] nlohmann::ordered_json evidence_json(const LoopEvidence& ev, bool timing);

}  // namespace lockstep::checker
