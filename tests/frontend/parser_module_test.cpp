// PTX grammar: module directives (.version, .target, .address_size, .file,
// .section, .pragma, @@DWARF, module-scope .reg) and comments.
#include <gtest/gtest.h>

#include "tests/frontend/parser_test_kit.hpp"

namespace lockstep::test {
namespace {

using namespace ptx::ast;

TEST(ParserModule, VersionTargetAddressSize) {
  const Parsed p(".version 9.0\n.target sm_90a\n.address_size 64\n");
  EXPECT_EQ(p.module.version_major, 9U);
  EXPECT_EQ(p.module.version_minor, 0U);
  EXPECT_EQ(p.at(p.module.version_offset), "1:1");
  ASSERT_EQ(p.module.targets.size(), 1U);
  EXPECT_EQ(p.module.targets[0], "sm_90a");
  EXPECT_EQ(p.at(p.module.target_offset), "2:1");
  EXPECT_TRUE(p.module.has_address_size);
  EXPECT_EQ(p.module.address_size, 64U);
  EXPECT_EQ(p.at(p.module.address_size_offset), "3:1");
  EXPECT_TRUE(p.module.items.empty());
}

TEST(ParserModule, TargetLists) {
  const Parsed a("\t.version 1.4\n\t.target sm_10, map_f64_to_f32\n");
  EXPECT_EQ(a.module.version_major, 1U);
  EXPECT_EQ(a.module.version_minor, 4U);
  ASSERT_EQ(a.module.targets.size(), 2U);
  EXPECT_EQ(a.module.targets[0], "sm_10");
  EXPECT_EQ(a.module.targets[1], "map_f64_to_f32");
  EXPECT_FALSE(a.module.has_address_size);

  const Parsed b(".version 3.1\n.target sm_20,texmode_independent , debug\n.address_size 32");
  ASSERT_EQ(b.module.targets.size(), 3U);
  EXPECT_EQ(b.module.targets[1], "texmode_independent");
  EXPECT_EQ(b.module.targets[2], "debug");
  EXPECT_EQ(b.module.address_size, 32U);
}

TEST(ParserModule, VersionMinorWithTwoDigits) {
  const Parsed p(".version 7.10\n");
  EXPECT_EQ(p.module.version_major, 7U);
  EXPECT_EQ(p.module.version_minor, 10U);
}

TEST(ParserModule, FileDirectives) {
  const Parsed p(
      ".version 9.0\n"
      ".file 1 \"/tmp/a.cu\"\n"
      "\t.file\t2\t\"<command-line>\"\n"
      ".file 3 \"b \\\"q\\\".cu\", 1700000000, 1234\n");
  ASSERT_EQ(p.module.items.size(), 3U);
  const auto& f1 = p.item<FileDir>(0);
  EXPECT_EQ(f1.index, 1U);
  EXPECT_EQ(f1.name, "/tmp/a.cu");
  EXPECT_EQ(p.at(f1.offset), "2:1");
  EXPECT_EQ(p.item<FileDir>(1).name, "<command-line>");
  EXPECT_EQ(p.item<FileDir>(2).index, 3U);
  EXPECT_EQ(p.item<FileDir>(2).name, "b \\\"q\\\".cu");
}

TEST(ParserModule, SectionsAreSkippedAndNamed) {
  const Parsed p(
      ".version 9.0\n"
      ".section .debug_abbrev\n"
      "{\n"
      ".b8 1 // comment with }\n"
      ".b8 17 /* } */\n"
      "$L__info_string0:\n"
      ".b8 95,90,0 { nested } \"str with } brace\"\n"
      "}\n"
      ".section\t.debug_info { .b32 .debug_abbrev }\n"
      ".section .nv.debug.x {}\n");
  ASSERT_EQ(p.module.items.size(), 3U);
  EXPECT_EQ(p.item<Section>(0).name, ".debug_abbrev");
  EXPECT_EQ(p.at(p.item<Section>(0).offset), "2:1");
  EXPECT_EQ(p.item<Section>(1).name, ".debug_info");
  EXPECT_EQ(p.item<Section>(2).name, ".nv.debug.x");
}

TEST(ParserModule, ModulePragma) {
  const Parsed p(".version 9.0\n.pragma \"nounroll\";\n");
  ASSERT_EQ(p.module.items.size(), 1U);
  EXPECT_EQ(p.item<Pragma>(0).text, "nounroll");
}

TEST(ParserModule, LegacyDwarfLines) {
  const Parsed p(".version 1.4\n.target sm_10\n@@DWARF .byte 0x2f, 0x75\n@@DWARF .4byte x\n");
  ASSERT_EQ(p.module.items.size(), 2U);
  EXPECT_EQ(p.item<Section>(0).name, "@@DWARF");
  EXPECT_EQ(p.at(p.item<Section>(1).offset), "4:1");
}

TEST(ParserModule, ModuleScopeRegisters) {
  const Parsed p(".version 1.2\n.target sm_10\n\t.reg .u32 %ra<17>;\n\t.reg .f64 %fdv<5>;\n");
  ASSERT_EQ(p.module.items.size(), 2U);
  const auto& r = p.item<RegDecl>(0);
  EXPECT_EQ(r.type, "u32");
  ASSERT_EQ(r.names.size(), 1U);
  EXPECT_EQ(r.names[0].name, "%ra");
  EXPECT_TRUE(r.names[0].has_range);
  EXPECT_EQ(r.names[0].count, 17U);
}

TEST(ParserModule, CommentsAnywhere) {
  const Parsed p(
      "// leading\n/* block\n comment */.version/**/9.0 // trailing\n"
      ".target /* between */ sm_75 /* a */ , /* b */ sm_80\n"
      "/* last */");
  EXPECT_EQ(p.module.version_major, 9U);
  ASSERT_EQ(p.module.targets.size(), 2U);
  EXPECT_EQ(p.module.targets[1], "sm_80");
}

TEST(ParserModule, EmptyAndCommentOnlyFiles) {
  const Parsed a("");
  EXPECT_TRUE(a.module.items.empty());
  const Parsed b("  \n\t// nothing\n/* here */\r\n");
  EXPECT_TRUE(b.module.items.empty());
  EXPECT_EQ(b.module.version_major, 0U);
}

TEST(ParserModule, CrlfLineEnds) {
  const Parsed p(".version 8.0\r\n.target sm_80\r\n.entry k()\r\n{\r\n\tret;\r\n}\r\n");
  EXPECT_EQ(p.kernel().body.size(), 1U);
  EXPECT_EQ(p.at(p.stmt<Instruction>(0).offset), "5:2");
}

}  // namespace
}  // namespace lockstep::test
