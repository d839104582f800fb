// Calls that are not inlined and function addresses: a call to an
// `.extern .func` without a body and an indirect call through a register
// become ir::Opcode::Call; `mov` of a function name gives a Function
// operand; both record the function in Module::functions. The printer
// writes them back (declarations, call sequences, a `.callprototype` for an
// indirect call) so that re-lowering gives the same IR, and ptxas accepts it.
#include <string>

#include <gtest/gtest.h>

#include "frontend/ptx/printer.hpp"
#include "tests/frontend/lower_test_kit.hpp"
#include "tests/frontend/printer_compare.hpp"
#include "tests/frontend/printer_ptxas.hpp"

namespace lockstep::test {
namespace {

using ir::Opcode;
using ir::OperandKind;

const std::string kHead = ".version 8.0\n.target sm_75\n.address_size 64\n";

const std::string kScale =
    ".extern .func (.param .b32 func_retval0) scale\n(\n.param .b32 scale_param_0\n)\n;\n";
const std::string kTwice =
    ".visible .func (.param .b32 func_retval0) twice(.param .b32 twice_param_0)\n{\n.reg .b32 %r<3>;\n"
    "ld.param.u32 %r1, [twice_param_0];\nshl.b32 %r2, %r1, 1;\nst.param.b32 [func_retval0], %r2;\nret;\n}\n";

std::string entry(const std::string& name, const std::string& body) {
  return ".visible .entry " + name + "(.param .u64 " + name +
         "_p)\n{\n.reg .pred %p<3>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n" + body + "ret;\n}\n";
}

/// nvcc's call sequence for scale(%r1) -> %r2, guarded by `guard` ("" for none).
std::string scale_call(const std::string& guard = "") {
  return "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .b32 retval0;\n" + guard +
         "call.uni (retval0), scale, (param0);\nld.param.b32 %r2, [retval0];\n}\n";
}

std::string var_name(const Lowered& l, const ir::Operand& o) {
  EXPECT_EQ(o.kind, OperandKind::Symbol);
  return l.kernel().vars.at(o.a).name;
}

/// Lowering the printed text gives the same IR, and printing is idempotent.
void expect_round_trip(const ir::Module& m) {
  const std::string printed = ptx::print(m);
  const Lowered again(printed, "printed.ptx");
  EXPECT_EQ(module_difference(m, again.module), "") << printed;
  EXPECT_EQ(ptx::print(again.module), printed);
}

TEST(LowerOpaqueCall, ExternalCallStaysACall) {
  const Lowered l(kHead + kScale + entry("k", "mov.u32 %r1, 7;\n" + scale_call()));
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.code.size(), 5U);  // mov, st.param, call, ld.param, ret
  const ir::Instr& call = k.code[2];
  EXPECT_EQ(call.op, Opcode::Call);
  EXPECT_TRUE(call.has(ir::InstrFlag::Uni));
  ASSERT_EQ(call.op_count, 3);
  const ir::Operand& rets = l.op(2, 0);
  ASSERT_EQ(rets.kind, OperandKind::Vector);
  ASSERT_EQ(rets.b, 1U);
  EXPECT_EQ(var_name(l, k.elems(rets)[0]), "retval0");
  EXPECT_EQ(l.op(2, 1).kind, OperandKind::Function);
  const ir::Operand& args = l.op(2, 2);
  ASSERT_EQ(args.b, 1U);
  EXPECT_EQ(var_name(l, k.elems(args)[0]), "param0");
  // the call sequence's variables stay .param: the call reads and writes them
  EXPECT_EQ(k.vars.at(k.elems(args)[0].a).space, ir::Space::Param);
  EXPECT_EQ(k.code[1].space, ir::Space::Param);
  EXPECT_EQ(k.code[3].space, ir::Space::Param);
  EXPECT_EQ(call.loc, (ir::SrcLoc{19, 1}));

