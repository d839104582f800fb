// Opaque calls (ir::Opcode::Call) in the address analysis: what a call
// returns is an unknown, thread-varying value, and the call may write the
// per-thread cells it can reach: its own `.param` operands always, every
// cell when local addresses escape (a -G frame made generic).
#include <gtest/gtest.h>

#include <string>

#include "tests/checker/alias/alias_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::Alias;

const std::string kHead =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".extern .func (.param .b64 r) pick(.param .b64 a);\n"
    ".extern .func work();\n";

std::string kernel(const std::string& body) {
  return kHead +
         ".visible .entry k(.param .u64 k_p0)\n{\n"
         ".reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.reg .b64 %SP;\n.reg .b64 %SPL;\n"
         ".local .align 8 .b8 __local_depot0[16];\n" +
         body + "ret;\n}\n";
}

TEST(AliasCalls, WhatACallReturnsIsUnknown) {
  const std::string text = kernel(
      "ld.param.u64 %rd1, [k_p0];\n"
      "cvta.to.global.u64 %rd2, %rd1;\n"
      "{\n.param .b64 param0;\nst.param.b64 [param0], %rd2;\n.param .b64 retval0;\n"
      "call.uni (retval0), pick, (param0);\nld.param.b64 %rd3, [retval0];\n}\n"
      "call (%rd4), pick, (%rd2);\n"
      "atom.global.exch.b32 %r1, [%rd2], 0;\n"
      "atom.global.cas.b32 %r2, [%rd3], 0, 1;\n"
      "atom.global.cas.b32 %r3, [%rd4], 0, 1;\n");
  const Analysed a(text);
  EXPECT_EQ(a.describe("atom.global.exch.b32"), "global:param0+0");
  EXPECT_EQ(a.describe("atom.global.cas.b32 %r2").rfind("global:loaded@", 0), 0U);
  EXPECT_EQ(a.describe("atom.global.cas.b32 %r3").rfind("global:loaded@", 0), 0U);
  EXPECT_EQ(a.alias("atom.global.cas.b32 %r2", "atom.global.exch.b32"), Alias::May);
  EXPECT_EQ(a.alias("atom.global.cas.b32 %r3", "atom.global.exch.b32"), Alias::May);
}

/// A -G style spill of the lock pointer around `extra`.
std::string spill(const std::string& extra, bool frame_escapes) {
  return kernel(std::string(frame_escapes ? "mov.u64 %SPL, __local_depot0;\ncvta.local.u64 %SP, %SPL;\n" : "") +
                "ld.param.u64 %rd1, [k_p0];\n"
                "cvta.to.global.u64 %rd2, %rd1;\n"
                "st.local.u64 [__local_depot0], %rd2;\n" +
                extra +
                "ld.local.u64 %rd3, [__local_depot0];\n"
                "atom.global.cas.b32 %r1, [%rd3], 0, 1;\n"
                "atom.global.exch.b32 %r2, [%rd2], 0;\n");
}

TEST(AliasCalls, ACallForgetsEveryCellWhenLocalAddressesEscape) {
  const Analysed kept(spill("", true));
  EXPECT_EQ(kept.alias("atom.global.cas.b32", "atom.global.exch.b32"), Alias::Must);
  const Analysed forgotten(spill("call.uni work, ();\n", true));
  EXPECT_EQ(forgotten.alias("atom.global.cas.b32", "atom.global.exch.b32"), Alias::May);
}

TEST(AliasCalls, ACallKeepsCellsItCannotReach) {
  // No local address is taken: the callee cannot reach the depot.
  const Analysed a(spill("call.uni work, ();\n", false));
  EXPECT_EQ(a.alias("atom.global.cas.b32", "atom.global.exch.b32"), Alias::Must);
}

}  // namespace
}  // namespace lockstep::test
