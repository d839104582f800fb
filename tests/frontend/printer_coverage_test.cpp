// Printer coverage: two modules that use (nearly) every instruction family
// and modifier the frontend decodes — one for sm_75, one with newer forms
// for sm_90. Lowering the printed text must give the same IR, printing is
// idempotent, and ptxas (when installed) accepts the printed text for the
// module's target. This pins the agreement between the lowering's opcode
// decoding and the printer's spelling.
#include <gtest/gtest.h>

#include <string>

#include "frontend/load.hpp"
#include "frontend/ptx/printer.hpp"
#include "frontend/source.hpp"
#include "tests/frontend/printer_compare.hpp"
#include "tests/frontend/printer_ptxas.hpp"

namespace lockstep {
namespace {

constexpr const char* kSm75 = R"PTX(.version 9.0
.target sm_75
.address_size 64
.file	1 "/src/sink.cu"
.file	2 "/src/sink.h", 1700000000, 1234

.global .align 4 .u32 gtab[4] = {1, 2, 3, 4};
.global .align 8 .u64 gptr[2] = {generic(gtab)+4, gtab};
.const .align 4 .f32 cf[2] = {0f3F800000, 0f40000000};
.global .align 8 .f64 gd = 0d400A000000000000;
.global .align 2 .s16 gs[3] = {-1, 2, -3};
.global .align 8 .v2 .u32 gv[2] = {{1, 2}, {3, 4}};
.extern .shared .align 16 .b8 dyn[];

.visible .entry sink(
	.param .u64 sink_param_0,
	.param .u32 sink_param_1
)
.maxntid 128, 1, 1
.minnctapersm 2
{
	.reg .pred 	%p<8>;
	.reg .b16 	%rs<8>;
	.reg .b32 	%r<100>;
	.reg .b64 	%rd<32>;
	.reg .f32 	%f<40>;
	.reg .f64 	%fd<16>;
	.shared .align 4 .b8 sbuf[256];
	.local .align 8 .b8 lbuf[32];

	.loc	1 10 3
	ld.param.u64 	%rd1, [sink_param_0];
	ld.param.u32 	%r1, [sink_param_1];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r2, %tid.x;
	mov.u32 	%r3, %ntid.y;
	mov.u32 	%r4, %ctaid.z;
	mov.u32 	%r5, %nctaid.x;
	mov.u32 	%r6, %laneid;
	mov.u32 	%r7, %warpid;
	mov.u32 	%r8, %lanemask_lt;
	mov.u64 	%rd3, %clock64;
	mov.u32 	%r9, %clock;
	mov.u32 	%r10, %smid;
	.loc	2 4 0
	add.s32 	%r11, %r2, 1;
	add.sat.s32 	%r12, %r11, -5;
	add.cc.u32 	%r13, %r11, %r12;
	addc.cc.u32 	%r14, %r11, 0;
	addc.u32 	%r15, %r11, 0;
	sub.cc.u32 	%r16, %r11, %r12;
	subc.u32 	%r17, %r11, %r12;
	.loc	1 12 7
	mul.lo.s32 	%r18, %r11, 7;
	mul.hi.u32 	%r19, %r11, %r12;
	mul.wide.s32 	%rd4, %r11, 4;
	mad.lo.s32 	%r20, %r11, %r12, %r13;
	mad.hi.sat.s32 	%r21, %r11, %r12, %r13;
	mad.wide.u32 	%rd5, %r11, %r12, %rd4;
	mad.lo.cc.u32 	%r22, %r11, %r12, %r13;
	madc.hi.u32 	%r23, %r11, %r12, %r13;
	mul24.lo.s32 	%r24, %r11, %r12;
	mad24.hi.u32 	%r25, %r11, %r12, %r13;
	sad.u32 	%r26, %r11, %r12, %r13;
	div.s32 	%r27, %r11, 3;
	rem.u32 	%r28, %r11, 3;
	abs.s32 	%r29, %r12;
	neg.s32 	%r30, %r12;
	min.s32 	%r31, %r11, %r12;
	max.u32 	%r32, %r11, %r12;
	popc.b32 	%r33, %r11;
	clz.b64 	%r34, %rd4;
	brev.b32 	%r35, %r11;
	bfind.u32 	%r36, %r11;
	bfind.shiftamt.s32 	%r37, %r11;
	bfe.u32 	%r38, %r11, 4, 8;
	bfi.b32 	%r39, %r11, %r12, 4, 8;
	prmt.b32 	%r40, %r11, %r12, 0x3210;
	prmt.b32.f4e 	%r41, %r11, %r12, %r13;
	fns.b32 	%r42, %r11, %r12, 1;
	dp4a.u32.s32 	%r43, %r11, %r12, %r13;
	dp2a.lo.s32.u32 	%r44, %r11, %r12, %r13;
	and.b32 	%r45, %r11, 255;
	or.b32 	%r46, %r11, %r12;
	xor.b64 	%rd6, %rd4, %rd5;
	not.b32 	%r47, %r11;
	cnot.b32 	%r48, %r11;
	lop3.b32 	%r49, %r11, %r12, %r13, 0x96;
	shf.l.wrap.b32 	%r50, %r11, %r12, 3;
	shf.r.clamp.b32 	%r51, %r11, %r12, %r13;
	shl.b64 	%rd7, %rd4, 2;
	shr.s32 	%r52, %r11, 1;
	shr.u64 	%rd8, %rd4, 3;
	setp.lt.s32 	%p1, %r11, %r12;
	setp.ne.and.u32 	%p2, %r11, 0, %p1;
	setp.lt.u32 	%p3|%p4, %r11, %r12;
	setp.eq.or.s32 	%p4, %r11, %r12, !%p2;
	set.gt.u32.s32 	%r53, %r11, %r12;
	selp.b32 	%r54, 1, 0, %p1;
	slct.s32.s32 	%r55, %r11, %r12, %r13;
	and.pred 	%p5, %p1, %p2;
	or.pred 	%p5, %p5, %p3;
	xor.pred 	%p6, %p5, %p4;
	not.pred 	%p6, %p6;
	cvt.u16.u32 	%rs1, %r11;
	cvt.s32.s16 	%r56, %rs1;
	cvt.rn.f32.s32 	%f1, %r11;
	cvt.rzi.s32.f32 	%r57, %f1;
	cvt.f64.f32 	%fd1, %f1;
	cvt.rn.f16.f32 	%rs2, %f1;
	cvt.f32.f16 	%f2, %rs2;
	cvt.sat.f32.f32 	%f3, %f1;
	cvt.rni.f32.f32 	%f4, %f1;
	cvt.rn.ftz.f32.f64 	%f5, %fd1;
	cvt.u64.u32 	%rd9, %r11;
	mov.b32 	%f6, %r11;
	mov.f32 	%f7, 0f3F800000;
	mov.f64 	%fd2, 0dBFE0000000000000;
	mov.b64 	%rd10, {%r11, %r12};
	mov.b64 	{%r58, %r59}, %rd10;
	mov.u64 	%rd11, gtab;
	mov.u64 	%rd12, sbuf;
	mov.u64 	%rd13, gtab+8;
	add.f32 	%f8, %f1, %f7;
	add.rn.ftz.sat.f32 	%f9, %f1, %f7;
	sub.rz.f64 	%fd3, %fd1, %fd2;
	mul.rn.f32 	%f10, %f1, %f7;
	fma.rn.f32 	%f11, %f1, %f7, %f8;
	fma.rn.ftz.sat.f32 	%f12, %f1, %f7, %f8;
	fma.rn.f64 	%fd4, %fd1, %fd2, %fd3;
	div.approx.f32 	%f13, %f1, %f7;
	div.full.ftz.f32 	%f14, %f1, %f7;
	div.rn.f32 	%f15, %f1, %f7;
	div.rn.f64 	%fd5, %fd1, %fd2;
	rcp.rn.f32 	%f16, %f1;
	rcp.approx.ftz.f64 	%fd6, %fd1;
	sqrt.rn.f32 	%f17, %f1;
	sqrt.approx.f32 	%f18, %f1;
	rsqrt.approx.f32 	%f19, %f1;
	sin.approx.ftz.f32 	%f20, %f1;
	cos.approx.f32 	%f21, %f1;
	lg2.approx.f32 	%f22, %f1;
	ex2.approx.ftz.f32 	%f23, %f1;
	tanh.approx.f32 	%f24, %f1;
	abs.f32 	%f25, %f1;
	neg.f64 	%fd7, %fd1;
	min.f32 	%f26, %f1, %f7;
	max.ftz.f32 	%f27, %f1, %f7;
	copysign.f32 	%f28, %f1, %f7;
	testp.finite.f32 	%p6, %f1;
	setp.gtu.f32 	%p6, %f1, %f7;
	setp.num.f64 	%p7, %fd1, %fd2;
	add.f32 	%f29, %f1, 0f3FC00000;
	ld.global.u32 	%r60, [%rd2];
	ld.global.nc.f32 	%f30, [%rd2+4];
	ld.volatile.global.u32 	%r61, [%rd2+8];
	ld.relaxed.gpu.global.u32 	%r62, [%rd2+12];
	ld.acquire.sys.global.u32 	%r63, [%rd2+16];
	ld.global.v4.u32 	{%r64, %r65, %r66, %r67}, [%rd2+32];
	ld.global.v2.f32 	{%f31, %f32}, [%rd2+48];
	ld.shared.u32 	%r68, [sbuf+8];
	ld.local.u64 	%rd14, [lbuf];
	ld.const.f32 	%f33, [cf+4];
	ld.u32 	%r69, [%rd2];
	ld.global.ca.u32 	%r70, [%rd2];
	ld.global.u32 	%r71, [gtab+4];
	ldu.global.u32 	%r72, [%rd2];
	ld.shared.u8 	%rs3, [dyn];
	st.global.u32 	[%rd2+-4], %r11;
	st.volatile.shared.u32 	[sbuf+4], %r11;
	st.release.gpu.global.u32 	[%rd2], %r11;
	st.relaxed.cta.shared.u32 	[sbuf], %r11;
	st.shared.v2.u32 	[sbuf+16], {%r11, %r12};
	st.local.f64 	[lbuf+8], %fd1;
	st.global.wb.u32 	[%rd2], %r11;
	st.global.u16 	[%rd2], %rs1;
	atom.global.add.u32 	%r73, [%rd2], 1;
	atom.shared.cas.b32 	%r74, [sbuf], %r11, %r12;
	atom.global.exch.b32 	%r75, [%rd2], %r11;
	atom.global.min.s32 	%r76, [%rd2], %r11;
	atom.global.inc.u32 	%r77, [%rd2], 17;
	atom.acq_rel.gpu.global.add.u32 	%r78, [%rd2], 1;
	atom.global.add.f32 	%f34, [%rd2], %f1;
	atom.global.add.noftz.f16 	%rs4, [%rd2], %rs2;
	atom.global.add.f64 	%fd8, [%rd2], %fd1;
	atom.relaxed.sys.global.or.b32 	%r79, [%rd2], %r11;
	atom.add.u64 	%rd15, [%rd2], 1;
	red.global.add.u32 	[%rd2], 1;
	red.shared.max.s32 	[sbuf], %r11;
	red.release.gpu.global.add.u32 	[%rd2], 1;
	vote.sync.all.pred 	%p7, %p1, -1;
	vote.sync.any.pred 	%p7, !%p1, -1;
	vote.sync.uni.pred 	%p7, %p1, -1;
	vote.sync.ballot.b32 	%r80, %p1, -1;
	shfl.sync.idx.b32 	%r81|%p7, %r11, 0, 31, -1;
	shfl.sync.up.b32 	%r82, %r11, 1, 0, -1;
	shfl.sync.down.b32 	%r83, %r11, 1, 31, -1;
	shfl.sync.bfly.b32 	%r84, %r11, 1, 31, -1;
	match.any.sync.b32 	%r85, %r11, -1;
	match.all.sync.b32 	%r86|%p7, %r11, -1;
	activemask.b32 	%r87;
	bar.sync 	0;
	bar.sync 	1, 64;
	bar.arrive 	2, 64;
	barrier.sync 	3;
	barrier.sync.aligned 	0;
	bar.red.popc.u32 	%r88, 0, %p1;
	bar.red.and.pred 	%p7, 0, %p1;
	bar.red.or.pred 	%p7, 0, !%p1;
	bar.warp.sync 	-1;
	membar.cta;
	membar.gl;
	membar.sys;
	fence.sc.gpu;
	fence.acq_rel.cta;
	prefetch.global.L1 	[%rd2];
	prefetch.global.L2 	[%rd2];
	prefetchu.L1 	[%rd2];
	isspacep.global 	%p7, %rd2;
	cvta.global.u64 	%rd16, %rd11;
	cvta.shared.u64 	%rd17, %rd12;
	cvta.to.shared.u64 	%rd18, %rd17;
	nanosleep.u32 	100;
	pmevent 	1;
	and.b32 	%r89, %r11, 1;
$tbl:
	.branchtargets $L_a, $L_b;
	brx.idx 	%r89, $tbl;

$L_a:
	@%p1 bra 	$L_b;
	@!%p2 bra.uni 	$L_end;
	trap;

$L_b:
	@%p3 exit;
	brkpt;

$L_end:
	ret;

}
)PTX";

constexpr const char* kSm90 = R"PTX(.version 8.5
.target sm_90
.address_size 64

.visible .entry newer(
	.param .u64 newer_param_0
)
.reqntid 64, 2, 1
.maxnreg 64
{
	.reg .pred 	%p<4>;
	.reg .b16 	%rs<8>;
	.reg .b32 	%r<40>;
	.reg .b64 	%rd<8>;
	.reg .f32 	%f<16>;
	.reg .f64 	%fd<4>;
	.shared .align 4 .b8 sh[64];

	ld.param.u64 	%rd1, [newer_param_0];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, %tid.x;
	mov.u64 	%rd3, %globaltimer;
	mov.u32 	%r2, %envreg1;
	mov.u32 	%r3, %dynamic_smem_size;
	cvt.rn.f32.u32 	%f1, %r1;
	redux.sync.add.u32 	%r4, %r1, -1;
	redux.sync.min.s32 	%r5, %r1, -1;
	redux.sync.and.b32 	%r6, %r1, -1;
	cvt.rn.bf16x2.f32 	%r7, %f1, %f1;
	cvt.rn.relu.f16.f32 	%rs1, %f1;
	cvt.rna.satfinite.tf32.f32 	%r8, %f1;
	cvt.pack.sat.s8.s32.b32 	%r9, %r1, %r1, %r1;
	min.NaN.f32 	%f2, %f1, %f1;
	max.xorsign.abs.f32 	%f3, %f1, %f1;
	min.relu.s32 	%r10, %r1, %r1;
	bmsk.clamp.b32 	%r11, %r1, 4;
	bmsk.wrap.b32 	%r12, %r1, 4;
	szext.wrap.s32 	%r13, %r1, 8;
	ex2.approx.f16 	%rs2, %rs1;
	tanh.approx.f16x2 	%r14, %r7;
	fma.rn.relu.f16 	%rs3, %rs1, %rs1, %rs1;
	abs.bf16 	%rs4, %rs1;
	add.rn.f16x2 	%r15, %r7, %r7;
	testp.notanumber.f64 	%p1, %fd1;
	set.lt.ftz.u32.f32 	%r16, %f1, %f2;
	slct.ftz.u32.f32 	%r17, %r1, %r2, %f1;
	dp2a.hi.u32.u32 	%r18, %r1, %r1, %r1;
	copysign.f64 	%fd2, %fd1, %fd1;
	fence.acq_rel.cluster;
	fence.sc.sys;
	ld.shared::cluster.u32 	%r19, [%rd2];
	ld.shared::cta.u32 	%r20, [sh];
	ld.mmio.relaxed.sys.global.u32 	%r21, [%rd2];
	st.mmio.relaxed.sys.global.u32 	[%rd2], %r21;
	ld.global.L1::evict_last.u32 	%r22, [%rd2];
	ld.global.nc.L1::no_allocate.v4.f32 	{%f4, %f5, %f6, %f7}, [%rd2];
	ld.weak.global.u32 	%r23, [%rd2];
	atom.global.v2.f32.add 	{%f8, %f9}, [%rd2], {%f1, %f2};
	red.global.add.noftz.bf16x2 	[%rd2], %r7;
	atom.sys.global.cas.b64 	%rd4, [%rd2], %rd3, 0;
	barrier.cta.sync 	1;
	bar.cta.arrive 	1, 64;
	barrier.arrive 	2, 64;
	barrier.red.popc.u32 	%r24, 0, %p1;
	barrier.red.or.pred 	%p2, 0, %p1;
	prefetch.global.L2::evict_last 	[%rd2];
	prefetch.local.L1 	[%rd2];
	isspacep.shared::cluster 	%p3, %rd2;
	cvta.shared::cluster.u64 	%rd5, %rd2;
	shfl.sync.bfly.b32 	%r25, %r1, 1, 31, -1;
	vote.sync.ballot.b32 	%r26, %p1, -1;
	st.global.u32 	[%rd2], %r26;
	ret.uni;
}
)PTX";

