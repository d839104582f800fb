// Lowering of calls: inlining of device functions (nvcc's call sequences,
// register and immediate arguments, old `.reg` parameters, nested calls,
// early returns, guarded calls), recursion rejection, and the recognised
// callees (transactional-memory markers, vprintf, __assertfail).
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "tests/frontend/lower_test_kit.hpp"

namespace lockstep::test {
namespace {

using ir::Opcode;
using ir::OperandKind;

const std::string kHead = ".version 8.0\n.target sm_80\n.address_size 64\n";

// add1 spans lines 4..11.
const std::string kAdd1 =
    ".func (.param .b32 func_retval0) add1(.param .b32 add1_param_0)\n"
    "{\n"
    ".reg .b32 %r<3>;\n"
    ".loc 1 7 2\n"
    "ld.param.u32 %r1, [add1_param_0];\n"
    "add.s32 %r2, %r1, 1;\n"
    "st.param.b32 [func_retval0], %r2;\n"
    "ret;\n"
    "}\n";

std::string call_seq(const std::string& arg, const std::string& result) {
  return "{\n.param .b32 param0;\nst.param.b32 [param0], " + arg +
         ";\n.param .b32 retval0;\ncall.uni (retval0), add1, (param0);\nld.param.b32 " + result +
         ", [retval0];\n}\n";
}

std::string kernel(const std::string& funcs, const std::string& body) {
  return kHead + funcs + ".visible .entry k()\n{\n.reg .b32 %r<8>;\n.reg .pred %p<4>;\n" + body +
         "ret;\n}\n";
}

/// The name of the variable an Address or Symbol operand names.
std::string var_of(const Lowered& l, std::size_t pc, unsigned i) {
  return l.kernel().vars.at(l.op(pc, i).a).name;
}

TEST(LowerInline, NvccCallSequences) {
  const Lowered l(kernel(kAdd1, "mov.u32 %r1, %tid.x;\n" + call_seq("%r1", "%r2") + call_seq("%r2", "%r3")));
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.code.size(), 12U);
  const Opcode ops[] = {Opcode::Mov, Opcode::St, Opcode::Ld, Opcode::Add, Opcode::St, Opcode::Ld,
                        Opcode::St,  Opcode::Ld, Opcode::Add, Opcode::St, Opcode::Ld, Opcode::Ret};
  for (std::size_t pc = 0; pc < k.code.size(); ++pc) EXPECT_EQ(k.code[pc].op, ops[pc]) << pc;
  // the callee's parameter is the caller's param0; its return value is retval0
  EXPECT_EQ(var_of(l, 1, 0), "param0");
  EXPECT_EQ(var_of(l, 2, 1), "param0");
  EXPECT_EQ(l.reg_of(2, 0), "%r1_i1");
  EXPECT_EQ(l.reg_of(3, 0), "%r2_i1");
  EXPECT_EQ(var_of(l, 4, 0), "retval0");
  EXPECT_EQ(var_of(l, 5, 1), "retval0");
  EXPECT_EQ(l.reg_of(5, 0), "%r2");
  // the second call site: a second copy with its own names
  EXPECT_EQ(var_of(l, 7, 1), "param0_1");
  EXPECT_EQ(l.reg_of(8, 0), "%r2_i2");
  EXPECT_EQ(var_of(l, 9, 0), "retval0_1");
  // inlined instructions keep their own positions; the final `ret` is gone
  EXPECT_EQ(k.code[3].loc, (ir::SrcLoc{9, 1}));
  EXPECT_EQ(k.code[3].cuda, (ir::CudaLoc{1, 7, 2}));
  EXPECT_EQ(k.code[1].cuda, (ir::CudaLoc{}));
  EXPECT_TRUE(k.labels.empty());
}

TEST(LowerInline, EarlyReturnsBranchToTheEndOfTheCopy) {
  const std::string clamp =
      ".func (.param .b32 r) clamp(.param .b32 a)\n{\n.reg .b32 %r<3>;\n.reg .pred %p<2>;\n"
      "ld.param.u32 %r1, [a];\nsetp.lt.s32 %p1, %r1, 0;\n@%p1 bra $L_neg;\nst.param.b32 [r], %r1;\nret;\n"
      "$L_neg:\nmov.u32 %r2, 0;\nst.param.b32 [r], %r2;\n@%p1 ret;\n}\n";
  const Lowered l(kernel(clamp, "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .b32 retval0;\n"
                                "call.uni (retval0), clamp, (param0);\nld.param.b32 %r2, [retval0];\n}\n"));
  const ir::Kernel& k = l.kernel();
  // st, ld, setp, @p bra neg, st, bra ret, neg: mov, st, @p bra ret, ret: ld, ret
  ASSERT_EQ(k.code.size(), 11U);
  EXPECT_EQ(k.code[3].op, Opcode::Bra);
  EXPECT_EQ(l.op(3, 0).label_pc(), 6U);
  EXPECT_EQ(k.code[5].op, Opcode::Bra);  // the early `ret`
  EXPECT_FALSE(k.code[5].guarded());
  EXPECT_EQ(l.op(5, 0).label_pc(), 9U);
  EXPECT_EQ(k.code[8].op, Opcode::Bra);  // a guarded final `ret` stays a branch
  EXPECT_TRUE(k.code[8].guarded());
  EXPECT_EQ(l.op(8, 0).label_pc(), 9U);
  ASSERT_EQ(k.labels.size(), 2U);
  EXPECT_EQ(k.labels[0].name, "$L_neg_i1");
  EXPECT_EQ(k.labels[0].pc, 6U);
  EXPECT_EQ(k.labels[1].name, "$L__ret_i1");
  EXPECT_EQ(k.labels[1].pc, 9U);
}

TEST(LowerInline, NestedCallsAndRegisterParameters) {
  const std::string g = ".func (.reg .u32 %rv) g(.reg .u32 %ra)\n{\nadd.u32 %rv, %ra, 2;\nret;\n}\n";
  const std::string f =
      ".func (.param .b32 fr) f(.param .b32 fa)\n{\n.reg .b32 %r<3>;\nld.param.b32 %r1, [fa];\n"
      "call (%r2), g, (%r1);\nst.param.b32 [fr], %r2;\nret;\n}\n";
  const Lowered l(kernel(g + f, "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .b32 retval0;\n"
                                "call.uni (retval0), f, (param0);\nld.param.b32 %r2, [retval0];\n}\n"));
  const ir::Kernel& k = l.kernel();
  // st param0; f: ld; g: mov ra, add, mov back; f: st fr; ld retval0; ret
  ASSERT_EQ(k.code.size(), 8U);
  EXPECT_EQ(k.code[2].op, Opcode::Mov);
  EXPECT_EQ(l.reg_of(2, 0), "%ra_i2");
  EXPECT_EQ(l.reg_of(2, 1), "%r1_i1");
  EXPECT_EQ(k.code[3].op, Opcode::Add);
  EXPECT_EQ(l.reg_of(3, 0), "%rv_i2");
  EXPECT_EQ(k.code[4].op, Opcode::Mov);
  EXPECT_EQ(l.reg_of(4, 0), "%r2_i1");
  EXPECT_EQ(l.reg_of(4, 1), "%rv_i2");
  EXPECT_EQ(k.code[4].type, ir::Type::U32);
}

TEST(LowerInline, InlineFramesRecordTheCallChain) {
  const std::string g = ".func (.reg .u32 %rv) g(.reg .u32 %ra)\n{\n.loc 1 3 5\nadd.u32 %rv, %ra, 2;\nret;\n}\n";
  const std::string f =
      ".func (.param .b32 fr) _Z1fi(.param .b32 fa)\n{\n.reg .b32 %r<3>;\n.loc 1 8 3\nld.param.b32 %r1, [fa];\n"
      ".loc 1 9 7\ncall (%r2), g, (%r1);\nst.param.b32 [fr], %r2;\nret;\n}\n";
  const std::string text =
      kernel(g + f, ".loc 1 20 4\n{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .b32 retval0;\n"
                    "call.uni (retval0), _Z1fi, (param0);\nld.param.b32 %r2, [retval0];\n}\n");
  auto line_of = [&](const std::string& needle) {
    const auto at = text.find(needle);
    return static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
  };
  const Lowered l(text);
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.frames.size(), 2U);
  EXPECT_EQ(k.frames[0].callee, "_Z1fi");
  EXPECT_EQ(k.frames[0].call.line, line_of("call.uni (retval0)"));
  EXPECT_EQ(k.frames[0].call_cuda, (ir::CudaLoc{1, 20, 4}));
  EXPECT_EQ(k.frames[0].parent, ir::kNoFrame);
  EXPECT_EQ(k.frames[0].depth, 1U);
  EXPECT_EQ(k.frames[1].callee, "g");
  EXPECT_EQ(k.frames[1].call.line, line_of("call (%r2)"));
  EXPECT_EQ(k.frames[1].call_cuda, (ir::CudaLoc{1, 9, 7}));
  EXPECT_EQ(k.frames[1].parent, 0U);
  EXPECT_EQ(k.frames[1].depth, 2U);
  // st param0 | f: ld, mov %ra (g's argument, at f's call) | g: add | f: mov back, st fr | ld retval0, ret
  ASSERT_EQ(k.code.size(), 8U);
  const std::uint32_t frames[] = {ir::kNoFrame, 0, 0, 1, 0, 0, ir::kNoFrame, ir::kNoFrame};
  const std::uint32_t depths[] = {0, 1, 1, 2, 1, 1, 0, 0};
  for (std::uint32_t pc = 0; pc < k.code.size(); ++pc) {
    EXPECT_EQ(k.code[pc].frame, frames[pc]) << pc;
    EXPECT_EQ(k.call_depth(pc), depths[pc]) << pc;
  }
  EXPECT_EQ(k.code[3].cuda, (ir::CudaLoc{1, 3, 5}));
}

