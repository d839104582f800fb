// Spaces of addresses: cvta chains, generic accesses, pointers loaded from
// memory, local memory, integers used as addresses.
#include <gtest/gtest.h>

#include <string>

#include "tests/checker/alias/alias_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::Alias;

TEST(AliasSpaces, CvtaChainsKeepBaseAndSpace) {
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "cvta.to.global.u64 %rd2, %rd1;\n"
      "cvta.global.u64 %rd3, %rd2;\n"
      "add.s64 %rd4, %rd3, 8;\n"
      "ld.u32 %r1, [%rd4];\n"
      "st.global.u32 [%rd2+8], %r2;\n"
      "mov.u64 %rd5, s_a;\n"
      "cvta.shared.u64 %rd6, %rd5;\n"
      "ld.u32 %r3, [%rd6+16];\n"
      "st.shared.u32 [s_a+16], %r4;\n"
      "cvta.to.shared.u64 %rd7, %rd6;\n"
      "st.shared.u32 [%rd7+20], %r4;\n"));
  EXPECT_EQ(a.describe("ld.u32 %r1, [%rd4]"), "global:param0+8");
  EXPECT_EQ(a.alias("ld.u32 %r1, [%rd4]", "st.global.u32 [%rd2+8]"), Alias::Must);
  EXPECT_EQ(a.describe("ld.u32 %r3, [%rd6+16]"), "shared:s_a+16");
  EXPECT_EQ(a.alias("ld.u32 %r3, [%rd6+16]", "st.shared.u32 [s_a+16]"), Alias::Must);
  EXPECT_EQ(a.alias("ld.u32 %r3, [%rd6+16]", "st.shared.u32 [%rd7+20]"), Alias::No);
  EXPECT_EQ(a.alias("ld.u32 %r1, [%rd4]", "st.shared.u32 [s_a+16]"), Alias::No);
}

TEST(AliasSpaces, ParameterUsedGenericallyIsGlobal) {
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "ld.u32 %r1, [%rd1+4];\n"
      "st.shared.u32 [s_b+4], %r1;\n"
      "st.u32 [%rd1+4], %r1;\n"));
  EXPECT_EQ(a.describe("ld.u32 %r1, [%rd1+4]"), "global:param0+4");
  EXPECT_EQ(a.alias("ld.u32 %r1, [%rd1+4]", "st.shared.u32 [s_b+4]"), Alias::No);
  EXPECT_EQ(a.alias("ld.u32 %r1, [%rd1+4]", "st.u32 [%rd1+4]"), Alias::Must);
}

TEST(AliasSpaces, LoadedPointersMayAliasEverythingInTheirSpaces) {
  const std::string text = alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "cvta.to.global.u64 %rd2, %rd1;\n"
      "ld.global.u64 %rd3, [%rd2];\n"
      "ld.u32 %r1, [%rd3+4];\n"
      "st.global.u32 [%rd2+64], %r1;\n"
      "st.shared.u32 [s_a], %r1;\n"
      "ld.global.u64 %rd4, [%rd3];\n"
      "cvta.to.global.u64 %rd5, %rd4;\n"
      "st.u32 [%rd5], %r1;\n");
  const Analysed a(text);
  const std::uint32_t first = a.pc("ld.global.u64 %rd3");
  const std::uint32_t second = a.pc("ld.global.u64 %rd4");
  EXPECT_EQ(a.describe("ld.u32 %r1, [%rd3+4]"), "generic:loaded@" + std::to_string(first) + "+4");
  EXPECT_EQ(a.describe("st.u32 [%rd5]"), "global:loaded@" + std::to_string(second) + "+0");
  // A chased pointer may point at the parameter's array or into shared memory.
  EXPECT_EQ(a.alias("ld.u32 %r1, [%rd3+4]", "st.global.u32 [%rd2+64]"), Alias::May);
  EXPECT_EQ(a.alias("ld.u32 %r1, [%rd3+4]", "st.shared.u32 [s_a]"), Alias::May);
  // Even at the same constant offset a loaded pointer is never "must".
  EXPECT_EQ(a.alias("ld.u32 %r1, [%rd3+4]", "ld.u32 %r1, [%rd3+4]"), Alias::May);
  // Once converted to a global pointer it no longer reaches shared memory.
  EXPECT_EQ(a.alias("st.u32 [%rd5]", "st.shared.u32 [s_a]"), Alias::No);
  EXPECT_EQ(a.alias("st.u32 [%rd5]", "st.global.u32 [%rd2+64]"), Alias::May);
}

