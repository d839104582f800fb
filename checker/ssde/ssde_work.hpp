// The state of one SSDE transformation and the edits it is made of (internal
// to checker/ssde): moving an edge with a PHI-equivalent move, splitting it
// when its source has other successors, and compare-and-branch dispatch
// chains (docs/detection-plan.md §5.1 steps 4, 5, 7, 8).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "checker/ssde/cfg_edit.hpp"
#include "checker/ssde/ssde.hpp"

namespace lockstep::checker::ssde_detail {

/// One SsdeGroup while it is being transformed.
struct GroupWork {
  std::uint32_t index = 0;                 ///< position in the input groups (the <n> of the names)
  std::uint32_t point = 0;                 ///< SsdeGroup::point
  std::uint32_t edge_reg = 0;              ///< %ssde_c<n>
  std::uint32_t bbs = cfg::kNoNode;        ///< BBS (one node: compare and branch)
  std::uint32_t bbb = cfg::kNoNode;        ///< the node BBS falls into (S's block from S on)
  std::vector<std::uint32_t> targets;      ///< distinct case targets (nodes); value = index + 1
  std::vector<std::uint32_t> target_loops; ///< SsdeLoop::loop of each target
  std::vector<std::uint32_t> target_pcs;   ///< input PC of each target header's first instruction
  std::uint32_t dispatch = cfg::kNoNode;   ///< D, first node of the merged dispatch (several targets)
  /// Input PCs of the last instructions of the back-edge sources that also
  /// leave their loop (the branches the self-check looks at).
  std::vector<std::uint32_t> latch_pcs;
  std::vector<std::uint32_t> latch_nodes;  ///< nodes ending with a back edge of the group
  std::uint32_t edge_blocks = 0;           ///< edge nodes made for this register (names)
};

/// A compare-and-branch case: when the register equals `value`, go to `target`.
struct Case {
  std::uint32_t value = 0;
  std::uint32_t target = 0;
};

class Work {
 public:
  explicit Work(const ir::Kernel& kernel) : graph(kernel) {}

  cfg::EditGraph graph;
  std::vector<GroupWork> groups;
  SsdeReport report;
  std::uint32_t repairs = 0;  ///< new headers made (the <m> of %ssde_h<m>)

  /// Nodes with a slot targeting `to`, ascending, each once.
  [[nodiscard]] std::vector<std::uint32_t> sources(std::uint32_t to) const;

  /// Sends every edge of `src` that targets `from` to `to` instead, with
  /// `mov.u32 reg, value` on the way: in src itself when all of src's edges
  /// go to `from`, else in a new edge node (`<edge_label><k>`) placed right
  /// after src (fall-through edge) or at the end of the code. Returns false
  /// when src has no edge to `from`.
  bool move_edge(std::uint32_t src, std::uint32_t from, std::uint32_t to, std::uint32_t reg,
                 std::uint32_t value, const std::string& edge_label, std::uint32_t& edge_count);

  /// The kernel's own entry into `from` (when `from` is the entry node): a
  /// new first node `mov.u32 reg, value` falling into `to` becomes the entry.
  void move_entry(std::uint32_t from, std::uint32_t to, std::uint32_t reg, std::uint32_t value);

  /// Fills `first` (and new nodes placed after it) with `setp.eq.u32 p, reg,
  /// value; @p bra target` per case, one case per node, the last falling into
  /// `fall`. Predicates are `<pred_name><i>` (i from 1). Returns the nodes.
  std::vector<std::uint32_t> dispatch(std::uint32_t first, std::uint32_t reg, std::span<const Case> cases,
                                      std::uint32_t fall, const std::string& pred_name);

  // Instruction builders (operands as the lowering makes them).
  void add_mov(std::uint32_t node, std::uint32_t reg, std::uint32_t value, bool before_terminator);
  void add_setp(std::uint32_t node, ir::CmpOp cmp, std::uint32_t pred, std::uint32_t reg, std::uint32_t value);
  void add_branch(std::uint32_t node, std::uint32_t pred, std::uint32_t target);
};

/// Step 0: a single exit node `$L__ssde_exit: ret;` at the end; every
/// ret/exit (guarded too) becomes a branch to it, falling off the end and
/// branches past the last instruction go to it. Returns the node.
std::uint32_t materialise_exit(Work& work);

/// Step 7: for every group with several targets, the dispatch node D before
/// the nearest common dominator of the targets (see ssde_repair.cpp).
void merge_back_edges(Work& work);

/// Step 8: new headers for the irreducible loops that contain a BBS, until none is left.
void repair_single_entry(Work& work);

/// Step 10: the output's branch at the end of every back-edge source that
/// leaves its loop must reconverge at its BBS (NVIDIA table, see
/// ssde_check.cpp); throws std::invalid_argument for conflicting input
/// points, std::runtime_error otherwise. Fills the report's switches.
void check_and_report(Work& work, const analysis::KernelAnalysis& analysis, const ir::Kernel& out,
                      std::span<const std::uint32_t> origin, std::span<const SsdeGroup> groups);

}  // namespace lockstep::checker::ssde_detail
