// The editable block graph: relayout without edits gives the input kernel
// back exactly; splits, inserted nodes and retargeted edges relayout to the
// expected code (fall-through fixes, labels, remapped targets).
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "checker/ssde/cfg_edit.hpp"
#include "tests/checker/ssde/ssde_test_kit.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep {
namespace {

using checker::cfg::EditGraph;

/// The first difference, comparing everything exactly (operand storage too).
std::string exact_difference(const ir::Kernel& a, const ir::Kernel& b) {
  if (auto d = test::kernel_difference(a, b); !d.empty()) return d;
  if (a.operands != b.operands) return "operand storage";
  for (std::uint32_t pc = 0; pc < a.code.size(); ++pc) {
    const ir::Instr& x = a.code[pc];
    const ir::Instr& y = b.code[pc];
    if (x.op_begin != y.op_begin || x.op_count != y.op_count || x.loc != y.loc) return fmt::format("instr {}", pc);
  }
  if (a.vars.size() != b.vars.size() || a.loc != b.loc) return "kernel";
  return "";
}

TEST(CfgEdit, NoEditsGiveTheSameKernelForEveryModel) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels";
  std::size_t kernels = 0;
  for (const auto& dir : fs::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    for (const auto& file : fs::directory_iterator(dir.path())) {
      if (file.path().extension() != ".ptx") continue;
      const ir::Module m = load_ptx(Source(file.path().string(), test::read_text(file.path().string())));
      for (const auto& k : m.kernels) {
        std::vector<std::uint32_t> origin;
        const ir::Kernel out = EditGraph(k).relayout(&origin);
        EXPECT_EQ(exact_difference(k, out), "") << file.path() << " " << k.name;
        ASSERT_EQ(origin.size(), k.code.size());
        for (std::uint32_t pc = 0; pc < origin.size(); ++pc) ASSERT_EQ(origin[pc], pc);
        ++kernels;
      }
    }
  }
  EXPECT_GT(kernels, 10U);
}

TEST(CfgEdit, NoEditsGiveTheSameKernelForBuiltShapes) {
  const auto built = test::build_cfg(R"(
    A: mov %r1, %tid.x; ?? B C D
    B: @%p1 bra D
    C: ? A
    D: @%p2 exit
    E: add %r2, %r1, 1
  )");
  EXPECT_EQ(exact_difference(built.kernel, EditGraph(built.kernel).relayout()), "");
}

