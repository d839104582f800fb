// A kernel as an editable graph of basic blocks, and its relayout into a new
// ir::Kernel (the ground SSDE works on, docs/detection-plan.md §5.1 step 9).
//
// Each node is a basic block: a list of instructions and an explicit
// fall-through successor. Branch instructions name their targets by node,
// so blocks can be split, inserted and retargeted without touching PCs;
// the layout (the order of the nodes in the output code) is a linked list
// in which new nodes are placed before or after others or at the end.
//
// Relayout emits the nodes in layout order and
//  - gives every instruction its new PC and remaps every Label operand
//    (branch targets by node; a Label operand of another instruction by the
//    new PC of the instruction it named);
//  - places every original label at the new PC of its instruction, and the
//    nodes' own labels (Node::label) at their first PC; a branch target
//    without any label gets one (`$L__ssde_L<n>`), so the printed text
//    re-parses to the same kernel;
//  - appends `bra <fall>` to a node whose fall-through successor is not the
//    next node, and `ret` to a node that falls off the end of the kernel
//    while other nodes follow it (leaving the kernel either way);
//  - gives an added instruction the CUDA position and the inlined frame of
//    the instruction before it (no new `.loc` line; a re-parse gives it the
//    same position);
//  - keeps registers (original ids first, then the added ones), variables,
//    parameters, inline frames and directives, and builds the blocks
//    (ir::build_blocks).
// Without edits the result is the input kernel again.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <unordered_set>
#include <vector>

#include "frontend/analysis/digraph.hpp"
#include "frontend/ir/kernel.hpp"

namespace lockstep::checker::cfg {

/// "No node": a node that ends flow has no fall-through successor.
inline constexpr std::uint32_t kNoNode = 0xffffffffU;
/// The fall-through (or branch) target "past the last instruction": leaving the kernel.
inline constexpr std::uint32_t kEndNode = 0xfffffffeU;
/// The slot of a node's fall-through edge (see EditGraph::slots).
inline constexpr std::uint32_t kFallSlot = 0xffffffffU;
/// Item::origin of an instruction that was not in the input.
inline constexpr std::uint32_t kAdded = 0xffffffffU;

/// One instruction. Its operands are EditGraph::operands()[instr.op_begin ..
/// + op_count], Vector elements stored after them (Operand::a indexes the
/// same pool). In a branch (bra, brx.idx) a Label operand's value is a node
/// id (or kEndNode); in any other instruction it is an input PC.
struct Item {
  ir::Instr instr;
  std::uint32_t origin = kAdded;  ///< input PC it copies, or kAdded
};

struct Node {
  std::vector<Item> items;
  std::uint32_t fall = kNoNode;  ///< fall-through successor, kEndNode, or kNoNode (flow ends)
  std::string label;             ///< label of the node's first PC ("" = none of its own)
  std::uint32_t prev = kNoNode;  ///< layout neighbours (kNoNode: first / last / unplaced)
  std::uint32_t next = kNoNode;
  bool placed = false;
};

class EditGraph {
 public:
  /// One node per block of `kernel` (blocks built), in block order.
  explicit EditGraph(const ir::Kernel& kernel);

  [[nodiscard]] const ir::Kernel& input() const noexcept { return *input_; }
  [[nodiscard]] std::uint32_t size() const noexcept { return static_cast<std::uint32_t>(nodes_.size()); }
  [[nodiscard]] Node& node(std::uint32_t n) noexcept { return nodes_[n]; }
  [[nodiscard]] const Node& node(std::uint32_t n) const noexcept { return nodes_[n]; }
  [[nodiscard]] std::span<const ir::Operand> operands() const noexcept { return ops_; }
  /// The node where execution starts (set_entry moves it).
  [[nodiscard]] std::uint32_t entry() const noexcept { return entry_; }
  void set_entry(std::uint32_t n) noexcept { entry_ = n; }
  /// The node holding the instruction copied from input PC `pc`.
  [[nodiscard]] std::uint32_t node_of_pc(std::uint32_t pc) const noexcept { return node_of_pc_[pc]; }
  /// Index of that instruction in its node's items.
  [[nodiscard]] std::uint32_t index_of_pc(std::uint32_t pc) const noexcept;

