// Lowering of declarations: `{ }` scoping, shadowing, the unique names
// entities end up with, and duplicate declarations.
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "tests/frontend/lower_test_kit.hpp"

namespace lockstep::test {
namespace {

std::string entry(const std::string& body, const std::string& globals = "") {
  return ".version 8.0\n.target sm_80\n.address_size 64\n" + globals + ".visible .entry k()\n{\n" + body +
         "\n}\n";
}

/// Every register, variable and label name of kernel 0, checked unique.
void expect_unique_names(const ir::Module& m) {
  std::set<std::string> seen;
  for (const auto& g : m.globals) seen.insert(g.name);
  const ir::Kernel& k = m.kernels.at(0);
  for (const auto& r : k.regs) EXPECT_TRUE(seen.insert(r.name).second) << r.name;
  for (const auto& v : k.vars) EXPECT_TRUE(seen.insert(v.name).second) << v.name;
  for (const auto& l : k.labels) EXPECT_TRUE(seen.insert(l.name).second) << l.name;
}

TEST(LowerScope, CallSequenceParamsAreRenamed) {
  // nvcc declares `param0` and `temp_param_reg` again in every call sequence.
  const Lowered l(entry(".reg .b32 %r<4>;\n"
                        "{\n.reg .b32 temp_param_reg;\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n"
                        "mov.b32 temp_param_reg, 1;\n}\n"
                        "{\n.reg .b32 temp_param_reg;\n.param .b32 param0;\nst.param.b32 [param0], %r2;\n"
                        "mov.b32 temp_param_reg, 2;\n}\nret;"));
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.vars.size(), 2U);
  EXPECT_EQ(k.vars[0].name, "param0");
  EXPECT_EQ(k.vars[1].name, "param0_1");
  EXPECT_EQ(l.op(0, 0).a, 0U);
  EXPECT_EQ(l.op(2, 0).a, 1U);
  EXPECT_EQ(l.reg_of(1, 0), "temp_param_reg");
  EXPECT_EQ(l.reg_of(3, 0), "temp_param_reg_1");
  expect_unique_names(l.module);
}

TEST(LowerScope, InnerDeclarationsShadowOuterOnes) {
  const Lowered l(entry(".reg .b32 %r<4>;\nmov.b32 %r1, 1;\n"
                        "{\n.reg .b32 %r1;\nmov.b32 %r1, 2;\n{\n.reg .b32 %r<2>;\nmov.b32 %r1, 3;\nmov.b32 %r3, 4;\n}\n}\n"
                        "mov.b32 %r1, 5;\nret;"));
  EXPECT_EQ(l.reg_of(0, 0), "%r1");
  EXPECT_EQ(l.reg_of(1, 0), "%r1_1");
  EXPECT_EQ(l.reg_of(2, 0), "%r1_2");  // the inner range's %r1
  EXPECT_EQ(l.reg_of(3, 0), "%r3");    // outside the inner range: the outer %r3
  EXPECT_EQ(l.reg_of(4, 0), "%r1");
  EXPECT_EQ(l.op(0, 0).a, l.op(4, 0).a);
  expect_unique_names(l.module);
}

TEST(LowerScope, NamesStayApartFromModuleVariables) {
  const Lowered l(entry(".reg .b32 %r<2>;\n.shared .u32 g;\n.local .u32 g_1;\nst.shared.u32 [g], %r1;\nret;",
                        ".global .u32 g;\n"));
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.vars.size(), 2U);
  EXPECT_EQ(k.vars[0].name, "g_1");  // g is the module's
  EXPECT_EQ(k.vars[1].name, "g_1_1");
  EXPECT_EQ(l.op(0, 0).scope, ir::SymScope::Kernel);
  expect_unique_names(l.module);
}

TEST(LowerScope, RangesAreMadeLazily) {
  const Lowered l(entry(".reg .b32 %r<100000>;\nmov.b32 %r99999, 1;\nmov.b32 %r5, %r99999;\nret;"));
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.regs.size(), 2U);
  EXPECT_EQ(k.regs[0].name, "%r99999");
  EXPECT_EQ(k.regs[1].name, "%r5");
}

