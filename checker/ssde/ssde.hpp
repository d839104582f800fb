// SSDE, Algorithm 4 (ElTantawy 2018, research/000-deadlock-ssde.md §3.4 and
// the NVIDIA repairs of §3.6): rewrite a kernel's CFG so that threads
// iterating in a flagged loop wait at the loop's safe reconvergence point
// (SafePDom) for the threads of their warp on other paths before they
// iterate again.
//
// For each distinct SafePDom point S a block BBS is inserted immediately
// before S (splitting S's block when S is mid-block). Every back edge of the
// loops that share S is retargeted to BBS; a fresh 32-bit register carries
// which edge a thread came from (the PHI of the thesis, lowered to moves on
// the incoming edges, splitting an edge when its source has two successors);
// BBS dispatches with a chain of compare-and-branch instructions whose
// default (fall-through) is S, so BBS stays the reconvergence point of the
// loops' branches. The other edges into S that come from the loops enter
// BBS too (with 0); edges that cannot come from them keep going to S. When
// S is the virtual exit (analysis::kExitPc) a single real exit block is made
// first and every ret/exit jumps to it. The result is made a valid input for
// NVIDIA-style reconvergence: several back edges of one BBS are merged into
// one, and the loops through a BBS are made single-entry (a new header
// merges their entries otherwise; see the report's `merged_back_edges` and
// `new_headers`). Finally the output is re-analysed: the branch of every
// back-edge source that leaves its loop must reconverge at its BBS
// (checker/ssde/ssde_check.cpp).
//
// The input kernel is not modified; the output is a new ir::Kernel with
// blocks built, printable with ptx::print after replacing the module's
// kernel. New labels are `$L__ssde_<kind><n>`, new registers `%ssde_<...>`.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "frontend/analysis/digraph.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker {

/// One flagged loop to transform.
struct SsdeLoop {
  std::uint32_t loop = 0;    ///< id in the input kernel's LoopInfo (for the report)
  std::uint32_t header = 0;  ///< header block id in the input kernel
  /// Edges (source block, destination block) that re-enter the loop from
  /// inside it: latch -> header, and for an irreducible loop every edge from
  /// a loop block to one of its entries. They are retargeted to BBS.
  std::vector<analysis::Edge> back_edges;
};

/// The loops that share one SafePDom.
struct SsdeGroup {
  /// PC of the instruction before which BBS goes (an instruction index of the
  /// input kernel), or analysis::kExitPc for the virtual exit. It must
  /// post-dominate every back-edge source of its loops.
  std::uint32_t point = 0;
  std::vector<SsdeLoop> loops;
};

struct SsdeCase {
  std::uint32_t loop = 0;        ///< SsdeLoop::loop
  std::string target_label;      ///< label of the block the case branches back to
  std::uint32_t value = 0;       ///< value of the edge register for this case (1, 2, ...)
};

struct SsdeSwitch {
  std::uint32_t point = 0;       ///< SsdeGroup::point (input PC or kExitPc)
  std::string bbs_label;         ///< label of BBS in the output
  std::uint32_t bbs_pc = 0;      ///< first PC of BBS in the output
  std::string edge_register;     ///< the register carrying the edge value
  std::vector<SsdeCase> cases;
};

struct SsdeReport {
  std::vector<SsdeSwitch> switches;  ///< one per group, in input order
  std::uint32_t blocks_added = 0;
  std::uint32_t instructions_added = 0;
  std::uint32_t registers_added = 0;
  std::uint32_t edge_splits = 0;       ///< blocks made to carry a move on one edge
  std::uint32_t merged_back_edges = 0; ///< back edges merged into one per BBS
  std::uint32_t new_headers = 0;       ///< single-entry repairs
  bool exit_materialised = false;      ///< a single exit block was made for kExitPc
};

/// SsdeResult::origin of an instruction that SSDE added.
inline constexpr std::uint32_t kAddedPc = 0xffffffffU;

struct SsdeResult {
  ir::Kernel kernel;
  SsdeReport report;
  /// Per output PC, the input PC of the instruction it copies (a `ret` or
  /// `exit` turned into a branch to the exit block included), or kAddedPc.
  std::vector<std::uint32_t> origin;
};

/// Applies Algorithm 4 to `kernel` (blocks built, `analysis` its analyses).
/// Throws std::invalid_argument when a group is malformed (a point that is
/// not a PC of the kernel, two groups with one point, a group without back
/// edges, an edge that is not an edge of the CFG or is given twice, a point
/// that does not strictly post-dominate a back-edge source) or when the
/// points cannot be served (ssde_check.cpp: a point that conflicts with
/// another group's, or lies where an enclosing loop starts; the message
/// says which and what to raise); std::runtime_error ("ssde: internal: ...")
/// when the self-check fails otherwise.
[[nodiscard]] SsdeResult ssde_transform(const ir::Kernel& kernel, const analysis::KernelAnalysis& analysis,
                                        std::span<const SsdeGroup> groups);

}  // namespace lockstep::checker
