// The alias rules of docs/detection-plan.md §2.2 on small kernels: spaces,
// distinct bases, offset intervals, parameters, must-alias lock words.
#include <gtest/gtest.h>

#include "tests/checker/alias/alias_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::Alias;

TEST(AliasName, Spellings) {
  EXPECT_STREQ(checker::alias_name(Alias::No), "no");
  EXPECT_STREQ(checker::alias_name(Alias::May), "may");
  EXPECT_STREQ(checker::alias_name(Alias::Must), "must");
}

const char* const kTwoParams =
    "ld.param.u64 %rd1, [k_p0];\n"
    "ld.param.u64 %rd2, [k_p1];\n"
    "cvta.to.global.u64 %rd3, %rd1;\n"
    "cvta.to.global.u64 %rd4, %rd2;\n"
    "st.global.u32 [%rd3], %r1;\n"
    "ld.global.u32 %r2, [%rd4];\n"
    "ld.global.u32 %r3, [g_a+4];\n"
    "st.global.u32 [g_b+4], %r1;\n"
    "ld.global.u32 %r4, [%rd3];\n";

TEST(AliasRules, DistinctParamsMayAliasByDefault) {
  const Analysed a(alias_module(kTwoParams));
  EXPECT_EQ(a.alias("ld.global.u32 %r2, [%rd4]", "st.global.u32 [%rd3]"), Alias::May);
  EXPECT_EQ(a.alias("ld.global.u32 %r4, [%rd3]", "st.global.u32 [%rd3]"), Alias::Must);
  EXPECT_EQ(a.describe("st.global.u32 [%rd3]"), "global:param0+0");
  EXPECT_EQ(a.describe("ld.global.u32 %r2, [%rd4]"), "global:param1+0");
}

TEST(AliasRules, DistinctParamsDoNotAliasWhenAssumed) {
  checker::AliasOptions o;
  o.assume_noalias_params = true;
  const Analysed a(alias_module(kTwoParams), o);
  EXPECT_EQ(a.alias("ld.global.u32 %r2, [%rd4]", "st.global.u32 [%rd3]"), Alias::No);
  EXPECT_EQ(a.alias("ld.global.u32 %r4, [%rd3]", "st.global.u32 [%rd3]"), Alias::Must);
  // A parameter may still point into a module global.
  EXPECT_EQ(a.alias("ld.global.u32 %r3, [g_a+4]", "st.global.u32 [%rd3]"), Alias::May);
}

TEST(AliasRules, ParametersOfALaunchAliasOnlyInOneBuffer) {
  // The launch passes buffer 0 to k_p0 and buffer 1 to k_p1: distinct
  // allocations, neither a module variable.
  checker::AliasOptions o;
  o.param_buffers = {0, 1};
  const Analysed a(alias_module(kTwoParams), o);
  EXPECT_EQ(a.alias("ld.global.u32 %r2, [%rd4]", "st.global.u32 [%rd3]"), Alias::No);
  EXPECT_EQ(a.alias("ld.global.u32 %r4, [%rd3]", "st.global.u32 [%rd3]"), Alias::Must);
  EXPECT_EQ(a.alias("ld.global.u32 %r3, [g_a+4]", "st.global.u32 [%rd3]"), Alias::No);
  // The same buffer for both: the offsets decide.
  o.param_buffers = {0, 0};
  const Analysed same(alias_module(kTwoParams), o);
  EXPECT_EQ(same.alias("ld.global.u32 %r2, [%rd4]", "st.global.u32 [%rd3]"), Alias::May);
  // A parameter the launch does not give a buffer may point anywhere.
  o.param_buffers = {0, -1};
  const Analysed unknown(alias_module(kTwoParams), o);
  EXPECT_EQ(unknown.alias("ld.global.u32 %r2, [%rd4]", "st.global.u32 [%rd3]"), Alias::May);
}

TEST(AliasRules, ParameterAccessesWithTheirExtent) {
  const Analysed a(alias_module(kTwoParams));
  const auto uses = a.aa().param_accesses();
  ASSERT_EQ(uses.size(), 2U);
  EXPECT_EQ(uses[0].param, 0U);
  EXPECT_EQ(uses[0].pcs.size(), 2U);  // the store and the load through k_p0
  EXPECT_TRUE(uses[0].bounded);
  EXPECT_EQ(uses[0].end, 4);
  EXPECT_EQ(uses[1].param, 1U);
  EXPECT_EQ(uses[1].end, 4);
}