TEST(CfgEdit, SplitAndInsertedNodesRelayoutWithFixes) {
  auto built = test::build_cfg(R"(
    A: mov %r1, 1; add %r2, %r1, 1; @%p1 bra C
    B: add %r3, %r2, 2
    C: exit
  )");
  EditGraph g(built.kernel);
  // Split A before the add; put a new node X between the halves and move
  // B's edge to C onto X, which is laid out last.
  const std::uint32_t a2 = g.split(built.block("A"), 1, "$L__second");
  EXPECT_EQ(g.node_of_pc(1), a2);
  EXPECT_EQ(g.index_of_pc(1), 0U);
  const std::uint32_t x = g.add_node("$L__x");
  ir::Instr mov;
  mov.op = ir::Opcode::Mov;
  mov.type = ir::Type::U32;
  const std::uint32_t r = g.add_register("%r1", ir::Type::U32);  // taken: becomes %r1_1
  EXPECT_EQ(g.registers()[r].name, "%r1_1");
  const std::array<ir::Operand, 2> ops{ir::Operand::reg(r), ir::Operand::imm(7)};
  g.append(x, mov, ops);
  g.node(x).fall = built.block("C");
  g.place_last(x);
  const std::uint32_t b = built.block("B");
  const auto slots = g.slots(b);
  ASSERT_EQ(slots.size(), 1U);  // `bra C` (the builder closes B with it)
  g.set_target(b, slots[0], x);
  // Layout A1 A2 B C X. A1 falls into A2, laid out right after it: no fix;
  // X's fall-through to C is not next: `bra C` is added.
  std::vector<std::uint32_t> origin;
  const ir::Kernel out = g.relayout(&origin);
  // 0 mov | 1 add, 2 @%p1 bra C | 3 add, 4 bra X | 5 exit | 6 mov %r1_1, 7, 7 bra C
  ASSERT_EQ(out.code.size(), 8U);
  EXPECT_EQ(out.code[6].op, ir::Opcode::Mov);
  EXPECT_EQ(out.code[7].op, ir::Opcode::Bra);
  EXPECT_EQ(out.op(7, 0).label_pc(), 5U);
  EXPECT_EQ(out.op(4, 0).label_pc(), 6U);  // B's branch goes to X
  EXPECT_EQ(out.op(2, 0).label_pc(), 5U);  // A's branch still goes to C
  EXPECT_EQ(test::label_pc(out, "$L__second"), 1U);
  EXPECT_EQ(test::label_pc(out, "$L__x"), 6U);
  EXPECT_EQ(test::label_pc(out, "C"), 5U);
  const std::vector<std::uint32_t> expected{0, 1, 2, 3, 4, 5, checker::cfg::kAdded, checker::cfg::kAdded};
  EXPECT_EQ(origin, expected);
  EXPECT_EQ(out.regs.back().name, "%r1_1");
  // The label at PC 1 is no branch target, so A's halves are one block again.
  ASSERT_EQ(out.blocks.size(), 4U);
  EXPECT_EQ(out.blocks[0].last_pc, 2U);
  EXPECT_EQ(out.blocks[3].first_pc, 6U);
}

TEST(CfgEdit, FallingOffTheEndBeforeOtherNodesGetsARet) {
  auto built = test::build_cfg("A: mov %r1, 1; @%p1 exit");
  // A: mov; @%p1 exit -- falls off the end.
  EditGraph g(built.kernel);
  EXPECT_EQ(g.node(0).fall, checker::cfg::kEndNode);
  EXPECT_TRUE(g.may_exit(0));
  const std::uint32_t x = g.add_node("$L__x");
  ir::Instr exit;
  exit.op = ir::Opcode::Exit;
  g.append(x, exit, {});
  g.place_last(x);
  const ir::Kernel out = g.relayout();
  ASSERT_EQ(out.code.size(), 4U);
  EXPECT_EQ(out.code[2].op, ir::Opcode::Ret);
  EXPECT_EQ(out.code[3].op, ir::Opcode::Exit);
}

TEST(CfgEdit, BranchTargetsWithoutALabelGetOne) {
  auto built = test::build_cfg(R"(
    A: ? C
    B: add %r1, %r1, 1
    C: exit
  )");
  EditGraph g(built.kernel);
  // A new unlabelled node before B that A's branch now targets.
  const std::uint32_t x = g.add_node();
  ir::Instr mov;
  mov.op = ir::Opcode::Mov;
  mov.type = ir::Type::U32;
  const std::array<ir::Operand, 2> ops{ir::Operand::reg(0), ir::Operand::imm(1)};
  g.append(x, mov, ops);
  g.node(x).fall = built.block("B");
  g.place_before(x, built.block("B"));
  g.set_target(0, g.slots(0)[0], x);
  const ir::Kernel out = g.relayout();
  // 0 @%c_A bra X, 1 bra B (A's fall-through is not next any more) | 2 mov | 3 add ...
  EXPECT_EQ(test::label_pc(out, "$L__ssde_L0"), 2U);
  EXPECT_EQ(out.op(0, 0).label_pc(), 2U);
  ASSERT_EQ(out.code[1].op, ir::Opcode::Bra);
  EXPECT_EQ(out.op(1, 0).label_pc(), 3U);
  EXPECT_EQ(test::label_pc(out, "B"), 3U);
}

}  // namespace
}  // namespace lockstep
