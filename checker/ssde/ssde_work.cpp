// SSDE edits: edges moved with a PHI-equivalent move (split when needed), the
// kernel entry moved, dispatch chains, and the exit materialisation (step 0).
#include <algorithm>
#include <array>

#include "checker/ssde/ssde_work.hpp"

namespace lockstep::checker::ssde_detail {

std::vector<std::uint32_t> Work::sources(std::uint32_t to) const {
  std::vector<std::uint32_t> out;
  for (std::uint32_t n = 0; n < graph.size(); ++n) {
    bool found = false;
    graph.for_each_slot(n, [&](std::uint32_t, std::uint32_t t) { found = found || t == to; });
    if (found) out.push_back(n);
  }
  return out;
}

bool Work::move_edge(std::uint32_t src, std::uint32_t from, std::uint32_t to, std::uint32_t reg,
                     std::uint32_t value, const std::string& edge_label, std::uint32_t& edge_count) {
  std::vector<std::uint32_t> moved;
  bool only = true;
  bool fall = false;
  for (const std::uint32_t s : graph.slots(src)) {
    if (graph.target(src, s) == from) {
      moved.push_back(s);
      fall = fall || s == cfg::kFallSlot;
    } else {
      only = false;
    }
  }
  if (moved.empty()) return false;
  if (only) {
    add_mov(src, reg, value, true);
    for (const std::uint32_t s : moved) graph.set_target(src, s, to);
    return true;
  }
  // The edge shares its source with others: a block of its own carries the move.
  const std::uint32_t e =
      graph.add_node(fall ? std::string() : edge_label + std::to_string(++edge_count));
  add_mov(e, reg, value, false);
  graph.node(e).fall = to;
  if (fall) {
    graph.place_after(e, src);
  } else {
    graph.place_last(e);
  }
  for (const std::uint32_t s : moved) graph.set_target(src, s, e);
  ++report.edge_splits;
  return true;
}

void Work::move_entry(std::uint32_t from, std::uint32_t to, std::uint32_t reg, std::uint32_t value) {
  if (graph.entry() != from) return;
  const std::uint32_t p = graph.add_node();
  add_mov(p, reg, value, false);
  graph.node(p).fall = to;
  graph.place_first(p);
  graph.set_entry(p);
}

std::vector<std::uint32_t> Work::dispatch(std::uint32_t first, std::uint32_t reg, std::span<const Case> cases,
                                          std::uint32_t fall, const std::string& pred_name) {
  std::vector<std::uint32_t> nodes{first};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::uint32_t n = nodes.back();
    const std::uint32_t p = graph.add_register(pred_name + std::to_string(i + 1), ir::Type::Pred);
    add_setp(n, ir::CmpOp::Eq, p, reg, cases[i].value);
    add_branch(n, p, cases[i].target);
    if (i + 1 < cases.size()) {
      const std::uint32_t next = graph.add_node();
      graph.place_after(next, n);
      graph.node(n).fall = next;
      nodes.push_back(next);
    }
  }
  graph.node(nodes.back()).fall = fall;
  return nodes;
}

void Work::add_mov(std::uint32_t node, std::uint32_t reg, std::uint32_t value, bool before_terminator) {
  ir::Instr in;
  in.op = ir::Opcode::Mov;
  in.type = ir::Type::U32;
  const std::array<ir::Operand, 2> ops{ir::Operand::reg(reg), ir::Operand::imm(value)};
  if (before_terminator) {
    graph.insert_before_terminator(node, in, ops);
  } else {
    graph.append(node, in, ops);
  }
}

void Work::add_setp(std::uint32_t node, ir::CmpOp cmp, std::uint32_t pred, std::uint32_t reg,
                    std::uint32_t value) {
  ir::Instr in;
  in.op = ir::Opcode::Setp;
  in.type = ir::Type::U32;
  in.cmp = cmp;
  const std::array<ir::Operand, 3> ops{ir::Operand::reg(pred), ir::Operand::reg(reg), ir::Operand::imm(value)};
  graph.append(node, in, ops);
}

void Work::add_branch(std::uint32_t node, std::uint32_t pred, std::uint32_t target) {
  ir::Instr in;
  in.op = ir::Opcode::Bra;
  in.guard = pred;
  const std::array<ir::Operand, 1> ops{ir::Operand::label(target)};
  graph.append(node, in, ops);
}

std::uint32_t materialise_exit(Work& work) {
  cfg::EditGraph& g = work.graph;
  const std::uint32_t original = g.size();
  const std::uint32_t exit = g.add_node("$L__ssde_exit");
  ir::Instr ret;
  ret.op = ir::Opcode::Ret;
  g.append(exit, ret, {});
  g.place_last(exit);
  for (std::uint32_t n = 0; n < original; ++n) {
    cfg::Node& node = g.node(n);
    if (!node.items.empty()) {
      const ir::Instr& last = node.items.back().instr;
      if (last.op == ir::Opcode::Ret || last.op == ir::Opcode::Exit) {
        ir::Instr bra;
        bra.op = ir::Opcode::Bra;
        bra.guard = last.guard;
        bra.guard_negated = last.guard_negated;
        bra.flags = last.flags & static_cast<std::uint32_t>(ir::InstrFlag::Uni);
        bra.cuda = last.cuda;
        bra.loc = last.loc;
        bra.frame = last.frame;
        const std::array<ir::Operand, 1> ops{ir::Operand::label(exit)};
        g.replace_last(n, bra, ops);
      }
    }
    for (const std::uint32_t s : g.slots(n)) {
      if (g.target(n, s) == cfg::kEndNode) g.set_target(n, s, exit);
    }
  }
  work.report.exit_materialised = true;
  return exit;
}

}  // namespace lockstep::checker::ssde_detail