  ASSERT_EQ(l.module.functions.size(), 1U);
  const ir::Function& f = l.module.functions[0];
  EXPECT_EQ(f.name, "scale");
  EXPECT_EQ(f.linkage, ir::Linkage::Extern);
  EXPECT_FALSE(f.defined);
  ASSERT_EQ(f.rets.size(), 1U);
  EXPECT_EQ(f.rets[0].name, "func_retval0");
  ASSERT_EQ(f.params.size(), 1U);
  EXPECT_EQ(f.params[0].type, ir::Type::B32);
  EXPECT_EQ(f.params[0].space, ir::Space::Param);
  EXPECT_EQ(f.loc, (ir::SrcLoc{4, 42}));
  expect_round_trip(l.module);
}

TEST(LowerOpaqueCall, GuardsRegistersAndImmediates) {
  const Lowered l(kHead + ".extern .func (.param .b32 r) ext(.param .b32 a, .param .b32 b);\n" +
                  entry("k", "setp.eq.u32 %p1, %r1, 0;\n@!%p1 call (%r2), ext, (%r1, 5);\ncall ext, (%r1, %r3);\n"));
  const ir::Kernel& k = l.kernel();
  const ir::Instr& guarded = k.code[1];
  EXPECT_EQ(guarded.op, Opcode::Call);
  EXPECT_TRUE(guarded.guarded());
  EXPECT_TRUE(guarded.guard_negated);
  EXPECT_FALSE(guarded.has(ir::InstrFlag::Uni));
  EXPECT_EQ(l.reg(k.elems(l.op(1, 0))[0].a), "%r2");
  const ir::Operand* args = k.elems(l.op(1, 2));
  EXPECT_EQ(l.reg(args[0].a), "%r1");
  EXPECT_EQ(args[1].kind, OperandKind::ImmInt);
  EXPECT_EQ(args[1].value, 5);
  // the return value is optional
  EXPECT_EQ(k.code[2].op, Opcode::Call);
  EXPECT_EQ(l.op(2, 0).b, 0U);
  EXPECT_EQ(l.module.functions.size(), 1U);  // one entry per function
  expect_round_trip(l.module);
}

TEST(LowerOpaqueCall, FunctionAddressesAreFunctionOperands) {
  const Lowered l(kHead + kScale + kTwice +
                  entry("k1", "mov.u64 %rd1, twice;\nmov.u64 %rd2, scale;\n" + scale_call()) +
                  entry("k2", "mov.u64 %rd3, twice;\n"));
  const ir::Operand& a = l.op(0, 1);
  EXPECT_EQ(a.kind, OperandKind::Function);
  // order of first use over the kernels: twice, scale
  ASSERT_EQ(l.module.functions.size(), 2U);
  EXPECT_EQ(l.module.functions[a.a].name, "twice");
  EXPECT_TRUE(l.module.functions[0].defined);
  EXPECT_EQ(l.module.functions[0].linkage, ir::Linkage::Visible);
  EXPECT_EQ(l.module.functions[1].name, "scale");
  EXPECT_EQ(l.op(1, 1).a, 1U);
  EXPECT_EQ(l.op(0, 1, 1).a, 0U);  // k2 shares the entry
  expect_round_trip(l.module);
  // A defined function keeps only its declaration and an empty body.
  const std::string printed = ptx::print(l.module);
  EXPECT_NE(printed.find("lockstep keeps only the address of this function"), std::string::npos);
  EXPECT_EQ(printed.find("shl.b32"), std::string::npos);
}

TEST(LowerOpaqueCall, IndirectCallThroughARegister) {
  const std::string body =
      "mov.u64 %rd1, twice;\n"
      "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .b32 retval0;\n"
      "prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
      "call (retval0), %rd1, (param0), prototype_0;\nld.param.b32 %r2, [retval0];\n}\n"
      "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n"
      "$targets: .calltargets twice;\n"
      "call %rd1, (param0), $targets;\n}\n";
  const Lowered l(kHead + kTwice + entry("k", body));
  const ir::Kernel& k = l.kernel();
  EXPECT_EQ(k.code[2].op, Opcode::Call);
  EXPECT_EQ(l.op(2, 1).kind, OperandKind::Reg);
  EXPECT_EQ(l.reg(l.op(2, 1).a), "%rd1");
  EXPECT_EQ(k.code[5].op, Opcode::Call);
  EXPECT_EQ(l.op(5, 0).b, 0U);
  // only the address-taken function is recorded; an indirect call names none
  EXPECT_EQ(l.module.functions.size(), 1U);
  expect_round_trip(l.module);
  const std::string printed = ptx::print(l.module);
  EXPECT_NE(printed.find("\t$L__proto2: .callprototype (.param .b32 _) _ (.param .b32 _);\n"
                         "\tcall\t(retval0), %rd1, (param0), $L__proto2;\n"),
            std::string::npos)
      << printed;
  EXPECT_NE(printed.find("\t$L__proto5: .callprototype _ (.param .b32 _);\n"), std::string::npos) << printed;
}

TEST(LowerOpaqueCall, PtxasAcceptsThePrintedText) {
  const std::string ptxas = find_ptxas();
  if (ptxas.empty()) GTEST_SKIP() << "ptxas not found on PATH or at /usr/local/cuda/bin/ptxas";
  const std::string body =
      "mov.u64 %rd1, twice;\n" + scale_call("@%p1 ") +
      "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .b32 retval0;\n"
      "prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
      "call (retval0), %rd1, (param0), prototype_0;\nld.param.b32 %r2, [retval0];\n}\n";
  const Lowered l(kHead + kScale + kTwice + entry("k", "setp.eq.u32 %p1, %r1, 0;\n" + body));
  EXPECT_EQ(ptxas_errors(ptxas, ptx::print(l.module), "opaque_calls", "sm_75", true), "");
}

struct BadOpaque {
  std::string text;
  const char* error;  ///< the message after "bad.ptx:"
};

class LowerOpaqueCallErrors : public ::testing::TestWithParam<BadOpaque> {};

TEST_P(LowerOpaqueCallErrors, OneMessageAtTheOperand) {
  EXPECT_EQ(load_error(GetParam().text), std::string("bad.ptx:") + GetParam().error);
}

// entry() bodies start on line 10 after kHead (lines 1-3) and one line of
// declarations (line 4).
const std::string kExt = ".extern .func (.param .b32 r) ext(.param .b32 a);\n";

INSTANTIATE_TEST_SUITE_P(
    Cases, LowerOpaqueCallErrors,
    ::testing::Values(
        BadOpaque{kHead + kExt + entry("k", "call (%r1), ext, (%p1);\n"),
                  "10:19: error: predicate register '%p1' cannot be passed to 'ext'"},
        BadOpaque{kHead + kExt + entry("k", "call (5), ext, (%r1);\n"),
                  "10:7: error: the return values of 'ext' must be .param variables or registers"},
        BadOpaque{kHead + ".global .u32 g;\n" + kExt + entry("k", "call g, ();\n"),
                  "11:6: error: 'g' is a variable: a call needs a function or a register holding its address"},
        BadOpaque{kHead + kExt + entry("k", "call (%r1), ext, (k_p);\n"),
                  "10:19: error: the arguments of 'ext' must be .param variables or registers (or immediates)"},
        BadOpaque{kHead + kExt + entry("k", "call (%r1), ext, (%r2), proto;\n"),
                  "10:25: error: a call to 'ext' takes no prototype or target list"},
        BadOpaque{kHead + kExt + entry("k", "call (%r1), %rd1, (5), proto;\nproto: .callprototype (.param .b32 _) _ "
                                            "(.param .b32 _);\n"),
                  "10:20: error: the arguments of the indirect call through '%rd1' must be .param variables or "
                  "registers"},
        BadOpaque{kHead + kExt + entry("k", "$L: .branchtargets $M;\n$M:\ncall (%r1), %rd1, (%r2), $L;\n"),
                  "12:26: error: '$L' is not a .callprototype or .calltargets label"},
        BadOpaque{kHead + kExt + entry("k", "call (%r1), %p1, (%r2), p;\np: .callprototype _ (.param .b32 _);\n"),
                  "10:13: error: predicate register '%p1' cannot hold a function address"},
        BadOpaque{kHead + kExt + entry("k", "mov.u64 %rd1, k;\n"), "10:15: error: the address of kernel 'k' cannot be taken"},
        BadOpaque{kHead + kExt + entry("k", "mov.u64 %rd1, ext+4;\n"), "10:15: error: 'ext' is a function: it takes no offset"},
        BadOpaque{kHead + ".extern .func vprintf(.param .b64 a, .param .b64 b);\n" + entry("k", "mov.u64 %rd1, vprintf;\n"),
                  "10:15: error: the address of 'vprintf' cannot be taken: lockstep recognises calls to it"}),
    [](const auto& p) { return "case" + std::to_string(p.index); });

}  // namespace
}  // namespace lockstep::test
