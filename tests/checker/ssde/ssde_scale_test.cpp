// SSDE on a large kernel: 5,000 blocks, 40 outer loops each holding 5 spin
// loops that share one SafePDom (200 loops, 40 groups). The transformation
// (self-check included) must stay about linear in the kernel size; the
// bound asserted here is loose enough for unoptimised builds, the figure is
// printed.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "tests/checker/ssde/ssde_test_kit.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep {
namespace {

constexpr int kSegments = 40;
constexpr int kLocks = 5;
constexpr int kFiller = 112;  ///< blocks of straight-line and diamond code per segment

std::string big_kernel() {
  std::string text;
  for (int i = 0; i < kSegments; ++i) {
    const std::string s = std::to_string(i);
    text += "O" + s + ": add %r1, %r1, 1\n";
    for (int j = 0; j < kLocks; ++j) {
      const std::string h = "H" + s + "_" + std::to_string(j);
      text += h + ": atom.global.cas.b32 %r2, [%rd1], 0, 1; setp.ne.u32 %p1, %r2, 0; @%p1 bra " + h + "\n";
      text += "R" + s + "_" + std::to_string(j) + ": atom.global.exch.b32 %r3, [%rd1], 0\n";
    }
    text += "J" + s + ": st.global.u32 [%rd2], %r1\n";
    for (int k = 0; k < kFiller; ++k) {
      const std::string f = "F" + s + "_" + std::to_string(k);
      if (k % 4 == 0 && k + 2 < kFiller) {
        text += f + ": add %r4, %r4, 1; ? F" + s + "_" + std::to_string(k + 2) + "\n";
      } else {
        text += f + ": add %r4, %r4, 2\n";
      }
    }
    text += "L" + s + ": setp.lt.u32 %p2, %r1, 100; @%p2 bra O" + s + "\n";
  }
  return text;
}

TEST(SsdeScale, FiveThousandBlocksTwoHundredLoops) {
  const auto built = test::build_cfg(big_kernel());
  ASSERT_EQ(built.kernel.blocks.size(), 5000U);
  const auto analysis = analysis::analyze_kernel(built.kernel);
  std::vector<checker::SsdeGroup> groups;
  for (int i = 0; i < kSegments; ++i) {
    const std::string s = std::to_string(i);
    checker::SsdeGroup g;
    g.point = built.first_pc("J" + s);
    for (int j = 0; j < kLocks; ++j) {
      const std::uint32_t h = built.block("H" + s + "_" + std::to_string(j));
      checker::SsdeLoop loop;
      loop.header = h;
      loop.loop = analysis.loops.loop_with_header(h);
      loop.back_edges = {{h, h}};
      g.loops.push_back(loop);
    }
    groups.push_back(g);
  }
  const auto start = std::chrono::steady_clock::now();
  const auto result = checker::ssde_transform(built.kernel, analysis, groups);
  const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::cout << "ssde_transform: 5000 blocks, 200 loops, 40 groups: " << ms << " ms\n";
  EXPECT_LT(ms, 2000.0);
  EXPECT_EQ(result.report.switches.size(), 40U);
  EXPECT_EQ(result.report.merged_back_edges, 200U);
  EXPECT_EQ(result.report.new_headers, 0U);
  // Every SafePDom block is the header's reconvergence point (self-checked)
  // and every loop through a BBS is reducible.
  const auto out = analysis::analyze_kernel(result.kernel);
  for (const auto& sw : result.report.switches) {
    EXPECT_TRUE(test::loops_through_reducible(result.kernel, out, sw.bbs_pc));
  }
}

}  // namespace
}  // namespace lockstep