TEST(AliasSpaces, LocalNeverAliasesAnotherThread) {
  const Analysed a(alias_module(
      "ld.param.u64 %rd9, [k_p0];\n"
      "mov.u64 %rd1, l_a;\n"
      "st.local.u32 [%rd1], %r1;\n"
      "ld.local.u32 %r2, [%rd1];\n"
      "cvta.local.u64 %rd2, %rd1;\n"
      "ld.u32 %r3, [%rd2];\n"
      "st.u32 [%rd9], %r3;\n"));
  EXPECT_EQ(a.describe("ld.local.u32 %r2, [%rd1]"), "local:l_a+0");
  EXPECT_EQ(a.describe("ld.u32 %r3, [%rd2]"), "local:l_a+0");
  EXPECT_EQ(a.alias("ld.local.u32 %r2, [%rd1]", "st.local.u32 [%rd1]"), Alias::No);
  EXPECT_EQ(a.alias("ld.u32 %r3, [%rd2]", "st.local.u32 [%rd1]"), Alias::No);
  EXPECT_EQ(a.alias("ld.u32 %r3, [%rd2]", "st.u32 [%rd9]"), Alias::No);
}

TEST(AliasSpaces, GenericMayAliasShared) {
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "ld.global.u64 %rd2, [%rd1];\n"
      "ld.u32 %r1, [%rd2];\n"
      "st.shared.u32 [s_b+8], %r1;\n"
      "mov.u32 %r2, %tid.x;\n"
      "cvt.u64.u32 %rd3, %r2;\n"
      "ld.u32 %r3, [%rd3];\n"
      "ld.shared.u32 %r4, [%r2];\n"
      "ld.const.u32 %r5, [%rd2];\n"));
  EXPECT_EQ(a.alias("ld.u32 %r1, [%rd2]", "st.shared.u32 [s_b+8]"), Alias::May);
  // An integer used as an address may be anything.
  EXPECT_EQ(a.describe("ld.u32 %r3, [%rd3]"), "generic:any");
  EXPECT_EQ(a.alias("ld.u32 %r3, [%rd3]", "st.shared.u32 [s_b+8]"), Alias::May);
  EXPECT_EQ(a.describe("ld.shared.u32 %r4, [%r2]"), "shared:any");
  EXPECT_EQ(a.alias("ld.shared.u32 %r4, [%r2]", "st.shared.u32 [s_b+8]"), Alias::May);
  // Constant memory is read-only: nothing another thread writes.
  EXPECT_EQ(a.alias("ld.const.u32 %r5, [%rd2]", "st.shared.u32 [s_b+8]"), Alias::No);
}

TEST(AliasSpaces, ParameterAsSharedAddressIsAnyShared) {
  // A parameter read as a shared address (an offset passed by the host) is
  // not a global pointer: it may be any shared location.
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p1];\n"
      "ld.shared.u32 %r1, [%rd1];\n"
      "st.shared.u32 [s_a+4], %r1;\n"));
  EXPECT_EQ(a.describe("ld.shared.u32 %r1, [%rd1]"), "shared:any");
  EXPECT_EQ(a.alias("ld.shared.u32 %r1, [%rd1]", "st.shared.u32 [s_a+4]"), Alias::May);
}

TEST(AliasSpaces, PointerAndPossiblePointerAdded) {
  // A 64-bit value loaded from memory added to a converted pointer is an
  // index of unknown size: the sum stays in the pointer's object.
  const Analysed a(alias_module(
      "ld.param.u64 %rd1, [k_p0];\n"
      "ld.param.u64 %rd2, [k_p1];\n"
      "cvta.to.global.u64 %rd3, %rd1;\n"
      "ld.global.u64 %rd4, [%rd3];\n"
      "add.s64 %rd5, %rd3, %rd4;\n"
      "st.global.u32 [%rd5], %r1;\n"
      "add.s64 %rd6, %rd1, %rd2;\n"
      "st.global.u32 [%rd6], %r1;\n"));
  EXPECT_EQ(a.describe("st.global.u32 [%rd5]"), "global:param0+?");
  // Two parameters added: either may be the pointer.
  EXPECT_EQ(a.describe("st.global.u32 [%rd6]"), "global:{param0,param1}+?");
}

}  // namespace
}  // namespace lockstep::test