/// Operand and declaration corner cases: negative symbol offsets and
/// relocation addends, the most negative integer, an absolute address, a
/// vprintf call whose return value is not taken, a guarded marker call.
constexpr const char* kEdges = R"PTX(.version 9.0
.target sm_75
.address_size 64

.extern .func vprintf
(
	.param .b64 vprintf_param_0,
	.param .b64 vprintf_param_1
)
;
.global .align 4 .u32 gtab[4] = {1, 2, 3, 4};
.global .align 8 .u64 gp[2] = {generic(gtab)+-4, gtab+-8};
.global .align 1 .b8 $str[3] = {104, 105};

.func __tabort()
{
	ret;
}

.visible .entry edges(
	.param .u64 edges_param_0
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<4>;
	.reg .b64 	%rd<8>;

	ld.param.u64 	%rd4, [edges_param_0];
	ld.local.u32 	%r1, [0x100];
	mov.u64 	%rd1, gtab+-8;
	ld.global.u32 	%r2, [gtab+-4];
	mov.b64 	%rd2, -9223372036854775808;
	mov.b64 	%rd3, 0xFFFFFFFFFFFFFFFF;
	setp.eq.s32 	%p1, %r2, 0;
	mov.u64 	%rd5, $str;
	cvta.global.u64 	%rd6, %rd5;
	{ // callseq 0, 0
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd6;
	.param .b64 param1;
	st.param.b64 	[param1+0], 0;
	call.uni 
	vprintf, 
	(
	param0, 
	param1
	);
	} // callseq 0
	@%p1 call.uni __tabort, ();
	st.global.u32 	[%rd4], %r1;
	ret;
}
)PTX";

