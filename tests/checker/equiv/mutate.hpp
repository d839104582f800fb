// Mutants of SSDE outputs for the equiv tests (docs/explorer-plan.md §5.4),
// each keeping the origin map consistent:
//   wrong_case      the first case of the first BBS compares with another value;
//   drop_move       the first `mov %ssde_c<n>, 0` (a non-latch edge's move) is deleted;
//   move_store      the first copied `st` that is neither the first nor the
//                   last copy of its block is moved to the start of the first BBS;
//   retarget_latch  the first latch (a copied branch into an added block that
//                   starts by moving a non-zero case value into an edge
//                   register) goes straight to the BBS's fall-through
//                   successor instead.
// Deleting and moving go through cfg::EditGraph, whose relayout gives the
// map from mutant PCs to output PCs, composed here with the output's origin.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "checker/ssde/cfg_edit.hpp"
#include "tests/checker/equiv/equiv_test_kit.hpp"

namespace lockstep::test {

struct Mutant {
  ir::Kernel kernel;
  std::vector<std::uint32_t> origin;
};

inline bool is_fresh_name(const ir::Kernel& k, std::uint32_t reg) { return k.regs[reg].name.rfind("%ssde_", 0) == 0; }

/// First PC of BBS of the first switch.
inline std::uint32_t bbs_pc(const SsdeCase& c) { return c.report.switches.at(0).bbs_pc; }

inline Mutant wrong_case(const SsdeCase& c) {
  Mutant m{c.out(), c.origin};
  for (std::uint32_t pc = bbs_pc(c); pc < m.kernel.code.size(); ++pc) {
    if (m.kernel.code[pc].op != ir::Opcode::Setp) continue;
    ir::Operand& v = m.kernel.operands[m.kernel.code[pc].op_begin + 2];
    EXPECT_EQ(v.kind, ir::OperandKind::ImmInt);
    v.value = v.value + 1;  // the latch's value no longer selects its case
    return m;
  }
  ADD_FAILURE() << "no setp in BBS";
  return m;
}

/// Relayout of an edited graph over c.out(), origins composed.
inline Mutant relayout(const SsdeCase& c, const checker::cfg::EditGraph& g) {
  std::vector<std::uint32_t> via;
  Mutant m{g.relayout(&via), {}};
  for (const std::uint32_t pc : via) m.origin.push_back(pc == checker::cfg::kAdded ? pc : c.origin[pc]);
  return m;
}

inline Mutant drop_move(const SsdeCase& c) {
  checker::cfg::EditGraph g(c.out());
  for (std::uint32_t pc = 0; pc < c.out().code.size(); ++pc) {
    const ir::Instr& in = c.out().code[pc];
    if (in.op != ir::Opcode::Mov || c.origin[pc] != checker::cfg::kAdded) continue;
    const ir::Operand& d = c.out().op(pc, 0);
    const ir::Operand& s = c.out().op(pc, 1);
    if (c.out().regs[d.a].name.rfind("%ssde_c", 0) != 0 || s.kind != ir::OperandKind::ImmInt || s.value != 0) continue;
    auto& items = g.node(g.node_of_pc(pc)).items;
    items.erase(items.begin() + g.index_of_pc(pc));
    return relayout(c, g);
  }
  ADD_FAILURE() << "no move of 0 into an edge register";
  return {};
}

inline Mutant move_store(const SsdeCase& c) {
  checker::cfg::EditGraph g(c.out());
  const ir::Kernel& k = c.out();
  for (const ir::Block& b : k.blocks) {
    std::vector<std::uint32_t> copies;
    for (std::uint32_t pc = b.first_pc; pc <= b.last_pc; ++pc) {
      if (c.origin[pc] != checker::cfg::kAdded) copies.push_back(pc);
    }
    for (std::size_t i = 1; i + 1 < copies.size(); ++i) {
      if (k.code[copies[i]].op != ir::Opcode::St) continue;
      auto& from = g.node(g.node_of_pc(copies[i])).items;
      const checker::cfg::Item item = from[g.index_of_pc(copies[i])];
      from.erase(from.begin() + g.index_of_pc(copies[i]));
      auto& to = g.node(g.node_of_pc(bbs_pc(c))).items;
      to.insert(to.begin(), item);
      return relayout(c, g);
    }
  }
  ADD_FAILURE() << "no store inside a block";
  return {};
}

inline Mutant retarget_latch(const SsdeCase& c) {
  Mutant m{c.out(), c.origin};
  ir::Kernel& k = m.kernel;
  // BBS's fall-through successor: the first copied instruction at or after BBS.
  std::uint32_t bbb = bbs_pc(c);
  while (bbb < k.code.size() && c.origin[bbb] == checker::cfg::kAdded) ++bbb;
  for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
    if (c.origin[pc] == checker::cfg::kAdded || k.code[pc].op != ir::Opcode::Bra) continue;
    ir::Operand& target = k.operands[k.code[pc].op_begin];
    const std::uint32_t t = target.label_pc();
    if (t >= k.code.size() || c.origin[t] != checker::cfg::kAdded || k.code[t].op != ir::Opcode::Mov) continue;
    const ir::Operand& value = k.op(t, 1);
    if (!is_fresh_name(k, k.op(t, 0).a) || value.kind != ir::OperandKind::ImmInt || value.value == 0) continue;
    target.value = bbb;
    ir::build_blocks(k);
    return m;
  }
  ADD_FAILURE() << "no copied branch into added code";
  return m;
}

}  // namespace lockstep::test
