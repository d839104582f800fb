// Semantically malformed PTX: every file parses, and lowering reports
// exactly one `FILE:LINE:COL: error: MESSAGE` at the offending token.
#include <string>

#include <gtest/gtest.h>

#include "tests/frontend/lower_test_kit.hpp"

namespace lockstep::test {
namespace {

/// An nvcc-style kernel: lines 1-3 header, 5 `.visible .entry`, 6-7
/// parameters, 9 `{`, 10-12 declarations; `body` starts on line 13.
std::string nvcc_kernel(const std::string& body, const std::string& before = "") {
  return ".version 8.0\n.target sm_80\n.address_size 64\n" + before +
         "\n.visible .entry _Z3fooPii(\n\t.param .u64 _Z3fooPii_param_0,\n\t.param .u32 _Z3fooPii_param_1\n)\n{\n"
         "\t.reg .pred \t%p<3>;\n\t.reg .b32 \t%r<6>;\n\t.reg .b64 \t%rd<4>;\n" +
         body + "\n\tret;\n}\n";
}

struct Malformed {
  const char* name;
  std::string text;
  const char* error;  ///< everything after "bad.ptx:"
};

std::vector<Malformed> cases() {
  const std::string f = ".func f()\n{\ncall.uni g, ();\nret;\n}\n.func g()\n{\ncall.uni f, ();\nret;\n}\n";
  return {
      {"unknown opcode", nvcc_kernel("\tfrob.u32 \t%r1, %r2;"), "13:2: error: unknown opcode 'frob'"},
      {"unknown modifier", nvcc_kernel("\tadd.zz.s32 \t%r1, %r2, %r3;"),
       "13:2: error: unknown modifier '.zz' for 'add'"},
      {"modifier not valid for the opcode", nvcc_kernel("\tst.global.nc.u32 \t[%rd1], %r1;"),
       "13:2: error: modifier '.nc' is not valid for 'st.global.nc.u32'"},
      {"bad state space", nvcc_kernel("\tld.foo.u32 \t%r1, [%rd1];"),
       "13:2: error: unknown modifier '.foo' for 'ld'"},
      {"undeclared register", nvcc_kernel("\tadd.s32 \t%r1, %r2, %r9;"),
       "13:21: error: undeclared register '%r9'"},
      {"undefined label", nvcc_kernel("\t@%p1 bra \t$L__BB0_7;"),
       "13:12: error: undefined label '$L__BB0_7'"},
      {"wrong operand count", nvcc_kernel("\tmad.lo.s32 \t%r1, %r2, %r3;"),
       "13:2: error: 'mad.lo.s32' expects 4 operands, found 3"},
      {"immediate as destination", nvcc_kernel("\tmov.u32 \t7, %r1;"),
       "13:11: error: destination of 'mov.u32' must be a register, found an immediate"},
      {"predicate as a value", nvcc_kernel("\tadd.s32 \t%r1, %p1, 1;"),
       "13:16: error: predicate register '%p1' cannot be a value operand of 'add.s32'"},
      {"duplicate label", nvcc_kernel("$L__BB0_1:\n\tadd.s32 \t%r1, %r1, 1;\n$L__BB0_1:\n\texit;"),
       "15:1: error: duplicate label '$L__BB0_1'"},
      {"duplicate declaration in one scope", nvcc_kernel("\t.reg .b32 \t%r<2>;"),
       "13:13: error: duplicate declaration of '%r<2>'"},
      {"bad address size", ".version 8.0\n.target sm_80\n.address_size 48\n",
       "3:15: error: address size must be 32 or 64, not 48"},
      {"bad version", ".version 12.0\n.target sm_80\n", "1:10: error: unsupported PTX ISA version 12.0 (expected 1.0 to 9.x)"},
      {"old version", ".version 0.9\n.target sm_10\n", "1:10: error: unsupported PTX ISA version 0.9 (expected 1.0 to 9.x)"},
      {"recursion", nvcc_kernel("\tcall.uni \tf, ();", f), "11:10: error: recursive call: f -> g -> f"},
      {"call to an undefined function", nvcc_kernel("\tcall.uni \tnosuch, ();"),
       "13:12: error: call to undefined function 'nosuch'"},
      {"missing entry parameter", nvcc_kernel("\tld.param.u64 \t%rd1, [_Z3fooPii_param_2];"),
       "13:22: error: undeclared identifier '_Z3fooPii_param_2'"},
      {"texture instruction", nvcc_kernel("\ttex.2d.v4.f32.s32 \t{%r1, %r2, %r3, %r4}, [%rd1, {%r1, %r2}];"),
       "13:2: error: texture instructions are not supported: 'tex.2d.v4.f32.s32'"},
      {"external function with .reg parameters",
       nvcc_kernel("\tcall.uni \text, (%r1);", ".extern .func ext\n(\n.reg .b32 a\n)\n;"),
       "6:1: error: 'ext' takes .reg parameters: a function that is not inlined must take .param parameters"},
      {"indirect call without a prototype", nvcc_kernel("\tcall.uni \t%rd1, ();"),
       "13:12: error: the indirect call through '%rd1' needs a .callprototype or .calltargets label after its "
       "arguments"},
      {"unknown entry directive",
       ".version 8.0\n.target sm_80\n.entry k()\n.maxntid 1, 1, 1, 1\n{\nret;\n}\n",
       "4:1: error: '.maxntid' takes 1 to 3 values, found 4"},
      {"bad initialiser", nvcc_kernel("", ".global .u32 g[2] = {1, 2, 3};"),
       "4:28: error: too many initialisers for 'g' (3 for 2 elements)"},
      {"undefined initialiser symbol", nvcc_kernel("", ".global .u64 g = nosuch;"),
       "4:18: error: undeclared variable 'nosuch' in the initialiser of 'g'"},
      {"guard is not a predicate", nvcc_kernel("\t@%r1 bra \t$L__BB0_1;\n$L__BB0_1:"),
       "13:2: error: a guard must be a predicate register, found '%r1'"},
      {"function address outside mov", nvcc_kernel("\tadd.u64 \t%rd1, %rd1, f;", ".func f()\n{\nret;\n}"),
       "16:23: error: the address of function 'f' can only be taken with 'mov', not in 'add.u64'"},
      {"unknown special register", nvcc_kernel("\tmov.u32 \t%r1, %tidd.x;"),
       "13:16: error: unknown special register '%tidd.x'"},
      {"declaration out of scope", nvcc_kernel("\t{\n\t.reg .b32 %t;\n\t}\n\tmov.b32 \t%t, 1;"),
       "16:11: error: undeclared register '%t'"},
  };
}

TEST(LowerErrors, OneMessageWithPosition) {
  const auto all = cases();
  EXPECT_GE(all.size(), 15U);
  for (const auto& c : all) {
    EXPECT_EQ(load_error(c.text), std::string("bad.ptx:") + c.error) << c.name;
  }
}

}  // namespace
}  // namespace lockstep::test
