// PTX grammar: kernels and device functions — headers, parameter lists in
// both styles, return parameters, prototypes, performance directives, scope
// blocks, branch/call target lists — and every bundled model.
#include <filesystem>

#include <gtest/gtest.h>

#include "tests/frontend/parser_test_kit.hpp"

namespace lockstep::test {
namespace {

using namespace ptx::ast;

TEST(ParserFunction, EntryWithParameterList) {
  const Parsed p(
      ".version 9.0\n.target sm_75\n.address_size 64\n"
      ".visible .entry _Z3addPiS_i(\n"
      "\t.param .u64 _Z3addPiS_i_param_0,\n"
      "\t.param .align 8 .b8 _Z3addPiS_i_param_1[16],\n"
      "\t.param .u64 .ptr .global .align 4 _Z3addPiS_i_param_2,\n"
      "\t.param .u32 .ptr.shared.align 16 q\n"
      ")\n{\n\tret;\n}\n");
  const auto& f = p.item<Function>(0);
  EXPECT_TRUE(f.is_entry);
  EXPECT_EQ(f.linkage, "visible");
  EXPECT_EQ(f.name, "_Z3addPiS_i");
  EXPECT_EQ(p.at(f.offset), "4:1");
  EXPECT_EQ(p.at(f.name_offset), "4:17");
  EXPECT_FALSE(f.has_rets);
  ASSERT_EQ(f.params.size(), 4U);
  EXPECT_EQ(f.params[0].space, "param");
  EXPECT_EQ(f.params[0].type, "u64");
  EXPECT_EQ(f.params[1].align, 8U);
  EXPECT_EQ(f.params[1].dims.at(0), 16U);
  EXPECT_TRUE(f.params[2].ptr);
  EXPECT_EQ(f.params[2].ptr_space, "global");
  EXPECT_EQ(f.params[2].ptr_align, 4U);
  EXPECT_EQ(f.params[2].name, "_Z3addPiS_i_param_2");
  EXPECT_EQ(f.params[3].ptr_space, "shared");
  EXPECT_EQ(f.params[3].ptr_align, 16U);
  EXPECT_EQ(p.at(f.params[1].name_offset), "6:22");
  EXPECT_TRUE(f.has_body);
  ASSERT_EQ(f.body.size(), 1U);
}

TEST(ParserFunction, FuncWithReturnsAndPrototypes) {
  const Parsed p(
      ".version 9.0\n"
      ".extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n"
      "\t.param .b64 vprintf_param_1\n)\n;\n"
      ".weak .func _Z1gv();\n"
      ".func (.param .align 8 .b8 func_retval0[16]) _Z1fi(.param .b32 a) .noreturn\n{\nret;\n}\n"
      ".func (.reg .u32 %rv) old (.reg .u32 %ra1, .reg .f32 %fa1) { ret; }\n"
      ".func .attribute(.unified(0xAB, 0xCD)) u() { ret; }\n");
  const auto& v = p.item<Function>(0);
  EXPECT_FALSE(v.is_entry);
  EXPECT_EQ(v.linkage, "extern");
  EXPECT_EQ(v.name, "vprintf");
  EXPECT_TRUE(v.has_rets);
  ASSERT_EQ(v.rets.size(), 1U);
  EXPECT_EQ(v.rets[0].name, "func_retval0");
  EXPECT_EQ(v.params.size(), 2U);
  EXPECT_FALSE(v.has_body);
  const auto& g = p.item<Function>(1);
  EXPECT_EQ(g.linkage, "weak");
  EXPECT_TRUE(g.params.empty());
  EXPECT_FALSE(g.has_body);
  const auto& f = p.item<Function>(2);
  EXPECT_EQ(f.rets.at(0).dims.at(0), 16U);
  ASSERT_EQ(f.directives.size(), 1U);
  EXPECT_EQ(f.directives[0].name, "noreturn");
  EXPECT_TRUE(f.has_body);
  const auto& o = p.item<Function>(3);
  EXPECT_EQ(o.rets.at(0).space, "reg");
  EXPECT_EQ(o.params.at(1).space, "reg");
  EXPECT_EQ(o.params.at(1).name, "%fa1");
  EXPECT_EQ(p.item<Function>(4).attribute, ".unified(0xAB, 0xCD)");
}

TEST(ParserFunction, PerformanceDirectives) {
  const Parsed p(
      ".version 9.0\n.entry k()\n.maxntid 256, 1, 1\n.reqntid 32\n.minnctapersm 2\n"
      ".maxnreg 32 .maxnctapersm 4 .reqnctapercluster 2,1,1 .explicitcluster\n"
      ".maxclusterrank 8\n{\n}\n");
  const auto& f = p.item<Function>(0);
  ASSERT_EQ(f.directives.size(), 8U);
  EXPECT_EQ(f.directives[0].name, "maxntid");
  EXPECT_EQ(f.directives[0].values, (std::vector<std::uint32_t>{256, 1, 1}));
  EXPECT_EQ(p.at(f.directives[0].offset), "3:1");
  EXPECT_EQ(f.directives[1].values, (std::vector<std::uint32_t>{32}));
  EXPECT_EQ(f.directives[2].name, "minnctapersm");
  EXPECT_EQ(f.directives[6].name, "explicitcluster");
  EXPECT_TRUE(f.directives[6].values.empty());
  EXPECT_EQ(f.directives[7].values.at(0), 8U);
  EXPECT_TRUE(f.body.empty());
}

TEST(ParserFunction, OldStyleEntryTakesParamsFromItsBody) {
  const Parsed p(
      "\t.version 1.2\n\t.target sm_10, map_f64_to_f32\n"
      "\t.entry __globfunc__Z1kPi\n\t{\n\t.reg .u32 %r<3>;\n"
      "\t.param .u32 __cudaparm___globfunc__Z1kPi_a;\n"
      "\t.param .f32 __cudaparm___globfunc__Z1kPi_b;\n"
      "\t{ .param .u32 inner; }\n"
      "\texit;\n\t}\n");
  const auto& f = p.item<Function>(0);
  EXPECT_TRUE(f.is_entry);
  ASSERT_EQ(f.params.size(), 2U);
  EXPECT_EQ(f.params[0].name, "__cudaparm___globfunc__Z1kPi_a");
  EXPECT_EQ(f.params[1].type, "f32");
  EXPECT_EQ(p.at(f.params[1].offset), "7:2");
  // The nested-scope .param stays a statement.
  ASSERT_EQ(f.body.size(), 5U);
  EXPECT_TRUE(std::holds_alternative<RegDecl>(f.body[0]));
  EXPECT_TRUE(std::holds_alternative<ScopeOpen>(f.body[1]));
  EXPECT_EQ(std::get<VarDecl>(f.body[2]).name, "inner");
}

TEST(ParserFunction, ScopeBlocks) {
  const Parsed p(kernel_text(
      "{ // callseq 0, 0\n.reg .b32 temp_param_reg;\n{\n.param .b32 param0;\n}\n}\n"
      "{ .reg .pred %p; setp.eq.u32 %p, 1, 1; }"));
  const auto& b = p.kernel().body;
  ASSERT_EQ(b.size(), 10U);
  EXPECT_TRUE(std::holds_alternative<ScopeOpen>(b[0]));
  EXPECT_EQ(p.at(std::get<ScopeOpen>(b[0]).offset), "6:1");
  EXPECT_TRUE(std::holds_alternative<ScopeOpen>(b[2]));
  EXPECT_TRUE(std::holds_alternative<ScopeClose>(b[4]));
  EXPECT_TRUE(std::holds_alternative<ScopeClose>(b[5]));
  EXPECT_EQ(p.at(std::get<ScopeClose>(b[5]).offset), "11:1");
  EXPECT_TRUE(std::holds_alternative<ScopeClose>(b[9]));
}

TEST(ParserFunction, TargetListsAndCallPrototypes) {
  const Parsed p(kernel_text(
      "$L_brx_0: .branchtargets $L__BB0_1, $L__BB0_2,\n $L__BB0_3;\n"
      "brx.idx %r1, $L_brx_0;\n"
      "$Lcts: .calltargets f1, f2;\n"
      "prototype_0 : .callprototype (.param .b32 _) _ (.param .b32 _, .param .b64 _);\n"
      "prototype_1 : .callprototype ()_ ();\n"
      "prototype_2 : .callprototype _ (.param .b32 _) .noreturn;\n"
      "call (retval0), %rd18, (param0), prototype_0;"));
  EXPECT_EQ(p.stmt<Label>(0).name, "$L_brx_0");
  const auto& bt = p.stmt<TargetList>(1);
  EXPECT_EQ(bt.directive, "branchtargets");
  EXPECT_EQ(bt.names, (std::vector<std::string_view>{"$L__BB0_1", "$L__BB0_2", "$L__BB0_3"}));
  EXPECT_EQ(p.at(bt.offset), "6:11");
  EXPECT_EQ(p.stmt<TargetList>(4).directive, "calltargets");
  const auto& cp = p.stmt<TargetList>(6);
  EXPECT_EQ(cp.directive, "callprototype");
  ASSERT_EQ(cp.names.size(), 2U);
  EXPECT_EQ(cp.names[0], "(.param .b32 _)");
  EXPECT_EQ(cp.names[1], "(.param .b32 _, .param .b64 _)");
  EXPECT_EQ(p.stmt<TargetList>(8).names, (std::vector<std::string_view>{"()", "()"}));
  const auto& nr = p.stmt<TargetList>(10);
  EXPECT_EQ(nr.names, (std::vector<std::string_view>{"", "(.param .b32 _)", "noreturn"}));
}

TEST(ParserFunction, ModuleOrderIsKept) {
  const Parsed p(
      ".version 9.0\n.global .u32 g;\n.func f() { ret; }\n.file 1 \"a.cu\"\n"
      ".entry k() { call f; ret; }\n");
  ASSERT_EQ(p.module.items.size(), 4U);
  EXPECT_TRUE(std::holds_alternative<VarDecl>(p.module.items[0]));
  EXPECT_TRUE(std::holds_alternative<Function>(p.module.items[1]));
  EXPECT_TRUE(std::holds_alternative<FileDir>(p.module.items[2]));
  EXPECT_EQ(p.item<Function>(3).body.size(), 2U);
}

TEST(ParserFunction, EveryModelParses) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels";
  ASSERT_TRUE(fs::is_directory(root));
  std::size_t count = 0;
  for (const auto& dir : fs::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    for (const auto& file : fs::directory_iterator(dir.path())) {
      if (file.path().extension() != ".ptx") continue;
      SCOPED_TRACE(file.path().string());
      const Source source = Source::read_file(file.path().string());
      ptx::ast::Module m;
      ASSERT_NO_THROW(m = ptx::parse(source));
      EXPECT_NE(m.version_major, 0U);
      EXPECT_FALSE(m.targets.empty());
      bool has_kernel = false;
      for (const auto& it : m.items) {
        const auto* f = std::get_if<Function>(&it);
        has_kernel = has_kernel || (f != nullptr && f->is_entry && f->has_body);
      }
      EXPECT_TRUE(has_kernel);
      ++count;
    }
  }
  EXPECT_GE(count, 14U);
}

}  // namespace
}  // namespace lockstep::test