  // ---- nodes and layout ----
  /// A new empty node, not yet placed in the layout.
  std::uint32_t add_node(std::string label = {});
  void place_before(std::uint32_t n, std::uint32_t at);
  void place_after(std::uint32_t n, std::uint32_t at);
  void place_first(std::uint32_t n);
  void place_last(std::uint32_t n);
  /// Moves items [index, end) of n into a new node placed right after n; the
  /// new node takes n's fall-through and n falls into it. Returns it.
  std::uint32_t split(std::uint32_t n, std::uint32_t index, std::string label = {});
  /// Nodes in layout order.
  [[nodiscard]] std::vector<std::uint32_t> layout() const;

  // ---- instructions ----
  /// Appends an added instruction with the given top-level operands (no Vector).
  void append(std::uint32_t n, const ir::Instr& instr, std::span<const ir::Operand> ops);
  /// Inserts an added instruction before n's last instruction when that one
  /// transfers control (bra, brx.idx, ret, exit, trap; guarded or not), else appends it.
  void insert_before_terminator(std::uint32_t n, const ir::Instr& instr, std::span<const ir::Operand> ops);
  /// Replaces n's last instruction (kept as the copy of the same input PC).
  void replace_last(std::uint32_t n, const ir::Instr& instr, std::span<const ir::Operand> ops);

  // ---- edges ----
  /// n's outgoing edge slots: the operand index (in operands()) of each
  /// Label of its terminating branch, then kFallSlot when n falls through.
  [[nodiscard]] std::vector<std::uint32_t> slots(std::uint32_t n) const;
  /// Calls f(slot, target) for every slot of n, in slots() order (no allocation).
  template <typename F>
  void for_each_slot(std::uint32_t n, F&& f) const;
  [[nodiscard]] std::uint32_t target(std::uint32_t n, std::uint32_t slot) const noexcept;
  void set_target(std::uint32_t n, std::uint32_t slot, std::uint32_t target) noexcept;
  /// Distinct successor nodes (kEndNode included when it is one), slot order.
  [[nodiscard]] std::vector<std::uint32_t> successors(std::uint32_t n) const;
  /// True when n may leave the kernel (ret/exit/trap last, or falls off the end).
  [[nodiscard]] bool may_exit(std::uint32_t n) const noexcept;
  /// The graph over node ids (edges to kEndNode left out).
  [[nodiscard]] analysis::Digraph digraph() const;

  // ---- names ----
  /// Adds a register named `name` (or `name_<k>` when that is taken).
  std::uint32_t add_register(const std::string& name, ir::Type type);
  [[nodiscard]] std::span<const ir::RegInfo> registers() const noexcept { return regs_; }
  /// A label name not used so far (`name`, else `name_<k>`), reserved.
  std::string claim_label(const std::string& name);

  /// The kernel in the current layout; origin (optional) receives, per
  /// output PC, the input PC it copies or kAdded.
  [[nodiscard]] ir::Kernel relayout(std::vector<std::uint32_t>* origin = nullptr) const;

 private:
  std::string claim(const std::string& name);
  std::uint32_t store(std::span<const ir::Operand> ops);

  const ir::Kernel* input_;
  std::vector<Node> nodes_;
  std::vector<ir::Operand> ops_;
  std::vector<ir::RegInfo> regs_;
  std::vector<std::uint32_t> node_of_pc_;
  std::unordered_set<std::string> names_;
  std::uint32_t entry_ = 0;
  std::uint32_t head_ = kNoNode;
  std::uint32_t tail_ = kNoNode;
};

template <typename F>
void EditGraph::for_each_slot(std::uint32_t n, F&& f) const {
  const Node& node = nodes_[n];
  if (!node.items.empty()) {
    const ir::Instr& last = node.items.back().instr;
    if (last.is_branch()) {
      for (std::uint32_t i = 0; i < last.op_count; ++i) {
        const std::uint32_t at = last.op_begin + i;
        const ir::Operand& o = ops_[at];
        if (o.kind == ir::OperandKind::Label) {
          f(at, static_cast<std::uint32_t>(o.value));
        } else if (o.kind == ir::OperandKind::Vector) {
          for (std::uint32_t j = 0; j < o.b; ++j) {
            const ir::Operand& e = ops_[o.a + j];
            if (e.kind == ir::OperandKind::Label) f(o.a + j, static_cast<std::uint32_t>(e.value));
          }
        }
      }
    }
    if (last.ends_flow()) return;
  }
  f(kFallSlot, node.fall == kNoNode ? kEndNode : node.fall);
}

}  // namespace lockstep::checker::cfg
