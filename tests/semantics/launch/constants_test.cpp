// `[constants]` against module variables: typed by the declaration, or by an
// explicit element type for the `.b8` arrays nvcc emits for `__constant__`.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "frontend/load.hpp"
#include "semantics/launch/run_model.hpp"

namespace lockstep::sem {
namespace {

const char* const kPtx = R"(.version 7.0
.target sm_75
.address_size 64
.const .align 4 .b8 c_table[16];
.visible .entry k(.param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  mov.u64 %rd4, c_table;
  add.s64 %rd5, %rd4, %rd3;
  ld.const.u32 %r2, [%rd5];
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r2;
  ret;
}
)";

std::string spec(const std::string& constants) {
  return "grid = [1]\nblock = [4]\nparams = [\"out\"]\n[[buffer]]\nname = \"out\"\ntype = \"s32\"\ncount = 4\n"
         "[constants]\n" + constants + "\n";
}

TEST(Constants, ExplicitElementTypeFillsAB8Array) {
  const ir::Module m = load_ptx(Source("c.ptx", kPtx));
  const LaunchSpec s = parse_launch_spec(spec("c_table = {type = \"s32\", values = [7, -1, 300, 4]}"), "c.toml", ".");
  const auto setup = prepare_launch(m, s);
  const RunOutcome r = run_model(*setup, ModelKind::Stack, RunOptions{});
  ASSERT_EQ(r.result.status, RunStatus::Completed);
  std::int32_t out[4];
  r.memory.read(setup->buffers[0].address, sizeof out, out);
  EXPECT_EQ(out[0], 7);
  EXPECT_EQ(out[1], -1);
  EXPECT_EQ(out[2], 300);
  EXPECT_EQ(out[3], 4);
}

TEST(Constants, DeclaredTypeIsBytes) {
  const ir::Module m = load_ptx(Source("c.ptx", kPtx));
  const LaunchSpec s = parse_launch_spec(spec("c_table = [1, 0, 0, 0, 2]"), "c.toml", ".");
  const auto setup = prepare_launch(m, s);
  const RunOutcome r = run_model(*setup, ModelKind::Mimd, RunOptions{});
  std::int32_t out[4];
  r.memory.read(setup->buffers[0].address, sizeof out, out);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[1], 2);
}

TEST(Constants, TooManyValuesForTheType) {
  const ir::Module m = load_ptx(Source("c.ptx", kPtx));
  const LaunchSpec s = parse_launch_spec(spec("c_table = {type = \"u64\", values = [1, 2, 3]}"), "c.toml", ".");
  try {
    (void)prepare_launch(m, s);
    FAIL() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "c.toml:9:1: error: constants.c_table: the variable has 2 element(s) of .u64, the spec gives 3");
  }
}

}  // namespace
}  // namespace lockstep::sem
