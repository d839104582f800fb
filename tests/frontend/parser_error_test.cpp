// PTX grammar: malformed inputs. Each gives exactly one
// `FILE:LINE:COL: error: MESSAGE` naming the offending token at its exact
// position; truncated and mutated files never crash or hang.
#include <cstdint>
#include <filesystem>
#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "tests/frontend/parser_test_kit.hpp"

namespace lockstep::test {
namespace {

struct BadCase {
  const char* name;
  std::string text;
  const char* error;  ///< the whole message after "bad.ptx:"
};

/// Body lines of kernel_text() start at line 6, column 1.
std::string body(const std::string& b) { return kernel_text(b); }

const std::string kV = ".version 8.0\n";

std::vector<BadCase> bad_cases() {
  std::string nest = kV + ".global .u32 x[1] = ";
  for (int i = 0; i < 65; ++i) nest += '{';
  nest += "1";
  std::string scopes;
  for (int i = 0; i < 1025; ++i) scopes += '{';
  return {
      {"missing semicolon", body("mov.u32 %r1, %r2\nadd.s32 %r1, %r1, 1;"),
       "7:1: error: expected ';' after instruction, found 'add'"},
      {"unknown module directive", kV + ".target sm_80\n.foo 1\n",
       "3:1: error: unknown directive '.foo'"},
      {"unknown body directive", body(".bar;"), "6:1: error: unknown directive '.bar'"},
      {"unterminated comment", body("ret;\n  /* open"), "7:3: error: unterminated comment"},
      {"missing closing brace", kV + ".entry k()\n{\nret;\n",
       "5:1: error: unexpected end of file (missing '}')"},
      {"truncated instruction", kV + ".entry k()\n{\nadd.s32 %r1,",
       "4:13: error: expected an operand, found end of file"},
      {"binary file", std::string("\x7f" "ELF\x02\x01\x01", 7),
       "1:1: error: unexpected character '\\x7f'"},
      {"control byte in body", body("ret;\n\x01"), "7:1: error: unexpected character '\\x01'"},
      {"nul byte in body", body(std::string("ret;\n\0", 6)),
       "7:1: error: unexpected character '\\x00'"},
      {"non-ascii operand", body("mov.u32 %r1, \xc3\xa9;"),
       "6:14: error: unexpected character '\\xc3'"},
      {"bad version", ".version 1.x.y\n",
       "1:10: error: bad version number '1.x.y' (expected MAJOR.MINOR)"},
      {"version without number", ".version\n.target sm_80\n",
       "2:1: error: expected a version number MAJOR.MINOR, found '.target'"},
      {"version not first", ".target sm_80\n.version 8.0\n",
       "2:1: error: '.version' must come first, and only once"},
      {"bad address size", kV + ".address_size 48\n",
       "2:15: error: address size must be 32 or 64, not 48"},
      {"missing bracket", body("ld.u32 %r1, [%rd1;"),
       "6:18: error: expected ']' to close the address, found ';'"},
      {"register offset in address", body("ld.u32 %r1, [%rd1+%r2];"),
       "6:19: error: expected an integer offset in the address, found '%r2'"},
      {"empty register range", body(".reg .b32 %r<>;"),
       "6:14: error: expected a register count in '<N>', found '>'"},
      {"huge register range", body(".reg .b32 %r<99999999>;"),
       "6:14: error: register range 99999999 too large (at most 16777216)"},
      {"dollar label without colon", body("$L__BB0_1\nadd.s32 %r1, %r1, 1;"),
       "6:1: error: expected ':' after label '$L__BB0_1'"},
      {"plain label without colon", body("BB0_1\n  add.s32 %r1, %r1, 1;"),
       "6:1: error: expected ':' after label 'BB0_1'"},
      {"bad hex immediate", body("mov.u32 %r1, 0xZZ;"),
       "6:14: error: bad integer literal '0xZZ'"},
      {"short 0f literal", body("mov.f32 %f1, 0f3F80;"),
       "6:14: error: bad floating-point literal '0f3F80' (0f needs exactly 8 hex digits)"},
      {"short 0d literal", body("mov.f64 %fd1, 0d3FF0;"),
       "6:15: error: bad floating-point literal '0d3FF0' (0d needs exactly 16 hex digits)"},
      {"immediate overflow", body("mov.u64 %rd1, 18446744073709551616;"),
       "6:15: error: bad integer literal '18446744073709551616' (does not fit in 64 bits)"},
      {"bad octal", body("mov.u32 %r1, 09;"), "6:14: error: bad integer literal '09'"},
      {"bad binary", body("mov.u32 %r1, 0b102;"), "6:14: error: bad integer literal '0b102'"},
      {"bad decimal float", body("mov.f32 %f1, 1.5.3;"),
       "6:14: error: bad floating-point literal '1.5.3'"},
      {"initialiser too deep", nest, "2:85: error: initialiser nested deeper than 64 levels"},
      {"scopes too deep", body(scopes), "6:1025: error: scopes nested deeper than 1024 levels"},
      {"declaration without semicolon", kV + ".global .u32 x\n.global .u32 y;\n",
       "3:1: error: expected ';' after the declaration, found '.global'"},
      {"bad declaration type", kV + ".global .u33 x;\n",
       "2:9: error: expected a type in the declaration, found '.u33'"},
      {"missing array bracket", kV + ".global .u32 x[4;\n",
       "2:17: error: expected ']' after the array size, found ';'"},
      {"empty operand", body("add.s32 %r1, , %r2;"), "6:14: error: expected an operand, found ','"},
      {"trailing comma", body("add.s32 %r1, %r2,;"), "6:18: error: expected an operand, found ';'"},
      {"unclosed vector", body("mov.b64 %rd1, {%r1, %r2;"),
       "6:24: error: expected '}' to close the vector operand, found ';'"},
      {"lone percent", body("mov.u32 %r1, %;"), "6:14: error: expected an operand, found '%'"},
      {"instruction without semicolon before brace", body("ret\n"),
       "8:1: error: expected an operand or ';' after 'ret', found '}'"},
      {"guard without instruction", body("@%p1 ;"),
       "6:6: error: expected an instruction after the guard, found ';'"},
      {"stray closing brace", kV + "}\n", "2:1: error: expected a directive, found '}'"},
      {"kernel with return parameters", kV + ".entry (.param .b32 r) k() {}",
       "2:8: error: a kernel ('.entry') has no return parameters"},
      {"parameter list without comma", kV + ".entry k(.param .u32 a .param .u32 b) {}",
       "2:24: error: expected ')' to close the parameter list, found '.param'"},
      {"bad .ptr attribute", kV + ".entry k(.param .u64 .ptr .foo p) {}",
       "2:27: error: expected '.global', '.shared', '.const', '.local' or '.align' after '.ptr', "
       "found '.foo'"},
      {"unknown header directive", kV + ".entry k() .maxntid 1 .foo {}",
       "2:23: error: unknown directive '.foo'"},
      {"header without body", kV + ".entry k()\n",
       "3:1: error: expected '{' or ';' after the header of 'k', found end of file"},
      {"unterminated string", kV + ".file 1 \"abc\n", "2:9: error: unterminated string"},
      {"directive inside a function", body(".version 8.0"),
       "6:1: error: '.version' is not allowed inside a function"},
      {"loc at module scope", kV + ".loc 1 2 3\n",
       "2:1: error: '.loc' is not allowed at module scope"},
      {"linkage before .reg", kV + ".visible .reg .u32 x;\n",
       "2:10: error: expected '.entry', '.func' or a state space after '.visible', found '.reg'"},
      {"bad .loc attribute", body(".loc 1 2 3, foo 4"),
       "6:13: error: expected 'function_name' or 'inlined_at', found 'foo'"},
      {"unterminated section", kV + ".section .debug_info {\n.b8 1\n",
       "4:1: error: unexpected end of file (missing '}')"},
      {"call prototype without underscore", body("p: .callprototype (.param .b32 _) f (.param .b32 _);"),
       "6:35: error: expected '_' in the call prototype, found 'f'"},
      {"call without callee", body("call (r), ;"),
       "6:11: error: expected the called function, found ';'"},
      {"pragma without semicolon", kV + ".pragma \"nounroll\"\n.entry k() {}\n",
       "3:1: error: expected ';' after '.pragma', found '.entry'"},
      {"linkage on an in-body parameter (fuzz)",
       ".version 1.2\n.entry k\n{\n.extern.param .s32 __cudaparm_k_n;\nret;\n}\n",
       "4:1: error: linkage '.extern' is not allowed on a '.param' variable"},
      {"linkage on a call-sequence parameter", body("{\n.visible .param .b32 p;\n}"),
       "7:1: error: linkage '.visible' is not allowed on a '.param' variable"},
      {"linkage on a module-scope parameter", kV + ".weak .param .b32 p;\n",
       "2:1: error: linkage '.weak' is not allowed on a '.param' variable"},
      {"control byte in a string (fuzz)", kV + ".file 1 \"crt\x81\x12y\"\n",
       "2:14: error: control character 0x12 in a string"},
      {"nul byte in a string", kV + std::string(".pragma \"a\0b\";\n", 15),
       "2:11: error: control character 0x00 in a string"},
      {"target without name", kV + ".target\n", "3:1: error: expected a target name, found end of file"},
  };
}

TEST(ParserError, EachMalformedInputGivesOnePreciseError) {
  const auto cases = bad_cases();
  EXPECT_GE(cases.size(), 30U);
  for (const auto& c : cases) {
    EXPECT_EQ(parse_error(c.text), std::string("bad.ptx:") + c.error) << c.name;
  }
}

/// Every prefix and many byte-mutations of a real model either parse or give
/// one well-formed diagnostic: no crash, no hang, no other exception.
TEST(ParserError, TruncatedAndMutatedModelsFailCleanly) {
  namespace fs = std::filesystem;
  const fs::path path =
      fs::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels" / "device_function" / "device_function.ptx";
  const Source original = Source::read_file(path.string());
  const std::string text(original.text());
  const std::regex diag(R"(bad\.ptx:[0-9]+:[0-9]+: error: .+)");
  const auto check = [&](const std::string& t) {
    const std::string e = parse_error(t);
    if (e != "no error") {
      EXPECT_TRUE(std::regex_match(e, diag)) << e;
    }
  };
  for (std::size_t n = 0; n < text.size(); n += 7) check(text.substr(0, n));
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  const auto next = [&] {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 33;
  };
  const char noise[] = "{}[]();,.:@!%$_-+|<>\"/*\n 0x9fZ\x01\x80";
  for (int round = 0; round < 400; ++round) {
    std::string t = text;
    for (int k = 0; k < 3; ++k) {
      t[next() % t.size()] = noise[next() % (sizeof noise - 1)];
    }
    check(t);
  }
}

}  // namespace
}  // namespace lockstep::test