TEST(AliasRules, DistinctGlobalsDoNotAlias) {
  const Analysed a(alias_module(kTwoParams));
  EXPECT_EQ(a.alias("ld.global.u32 %r3, [g_a+4]", "st.global.u32 [g_b+4]"), Alias::No);
  EXPECT_EQ(a.alias("ld.global.u32 %r3, [g_a+4]", "st.global.u32 [%rd3]"), Alias::May);
  EXPECT_EQ(a.describe("st.global.u32 [g_b+4]"), "global:g_b+4");
}

TEST(AliasRules, SharedNeverAliasesGlobal) {
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "cvta.to.global.u64 %rd2, %rd1;\n"
      "mov.u32 %r1, %tid.x;\n"
      "shl.b32 %r2, %r1, 2;\n"
      "mov.u32 %r3, s_a;\n"
      "add.s32 %r4, %r3, %r2;\n"
      "st.shared.u32 [%r4], %r1;\n"
      "ld.global.u32 %r5, [%rd2];\n"
      "ld.shared.u32 %r6, [%r4];\n"));
  EXPECT_EQ(a.alias("ld.global.u32 %r5, [%rd2]", "st.shared.u32 [%r4]"), Alias::No);
  EXPECT_EQ(a.describe("st.shared.u32 [%r4]"), "shared:s_a+[0,4092]");
  // Same array, thread-indexed: another thread's element may be this one.
  EXPECT_EQ(a.alias("ld.shared.u32 %r6, [%r4]", "st.shared.u32 [%r4]"), Alias::May);
}

TEST(AliasRules, DistinctSharedArraysDoNotAlias) {
  const Analysed a(alias_module(
      "mov.u32 %r1, %tid.x;\n"
      "shl.b32 %r2, %r1, 2;\n"
      "mov.u32 %r3, s_a;\n"
      "add.s32 %r4, %r3, %r2;\n"
      "mov.u32 %r5, s_b;\n"
      "add.s32 %r6, %r5, %r2;\n"
      "st.shared.u32 [%r4], %r1;\n"
      "ld.shared.u32 %r7, [%r6];\n"
      "ld.shared.u32 %r8, [s_b+252];\n"));
  EXPECT_EQ(a.alias("ld.shared.u32 %r7, [%r6]", "st.shared.u32 [%r4]"), Alias::No);
  EXPECT_EQ(a.alias("ld.shared.u32 %r8, [s_b+252]", "st.shared.u32 [%r4]"), Alias::No);
  EXPECT_EQ(a.describe("ld.shared.u32 %r7, [%r6]"), "shared:s_b+[0,4092]");
}

TEST(AliasRules, ConstantOffsetsFromOneBase) {
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "cvta.to.global.u64 %rd2, %rd1;\n"
      "st.global.u32 [%rd2+4], %r1;\n"
      "ld.global.u32 %r2, [%rd2];\n"
      "ld.global.u64 %rd3, [%rd2+8];\n"
      "st.global.u32 [%rd2+12], %r1;\n"
      "ld.global.u32 %r3, [%rd2+4];\n"
      "st.global.v2.u32 [%rd2+16], {%r1, %r2};\n"
      "ld.global.u32 %r4, [%rd2+20];\n"
      "ld.global.u32 %r5, [%rd2+24];\n"));
  // [0,3] and [4,7] are disjoint.
  EXPECT_EQ(a.alias("ld.global.u32 %r2, [%rd2]", "st.global.u32 [%rd2+4]"), Alias::No);
  // [8,15] holds [12,15]: a partial overlap is may, not must.
  EXPECT_EQ(a.alias("ld.global.u64 %rd3, [%rd2+8]", "st.global.u32 [%rd2+12]"), Alias::May);
  EXPECT_EQ(a.alias("ld.global.u32 %r3, [%rd2+4]", "st.global.u32 [%rd2+4]"), Alias::Must);
  // A vector store touches 8 bytes: [16,23] meets [20,23] but not [24,27].
  EXPECT_EQ(a.alias("ld.global.u32 %r4, [%rd2+20]", "st.global.v2.u32"), Alias::May);
  EXPECT_EQ(a.alias("ld.global.u32 %r5, [%rd2+24]", "st.global.v2.u32"), Alias::No);
  EXPECT_EQ(a.describe("st.global.u32 [%rd2+12]"), "global:param0+12");
}