void check(const std::string& name, const std::string& text, const std::string& arch) {
  const ir::Module original = load_ptx(Source(name + ".ptx", text));
  const std::string printed = ptx::print(original);
  ir::Module again;
  ASSERT_NO_THROW(again = load_ptx(Source(name + ".printed.ptx", printed))) << printed;
  EXPECT_EQ(test::module_difference(original, again), "") << printed;
  EXPECT_EQ(ptx::print(again), printed);
  const std::string ptxas = test::find_ptxas();
  if (ptxas.empty()) GTEST_SKIP() << "ptxas not found on PATH or at /usr/local/cuda/bin/ptxas";
  EXPECT_EQ(test::ptxas_errors(ptxas, text, name + "_original", arch), "")
      << "the test's own PTX must assemble";
  EXPECT_EQ(test::ptxas_errors(ptxas, printed, name, arch), "") << printed;
}

TEST(PrinterCoverage, Sm75InstructionFamilies) { check("coverage_sm75", kSm75, "sm_75"); }

TEST(PrinterCoverage, Sm90InstructionFamilies) { check("coverage_sm90", kSm90, "sm_90"); }

TEST(PrinterCoverage, OperandCornerCases) {
  check("coverage_edges", kEdges, "sm_75");
  const std::string printed = ptx::print(load_ptx(Source("edges.ptx", kEdges)));
  for (const char* line : {
           ".extern .func vprintf\n(\n",
           ".global .align 8 .u64 gp[2] = {generic(gtab)+-4, gtab+-8};\n",
           "\tld.local.u32\t%r1, [0x100];\n",
           "\tmov.u64\t%rd1, gtab+-8;\n",
           "\tld.global.u32\t%r2, [gtab+-4];\n",
           "\tmov.b64\t%rd2, 0x8000000000000000;\n",
           "\tmov.b64\t%rd3, -1;\n",
           "\tcall.uni\tvprintf, (param0, param1);\n",
           "\t@%p1 call.uni\t__tabort, ();\n",
       }) {
    EXPECT_NE(printed.find(line), std::string::npos) << line << "\nin\n" << printed;
  }
}

