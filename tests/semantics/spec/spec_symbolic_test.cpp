// Symbolic inputs in launch specs: `symbolic = true` parameters and
// `init = "symbolic"` buffers, their ranges, the errors of bad combinations
// (columns counted in the texts below; with_dims() texts start on line 3),
// and require_concrete / concretize.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "spec_test_kit.hpp"

namespace lockstep::test {
namespace {

TEST(SpecSymbolic, ParamWithNameAndRange) {
  const sem::LaunchSpec s =
      parse_spec(with_dims("params = [{type = \"s32\", symbolic = true, name = \"n\", min = -3, max = 63}]\n"));
  ASSERT_EQ(s.params.size(), 1U);
  const auto& p = std::get<sem::ScalarParam>(s.params[0].value);
  EXPECT_TRUE(p.symbolic);
  EXPECT_EQ(p.name, "n");
  EXPECT_EQ(p.range.min, std::uint64_t{0xfffffffdU});  // -3 as s32 bits
  EXPECT_EQ(p.range.max, std::uint64_t{63});
  EXPECT_TRUE(s.has_symbolic());
}

TEST(SpecSymbolic, ParamNameDefaultsToItsPosition) {
  const sem::LaunchSpec s = parse_spec(with_dims(
      "params = [\"a\", {type = \"u32\", symbolic = true}]\n[[buffer]]\nname = \"a\"\ntype = \"u8\"\ncount = 1\n"));
  const auto& p = std::get<sem::ScalarParam>(s.params[1].value);
  EXPECT_EQ(p.name, "param1");
  EXPECT_FALSE(p.range.min.has_value());
}

TEST(SpecSymbolic, SymbolicBufferWithRange) {
  const sem::LaunchSpec s = parse_spec(
      with_dims("[[buffer]]\nname = \"d\"\ntype = \"s8\"\ncount = 4\ninit = \"symbolic\"\nmin = -8\nmax = 8\n"));
  ASSERT_EQ(s.buffers.size(), 1U);
  EXPECT_TRUE(s.buffers[0].symbolic);
  EXPECT_EQ(s.buffers[0].bytes.size(), 4U);
  EXPECT_EQ(s.buffers[0].range.min, std::uint64_t{0xf8});
  EXPECT_EQ(s.buffers[0].range.max, std::uint64_t{8});
}

TEST(SpecSymbolic, BadCombinationsGiveOneError) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"params = [{type = \"s32\", symbolic = true, value = 5}]\n",
       "t.toml:3:51: error: params[0].value: a symbolic parameter has no value (remove 'value' or 'symbolic')"},
      {"params = [{type = \"s32\", value = 5, min = 0}]\n",
       "t.toml:3:43: error: params[0].min: only a symbolic parameter (symbolic = true) takes a range"},
      {"params = [{type = \"f32\", symbolic = true, min = 0}]\n",
       "t.toml:3:49: error: params[0].min: a range needs an integer type, not f32"},
      {"params = [{type = \"s32\", symbolic = true, min = 5, max = 4}]\n",
       "t.toml:3:58: error: params[0].max: max is below min (the range is empty)"},
      {"params = [{type = \"s32\", symbolic = true, name = \"1x\"}]\n",
       "t.toml:3:50: error: params[0].name: '1x' is not an identifier (letters, digits and '_', not starting with a "
       "digit)"},
      {"params = [{type = \"s32\", symbolic = true, name = \"n\"}, {type = \"s32\", symbolic = true, name = \"n\"}]\n",
       "t.toml:3:95: error: params[1].name: duplicate input name 'n' (first used at 3:11)"},
      {"params = [{type = \"s32\", symbolic = \"yes\"}]\n",
       "t.toml:3:37: error: params[0].symbolic: expected true or false, got a string"},
      {"[[buffer]]\nname = \"d\"\ntype = \"u8\"\ninit = \"symbolic\"\n",
       "t.toml:3:1: error: buffer[0]: missing required key 'count' (needed with init = \"symbolic\")"},
      {"[[buffer]]\nname = \"d\"\ntype = \"u8\"\ncount = 2\nmax = 3\n",
       "t.toml:7:7: error: buffer[0].max: only a symbolic buffer (init = \"symbolic\") takes a range"},
  };
  for (const auto& [text, message] : cases) EXPECT_EQ(spec_error(with_dims(text)), message) << text;
}

TEST(SpecSymbolic, ConcreteRunNeedsValues) {
  const sem::LaunchSpec s = parse_spec(with_dims("params = [{type = \"s32\", symbolic = true, name = \"n\"}]\n"));
  try {
    sem::require_concrete(s, "run");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "t.toml:3:11: error: params[0]: input 'n' is symbolic: `run` needs its value (give the inputs, or "
              "replay a counterexample)");
  }
  const sem::LaunchSpec plain = parse_spec(with_dims("params = [{type = \"s32\", value = 1}]\n"));
  EXPECT_NO_THROW(sem::require_concrete(plain, "run"));
}

TEST(SpecSymbolic, ConcretizeSubstitutesValues) {
  const sem::LaunchSpec s = parse_spec(with_dims(
      "params = [{type = \"s16\", symbolic = true, name = \"n\"}, \"d\"]\n[[buffer]]\nname = \"d\"\ntype = "
      "\"u16\"\ncount = 2\ninit = \"symbolic\"\n"));
  const sem::LaunchSpec c = sem::concretize(s, {{"n", 0xffffffffU}, {"d[0]", 0x1234}, {"d[1]", 0x10005}});
  EXPECT_FALSE(c.has_symbolic());
  EXPECT_EQ(std::get<sem::ScalarParam>(c.params[0].value).bits, 0xffffU);  // truncated to s16
  EXPECT_EQ(element(c.buffers[0], 0), 0x1234U);
  EXPECT_EQ(element(c.buffers[0], 1), 0x5U);
  EXPECT_THROW((void)sem::concretize(s, {{"n", 1}}), InputError);                                  // d[0] missing
  EXPECT_THROW((void)sem::concretize(s, {{"n", 1}, {"d[0]", 1}, {"d[1]", 1}, {"m", 1}}), InputError);  // no input m
}

}  // namespace
}  // namespace lockstep::test
