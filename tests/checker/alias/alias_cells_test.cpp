// Values carried through per-thread memory: the param variables of inlined
// device functions and local spill slots, and what makes them unknown.
#include <gtest/gtest.h>

#include <string>

#include "tests/checker/alias/alias_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::Alias;

TEST(AliasCells, PointerPassedToAnInlinedFunction) {
  const std::string text =
      ".version 8.0\n.target sm_80\n.address_size 64\n"
      ".func release(.param .b64 release_p)\n{\n"
      ".reg .b64 %fr<3>;\n.reg .b32 %fq<2>;\n"
      "ld.param.u64 %fr1, [release_p];\n"
      "atom.global.exch.b32 %fq1, [%fr1], 0;\n"
      "ret;\n}\n"
      ".visible .entry k(.param .u64 k_p0, .param .u64 k_p1)\n{\n"
      ".reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n"
      "ld.param.u64 %rd1, [k_p0];\n"
      "cvta.to.global.u64 %rd2, %rd1;\n"
      "atom.global.cas.b32 %r1, [%rd2], 0, 1;\n"
      "{\n.param .b64 param0;\n"
      "st.param.b64 [param0+0], %rd2;\n"
      "call.uni release, (param0);\n}\n"
      "ret;\n}\n";
  const Analysed a(text);
  EXPECT_EQ(a.describe("atom.global.exch.b32"), "global:param0+0");
  EXPECT_EQ(a.alias("atom.global.cas.b32", "atom.global.exch.b32"), Alias::Must);
  // The lowering turns the argument slot into a local variable: per-thread.
  EXPECT_EQ(a.describe("st.param.b64 [param0+0]"), "local:param0+0");
  EXPECT_EQ(a.alias("st.param.b64 [param0+0]", "st.param.b64 [param0+0]"), Alias::No);
}

/// A -G style kernel: the lock pointer is spilled to the local depot and
/// reloaded before each use; `extra` is inserted after the spill.
std::string spill_kernel(const std::string& extra) {
  return alias_module(
      ".local .align 8 .b8 __local_depot0[16];\n"
      ".reg .b64 %SP;\n.reg .b64 %SPL;\n"
      "mov.u64 %SPL, __local_depot0;\n"
      "cvta.local.u64 %SP, %SPL;\n"
      "ld.param.u64 %rd1, [k_p0];\n"
      "cvta.to.global.u64 %rd2, %rd1;\n"
      "st.u64 [%SP+0], %rd2;\n" +
      extra +
      "ld.u64 %rd3, [%SP+0];\n"
      "atom.global.cas.b32 %r1, [%rd3], 0, 1;\n"
      "ld.u64 %rd4, [%SP+0];\n"
      "atom.global.exch.b32 %r2, [%rd4], 0;\n");
}

TEST(AliasCells, SpilledPointerIsTracked) {
  const Analysed a(spill_kernel(""));
  EXPECT_EQ(a.describe("st.u64 [%SP+0]"), "local:__local_depot0+0");
  EXPECT_EQ(a.describe("atom.global.cas.b32"), "global:param0+0");
  EXPECT_EQ(a.alias("atom.global.cas.b32", "atom.global.exch.b32"), Alias::Must);
}

TEST(AliasCells, OtherSlotsDoNotDisturbTheCell) {
  const Analysed a(spill_kernel("st.u64 [%SP+8], %rd1;\n"));
  EXPECT_EQ(a.alias("atom.global.cas.b32", "atom.global.exch.b32"), Alias::Must);
}

TEST(AliasCells, StoreThroughAnUnknownPointerForgetsLocalCells) {
  // Local addresses are made generic here (cvta.local), so a store through
  // a pointer loaded from memory might overwrite the spill slot.
  const Analysed a(spill_kernel("ld.global.u64 %rd7, [%rd2+8];\nst.u64 [%rd7], %rd1;\n"));
  EXPECT_EQ(a.describe("atom.global.cas.b32").rfind("global:loaded@", 0), 0U);
  EXPECT_EQ(a.alias("atom.global.cas.b32", "atom.global.exch.b32"), Alias::May);
}

TEST(AliasCells, OverlappingSlotForgetsTheVariable) {
  const Analysed a(spill_kernel("st.u32 [%SP+4], %r5;\n"));
  EXPECT_EQ(a.alias("atom.global.cas.b32", "atom.global.exch.b32"), Alias::May);
}

TEST(AliasCells, TwoPointersInOneSlotJoin) {
  const Analysed a(spill_kernel(
      "ld.param.u64 %rd5, [k_p1];\n"
      "cvta.to.global.u64 %rd6, %rd5;\n"
      "st.u64 [%SP+0], %rd6;\n"));
  EXPECT_EQ(a.describe("atom.global.cas.b32"), "global:{param0,param1}+0");
  EXPECT_EQ(a.alias("atom.global.cas.b32", "atom.global.exch.b32"), Alias::May);
}

}  // namespace
}  // namespace lockstep::test