TEST(LowerInline, RegisterAndImmediateArguments) {
  const Lowered l(kernel(kAdd1, "call.uni (%r5), add1, (7);\ncall.uni add1, (%r5);\n"));
  const ir::Kernel& k = l.kernel();
  // st [arg], 7; ld; add; st [ret]; ld %r5, [ret]; st [arg], %r5; ld; add; st; ret
  ASSERT_EQ(k.code.size(), 10U);
  EXPECT_EQ(k.code[0].op, Opcode::St);
  EXPECT_EQ(var_of(l, 0, 0), "add1_param_0_i1");
  EXPECT_EQ(l.op(0, 1).kind, OperandKind::ImmInt);
  EXPECT_EQ(k.code[4].op, Opcode::Ld);
  EXPECT_EQ(l.reg_of(4, 0), "%r5");
  EXPECT_EQ(var_of(l, 4, 1), "func_retval0_i1");
  EXPECT_EQ(k.code[5].op, Opcode::St);
  EXPECT_EQ(l.reg_of(5, 1), "%r5");
  EXPECT_EQ(var_of(l, 8, 0), "func_retval0_i2");  // an unused return value still has a home
}

TEST(LowerInline, GuardedCallsSkipTheCopy) {
  const Lowered l(kernel(kAdd1, "@!%p1 call.uni (%r5), add1, (%r1);\n"));
  const ir::Kernel& k = l.kernel();
  ASSERT_GE(k.code.size(), 2U);
  EXPECT_EQ(k.code[0].op, Opcode::Bra);
  EXPECT_TRUE(k.code[0].guarded());
  EXPECT_FALSE(k.code[0].guard_negated);  // skip when the call's guard !%p1 is false
  EXPECT_EQ(l.op(0, 0).label_pc(), k.code.size() - 1);
  for (std::size_t pc = 1; pc < k.code.size(); ++pc) EXPECT_FALSE(k.code[pc].guarded()) << pc;
}

