// The editable block graph: construction from a kernel, edits, and the
// relayout into a new kernel (see cfg_edit.hpp).
#include "checker/ssde/cfg_edit.hpp"

#include <algorithm>
#include <utility>

namespace lockstep::checker::cfg {
namespace {

bool transfers_control(ir::Opcode op) noexcept {
  return op == ir::Opcode::Bra || op == ir::Opcode::BrxIdx || op == ir::Opcode::Ret ||
         op == ir::Opcode::Exit || op == ir::Opcode::Trap;
}

bool falls(const Node& n) noexcept { return n.items.empty() || !n.items.back().instr.ends_flow(); }

/// Calls f(index) for every Label operand (top level or Vector element) of
/// the instruction whose operands start at op_begin in `ops`.
template <typename F>
void for_each_label(std::span<const ir::Operand> ops, const ir::Instr& in, F&& f) {
  for (std::uint32_t i = 0; i < in.op_count; ++i) {
    const std::uint32_t at = in.op_begin + i;
    const ir::Operand& o = ops[at];
    if (o.kind == ir::OperandKind::Label) {
      f(at);
    } else if (o.kind == ir::OperandKind::Vector) {
      for (std::uint32_t j = 0; j < o.b; ++j) {
        if (ops[o.a + j].kind == ir::OperandKind::Label) f(o.a + j);
      }
    }
  }
}

}  // namespace

EditGraph::EditGraph(const ir::Kernel& kernel)
    : input_(&kernel), regs_(kernel.regs), node_of_pc_(kernel.code.size(), kNoNode) {
  const auto n = static_cast<std::uint32_t>(kernel.code.size());
  for (const auto& r : kernel.regs) names_.insert(r.name);
  for (const auto& l : kernel.labels) names_.insert(l.name);
  for (const auto& v : kernel.vars) names_.insert(v.name);
  nodes_.resize(kernel.blocks.size());
  for (const auto& b : kernel.blocks) {
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc; ++pc) node_of_pc_[pc] = b.id;
  }
  for (const auto& b : kernel.blocks) {
    Node& node = nodes_[b.id];
    node.items.reserve(b.last_pc - b.first_pc + 1);
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc; ++pc) {
      const ir::Instr& in = kernel.code[pc];
      Item item{in, pc};
      item.instr.op_begin = static_cast<std::uint32_t>(ops_.size());
      const ir::Operand* src = kernel.ops(pc);
      ops_.insert(ops_.end(), src, src + in.op_count);
      for (std::uint32_t i = 0; i < in.op_count; ++i) {
        ir::Operand& o = ops_[item.instr.op_begin + i];
        if (o.kind != ir::OperandKind::Vector) continue;
        const ir::Operand* e = kernel.elems(o);
        const auto at = static_cast<std::uint32_t>(ops_.size());
        ops_.insert(ops_.end(), e, e + o.b);
        ops_[item.instr.op_begin + i].a = at;
      }
      if (in.is_branch()) {
        for_each_label(ops_, item.instr, [&](std::uint32_t at) {
          const std::uint32_t t = ops_[at].label_pc();
          ops_[at].value = t < n ? node_of_pc_[t] : kEndNode;
        });
      }
      node.items.push_back(item);
    }
    if (falls(node)) node.fall = b.id + 1 < kernel.blocks.size() ? b.id + 1 : kEndNode;
    node.placed = true;
    node.prev = b.id == 0 ? kNoNode : b.id - 1;
    node.next = b.id + 1 < kernel.blocks.size() ? b.id + 1 : kNoNode;
  }
  if (!nodes_.empty()) {
    head_ = 0;
    tail_ = size() - 1;
  }
}

std::uint32_t EditGraph::index_of_pc(std::uint32_t pc) const noexcept {
  const Node& node = nodes_[node_of_pc_[pc]];
  for (std::uint32_t i = 0; i < node.items.size(); ++i) {
    if (node.items[i].origin == pc) return i;
  }
  return kNoNode;
}

// ---- nodes and layout ----------------------------------------------------------

std::uint32_t EditGraph::add_node(std::string label) {
  Node node;
  if (!label.empty()) node.label = claim(label);
  nodes_.push_back(std::move(node));
  return size() - 1;
}

void EditGraph::place_before(std::uint32_t n, std::uint32_t at) {
  Node& node = nodes_[n];
  node.placed = true;
  node.next = at;
  node.prev = nodes_[at].prev;
  if (node.prev == kNoNode) head_ = n; else nodes_[node.prev].next = n;
  nodes_[at].prev = n;
}

void EditGraph::place_after(std::uint32_t n, std::uint32_t at) {
  Node& node = nodes_[n];
  node.placed = true;
  node.prev = at;
  node.next = nodes_[at].next;
  if (node.next == kNoNode) tail_ = n; else nodes_[node.next].prev = n;
  nodes_[at].next = n;
}

void EditGraph::place_first(std::uint32_t n) {
  if (head_ == kNoNode) {
    nodes_[n].placed = true;
    head_ = tail_ = n;
    return;
  }
  place_before(n, head_);
}

