// From safe reconvergence points to the input of the SSDE transformation:
// the loops that SafePDom flagged (Algorithm 3 may flag more loops than
// detection did), grouped by their SafePDom point (Algorithm 4, lines 6-7:
// one BBS per distinct point), each loop with the edges SSDE retargets.
#pragma once

#include <vector>

#include "checker/detect/safepdom.hpp"
#include "checker/ssde/ssde.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

/// The back edges of loop `id`: every latch -> header edge, and for an
/// irreducible loop every edge from a loop block to one of its entries;
/// ascending by (source, destination), each once.
[[nodiscard]] std::vector<analysis::Edge> loop_back_edges(const analysis::KernelAnalysis& analysis, std::uint32_t id);

/// One group per distinct point of the flagged loops of `safepdoms`, ordered
/// by point (analysis::kExitPc last); the loops of a group in LoopInfo order.
/// Empty when no loop is flagged. Throws std::invalid_argument for a point
/// that is neither a PC of `kernel` nor kExitPc.
[[nodiscard]] std::vector<SsdeGroup> ssde_groups(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                                                 const SafePdoms& safepdoms);

}  // namespace lockstep::checker
