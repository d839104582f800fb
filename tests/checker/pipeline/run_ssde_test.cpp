// run_ssde end to end on small PTX kernels: a spin lock (flagged, SafePDom at
// the ret after the release, transformed, clean afterwards), a kernel
// without loops (unchanged), and a barrier under a divergent branch
// (reported as unfixable).
#include <gtest/gtest.h>

#include <stdexcept>

#include "checker/pipeline/run_ssde.hpp"
#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"

namespace lockstep::checker {
namespace {

// PCs: 0 ld.param, 1 cvta, 2 atom.cas, 3 setp, 4 @%p1 bra, 5 atom.exch, 6 ret.
// Blocks: 0 = [0,1], 1 = $L__BB0_1 [2,4], 2 = [5,6].
constexpr const char* kSpin = R"(.version 7.0
.target sm_75
.address_size 64
.visible .entry spin(.param .u64 spin_param_0)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [spin_param_0];
	cvta.to.global.u64 %rd2, %rd1;
$L__BB0_1:
	atom.global.cas.b32 %r1, [%rd2], 0, 1;
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra $L__BB0_1;
	atom.global.exch.b32 %r2, [%rd2], 0;
	ret;
}
.visible .entry straight(.param .u64 straight_param_0)
{
	.reg .b32 %r<2>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [straight_param_0];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	st.global.u32 [%rd2], %r1;
	ret;
}
.visible .entry bar()
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 16;
	@%p1 bra $L__BB2_2;
	bar.sync 0;
$L__BB2_2:
	ret;
}
)";

struct RunSsde : ::testing::Test {
  ir::Module module = load_ptx(Source("spin.ptx", kSpin));
};

TEST_F(RunSsde, SpinLockIsTransformedAndCleanAfterwards) {
  const SsdePipelineResult r = run_ssde(module, 0, {});
  EXPECT_EQ(r.kernel_index, 0U);
  EXPECT_TRUE(r.before.flagged());
  ASSERT_EQ(r.safepdoms.loops.size(), 1U);
  EXPECT_TRUE(r.safepdoms.loops[0].flagged);
  // The release at pc 5 must happen before the spinning threads loop again:
  // SafePDom = the point after it, the ret at pc 6.
  EXPECT_EQ(r.safepdoms.loops[0].point, 6U);
  ASSERT_EQ(r.groups.size(), 1U);
  EXPECT_EQ(r.groups[0].point, 6U);
  ASSERT_EQ(r.groups[0].loops.size(), 1U);
  EXPECT_EQ(r.groups[0].loops[0].header, 1U);
  EXPECT_EQ(r.groups[0].loops[0].back_edges, (std::vector<analysis::Edge>{{1, 1}}));
  EXPECT_TRUE(r.transformed);
  ASSERT_EQ(r.report.switches.size(), 1U);
  EXPECT_EQ(r.report.switches[0].cases.size(), 1U);
  EXPECT_EQ(r.kernel.code.size(), module.kernels[0].code.size() + r.report.instructions_added);
  EXPECT_TRUE(r.unfixable.empty());
  EXPECT_FALSE(r.after.flagged());
  EXPECT_TRUE(r.clean());

  // The output prints and re-parses to the same number of instructions.
  ir::Module out = module;
  out.kernels[0] = r.kernel;
  const ir::Module again = load_ptx(Source("out.ptx", ptx::print(out)));
  EXPECT_EQ(again.kernels[0].code.size(), r.kernel.code.size());
}

TEST_F(RunSsde, KernelWithNothingFlaggedIsUnchanged) {
  const SsdePipelineResult r = run_ssde(module, 1, {});
  EXPECT_FALSE(r.before.flagged());
  EXPECT_TRUE(r.groups.empty());
  EXPECT_FALSE(r.transformed);
  EXPECT_EQ(r.kernel.code.size(), module.kernels[1].code.size());
  EXPECT_EQ(r.report.switches.size(), 0U);
  EXPECT_EQ(r.report.blocks_added, 0U);
  EXPECT_TRUE(r.clean());
}

TEST_F(RunSsde, DivergentBarrierIsReportedAsUnfixable) {
  const SsdePipelineResult r = run_ssde(module, 2, {});
  ASSERT_EQ(r.unfixable.size(), 1U);
  EXPECT_EQ(r.unfixable[0].pc, 3U);  // the bar.sync
  EXPECT_FALSE(r.transformed);
  EXPECT_TRUE(r.after.flagged());
  EXPECT_FALSE(r.clean());
}

TEST_F(RunSsde, ThesisModeFlagsTheSpinLockToo) {
  DetectOptions o;
  o.mode = DetectMode::Thesis;
  const SsdePipelineResult r = run_ssde(module, 0, o);
  EXPECT_EQ(r.before.mode, DetectMode::Thesis);
  EXPECT_TRUE(r.transformed);
  EXPECT_TRUE(r.clean());
}

TEST_F(RunSsde, BadKernelIndexThrows) {
  EXPECT_THROW((void)run_ssde(module, 3, {}), std::out_of_range);
}

}  // namespace
}  // namespace lockstep::checker