TEST(LowerScope, RegistersWithoutPercent) {
  const Lowered l(entry(".reg .pred p, q;\n.reg .u32 x<3>;\nsetp.eq.u32 p, x1, x2;\nnot.pred q, p;\nret;"));
  EXPECT_EQ(l.reg(l.op(0, 0).a), "p");
  EXPECT_EQ(l.reg_of(0, 1), "x1");
  EXPECT_EQ(l.kernel().regs.at(l.op(0, 0).a).type, ir::Type::Pred);
}

TEST(LowerScope, LabelsAreFunctionWide) {
  // A branch inside a scope may name a label declared outside it, before or after.
  const Lowered l(entry(".reg .pred %p<2>;\n{\n@%p1 bra $L_out;\n}\n$L_out:\nret;"));
  EXPECT_EQ(l.op(0, 0).label_pc(), 1U);
}

TEST(LowerScope, DeclarationsEndWithTheirScope) {
  EXPECT_EQ(load_error(entry("{\n.reg .b32 %t;\n}\nmov.b32 %t, 1;\nret;")),
            "bad.ptx:9:9: error: undeclared register '%t'");
}

TEST(LowerScope, DuplicateDeclarationsInOneScope) {
  EXPECT_EQ(load_error(entry(".reg .b32 %r1;\n.reg .b32 %r1;\nret;")),
            "bad.ptx:7:11: error: duplicate declaration of '%r1'");
  EXPECT_EQ(load_error(entry(".reg .b32 %r<4>;\n.reg .b32 %r2;\nret;")),
            "bad.ptx:7:11: error: duplicate declaration of '%r2'");
  EXPECT_EQ(load_error(entry(".reg .b32 %r2;\n.reg .b32 %r<4>;\nret;")),
            "bad.ptx:7:11: error: duplicate declaration of '%r<4>'");
  EXPECT_EQ(load_error(entry(".reg .b32 %r<4>;\n.reg .b64 %r<2>;\nret;")),
            "bad.ptx:7:11: error: duplicate declaration of '%r<2>'");
  EXPECT_EQ(load_error(entry(".shared .u32 x;\n.local .u32 x;\nret;")),
            "bad.ptx:7:13: error: duplicate declaration of 'x'");
  EXPECT_EQ(load_error(entry(".reg .b32 x;\n.local .u32 x;\nret;")),
            "bad.ptx:7:13: error: duplicate declaration of 'x'");
  // the same names in different scopes are fine
  EXPECT_EQ(load_error(entry(".reg .b32 %r<4>;\n{\n.reg .b32 %r<2>;\n}\n{\n.reg .b32 %r<2>;\n}\nret;")),
            "no error");
}

TEST(LowerScope, DuplicateLabels) {
  EXPECT_EQ(load_error(entry("$L1:\nret;\n{\n$L1:\nexit;\n}")),
            "bad.ptx:9:1: error: duplicate label '$L1'");
}

TEST(LowerScope, BadDeclarations) {
  EXPECT_EQ(load_error(entry(".reg .v4 .f32 %v;\nret;")),
            "bad.ptx:6:1: error: vector registers are not supported");
  EXPECT_EQ(load_error(entry(".tex .u32 t;\nret;")),
            "bad.ptx:6:1: error: texture and surface variables are not supported");
  EXPECT_EQ(load_error(entry(".global .texref t;\nret;")),
            "bad.ptx:6:1: error: texture and surface references are not supported");
}

}  // namespace
}  // namespace lockstep::test

namespace lockstep::test {
namespace {

TEST(LowerScope, ModuleRegistersAreSharedByInlinedFunctions) {
  // ISA 1.x declares registers at module scope; every function sees the same ones.
  const Lowered l(".version 1.4\n.target sm_10\n.reg .u32 %ra<17>;\n.reg .u32 %rv<5>;\n"
                  ".func f\n{\nadd.u32 %rv1, %ra1, 1;\nret;\n}\n"
                  ".entry k\n{\n.reg .u32 %r<4>;\nmov.u32 %ra1, 5;\ncall.uni f;\nmov.u32 %r1, %rv1;\nexit;\n}\n");
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.code.size(), 4U);
  EXPECT_EQ(l.reg_of(0, 0), "%ra1");
  EXPECT_EQ(l.op(1, 1).a, l.op(0, 0).a);  // the inlined add reads the kernel's %ra1
  EXPECT_EQ(l.reg_of(1, 0), "%rv1");
  EXPECT_EQ(l.op(2, 1).a, l.op(1, 0).a);
  expect_unique_names(l.module);
}

}  // namespace
}  // namespace lockstep::test