/// The spellings the printer chooses where PTX has several for one meaning.
TEST(PrinterCoverage, CanonicalSpellings) {
  const ir::Module m = load_ptx(Source("canonical.ptx", kSm75));
  const std::string printed = ptx::print(m);
  EXPECT_NE(printed.find("\tprmt.b32\t%r40, %r11, %r12, 12816;\n"), std::string::npos);
  EXPECT_NE(printed.find("\tbarrier.sync\t3;\n\tbar.sync\t0;\n"), std::string::npos);
  EXPECT_NE(printed.find("\t$L__brx192: .branchtargets $L_a, $L_b;\n\tbrx.idx\t%r89, $L__brx192;\n"),
            std::string::npos);
  EXPECT_NE(printed.find("\tst.global.u32\t[%rd2+-4], %r11;\n"), std::string::npos);
  EXPECT_NE(printed.find("\tmov.u64\t%rd13, gtab+8;\n"), std::string::npos);
  EXPECT_NE(printed.find(".global .align 8 .u64 gptr[2] = {generic(gtab)+4, gtab};\n"),
            std::string::npos);
  EXPECT_NE(printed.find(".global .align 8 .v2 .u32 gv[2] = {{1, 2}, {3, 4}};\n"),
            std::string::npos);
  EXPECT_NE(printed.find(".global .align 2 .s16 gs[3] = {-1, 2, -3};\n"), std::string::npos);
  EXPECT_NE(printed.find(".extern .shared .align 16 .b8 dyn[];\n"), std::string::npos);
  EXPECT_NE(printed.find(".maxntid 128, 1, 1\n.minnctapersm 2\n{\n"), std::string::npos);
  EXPECT_NE(printed.find(".file\t1 \"/src/sink.cu\"\n.file\t2 \"/src/sink.h\"\n"),
            std::string::npos);
  EXPECT_NE(printed.find("\t.loc\t2 4 0\n\tadd.s32\t%r11, %r2, 1;\n"), std::string::npos);
}

}  // namespace
}  // namespace lockstep
