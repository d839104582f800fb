// The printer's module level: directives, variables and initialisers.
#include <gtest/gtest.h>

#include <string>

#include "frontend/ptx/printer.hpp"
#include "frontend/ptx/printer_parts.hpp"
#include "tests/frontend/printer_test_kit.hpp"

namespace lockstep {
namespace {

using ir::Space;
using ir::Type;
using test::variable;

std::string decl(const ir::Module& m, const ir::Variable& v) {
  ptx::printer::Out out;
  ptx::printer::print_variable(out, m, v, v.name);
  return fmt::to_string(out);
}

template <typename T>
void store(ir::Variable& v, std::size_t offset, T value) {
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    v.init[offset + i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(value) >> (8 * i));
  }
}

ir::Variable initialised(ir::Variable v) {
  v.has_init = true;
  v.init.assign(v.size_bytes(), 0);
  return v;
}

TEST(PrinterModule, Directives) {
  ir::Module m = test::module64();
  m.targets = {"sm_75", "texmode_independent"};
  m.files[1] = "/src/kernel.cu";
  m.files[2] = "/usr/include/x.h";
  EXPECT_EQ(ptx::print(m),
            "//\n// Printed by lockstep\n//\n\n"
            ".version 9.0\n"
            ".target sm_75, texmode_independent\n"
            ".address_size 64\n"
            ".file\t1 \"/src/kernel.cu\"\n"
            ".file\t2 \"/usr/include/x.h\"\n\n");
}

TEST(PrinterModule, AddressSizeOnlyWhenDeclared) {
  ir::Module legacy;
  legacy.version_major = 1;
  legacy.version_minor = 4;
  legacy.targets = {"sm_10", "map_f64_to_f32"};
  const std::string text = ptx::print(legacy);
  EXPECT_NE(text.find(".version 1.4\n.target sm_10, map_f64_to_f32\n\n"), std::string::npos);
  EXPECT_EQ(text.find(".address_size"), std::string::npos);

  legacy.has_address_size = true;  // an explicit `.address_size 32`
  EXPECT_NE(ptx::print(legacy).find(".address_size 32\n"), std::string::npos);
  legacy.has_address_size = false;
  legacy.address_size = 64;  // 64 can only come from the directive
  EXPECT_NE(ptx::print(legacy).find(".address_size 64\n"), std::string::npos);
}

TEST(PrinterModule, PlainDeclarations) {
  const ir::Module m = test::module64();
  auto x = variable("x", Space::Global, Type::B8, {16});
  x.align = 4;
  EXPECT_EQ(decl(m, x), ".global .align 4 .b8 x[16]");
  auto partial = variable("partial", Space::Shared, Type::B8, {0});
  partial.linkage = ir::Linkage::Extern;
  partial.align = 16;
  EXPECT_EQ(decl(m, partial), ".extern .shared .align 16 .b8 partial[]");
  auto v4 = variable("v", Space::Global, Type::F32, {2, 3});
  v4.vec = 4;
  v4.linkage = ir::Linkage::Visible;
  EXPECT_EQ(decl(m, v4), ".visible .global .v4 .f32 v[2][3]");
  auto tex = variable("t", Space::Tex, Type::U32);
  EXPECT_EQ(decl(m, tex), ".tex .u32 t");
  auto weak = variable("w", Space::Const, Type::S64);
  weak.linkage = ir::Linkage::Weak;
  EXPECT_EQ(decl(m, weak), ".weak .const .s64 w");
}

TEST(PrinterModule, ByteInitialisersDropTrailingZeros) {
  const ir::Module m = test::module64();
  auto s = initialised(variable("$str", Space::Global, Type::B8, {4}));
  s.align = 1;
  s.init = {104, 105, 0, 0};
  EXPECT_EQ(decl(m, s), ".global .align 1 .b8 $str[4] = {104, 105}");
  auto zeros = initialised(variable("z", Space::Global, Type::U32, {8}));
  EXPECT_EQ(decl(m, zeros), ".global .u32 z[8] = {0}");
}

TEST(PrinterModule, TypedInitialisers) {
  const ir::Module m = test::module64();
  auto cs = initialised(variable("cs", Space::Const, Type::S16, {3}));
  store<std::uint16_t>(cs, 0, 1);
  store<std::uint16_t>(cs, 2, 0xfffe);
  store<std::uint16_t>(cs, 4, 3);
  EXPECT_EQ(decl(m, cs), ".const .s16 cs[3] = {1, -2, 3}");

  auto big = initialised(variable("big", Space::Global, Type::U64));
  store<std::uint64_t>(big, 0, 0xffffffffffffffffULL);
  EXPECT_EQ(decl(m, big), ".global .u64 big = 18446744073709551615");

  auto f = initialised(variable("f", Space::Global, Type::F32, {2}));
  store<std::uint32_t>(f, 0, 0x3fc00000U);
  store<std::uint32_t>(f, 4, 0x40000000U);
  EXPECT_EQ(decl(m, f), ".global .f32 f[2] = {0f3FC00000, 0f40000000}");

  auto d = initialised(variable("d", Space::Global, Type::F64));
  d.align = 8;
  store<std::uint64_t>(d, 0, 0x400A000000000000ULL);
  EXPECT_EQ(decl(m, d), ".global .align 8 .f64 d = 0d400A000000000000");

  auto pairs = variable("p", Space::Global, Type::S32, {2});
  pairs.vec = 2;
  auto vec = initialised(pairs);
  store<std::uint32_t>(vec, 0, 1);
  store<std::uint32_t>(vec, 4, 0xffffffffU);
  store<std::uint32_t>(vec, 8, 3);
  EXPECT_EQ(decl(m, vec), ".global .v2 .s32 p[2] = {{1, -1}, {3, 0}}");

  auto grid = initialised(variable("g", Space::Global, Type::U8, {2, 2}));
  grid.init = {1, 2, 3, 0};
  EXPECT_EQ(decl(m, grid), ".global .u8 g[2][2] = {{1, 2}, {3, 0}}");
}

TEST(PrinterModule, Relocations) {
  ir::Module m = test::module64();
  auto x = variable("x", Space::Global, Type::B8, {16});
  x.align = 4;
  m.globals.push_back(x);
  auto p = initialised(variable("p", Space::Global, Type::U64, {3}));
  p.align = 8;
  p.relocations = {{0, 0, 4, true}, {8, 0, 0, true}, {16, 0, 8, false}};
  m.globals.push_back(p);
  EXPECT_EQ(decl(m, m.globals[1]), ".global .align 8 .u64 p[3] = {generic(x)+4, generic(x), x+8}");
  auto st = initialised(variable("st", Space::Global, Type::U64, {2}));
  store<std::uint64_t>(st, 0, 5);
  st.relocations = {{8, 0, 8, true}};
  EXPECT_EQ(decl(m, st), ".global .u64 st[2] = {5, generic(x)+8}");

  EXPECT_EQ(ptx::print(m),
            "//\n// Printed by lockstep\n//\n\n"
            ".version 9.0\n.target sm_75\n.address_size 64\n\n"
            ".global .align 4 .b8 x[16];\n"
            ".global .align 8 .u64 p[3] = {generic(x)+4, generic(x), x+8};\n\n");
}

}  // namespace
}  // namespace lockstep
