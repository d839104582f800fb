// The search for a hang in one loop (`lockstep detect --evidence`,
// docs/detection.md "Evidence"): every schedule under the SIMT stack (NVIDIA
// push order) of one launch — and every input value, when the launch has
// symbolic inputs — with a finding filter (explore/finding_filter.hpp) that
// keeps only a witness for the loop:
//
//   - a fair non-terminating cycle in whose every state some unfinished
//     thread is inside the loop (so it stays there forever), or a deadlock
//     with a thread inside it;
//   - in which the stack holds some thread back (waiting for reconvergence,
//     or on a pending path): a SIMT-induced hang;
//   - whose launch and input values complete under `mimd` with the
//     round-robin schedule: the inputs are not ones the kernel hangs on
//     anyway (the thesis assumes a kernel that terminates on a MIMD machine).
//
// Everything else the explorer would report is passed over. Faults and
// [expect] mismatches end a launch (no hang); a hang whose threads are never
// inside the loop is another loop's. A candidate that passes through the
// loop without staying in it, or one that fails the last two tests, is a
// *doubt*: it leaves the search without a witness but keeps a search without
// findings from proving anything about the loop (a cycle of its component,
// or other values of its path condition, might be a witness).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "checker/evidence/synthesize.hpp"
#include "checker/explore/exploration.hpp"
#include "frontend/ir/module.hpp"
#include "semantics/launch/launch_setup.hpp"

namespace lockstep::checker {

struct HangSearchOptions {
  sem::ReconvergenceChoice table = sem::ReconvergenceChoice::Nvidia;
  std::uint64_t max_states = 1'000'000;
  double seconds = 60;                       ///< wall clock for this search (0: none)
  std::uint64_t mimd_steps = 10'000'000;     ///< the MIMD check's run
};

struct HangSearch {
  Exploration exploration;   ///< bound, statistics; `finding` is the witness when there is one
  /// The witness's input values (symbolic launches), and the branch regions
  /// the explored kernel had if-converted (finding_trace re-derives).
  std::vector<std::pair<std::string, std::uint64_t>> inputs;
  std::uint32_t if_converted = 0;
  bool reached = false;              ///< some step of the search began inside the loop
  std::vector<std::string> doubts;   ///< why the candidates that were no witness still matter (the first few)
  std::uint64_t doubt_count = 0;
  std::string fault;                 ///< the first fault seen, with its inputs
  std::uint64_t faults = 0;
};

/// Searches `launch` for a hang of `kernel` (a kernel of `module`) in the
/// loop whose instructions are the PCs set in `in_loop`.
[[nodiscard]] HangSearch search_hang(const ir::Module& module, const ir::Kernel& kernel, const EvidenceLaunch& launch,
                                     const std::vector<bool>& in_loop, const HangSearchOptions& options);

}  // namespace lockstep::checker
