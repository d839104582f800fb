// PTX grammar: declarations — variables in every state space, alignment,
// vectors, arrays, initialisers, .reg declarations.
#include <bit>
#include <cstring>

#include <gtest/gtest.h>

#include "tests/frontend/parser_test_kit.hpp"

namespace lockstep::test {
namespace {

using namespace ptx::ast;
using Kind = Operand::Kind;

TEST(ParserDecl, GlobalScalarWithLinkageAndAlign) {
  const Parsed p(".version 9.0\n.visible .global .align 4 .u32 counter;\n");
  const auto& v = p.item<VarDecl>(0);
  EXPECT_EQ(v.linkage, "visible");
  EXPECT_EQ(v.space, "global");
  EXPECT_EQ(v.align, 4U);
  EXPECT_EQ(v.type, "u32");
  EXPECT_EQ(v.name, "counter");
  EXPECT_TRUE(v.dims.empty());
  EXPECT_FALSE(v.has_init);
  EXPECT_EQ(p.at(v.offset), "2:1");
  EXPECT_EQ(p.at(v.name_offset), "2:32");
}

TEST(ParserDecl, EveryStateSpace) {
  const Parsed p(
      ".version 9.0\n"
      ".global .f32 g;\n.const .b8 c[4];\n.shared .u64 s;\n.local .s32 l;\n"
      ".param .b32 pp;\n.tex .u32 t;\n.surf .u32 sf;\n.global .texref tr;\n"
      ".extern .shared .align 16 .b8 smem[];\n.weak .global .u8 w;\n.common .global .u8 cm;\n");
  const char* spaces[] = {"global", "const", "shared", "local", "param", "tex",
                          "surf",   "global", "shared", "global", "global"};
  ASSERT_EQ(p.module.items.size(), 11U);
  for (std::size_t i = 0; i < 11; ++i) EXPECT_EQ(p.item<VarDecl>(i).space, spaces[i]) << i;
  EXPECT_EQ(p.item<VarDecl>(7).type, "texref");
  EXPECT_EQ(p.item<VarDecl>(8).linkage, "extern");
  ASSERT_EQ(p.item<VarDecl>(8).dims.size(), 1U);
  EXPECT_EQ(p.item<VarDecl>(8).dims[0], 0U);
  EXPECT_EQ(p.item<VarDecl>(9).linkage, "weak");
  EXPECT_EQ(p.item<VarDecl>(10).linkage, "common");
}

TEST(ParserDecl, VectorsAndMultiDimensionalArrays) {
  const Parsed p(
      ".version 9.0\n.shared .align 16 .v4 .f32 tile[8][0x10];\n.local .v2 .u64 x[];\n"
      ".global .u32 a, b[2], c;\n");
  const auto& t = p.item<VarDecl>(0);
  EXPECT_EQ(t.vec, 4U);
  EXPECT_EQ(t.align, 16U);
  ASSERT_EQ(t.dims.size(), 2U);
  EXPECT_EQ(t.dims[0], 8U);
  EXPECT_EQ(t.dims[1], 16U);
  EXPECT_EQ(p.item<VarDecl>(1).vec, 2U);
  // A name list declares one variable per name, sharing the prefix.
  ASSERT_EQ(p.module.items.size(), 5U);
  EXPECT_EQ(p.item<VarDecl>(2).name, "a");
  EXPECT_EQ(p.item<VarDecl>(3).name, "b");
  EXPECT_EQ(p.item<VarDecl>(3).dims.size(), 1U);
  EXPECT_EQ(p.item<VarDecl>(4).name, "c");
  EXPECT_EQ(p.item<VarDecl>(4).type, "u32");
}

TEST(ParserDecl, ScalarAndListInitialisers) {
  const Parsed p(
      ".version 9.0\n"
      ".global .u32 x = 42;\n"
      ".global .s32 y = -1;\n"
      ".global .b8 bytes[4] = {1, 0x2, 03, 0b100};\n"
      ".const .f32 f[2] = {0f3F800000, 1.5};\n"
      ".const .f64 d = 0dBFF0000000000000;\n"
      ".global .u32 m[2][2] = {{1, 2}, {3, 4}};\n");
  EXPECT_EQ(p.item<VarDecl>(0).init.kind, Kind::Int);
  EXPECT_EQ(p.item<VarDecl>(0).init.value, 42U);
  EXPECT_EQ(p.item<VarDecl>(1).init.value, ~std::uint64_t{0});
  EXPECT_EQ(p.item<VarDecl>(1).init.text, "-1");
  const auto& b = p.item<VarDecl>(2).init;
  ASSERT_EQ(b.kind, Kind::Vector);
  ASSERT_EQ(b.elems.size(), 4U);
  EXPECT_EQ(b.elems[1].value, 2U);
  EXPECT_EQ(b.elems[2].value, 3U);
  EXPECT_EQ(b.elems[3].value, 4U);
  const auto& f = p.item<VarDecl>(3).init;
  EXPECT_EQ(f.elems[0].kind, Kind::Float32);
  EXPECT_EQ(f.elems[0].value, 0x3F800000U);
  EXPECT_EQ(f.elems[1].kind, Kind::Decimal);
  EXPECT_EQ(std::bit_cast<double>(f.elems[1].value), 1.5);
  EXPECT_EQ(p.item<VarDecl>(4).init.kind, Kind::Float64);
  EXPECT_EQ(p.item<VarDecl>(4).init.value, 0xBFF0000000000000U);
  const auto& m = p.item<VarDecl>(5).init;
  ASSERT_EQ(m.elems.size(), 2U);
  ASSERT_EQ(m.elems[1].kind, Kind::Vector);
  EXPECT_EQ(m.elems[1].elems[1].value, 4U);
  EXPECT_EQ(p.at(m.elems[1].offset), "7:33");
}

TEST(ParserDecl, AddressInitialisers) {
  const Parsed p(
      ".version 9.0\n"
      ".global .u64 a[4] = {generic(tab), generic(tab)+20, tab, tab+8};\n"
      ".global .u64 fns[2] = {_Z2f1i, $str$1};\n");
  const auto& a = p.item<VarDecl>(0).init;
  ASSERT_EQ(a.elems.size(), 4U);
  EXPECT_EQ(a.elems[0].kind, Kind::Generic);
  EXPECT_EQ(a.elems[0].text, "tab");
  EXPECT_EQ(a.elems[0].value, 0U);
  EXPECT_EQ(a.elems[1].kind, Kind::Generic);
  EXPECT_EQ(a.elems[1].value, 20U);
  EXPECT_EQ(a.elems[2].kind, Kind::Name);
  EXPECT_EQ(a.elems[3].kind, Kind::SymPlus);
  EXPECT_EQ(a.elems[3].text, "tab");
  EXPECT_EQ(a.elems[3].value, 8U);
  EXPECT_EQ(p.item<VarDecl>(1).init.elems[1].text, "$str$1");
}

TEST(ParserDecl, Attribute) {
  const Parsed p(".version 9.0\n.global .attribute(.managed) .align 4 .u32 m;\n");
  EXPECT_EQ(p.item<VarDecl>(0).attribute, ".managed");
  EXPECT_EQ(p.item<VarDecl>(0).align, 4U);
}

TEST(ParserDecl, InitialiserNestingUpToTheLimit) {
  std::string deep = ".version 9.0\n.global .u32 x[1] = ";
  for (int i = 0; i < 64; ++i) deep += '{';
  deep += '7';
  for (int i = 0; i < 64; ++i) deep += '}';
  deep += ";\n";
  const Parsed p(deep);
  const Operand* o = &p.item<VarDecl>(0).init;
  int depth = 0;
  while (o->kind == Kind::Vector) {
    o = &o->elems.at(0);
    ++depth;
  }
  EXPECT_EQ(depth, 64);
  EXPECT_EQ(o->value, 7U);
}

TEST(ParserDecl, RegisterDeclarations) {
  const Parsed p(kernel_text(
      ".reg .b32 %r<10>;\n"
      ".reg .pred %p, %q;\n"
      ".reg .v4 .f32 %v;\n"
      ".reg .b64 %SP;\n"
      "\t.reg .f16x2 \t%hh<3>, %x;"));
  const auto& r = p.stmt<RegDecl>(0);
  EXPECT_EQ(r.type, "b32");
  EXPECT_EQ(r.vec, 1U);
  ASSERT_EQ(r.names.size(), 1U);
  EXPECT_EQ(r.names[0].name, "%r");
  EXPECT_TRUE(r.names[0].has_range);
  EXPECT_EQ(r.names[0].count, 10U);
  EXPECT_EQ(p.at(r.offset), "6:1");
  EXPECT_EQ(p.at(r.names[0].offset), "6:11");
  const auto& q = p.stmt<RegDecl>(1);
  ASSERT_EQ(q.names.size(), 2U);
  EXPECT_FALSE(q.names[1].has_range);
  EXPECT_EQ(q.names[1].name, "%q");
  EXPECT_EQ(p.stmt<RegDecl>(2).vec, 4U);
  EXPECT_EQ(p.stmt<RegDecl>(3).names[0].name, "%SP");
  EXPECT_EQ(p.stmt<RegDecl>(4).type, "f16x2");
  EXPECT_EQ(p.stmt<RegDecl>(4).names[1].name, "%x");
}

TEST(ParserDecl, FunctionScopeVariables) {
  const Parsed p(kernel_text(
      ".local .align 8 .b8 __local_depot0[40];\n"
      ".shared .align 4 .b8 _ZZ1kE1s[1024];\n"
      "{\n.param .align 8 .b8 param0[16];\n}"));
  const auto& d = p.stmt<VarDecl>(0);
  EXPECT_EQ(d.space, "local");
  EXPECT_EQ(d.dims.at(0), 40U);
  EXPECT_EQ(p.stmt<VarDecl>(1).space, "shared");
  EXPECT_EQ(p.stmt<VarDecl>(3).space, "param");
  EXPECT_EQ(p.stmt<VarDecl>(3).align, 8U);
}

}  // namespace
}  // namespace lockstep::test