TEST(LowerInline, CalleeLocalsAndLabelsAreRenamed) {
  const std::string f =
      ".func f()\n{\n.local .align 4 .b8 __local_depot1[8];\n.reg .b64 %SP;\n.reg .pred %p<2>;\n"
      "mov.u64 %SP, __local_depot1;\n$L__BB1_1:\nsetp.eq.u64 %p1, %SP, 0;\n@%p1 bra $L__BB1_1;\nret;\n}\n";
  const Lowered l(kernel(f, "call.uni f, ();\ncall.uni f, ();\n$L__BB1_1_i1:\n"));
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.vars.size(), 2U);
  EXPECT_EQ(k.vars[0].name, "__local_depot1_i1");
  EXPECT_EQ(k.vars[1].name, "__local_depot1_i2");
  EXPECT_EQ(l.reg_of(0, 0), "%SP_i1");
  std::vector<std::string> labels;
  for (const auto& label : k.labels) labels.push_back(label.name);
  EXPECT_EQ(labels, (std::vector<std::string>{"$L__BB1_1_i1", "$L__BB1_1_i2", "$L__BB1_1_i1_1"}));
  EXPECT_EQ(l.op(2, 0).label_pc(), 1U);
  EXPECT_EQ(l.op(5, 0).label_pc(), 4U);
}