void EditGraph::place_last(std::uint32_t n) {
  if (tail_ == kNoNode) {
    place_first(n);
    return;
  }
  place_after(n, tail_);
}

std::uint32_t EditGraph::split(std::uint32_t n, std::uint32_t index, std::string label) {
  const std::uint32_t m = add_node(std::move(label));
  Node& from = nodes_[n];
  Node& to = nodes_[m];
  to.items.assign(from.items.begin() + index, from.items.end());
  from.items.resize(index);
  for (const Item& it : to.items) {
    if (it.origin != kAdded) node_of_pc_[it.origin] = m;
  }
  to.fall = from.fall;
  from.fall = m;
  place_after(m, n);
  return m;
}

std::vector<std::uint32_t> EditGraph::layout() const {
  std::vector<std::uint32_t> order;
  for (std::uint32_t n = head_; n != kNoNode; n = nodes_[n].next) order.push_back(n);
  return order;
}

// ---- instructions ----------------------------------------------------------------

std::uint32_t EditGraph::store(std::span<const ir::Operand> ops) {
  const auto at = static_cast<std::uint32_t>(ops_.size());
  ops_.insert(ops_.end(), ops.begin(), ops.end());
  return at;
}

void EditGraph::append(std::uint32_t n, const ir::Instr& instr, std::span<const ir::Operand> ops) {
  Item item{instr, kAdded};
  item.instr.op_begin = store(ops);
  item.instr.op_count = static_cast<std::uint16_t>(ops.size());
  nodes_[n].items.push_back(item);
}

void EditGraph::insert_before_terminator(std::uint32_t n, const ir::Instr& instr,
                                         std::span<const ir::Operand> ops) {
  auto& items = nodes_[n].items;
  if (items.empty() || !transfers_control(items.back().instr.op)) {
    append(n, instr, ops);
    return;
  }
  Item item{instr, kAdded};
  item.instr.op_begin = store(ops);
  item.instr.op_count = static_cast<std::uint16_t>(ops.size());
  items.insert(items.end() - 1, item);
}

void EditGraph::replace_last(std::uint32_t n, const ir::Instr& instr, std::span<const ir::Operand> ops) {
  Item& last = nodes_[n].items.back();
  last.instr = instr;
  last.instr.op_begin = store(ops);
  last.instr.op_count = static_cast<std::uint16_t>(ops.size());
  const bool falls_now = !instr.ends_flow();
  if (!falls_now) nodes_[n].fall = kNoNode;
}

// ---- edges -------------------------------------------------------------------------

std::vector<std::uint32_t> EditGraph::slots(std::uint32_t n) const {
  std::vector<std::uint32_t> out;
  for_each_slot(n, [&](std::uint32_t slot, std::uint32_t) { out.push_back(slot); });
  return out;
}

std::uint32_t EditGraph::target(std::uint32_t n, std::uint32_t slot) const noexcept {
  if (slot == kFallSlot) return nodes_[n].fall == kNoNode ? kEndNode : nodes_[n].fall;
  return static_cast<std::uint32_t>(ops_[slot].value);
}

void EditGraph::set_target(std::uint32_t n, std::uint32_t slot, std::uint32_t target) noexcept {
  if (slot == kFallSlot) {
    nodes_[n].fall = target;
  } else {
    ops_[slot].value = target;
  }
}

std::vector<std::uint32_t> EditGraph::successors(std::uint32_t n) const {
  std::vector<std::uint32_t> out;
  for_each_slot(n, [&](std::uint32_t, std::uint32_t t) {
    if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
  });
  return out;
}

bool EditGraph::may_exit(std::uint32_t n) const noexcept {
  const Node& node = nodes_[n];
  if (!node.items.empty()) {
    const ir::Opcode op = node.items.back().instr.op;
    if (op == ir::Opcode::Ret || op == ir::Opcode::Exit || op == ir::Opcode::Trap) return true;
  }
  bool end = false;
  for_each_slot(n, [&](std::uint32_t, std::uint32_t t) { end = end || t == kEndNode; });
  return end;
}

analysis::Digraph EditGraph::digraph() const {
  std::vector<analysis::Edge> edges;
  edges.reserve(nodes_.size() * 2);
  for (std::uint32_t n = 0; n < size(); ++n) {
    for_each_slot(n, [&](std::uint32_t, std::uint32_t t) {
      if (t < size()) edges.emplace_back(n, t);
    });
  }
  return analysis::Digraph(size(), edges);
}

// ---- names -------------------------------------------------------------------------

std::string EditGraph::claim(const std::string& name) {
  std::string candidate = name;
  for (std::uint32_t k = 1; names_.count(candidate) != 0; ++k) candidate = name + "_" + std::to_string(k);
  names_.insert(candidate);
  return candidate;
}

std::string EditGraph::claim_label(const std::string& name) { return claim(name); }

std::uint32_t EditGraph::add_register(const std::string& name, ir::Type type) {
  regs_.push_back(ir::RegInfo{claim(name), type});
  return static_cast<std::uint32_t>(regs_.size() - 1);
}

}  // namespace lockstep::checker::cfg
