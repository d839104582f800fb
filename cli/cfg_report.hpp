// Renderings of a kernel's CFG and analyses for `lockstep cfg`: readable
// text, JSON (the stable machine format, pinned by golden tests) and DOT.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/module.hpp"

namespace lockstep::cli {

/// Per kernel: name, blocks (id, label, first_pc, last_pc, succs, preds,
/// may_exit), loops (header, blocks, latches, exits, exiting, entries,
/// reducible, depth, parent), branches (pc, block, targets, ipdom,
/// ipdom_nvidia, ipdom_pc, ipdom_nvidia_pc, uniform, uni_asserted, line,
/// cuda). The virtual exit appears as the string "exit".
[[nodiscard]] nlohmann::ordered_json cfg_json(const ir::Module& module, const ir::Kernel& kernel,
                                              const analysis::KernelAnalysis& a);

/// Readable text: blocks with successors, loops, branches.
void cfg_text(std::ostream& out, const ir::Kernel& kernel, const analysis::KernelAnalysis& a);

/// A DOT subgraph (cluster) for the kernel: blocks as boxes, loops as nested
/// clusters (irreducible ones in red), back edges dashed, and for every
/// conditional branch a dotted edge to its reconvergence point (IPDOM; the
/// NVIDIA variant in a second colour when it differs). `index` makes node
/// names unique across kernels.
void cfg_dot(std::ostream& out, const ir::Kernel& kernel, const analysis::KernelAnalysis& a, std::size_t index);

}  // namespace lockstep::cli
