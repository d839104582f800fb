// detection_text on hand-written detection results (report_fixture.hpp).
#include <gtest/gtest.h>

#include <sstream>

#include "checker/report/detection_report.hpp"
#include "tests/checker/report/report_fixture.hpp"

namespace lockstep::checker {
namespace {

struct TextFixture : ::testing::Test {
  ir::Module module = test::report_module();
  analysis::KernelAnalysis spin_a = analysis::analyze_kernel(module.kernels[0]);
  analysis::KernelAnalysis bar_a = analysis::analyze_kernel(module.kernels[1]);
  KernelDetection spin = test::spin_detection();
  KernelDetection bar = test::bar_detection();

  std::string text(const DetectOptions& options = {}) {
    DetectionReport r;
    r.module = &module;
    r.options = options;
    r.kernels.push_back({&module.kernels[0], &spin_a, &spin, nullptr});
    r.kernels.push_back({&module.kernels[1], &bar_a, &bar, nullptr});
    std::ostringstream out;
    detection_text(out, r);
    return out.str();
  }
};

TEST_F(TextFixture, FlaggedLoopAndBarrier) {
  EXPECT_EQ(text(),
            "spin.ptx: mode refined, table nvidia\n"
            "kernel spin: 1 loop, 1 flagged\n"
            "  loop 0 at $L__BB0_1 (pc 2, line 17, spin.cu:9): flagged (redefined)\n"
            "    exit  pc 4 bra (line 19, spin.cu:9): divergent, reconverges at pc 5 (line 21, spin.cu:12)\n"
            "    read  pc 2 atom.global.cas.b32 (line 17, spin.cu:9)\n"
            "    write pc 5 atom.global.exch.b32 (line 21, spin.cu:12): reachable, must alias, redefines pc 2\n"
            "kernel bar: 0 loops, 0 flagged, 1 divergent barrier\n"
            "  divergent barrier pc 3 bar.sync (line 32) under the divergent branch at pc 2 (line 31)\n");
}

TEST_F(TextFixture, UnflaggedLoopShowsReasonAndFiltersOnly) {
  spin.loops[0].flagged = false;
  spin.loops[0].reason = LoopReason::UniformExit;
  spin.loops[0].filters = {LoopReason::UniformExit};
  spin.loops[0].exits[0].reconv_pc = analysis::kExitPc;
  bar.barriers.clear();
  DetectOptions o;
  o.mode = DetectMode::Thesis;
  o.table = TableChoice::Ipdom;
  o.alias.assume_noalias_params = true;
  EXPECT_EQ(text(o),
            "spin.ptx: mode thesis, table ipdom, distinct parameters assumed not to alias\n"
            "kernel spin: 1 loop, 0 flagged\n"
            "  loop 0 at $L__BB0_1 (pc 2, line 17, spin.cu:9): not flagged (uniform-exit; filters: uniform-exit)\n"
            "kernel bar: 0 loops, 0 flagged\n");
}

TEST_F(TextFixture, ExitReconvergenceAtTheVirtualExit) {
  spin.loops[0].exits[0].reconv_pc = analysis::kExitPc;
  spin.loops[0].exits[0].uniform = true;
  EXPECT_NE(text().find("    exit  pc 4 bra (line 19, spin.cu:9): uniform, reconverges at the kernel exit\n"),
            std::string::npos);
}

}  // namespace
}  // namespace lockstep::checker