TEST(LowerInline, UnreachableFunctionsAreDropped) {
  const Lowered l(kernel(kAdd1, ""));
  EXPECT_EQ(l.kernel().code.size(), 1U);
  EXPECT_EQ(l.kernel().regs.size(), 0U);
}

TEST(LowerInline, TransactionalMemoryMarkers) {
  const std::string decls =
      ".extern .func __tbegin\n()\n;\n.func _Z9__tcommitv()\n{\nret;\n}\n.extern .func _Z8__tabortv()\n;\n"
      ".extern .func _ZN2tm9__tcommitEv()\n;\n";
  const Lowered l(kernel(decls, "call.uni __tbegin, ();\n@%p1 call.uni _Z8__tabortv, ();\n"
                                "call.uni _Z9__tcommitv, ();\ncall _ZN2tm9__tcommitEv, ();\n"));
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.code.size(), 5U);
  EXPECT_EQ(k.code[0].op, Opcode::TmBegin);
  EXPECT_EQ(k.code[0].op_count, 0);
  EXPECT_TRUE(k.code[0].has(ir::InstrFlag::Uni));
  EXPECT_EQ(k.code[1].op, Opcode::TmAbort);
  EXPECT_TRUE(k.code[1].guarded());
  EXPECT_EQ(k.code[2].op, Opcode::TmCommit);  // defined with a body: still the marker
  EXPECT_EQ(k.code[3].op, Opcode::TmCommit);
  EXPECT_FALSE(k.code[3].has(ir::InstrFlag::Uni));
}

