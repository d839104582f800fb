// Test support for the report tests: a two-kernel module with `.loc` lines
// (a spin lock whose lock and release carry CUDA positions, and a kernel
// with a barrier under a divergent branch and no `.loc`), and detection
// results written by hand for it.
//
// PCs of `spin`: 0 ld.param, 1 cvta, 2 atom.cas (line 17, spin.cu:9),
// 3 setp, 4 @%p1 bra (line 19), 5 atom.exch (line 21, spin.cu:12), 6 ret.
// Blocks: 0 = [0,1], 1 = $L__BB0_1 [2,4], 2 = [5,6].
// PCs of `bar`: 0 mov, 1 setp, 2 @%p1 bra (line 31), 3 bar.sync (line 32),
// 4 ret ($L__BB1_2).
#pragma once

#include <string>

#include "checker/detect/detection.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "frontend/analysis/reconvergence_table.hpp"
#include "frontend/ir/module.hpp"
#include "frontend/load.hpp"

namespace lockstep::test {

inline const char* const kReportPtx = R"(.version 7.0
.target sm_75
.address_size 64
.file 1 "spin.cu"

.visible .entry spin(
	.param .u64 spin_param_0
)
{
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	ld.param.u64 %rd1, [spin_param_0];
	cvta.to.global.u64 %rd2, %rd1;
$L__BB0_1:
	.loc 1 9 3
	atom.global.cas.b32 %r1, [%rd2], 0, 1;
	setp.ne.s32 %p1, %r1, 0;
	@%p1 bra $L__BB0_1;
	.loc 1 12 3
	atom.global.exch.b32 %r2, [%rd2], 0;
	ret;
}

.visible .entry bar()
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 16;
	@%p1 bra $L__BB1_2;
	bar.sync 0;
$L__BB1_2:
	ret;
}
)";

inline ir::Module report_module() { return load_ptx(Source("spin.ptx", kReportPtx)); }

/// The spin lock's loop flagged: exit pc 4 reconverging at pc 5, read pc 2,
/// the release at pc 5 a reachable must-alias redefinition.
inline checker::KernelDetection spin_detection() {
  checker::KernelDetection d;
  checker::LoopFinding f;
  f.loop = 0;
  f.header = 1;
  f.flagged = true;
  f.reason = checker::LoopReason::Redefined;
  f.exits.push_back({4, false, 5});
  f.reads.push_back({2});
  checker::RedefiningWrite w;
  w.pc = 5;
  w.relation = checker::WriteRelation::Reachable;
  w.alias = checker::Alias::Must;
  w.reads = {2};
  f.writes.push_back(w);
  d.loops.push_back(f);
  return d;
}

/// The barrier kernel: no loop, the bar.sync at pc 3 under the branch at pc 2.
inline checker::KernelDetection bar_detection() {
  checker::KernelDetection d;
  d.barriers.push_back({3, 2});
  return d;
}

}  // namespace lockstep::test
