// Lowering of operands: registers, immediates, special registers, symbols,
// addresses, vectors, pairs, predicates, guards, labels and branch-target
// lists; and the checks on operand counts and kinds.
#include <bit>
#include <cstdint>

#include <gtest/gtest.h>

#include "tests/frontend/lower_test_kit.hpp"

namespace lockstep::test {
namespace {

using ir::OperandKind;

TEST(LowerOperands, RegistersAndImmediates) {
  const Lowered l(kernel_with("add.s32 %r1, %r2, 7;\nret;"));
  const ir::Instr& in = l.instr(0);
  EXPECT_EQ(in.op, ir::Opcode::Add);
  EXPECT_EQ(in.op_count, 3);
  EXPECT_EQ(l.reg_of(0, 0), "%r1");
  EXPECT_EQ(l.reg_of(0, 1), "%r2");
  EXPECT_EQ(l.op(0, 2).kind, OperandKind::ImmInt);
  EXPECT_EQ(l.op(0, 2).value, 7);
  EXPECT_EQ(in.loc, (ir::SrcLoc{13, 1}));
  // registers get their ids on first use; unused ones of a range never appear
  EXPECT_EQ(l.kernel().regs.size(), 2U);
  EXPECT_EQ(l.kernel().regs[0].type, ir::Type::B32);
}

TEST(LowerOperands, ImmediateKinds) {
  const Lowered l(kernel_with(
      "mov.f32 %f1, 0f3F800000;\nmov.f64 %fd1, 0d4000000000000000;\nmov.f32 %f2, 1.5;\n"
      "mov.b32 %r1, -1;\nmov.b32 %r2, 0x10;\nmov.pred %p1, 1;\nret;"));
  EXPECT_EQ(l.op(0, 1).kind, OperandKind::ImmF32);
  EXPECT_EQ(l.op(0, 1).value, 0x3F800000);
  EXPECT_EQ(l.op(1, 1).kind, OperandKind::ImmF64);
  EXPECT_EQ(l.op(1, 1).value, 0x4000000000000000);
  EXPECT_EQ(l.op(2, 1).kind, OperandKind::ImmF64);  // decimal floats are f64
  EXPECT_EQ(static_cast<std::uint64_t>(l.op(2, 1).value), std::bit_cast<std::uint64_t>(1.5));
  EXPECT_EQ(l.op(3, 1).value, -1);
  EXPECT_EQ(l.op(4, 1).value, 16);
  EXPECT_EQ(l.op(5, 1).kind, OperandKind::ImmInt);
}

TEST(LowerOperands, SpecialRegisters) {
  const Lowered l(kernel_with(
      "mov.u32 %r1, %tid.x;\nmov.u32 %r2, %ctaid.z;\nmov.u32 %r3, %laneid;\nmov.u32 %r4, %envreg3;\n"
      "mov.u64 %rd1, %clock64;\nmov.u32 %r5, %lanemask_lt;\nmov.u16 %rs1, %ntid.y;\nret;"));
  auto special = [&](std::size_t pc) { return static_cast<ir::SpecialReg>(l.op(pc, 1).a); };
  EXPECT_EQ(l.op(0, 1).kind, OperandKind::Special);
  EXPECT_EQ(special(0), ir::SpecialReg::Tid);
  EXPECT_EQ(l.op(0, 1).b, 1U);
  EXPECT_EQ(special(1), ir::SpecialReg::Ctaid);
  EXPECT_EQ(l.op(1, 1).b, 3U);
  EXPECT_EQ(special(2), ir::SpecialReg::Laneid);
  EXPECT_EQ(l.op(2, 1).b, 0U);
  EXPECT_EQ(special(3), ir::SpecialReg::Envreg);
  EXPECT_EQ(l.op(3, 1).b, 3U);
  EXPECT_EQ(special(4), ir::SpecialReg::Clock64);
  EXPECT_EQ(special(5), ir::SpecialReg::LanemaskLt);
  EXPECT_EQ(special(6), ir::SpecialReg::Ntid);  // old ISA: 16-bit destination
}

TEST(LowerOperands, SymbolsAndAddresses) {
  const Lowered l(".version 8.0\n.target sm_80\n.address_size 64\n.global .u32 g[4];\n"
                  ".visible .entry k(.param .u64 k_p0)\n{\n" + std::string(kTestRegs) +
                  "mov.u64 %rd1, sbuf;\nld.param.u64 %rd2, [k_p0];\nld.shared.u32 %r1, [sbuf+8];\n"
                  "ld.global.u32 %r2, [%rd1+-4];\nld.u32 %r3, [0x100];\nld.global.u32 %r4, [g+12];\n"
                  "mov.u64 %rd3, g+4;\nret;\n}\n");
  const ir::Kernel& k = l.kernel();
  // mov of a variable's address: Symbol, and the instruction records its space
  EXPECT_EQ(l.op(0, 1).kind, OperandKind::Symbol);
  EXPECT_EQ(l.op(0, 1).scope, ir::SymScope::Kernel);
  EXPECT_EQ(k.vars.at(l.op(0, 1).a).name, "sbuf");
  EXPECT_EQ(l.instr(0).space, ir::Space::Shared);
  // [param]
  EXPECT_EQ(l.op(1, 1).kind, OperandKind::Address);
  EXPECT_EQ(l.op(1, 1).addr_base(), ir::AddrBase::Symbol);
  EXPECT_EQ(l.op(1, 1).a, k.params.at(0));
  // [sym+off], [reg+-off], [imm]
  EXPECT_EQ(l.op(2, 1).value, 8);
  EXPECT_EQ(l.op(3, 1).addr_base(), ir::AddrBase::Reg);
  EXPECT_EQ(l.reg(l.op(3, 1).a), "%rd1");
  EXPECT_EQ(l.op(3, 1).value, -4);
  EXPECT_EQ(l.op(4, 1).addr_base(), ir::AddrBase::Absolute);
  EXPECT_EQ(l.op(4, 1).value, 0x100);
  // module variables
  EXPECT_EQ(l.op(5, 1).scope, ir::SymScope::Module);
  EXPECT_EQ(l.module.globals.at(l.op(5, 1).a).name, "g");
  EXPECT_EQ(l.op(5, 1).value, 12);
  EXPECT_EQ(l.op(6, 1).kind, OperandKind::Symbol);
  EXPECT_EQ(l.op(6, 1).scope, ir::SymScope::Module);
  EXPECT_EQ(l.op(6, 1).value, 4);
  EXPECT_EQ(l.instr(6).space, ir::Space::Global);
}

TEST(LowerOperands, VectorsFollowTheInstructionsOwnOperands) {
  const Lowered l(kernel_with(
      "ld.global.v4.u32 {%r1, %r2, %r3, _}, [%rd1];\nst.global.v2.f32 [%rd1+8], {%f1, %f2};\n"
      "mov.b64 %rd2, {%r1, %r2};\nmov.b64 {%r4, %r5}, %rd2;\nret;"));
  const ir::Kernel& k = l.kernel();
  const ir::Operand& v = l.op(0, 0);
  ASSERT_EQ(v.kind, OperandKind::Vector);
  EXPECT_EQ(v.b, 4U);
  EXPECT_EQ(v.a, l.instr(0).op_begin + l.instr(0).op_count);
  const ir::Operand* e = k.elems(v);
  EXPECT_EQ(k.regs.at(e[0].a).name, "%r1");
  EXPECT_EQ(k.regs.at(e[2].a).name, "%r3");
  EXPECT_EQ(e[3].kind, OperandKind::Sink);
  EXPECT_EQ(l.op(0, 1).kind, OperandKind::Address);
  EXPECT_EQ(l.op(1, 1).kind, OperandKind::Vector);
  EXPECT_EQ(l.op(1, 1).b, 2U);
  EXPECT_EQ(l.op(2, 1).kind, OperandKind::Vector);  // pack
  EXPECT_EQ(l.op(3, 0).kind, OperandKind::Vector);  // unpack
}

TEST(LowerOperands, PredicatesPairsAndGuards) {
  const Lowered l(kernel_with(
      "setp.lt.s32 %p1|%p2, %r1, %r2;\nsetp.lt.and.s32 %p3, %r1, %r2, !%p1;\n"
      "shfl.sync.idx.b32 %r3|%p4, %r1, 0, 31, -1;\nselp.b32 %r4, %r1, %r2, %p3;\n"
      "@!%p4 add.s32 %r5, %r1, 1;\n@%p2 bra $L_end;\n$L_end:\nret;"));
  EXPECT_EQ(l.op(0, 0).kind, OperandKind::RegPair);
  EXPECT_EQ(l.reg(l.op(0, 0).a), "%p1");
  EXPECT_EQ(l.reg(l.op(0, 0).b), "%p2");
  EXPECT_TRUE(l.op(1, 3).negated);
  EXPECT_EQ(l.reg_of(1, 3), "%p1");
  EXPECT_EQ(l.op(2, 0).kind, OperandKind::RegPair);
  EXPECT_EQ(l.reg(l.op(2, 0).b), "%p4");
  EXPECT_EQ(l.reg_of(3, 3), "%p3");
  const ir::Instr& guarded = l.instr(4);
  EXPECT_TRUE(guarded.guarded());
  EXPECT_TRUE(guarded.guard_negated);
  EXPECT_EQ(l.reg(guarded.guard), "%p4");
  EXPECT_FALSE(l.instr(5).guard_negated);
}

TEST(LowerOperands, LabelsResolveToPcs) {
  const Lowered l(kernel_with(
      "$L_top:\nadd.s32 %r1, %r1, 1;\nsetp.lt.s32 %p1, %r1, 10;\n@%p1 bra $L_top;\nbra.uni $L_out;\n"
      "add.s32 %r1, %r1, 2;\n$L_out:\nret;"));
  EXPECT_EQ(l.op(2, 0).kind, OperandKind::Label);
  EXPECT_EQ(l.op(2, 0).label_pc(), 0U);
  EXPECT_EQ(l.op(3, 0).label_pc(), 5U);
  EXPECT_TRUE(l.instr(3).has(ir::InstrFlag::Uni));
  const auto& labels = l.kernel().labels;
  ASSERT_EQ(labels.size(), 2U);
  EXPECT_EQ(labels[0].name, "$L_top");
  EXPECT_EQ(labels[0].pc, 0U);
  EXPECT_EQ(labels[1].name, "$L_out");
  EXPECT_EQ(labels[1].pc, 5U);
  EXPECT_FALSE(l.kernel().blocks.empty());
}

TEST(LowerOperands, BranchTargetLists) {
  const Lowered l(kernel_with("$L_tab: .branchtargets $L_a, $L_b, $L_a;\nbrx.idx %r1, $L_tab;\n"
                              "$L_a:\nret;\n$L_b:\nexit;"));
  const ir::Instr& brx = l.instr(0);
  EXPECT_EQ(brx.op, ir::Opcode::BrxIdx);
  ASSERT_EQ(brx.op_count, 2);
  const ir::Operand& list = l.op(0, 1);
  ASSERT_EQ(list.kind, OperandKind::Vector);
  ASSERT_EQ(list.b, 3U);
  const ir::Operand* e = l.kernel().elems(list);
  EXPECT_EQ(e[0].label_pc(), 1U);
  EXPECT_EQ(e[1].label_pc(), 2U);
  EXPECT_EQ(e[2].label_pc(), 1U);
  // the list's own label is not a code label
  for (const auto& label : l.kernel().labels) EXPECT_NE(label.name, "$L_tab");
}

TEST(LowerOperands, CachePolicyOperandIsDropped) {
  const Lowered l(kernel_with("ld.global.L2::cache_hint.u32 %r1, [%rd1], %rd2;\nret;"));
  EXPECT_EQ(l.instr(0).op_count, 2);
  EXPECT_TRUE(l.instr(0).has(ir::InstrFlag::CacheHint));
}

struct BadOperand {
  const char* body;   ///< one instruction on line 13
  const char* error;  ///< the message after "bad.ptx:"
};

class LowerOperandErrors : public ::testing::TestWithParam<BadOperand> {};

TEST_P(LowerOperandErrors, OneMessageAtTheOperand) {
  EXPECT_EQ(load_error(kernel_with(GetParam().body)), std::string("bad.ptx:") + GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, LowerOperandErrors,
    ::testing::Values(
        BadOperand{"add.s32 %r1, %r2;", "13:1: error: 'add.s32' expects 3 operands, found 2"},
        BadOperand{"bar.sync 0, 1, 2;", "13:1: error: 'bar.sync' expects 1 or 2 operands, found 3"},
        BadOperand{"add.s32 5, %r2, %r3;",
                   "13:9: error: destination of 'add.s32' must be a register, found an immediate"},
        BadOperand{"mov.u32 %tid.x, %r1;",
                   "13:9: error: destination of 'mov.u32' must be a register, found special register '%tid.x'"},
        BadOperand{"mov.u32 sbuf, %r1;",
                   "13:9: error: destination of 'mov.u32' must be a register, found variable 'sbuf'"},
        BadOperand{"add.s32 %r1, %p1, 1;",
                   "13:14: error: predicate register '%p1' cannot be a value operand of 'add.s32'"},
        BadOperand{"setp.eq.s32 %r1, %r2, 0;",
                   "13:13: error: destination of 'setp.eq.s32' must be a predicate register, found '%r1'"},
        BadOperand{"add.s32 %r1, !%r2, 1;",
                   "13:14: error: '!' applies only to predicate operands, not in this position of 'add.s32'"},
        BadOperand{"selp.b32 %r1, %r2, %r3, %r4;",
                   "13:25: error: operand of 'selp.b32' must be a predicate register, found '%r4'"},
        BadOperand{"@%r1 bra L;", "13:1: error: a guard must be a predicate register, found '%r1'"},
        BadOperand{"ld.global.v4.u32 {%r1, %r2}, [%rd1];",
                   "13:18: error: 'ld.global.v4.u32' expects a vector of 4 elements, found 2"},
        BadOperand{"ld.global.v2.u32 %r1, [%rd1];",
                   "13:18: error: 'ld.global.v2.u32' expects a vector of 2 elements, found a name"},
        BadOperand{"ld.global.u32 %r1, %rd1;",
                   "13:20: error: 'ld.global.u32' expects an address '[...]' here, found a name"},
        BadOperand{"ld.global.u32 %r1, [%p1];", "13:20: error: predicate register '%p1' cannot be an address"},
        BadOperand{"bra 5;", "13:5: error: 'bra' expects a label, found an immediate"},
        BadOperand{"add.s32 %r1, %r9, 1;", "13:14: error: undeclared register '%r9'"},
        BadOperand{"add.s32 %r1, %q2, 1;", "13:14: error: undeclared register '%q2'"},
        BadOperand{"mov.u64 %rd1, nosuch;", "13:15: error: undeclared identifier 'nosuch'"},
        BadOperand{"ld.global.u32 %r1, [nosuch+4];", "13:20: error: undeclared identifier 'nosuch'"},
        BadOperand{"add.s32 %r1, _, 1;", "13:14: error: '_' cannot be read in 'add.s32'"},
        BadOperand{"mov.u32 %r1, %tid;", "13:14: error: special register '%tid' needs a component '.x', '.y' or '.z'"},
        BadOperand{"mov.u32 %r1, %laneid.x;", "13:14: error: special register '%laneid' has no component '.x'"},
        BadOperand{"mov.u32 %r1, %clusterid.x;", "13:14: error: special register '%clusterid.x' is not supported"},
        BadOperand{"mov.u32 %r1, %tidd.x;", "13:14: error: unknown special register '%tidd.x'"},
        BadOperand{"bra $L_nowhere;\nret;", "13:5: error: undefined label '$L_nowhere'"},
        BadOperand{"brx.idx %r1, $L_tab;\nret;", "13:14: error: undefined branch target list '$L_tab'"},
        BadOperand{"lop3.b32 %r1, %r2, %r3, %r4, %r5;",
                   "13:30: error: 'lop3.b32' expects an integer immediate here, found a name"},
        BadOperand{"mov.u32 %r1, [%rd1];", "13:14: error: 'mov.u32' does not take an address here"}),
    [](const auto& p) { return "case" + std::to_string(p.index); });

}  // namespace
}  // namespace lockstep::test