TEST(AliasRules, MaskedAndRemainderOffsetsStayInTheirRanges) {
  const Analysed a(alias_module(
      "mov.u32 %r1, %tid.x;\n"
      "and.b32 %r2, %r1, 15;\n"
      "shl.b32 %r3, %r2, 2;\n"
      "mov.u32 %r4, s_a;\n"
      "add.s32 %r5, %r4, %r3;\n"
      "st.shared.u32 [%r5], %r1;\n"
      "ld.shared.u32 %r6, [s_a+64];\n"
      "ld.shared.u32 %r7, [%r5+4];\n"
      "rem.u32 %r8, %r1, 8;\n"
      "mul.lo.s32 %r9, %r8, 8;\n"
      "add.s32 %r10, %r9, 128;\n"
      "add.s32 %r11, %r4, %r10;\n"
      "st.shared.u32 [%r11], %r1;\n"));
  EXPECT_EQ(a.describe("st.shared.u32 [%r5]"), "shared:s_a+[0,60]");
  EXPECT_EQ(a.describe("st.shared.u32 [%r11]"), "shared:s_a+[128,184]");
  EXPECT_EQ(a.alias("ld.shared.u32 %r6, [s_a+64]", "st.shared.u32 [%r5]"), Alias::No);
  EXPECT_EQ(a.alias("ld.shared.u32 %r7, [%r5+4]", "st.shared.u32 [%r5]"), Alias::May);
  EXPECT_EQ(a.alias("ld.shared.u32 %r7, [%r5+4]", "st.shared.u32 [%r11]"), Alias::No);
}

TEST(AliasRules, SharedLockWordMustAlias) {
  const Analysed a(alias_module(
      "atom.shared.cas.b32 %r1, [s_a+8], 0, 1;\n"
      "st.shared.u32 [s_a+8], 0;\n"
      "st.shared.u32 [s_a+12], 0;\n"));
  EXPECT_EQ(a.alias("atom.shared.cas.b32", "st.shared.u32 [s_a+8]"), Alias::Must);
  EXPECT_EQ(a.alias("atom.shared.cas.b32", "atom.shared.cas.b32"), Alias::Must);
  EXPECT_EQ(a.alias("atom.shared.cas.b32", "st.shared.u32 [s_a+12]"), Alias::No);
}

TEST(AliasRules, WideIndexArithmetic) {
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "cvta.to.global.u64 %rd2, %rd1;\n"
      "mov.u32 %r1, %ctaid.x;\n"
      "mov.u32 %r2, %ntid.x;\n"
      "mov.u32 %r3, %tid.x;\n"
      "mad.lo.s32 %r4, %r1, %r2, %r3;\n"
      "mul.wide.s32 %rd3, %r4, 4;\n"
      "add.s64 %rd4, %rd2, %rd3;\n"
      "st.global.u32 [%rd4], %r4;\n"
      "mad.wide.u32 %rd5, %r3, 8, %rd2;\n"
      "ld.global.u32 %r5, [%rd5];\n"));
  EXPECT_EQ(a.describe("st.global.u32 [%rd4]"), "global:param0+?");
  EXPECT_EQ(a.describe("ld.global.u32 %r5, [%rd5]"), "global:param0+[0,8184]");
  EXPECT_EQ(a.alias("ld.global.u32 %r5, [%rd5]", "st.global.u32 [%rd4]"), Alias::May);
}

TEST(AliasRules, LoopWidensTheOffset) {
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "cvta.to.global.u64 %rd2, %rd1;\n"
      "mov.u64 %rd3, %rd2;\n"
      "add.s64 %rd9, %rd2, 64;\n"
      "$L_loop:\n"
      "st.global.u32 [%rd3], %r1;\n"
      "add.s64 %rd3, %rd3, 4;\n"
      "setp.lt.u64 %p1, %rd3, %rd9;\n"
      "@%p1 bra $L_loop;\n"
      "ld.global.u32 %r2, [%rd2+100000];\n"));
  EXPECT_EQ(a.describe("st.global.u32 [%rd3]"), "global:param0+?");
  EXPECT_EQ(a.alias("ld.global.u32 %r2, [%rd2+100000]", "st.global.u32 [%rd3]"), Alias::May);
}

TEST(AliasRules, NotAnAccess) {
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "add.s64 %rd2, %rd1, 4;\n"
      "st.global.u32 [%rd2], %r1;\n"));
  const std::uint32_t add = a.pc("add.s64 %rd2");
  const std::uint32_t st = a.pc("st.global.u32 [%rd2]");
  EXPECT_FALSE(a.aa().is_access(add));
  EXPECT_TRUE(a.aa().is_access(st));
  EXPECT_TRUE(a.aa().is_access(a.pc("ld.param.u64 %rd1")));
  EXPECT_EQ(a.aa().describe(add), "none");
  EXPECT_EQ(a.aa().alias(add, st), Alias::May);
  EXPECT_FALSE(a.aa().is_access(10000));
}

}  // namespace
}  // namespace lockstep::test