TEST(LowerInline, PrintAndAssertFail) {
  const std::string decls =
      ".extern .func (.param .b32 func_retval0) vprintf\n(\n.param .b64 vprintf_param_0,\n"
      ".param .b64 vprintf_param_1\n)\n;\n.extern .func __assertfail\n(\n.param .b64 a0,\n.param .b64 a1,\n"
      ".param .b32 a2,\n.param .b64 a3,\n.param .b64 a4\n)\n;\n";
  const Lowered l(kernel(decls,
                         "{\n.param .b64 param0;\n.param .b64 param1;\n.param .b32 retval0;\n"
                         "call.uni (retval0), vprintf, (param0, param1);\n}\n"
                         "{\n.param .b64 param0;\n.param .b64 param1;\n"
                         "call.uni vprintf, (param0, param1);\n}\n"
                         "{\n.param .b64 param0;\n.param .b64 param1;\n.param .b32 param2;\n.param .b64 param3;\n"
                         ".param .b64 param4;\ncall.uni __assertfail, (param0, param1, param2, param3, param4);\n}\n"));
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.code.size(), 4U);
  EXPECT_EQ(k.code[0].op, Opcode::Print);
  ASSERT_EQ(k.code[0].op_count, 3);
  EXPECT_EQ(l.op(0, 0).kind, OperandKind::Symbol);
  EXPECT_EQ(var_of(l, 0, 0), "retval0");
  EXPECT_EQ(var_of(l, 0, 1), "param0");
  EXPECT_EQ(var_of(l, 0, 2), "param1");
  EXPECT_EQ(l.op(1, 0).kind, OperandKind::Sink);
  EXPECT_EQ(var_of(l, 1, 1), "param0_1");
  EXPECT_EQ(k.code[2].op, Opcode::AssertFail);
  ASSERT_EQ(k.code[2].op_count, 5);
  EXPECT_EQ(var_of(l, 2, 4), "param4");
  // what these calls pass stays in .param space
  EXPECT_EQ(k.vars.at(l.op(0, 1).a).space, ir::Space::Param);
}

struct BadCall {
  const char* funcs;
  const char* body;   ///< starts on line 7 after the functions' lines
  const char* error;  ///< the message after "bad.ptx:"
};

class LowerCallErrors : public ::testing::TestWithParam<BadCall> {};

TEST_P(LowerCallErrors, OneMessageAtTheCall) {
  EXPECT_EQ(load_error(kernel(GetParam().funcs, GetParam().body)), std::string("bad.ptx:") + GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, LowerCallErrors,
    ::testing::Values(
        BadCall{".func f()\n{\ncall.uni f, ();\nret;\n}\n", "call.uni f, ();\n",
                "6:10: error: recursive call: f -> f"},
        BadCall{".func g();\n.func f()\n{\ncall.uni g, ();\nret;\n}\n.func g()\n{\ncall.uni f, ();\nret;\n}\n",
                "call.uni f, ();\n", "12:10: error: recursive call: f -> g -> f"},
        BadCall{"", "call.uni nosuch, ();\n", "8:10: error: call to undefined function 'nosuch'"},
        BadCall{".extern .func ext(.param .b32 a)\n;\n", "call.uni ext, ();\n",
                "10:10: error: 'ext' expects 1 argument, found 0"},
        BadCall{"", ".reg .b64 %fp;\ncall.uni %fp, ();\n",
                "9:10: error: the indirect call through '%fp' needs a .callprototype or .calltargets label after "
                "its arguments"},
        BadCall{".func f(.param .b32 a)\n{\nret;\n}\n", "call.uni f, ();\n",
                "12:10: error: 'f' expects 1 argument, found 0"},
        BadCall{".func f()\n{\nret;\n}\n", "call.uni (%r1), f, ();\n",
                "12:17: error: 'f' returns 0 values, but the call takes 1"},
        BadCall{".func f(.param .b32 a)\n{\nret;\n}\n", "call.uni f, (nosuch);\n",
                "12:14: error: undeclared identifier 'nosuch'"},
        BadCall{".entry e()\n{\nret;\n}\n", "call.uni e, ();\n", "12:10: error: cannot call kernel 'e'"},
        BadCall{".extern .func (.param .b32 r) vprintf\n(\n.param .b64 a,\n.param .b64 b\n)\n;\n",
                "call.uni (%r1), vprintf, (%r2, %r3);\n",
                "14:11: error: the arguments of 'vprintf' must be .param variables"}),
    [](const auto& p) { return "case" + std::to_string(p.index); });

}  // namespace
}  // namespace lockstep::test
