// Functions nvcc inlined itself: `.loc ..., function_name L, inlined_at F L C`
// with the names in `.section .debug_str` becomes a chain of inline frames
// (the same frames lockstep's own inlining records), and debug strings are
// read tolerantly.
#include <gtest/gtest.h>

#include <string>

#include "frontend/load.hpp"
#include "frontend/ptx/debug_str.hpp"

namespace lockstep {
namespace {

TEST(DebugStr, LabelsAndZeroTerminatedBytes) {
  const auto s = ptx::parse_debug_str(
      "\n$L__info_string0:\n.b8 95,90,49,102,0\n$L__info_string1:\n.b8 103,\n.b8 104,0\n  // comment\n.b32 7\n");
  ASSERT_EQ(s.size(), 2U);
  EXPECT_EQ(s[0].first, "$L__info_string0");
  EXPECT_EQ(s[0].second, "_Z1f");
  EXPECT_EQ(s[1].first, "$L__info_string1");
  EXPECT_EQ(s[1].second, "gh");
  EXPECT_TRUE(ptx::parse_debug_str("garbage ::: .b8 1,2").empty());
}

constexpr const char* kNested = R"(.version 7.4
.target sm_75
.address_size 64
.visible .entry k(.param .u64 p)
{
  .reg .b32 %r<4>;
  .loc 1 12 5
  mov.u32 %r1, 1;
  .loc 1 7 3, function_name $L__info_string0, inlined_at 1 12 5
  add.u32 %r2, %r1, 1;
  .loc 1 3 3, function_name $L__info_string1, inlined_at 1 7 3
  bar.sync 0;
  .loc 1 7 3, function_name $L__info_string0, inlined_at 1 12 5
  add.u32 %r3, %r2, 1;
  .loc 1 13 1
  ret;
}
  .file 1 "k.cu"
  .section .debug_str
  {
$L__info_string0:
.b8 95,90,53,111,117,116,101,114,105,0
$L__info_string1:
.b8 95,90,53,105,110,110,101,114,105,0
  }
)";

TEST(LowerInlinedAt, NvccInlinedFunctionsBecomeFrames) {
  const ir::Module m = load_ptx(Source("k.ptx", kNested));
  const ir::Kernel& k = m.kernels.at(0);
  ASSERT_EQ(k.frames.size(), 2U);
  EXPECT_EQ(k.code[0].frame, ir::kNoFrame);
  const std::uint32_t outer = k.code[1].frame;
  const std::uint32_t inner = k.code[2].frame;
  ASSERT_LT(outer, k.frames.size());
  ASSERT_LT(inner, k.frames.size());
  EXPECT_EQ(k.frames[outer].callee, "_Z5outeri");
  EXPECT_EQ(k.frames[outer].call_cuda, (ir::CudaLoc{1, 12, 5}));
  EXPECT_EQ(k.frames[outer].parent, ir::kNoFrame);
  EXPECT_EQ(k.frames[inner].callee, "_Z5inneri");
  EXPECT_EQ(k.frames[inner].call_cuda, (ir::CudaLoc{1, 7, 3}));
  EXPECT_EQ(k.frames[inner].parent, outer);
  EXPECT_EQ(k.frames[inner].depth, 2U);
  EXPECT_EQ(k.code[3].frame, outer);  // the same inlined copy again
  EXPECT_EQ(k.code[4].frame, ir::kNoFrame);
  EXPECT_EQ(k.call_depth(2), 2U);
}

}  // namespace
}  // namespace lockstep
