// Malformed launch specs: each gives exactly one error, with the file,
// line:column, key path and reason. Positions are counted by hand in the
// texts below (lines from 1; with_dims() texts start their own part on line 3).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "spec_test_kit.hpp"

namespace lockstep::test {
namespace {

struct BadSpec {
  const char* name;
  std::string text;
  std::string message;
};

std::ostream& operator<<(std::ostream& os, const BadSpec& b) { return os << b.name; }

/// A one-buffer spec: lines 3 [[buffer]], 4 name = "a", 5 type, then `rest` from line 6.
std::string buffer_a(const std::string& type, const std::string& rest) {
  return with_dims("[[buffer]]\nname = \"a\"\ntype = \"" + type + "\"\n" + rest);
}
/// A spec with buffer "out" (u8, 2 elements) on lines 3-6 and `rest` from line 7.
std::string with_out(const std::string& rest) {
  return with_dims("[[buffer]]\nname = \"out\"\ntype = \"u8\"\ncount = 2\n" + rest);
}

const std::string kTypes = "(expected one of u8, u16, u32, u64, s8, s16, s32, s64, f16, f32, f64)";
const std::string kInitModes = "\"zeros\", \"iota\", \"random:SEED\", \"file:PATH\" or an array of numbers";
const std::string kSeed = "(expected decimal digits, or \"0x\" and hex digits, up to 18446744073709551615)";
const std::string kU64 = "(expected \"0x\" and hex digits, or decimal digits, up to 18446744073709551615)";

const std::vector<BadSpec>& bad_specs() {
  static const std::vector<BadSpec> specs = {
      // Dimensions.
      {"MissingGrid", "block = [32]\n", "t.toml: error: missing required key 'grid'"},
      {"MissingBlock", "grid = [1]\n", "t.toml: error: missing required key 'block'"},
      {"GridOfFour", "grid = [1, 1, 1, 1]\nblock = [32]\n",
       "t.toml:1:8: error: grid: expected 1 to 3 dimensions, got 4"},
      {"GridEmpty", "grid = []\nblock = [32]\n", "t.toml:1:8: error: grid: expected 1 to 3 dimensions, got 0"},
      {"GridNotArray", "grid = 2\nblock = [32]\n",
       "t.toml:1:8: error: grid: expected an array of 1 to 3 positive integers, got an integer"},
      {"GridZero", "grid = [1, 0]\nblock = [32]\n", "t.toml:1:12: error: grid[1]: must be a positive integer, got 0"},
      {"BlockNegative", "grid = [1]\nblock = [-32]\n",
       "t.toml:2:10: error: block[0]: must be a positive integer, got -32"},
      {"GridFloat", "grid = [1.0]\nblock = [32]\n", "t.toml:1:9: error: grid[0]: expected an integer, got a float"},
      {"GridXTooLarge", "grid = [2147483648]\nblock = [32]\n",
       "t.toml:1:9: error: grid[0]: 2147483648 exceeds the limit of 2147483647"},
      {"GridYTooLarge", "grid = [1, 65536]\nblock = [32]\n",
       "t.toml:1:12: error: grid[1]: 65536 exceeds the limit of 65535"},
      {"BlockXTooLarge", "grid = [1]\nblock = [2048]\n",
       "t.toml:2:10: error: block[0]: 2048 exceeds the limit of 1024"},
      {"BlockZTooLarge", "grid = [1]\nblock = [1, 1, 65]\n",
       "t.toml:2:16: error: block[2]: 65 exceeds the limit of 64"},
      {"BlockTooManyThreads", "grid = [1]\nblock = [64, 32]\n",
       "t.toml:2:9: error: block: 64 x 32 x 1 = 2048 threads exceed the limit of 1024 per block"},
      // Keys.
      {"UnknownTopKey", "grdi = [1]\ngrid = [1]\nblock = [32]\n",
       "t.toml:1:1: error: unknown key 'grdi' (did you mean 'grid'?)"},
      {"UnknownKeyNoHint", with_dims("colour = \"red\"\n"), "t.toml:3:1: error: unknown key 'colour'"},
      {"UnknownBufferKey", buffer_a("u8", "cout = 4\n"),
       "t.toml:6:1: error: buffer[0]: unknown key 'cout' (did you mean 'count'?)"},
      {"BuffersTypo", with_dims("[[buffers]]\nname = \"a\"\n"),
       "t.toml:3:3: error: unknown key 'buffers' (did you mean 'buffer'?)"},
      {"KernelNotString", "kernel = 5\ngrid = [1]\nblock = [32]\n",
       "t.toml:1:10: error: kernel: expected a string, got an integer"},
      {"KernelEmpty", "kernel = \"\"\ngrid = [1]\nblock = [32]\n", "t.toml:1:10: error: kernel: must not be empty"},
      {"SharedTooLarge", with_dims("shared_bytes = 233473\n"),
       "t.toml:3:16: error: shared_bytes: 233473 exceeds the limit of 233472 (228 KiB)"},
      {"SharedNegative", with_dims("shared_bytes = -1\n"),
       "t.toml:3:16: error: shared_bytes: must not be negative, got -1"},
      // Buffers.
      {"BufferNotTables", with_dims("buffer = 5\n"),
       "t.toml:3:10: error: buffer: expected [[buffer]] tables, got an integer"},
      {"BufferMissingName", with_dims("[[buffer]]\ntype = \"u8\"\ncount = 1\n"),
       "t.toml:3:1: error: buffer[0]: missing required key 'name'"},
      {"BufferMissingType", with_dims("[[buffer]]\nname = \"a\"\ncount = 1\n"),
       "t.toml:3:1: error: buffer[0]: missing required key 'type'"},
      {"BufferBadName", with_dims("[[buffer]]\nname = \"a b\"\ntype = \"u8\"\ncount = 1\n"),
       "t.toml:4:8: error: buffer[0].name: 'a b' is not an identifier (letters, digits and '_', not starting with a "
       "digit)"},
      {"DuplicateBufferName", buffer_a("u8", "count = 1\n[[buffer]]\nname = \"a\"\ntype = \"u8\"\ncount = 1\n"),
       "t.toml:8:8: error: buffer[1].name: duplicate buffer name 'a' (first defined at 3:1)"},
      {"UnknownType", buffer_a("i32", "count = 1\n"),
       "t.toml:5:8: error: buffer[0].type: unknown type 'i32' " + kTypes},
      {"CountZero", buffer_a("u8", "count = 0\n"),
       "t.toml:6:9: error: buffer[0].count: must be a positive integer, got 0"},
      {"CountTooLarge", buffer_a("f64", "count = 200000000\n"),
       "t.toml:6:9: error: buffer[0].count: 200000000 elements of f64 exceed the limit of 1 GiB per buffer"},
      {"CountMissing", buffer_a("u8", "init = \"iota\"\n"),
       "t.toml:3:1: error: buffer[0]: missing required key 'count' (needed unless init is an inline array)"},
      {"CountMismatch", buffer_a("u8", "count = 4\ninit = [1, 2, 3]\n"),
       "t.toml:7:8: error: buffer[0].init: the array has 3 values but count is 4"},
      {"CountMismatchOne", buffer_a("u8", "count = 4\ninit = [1]\n"),
       "t.toml:7:8: error: buffer[0].init: the array has 1 value but count is 4"},
      {"InitEmptyArray", buffer_a("u8", "init = []\n"), "t.toml:6:8: error: buffer[0].init: the array is empty"},
      {"InitUnknownMode", buffer_a("u8", "count = 1\ninit = \"ones\"\n"),
       "t.toml:7:8: error: buffer[0].init: unknown init \"ones\" (expected " + kInitModes + ")"},
      {"InitWrongKind", buffer_a("u8", "count = 1\ninit = 5\n"),
       "t.toml:7:8: error: buffer[0].init: expected " + kInitModes + ", got an integer"},
      {"RandomSeedMalformed", buffer_a("u8", "count = 1\ninit = \"random:abc\"\n"),
       "t.toml:7:8: error: buffer[0].init: bad seed 'abc' in \"random:abc\" " + kSeed},
      {"RandomSeedEmpty", buffer_a("u8", "count = 1\ninit = \"random:\"\n"),
       "t.toml:7:8: error: buffer[0].init: bad seed '' in \"random:\" " + kSeed},
      {"RandomSeedTooLarge", buffer_a("u8", "count = 1\ninit = \"random:18446744073709551616\"\n"),
       "t.toml:7:8: error: buffer[0].init: bad seed '18446744073709551616' in \"random:18446744073709551616\" " +
           kSeed},
      {"RandomSeedNegative", buffer_a("u8", "count = 1\ninit = \"random:-1\"\n"),
       "t.toml:7:8: error: buffer[0].init: bad seed '-1' in \"random:-1\" " + kSeed},
      {"FileMissing", buffer_a("u8", "count = 1\ninit = \"file:missing.bin\"\n"),
       "t.toml:7:8: error: buffer[0].init: file 'missing.bin' not found (relative paths start at the spec's folder)"},
      {"FileWrongSize", buffer_a("u32", "count = 4\ninit = \"file:bytes10.bin\"\n"),
       "t.toml:7:8: error: buffer[0].init: file 'bytes10.bin' holds 10 bytes, expected 16 (4 elements of u32)"},
      {"FileIsDirectory", buffer_a("u8", "count = 1\ninit = \"file:sub\"\n"),
       "t.toml:7:8: error: buffer[0].init: 'sub' is not a regular file"},
      {"FileEmptyPath", buffer_a("u8", "count = 1\ninit = \"file:\"\n"),
       "t.toml:7:8: error: buffer[0].init: \"file:\" needs a path after the colon"},
      {"InitOutOfRangeS8", buffer_a("s8", "init = [1, 128]\n"),
       "t.toml:6:12: error: buffer[0].init[1]: value 128 is out of range for s8 (-128 to 127)"},
      {"InitFloatForInteger", buffer_a("u32", "init = [1.5]\n"),
       "t.toml:6:9: error: buffer[0].init[0]: expected an integer for u32, got 1.5"},
      {"InitBooleanElement", buffer_a("u32", "init = [true]\n"),
       "t.toml:6:9: error: buffer[0].init[0]: expected a number, got a boolean"},
      {"InitU64BadString", buffer_a("u64", "init = [\"0x1g\"]\n"),
       "t.toml:6:9: error: buffer[0].init[0]: \"0x1g\" is not a u64 value " + kU64},
      {"InitStringForU32", buffer_a("u32", "init = [\"1\"]\n"),
       "t.toml:6:9: error: buffer[0].init[0]: a string is accepted only for u64 values, got \"1\" for u32"},
      {"F16Overflow", buffer_a("f16", "init = [65520]\n"),
       "t.toml:6:9: error: buffer[0].init[0]: value 65520 is out of range for f16"},
      {"F32Overflow", buffer_a("f32", "init = [1e39]\n"),
       "t.toml:6:9: error: buffer[0].init[0]: value 1e+39 is out of range for f32"},
      // Params.
      {"ParamUnknownBuffer", with_dims("params = [\"outt\"]\n[[buffer]]\nname = \"out\"\ntype = \"u8\"\ncount = 1\n"),
       "t.toml:3:11: error: params[0]: unknown buffer 'outt' (did you mean 'out'?)"},
      {"ParamUnknownBufferNoHint", with_dims("params = [\"x\"]\n"),
       "t.toml:3:11: error: params[0]: unknown buffer 'x'"},
      {"ParamWithoutType", with_dims("params = [{value = 5}]\n"),
       "t.toml:3:11: error: params[0]: missing required key 'type'"},
      {"ParamWithoutValue", with_dims("params = [{type = \"s32\"}]\n"),
       "t.toml:3:11: error: params[0]: missing required key 'value'"},
      {"ParamUnknownKey", with_dims("params = [{type = \"s32\", vale = 5}]\n"),
       "t.toml:3:26: error: params[0]: unknown key 'vale' (did you mean 'value'?)"},
      {"ParamOutOfRangeS8", with_dims("params = [{type = \"s8\", value = 200}]\n"),
       "t.toml:3:33: error: params[0].value: value 200 is out of range for s8 (-128 to 127)"},
      {"ParamNegativeU64", with_dims("params = [{type = \"u64\", value = -1}]\n"),
       "t.toml:3:34: error: params[0].value: value -1 is out of range for u64 (0 to 18446744073709551615)"},
      {"ParamUnknownType", with_dims("params = [{type = \"int\", value = 1}]\n"),
       "t.toml:3:19: error: params[0].type: unknown type 'int' " + kTypes},
      {"ParamNeither", with_dims("params = [5]\n"),
       "t.toml:3:11: error: params[0]: expected a buffer name or an inline table {type = ..., value = ...}, got an "
       "integer"},
      {"ParamsNotArray", with_dims("params = \"a\"\n"), "t.toml:3:10: error: params: expected an array, got a string"},
      // Constants.
      {"ConstantBoolean", with_dims("[constants]\nc = true\n"),
       "t.toml:4:5: error: constants.c: expected a number, an array of numbers or {type = ..., values = [...]}, "
       "got a boolean"},
      {"ConstantTableUnknownType", with_dims("[constants]\nc = {type = \"i32\", values = [1]}\n"),
       "t.toml:4:13: error: constants.c.type: unknown type 'i32' (expected one of u8, u16, u32, u64, s8, s16, s32, "
       "s64, f16, f32, f64)"},
      {"ConstantTableBothValues", with_dims("[constants]\nc = {type = \"s32\", value = 1, values = [1]}\n"),
       "t.toml:4:5: error: constants.c: needs exactly one of 'values' (an array) or 'value'"},
      {"ConstantEmptyArray", with_dims("[constants]\nc = []\n"), "t.toml:4:5: error: constants.c: the array is empty"},
      {"ConstantNestedArray", with_dims("[constants]\nc = [1, [2]]\n"),
       "t.toml:4:9: error: constants.c[1]: expected a number, got an array"},
      {"ConstantsNotTable", with_dims("constants = 1\n"),
       "t.toml:3:13: error: constants: expected a table, got an integer"},
      // Expectations.
      {"ExpectUnknownBuffer", with_out("[expect]\nou = [1, 2]\n"),
       "t.toml:8:1: error: expect.ou: unknown buffer 'ou' (did you mean 'out'?)"},
      {"ExpectLengthMismatch", with_out("[expect]\nout = [1]\n"),
       "t.toml:8:7: error: expect.out: the array has 1 value but buffer 'out' has 2 elements"},
      {"ExpectWrongKind", with_out("[expect]\nout = true\n"),
       "t.toml:8:7: error: expect.out: expected a number or an array of numbers, got a boolean"},
      {"ExpectOutOfRange", with_out("[expect]\nout = [1, 256]\n"),
       "t.toml:8:11: error: expect.out[1]: value 256 is out of range for u8 (0 to 255)"},
      {"ExpectNanForInteger", with_out("[expect]\nout = nan\n"),
       "t.toml:8:7: error: expect.out: expected an integer for u8, got nan"},
      {"ExpectNotTable", with_dims("expect = 5\n"), "t.toml:3:10: error: expect: expected a table, got an integer"},
  };
  return specs;
}

class SpecError : public ::testing::TestWithParam<BadSpec> {};

TEST_P(SpecError, GivesOneExactMessage) {
  const BadSpec& b = GetParam();
  EXPECT_EQ(spec_error(b.text), b.message) << "spec:\n" << b.text;
}

INSTANTIATE_TEST_SUITE_P(Malformed, SpecError, ::testing::ValuesIn(bad_specs()),
                         [](const ::testing::TestParamInfo<BadSpec>& p) { return std::string(p.param.name); });

// TOML syntax errors keep toml++'s description and position.
TEST(SpecSyntaxError, UnterminatedArray) {
  EXPECT_EQ(spec_error("grid = [1\nblock = [32]\n"),
            "t.toml:2:1: error: TOML syntax: error while parsing array: expected comma or closing ']', saw 'b'");
}

TEST(SpecSyntaxError, DuplicateKey) {
  EXPECT_EQ(
      spec_error("grid = [1]\ngrid = [2]\nblock = [32]\n"),
      "t.toml:2:8: error: TOML syntax: error while parsing key-value pair: cannot redefine existing array 'grid'");
}

TEST(SpecSyntaxError, BareWordValue) {
  EXPECT_EQ(spec_error(with_dims("kernel = k\n")),
            "t.toml:3:10: error: TOML syntax: error while parsing value: could not determine value type");
}

TEST(SpecSyntaxError, U64AboveInt64NeedsAString) {
  EXPECT_EQ(spec_error(with_dims("params = [{type = \"u64\", value = 18446744073709551615}]\n")),
            "t.toml:3:54: error: TOML syntax: error while parsing decimal integer: '18446744073709551615' is not "
            "representable in 64 bits (write u64 values above 9223372036854775807 as strings, e.g. "
            "\"18446744073709551615\")");
}

TEST(SpecSyntaxError, SpecFileErrorsNameTheFile) {
  const auto dir = std::filesystem::temp_directory_path() / "lockstep_spec_error_test";
  std::filesystem::create_directories(dir);
  const auto file = dir / "bad.toml";
  {
    std::ofstream out(file);
    out << "grid = [1]\nblock = [0]\n";
  }
  try {
    (void)sem::parse_launch_spec_file(file);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), file.string() + ":2:10: error: block[0]: must be a positive integer, got 0");
    EXPECT_EQ(e.diagnostic().loc, (ir::SrcLoc{2, 10}));
    EXPECT_EQ(e.diagnostic().message, "block[0]: must be a positive integer, got 0");
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace lockstep::test
