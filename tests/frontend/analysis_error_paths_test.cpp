// Blocks from which every path ends in an error (analysis/error_paths.hpp).
#include <gtest/gtest.h>

#include "frontend/analysis/error_paths.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::analysis {
namespace {

using test::build_cfg;

TEST(ErrorPaths, TrapArmAndTheBlocksThatOnlyLeadThere) {
  const auto b = build_cfg(R"(
    A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; @%p1 bra OK
    B: add %r2, %r1, 1; -> T
    T: trap
    OK: bar.sync 0; exit
  )");
  const auto e = error_only_blocks(b.kernel);
  EXPECT_FALSE(e[b.block("A")]);
  EXPECT_TRUE(e[b.block("B")]);
  EXPECT_TRUE(e[b.block("T")]);
  EXPECT_FALSE(e[b.block("OK")]);
  EXPECT_TRUE(any_error_only(e));
  // The surviving graph has no edge into an error-only block.
  const Digraph g = surviving_graph(block_graph(b.kernel), e);
  ASSERT_EQ(g.succs(b.block("A")).size(), 1U);
  EXPECT_EQ(g.succs(b.block("A"))[0], b.block("OK"));
  EXPECT_TRUE(g.succs(b.block("B")).empty());  // its only edge enters T
}

TEST(ErrorPaths, WhatDoesNotEndInAnError) {
  const auto b = build_cfg(R"(
    A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; @%p1 bra OK
    W: bar.sync 0; trap
    V: vote.sync.all.pred %p2, %p1, -1; -> T
    S: ld.volatile.global %r3, [%rd1]; setp.eq %p3, %r3, 0; @%p3 bra S
    T: trap
    G: @%p1 trap
    R: @%p1 ret
    T2: trap
    OK: exit
  )");
  const auto e = error_only_blocks(b.kernel);
  EXPECT_FALSE(e[b.block("W")]);   // waits at a barrier before its trap
  EXPECT_FALSE(e[b.block("V")]);   // a .sync vote waits for warp-mates first
  EXPECT_FALSE(e[b.block("S")]);   // may spin for ever before the trap
  EXPECT_TRUE(e[b.block("T")]);
  EXPECT_FALSE(e[b.block("G")]);   // a guarded trap may fall through
  EXPECT_FALSE(e[b.block("R")]);   // may leave the kernel normally
  EXPECT_TRUE(e[b.block("T2")]);
  EXPECT_FALSE(e[b.block("OK")]);
}

TEST(ErrorPaths, AssertFailEndsAPathAndBrkptDoesNot) {
  auto b = build_cfg(R"(
    A: mov %r1, %tid.x; setp.lt %p1, %r1, 4; @%p1 bra J
    F: brkpt; brkpt
    J: exit
  )");
  EXPECT_FALSE(error_only_blocks(b.kernel)[b.block("F")]);  // the semantics resume after brkpt
  b.kernel.code[b.first_pc("F") + 1].op = ir::Opcode::AssertFail;  // a failed assert, then the join
  const auto e = error_only_blocks(b.kernel);
  EXPECT_TRUE(e[b.block("F")]);
  EXPECT_FALSE(e[b.block("J")]);
  EXPECT_TRUE(is_error_instr(b.kernel.code[b.first_pc("F") + 1]));
  EXPECT_FALSE(is_error_instr(b.kernel.code[b.first_pc("F")]));
}

}  // namespace
}  // namespace lockstep::analysis
