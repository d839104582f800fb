// The printer's opcode spelling: every modifier in the PTX ISA's order.
#include <gtest/gtest.h>

#include <string>

#include "frontend/ptx/printer_parts.hpp"
#include "tests/frontend/printer_test_kit.hpp"

namespace lockstep {
namespace {

using ir::InstrFlag;
using ir::Opcode;
using ir::Type;
using test::instr;
using test::with;

std::string spell(const ir::Instr& in) {
  ptx::printer::Out out;
  ptx::printer::print_opcode(out, in);
  return fmt::to_string(out);
}

TEST(PrinterOpcode, IntegerArithmetic) {
  EXPECT_EQ(spell(instr(Opcode::Add, Type::S32)), "add.s32");
  EXPECT_EQ(spell(with(instr(Opcode::Add, Type::S32), {InstrFlag::Sat})), "add.sat.s32");
  EXPECT_EQ(spell(with(instr(Opcode::Add, Type::U32), {InstrFlag::CarryOut})), "add.cc.u32");
  EXPECT_EQ(spell(with(instr(Opcode::Addc, Type::U32), {InstrFlag::CarryOut})), "addc.cc.u32");
  EXPECT_EQ(spell(with(instr(Opcode::Mul, Type::S32), {InstrFlag::Lo})), "mul.lo.s32");
  EXPECT_EQ(spell(with(instr(Opcode::Mul, Type::U64), {InstrFlag::Hi})), "mul.hi.u64");
  EXPECT_EQ(spell(with(instr(Opcode::Mul, Type::S32), {InstrFlag::Wide})), "mul.wide.s32");
  EXPECT_EQ(spell(with(instr(Opcode::Mad, Type::S32), {InstrFlag::Hi, InstrFlag::Sat})),
            "mad.hi.sat.s32");
  EXPECT_EQ(spell(with(instr(Opcode::Mad, Type::U32), {InstrFlag::Lo, InstrFlag::CarryOut})),
            "mad.lo.cc.u32");
  EXPECT_EQ(spell(with(instr(Opcode::Mul24, Type::S32), {InstrFlag::Lo})), "mul24.lo.s32");
  EXPECT_EQ(spell(instr(Opcode::Sad, Type::S32)), "sad.s32");
  EXPECT_EQ(spell(instr(Opcode::Rem, Type::U32)), "rem.u32");
  EXPECT_EQ(spell(with(instr(Opcode::Min, Type::S32), {InstrFlag::Relu})), "min.relu.s32");
}

TEST(PrinterOpcode, FloatArithmetic) {
  auto fma = instr(Opcode::Fma, Type::F32);
  fma.rnd = ir::Rounding::Rn;
  EXPECT_EQ(spell(fma), "fma.rn.f32");
  EXPECT_EQ(spell(with(fma, {InstrFlag::Ftz, InstrFlag::Sat})), "fma.rn.ftz.sat.f32");
  auto add = instr(Opcode::Add, Type::F64);
  add.rnd = ir::Rounding::Rz;
  EXPECT_EQ(spell(add), "add.rz.f64");
  EXPECT_EQ(spell(with(instr(Opcode::Div, Type::F32), {InstrFlag::Approx, InstrFlag::Ftz})),
            "div.approx.ftz.f32");
  EXPECT_EQ(spell(with(instr(Opcode::Div, Type::F32), {InstrFlag::Full})), "div.full.f32");
  EXPECT_EQ(spell(with(instr(Opcode::Rcp, Type::F64), {InstrFlag::Approx, InstrFlag::Ftz})),
            "rcp.approx.ftz.f64");
  auto sqrt = instr(Opcode::Sqrt, Type::F32);
  sqrt.rnd = ir::Rounding::Rn;
  EXPECT_EQ(spell(sqrt), "sqrt.rn.f32");
  EXPECT_EQ(spell(with(instr(Opcode::Sin, Type::F32), {InstrFlag::Approx})), "sin.approx.f32");
  EXPECT_EQ(spell(with(instr(Opcode::Ex2, Type::F32), {InstrFlag::Approx, InstrFlag::Ftz})),
            "ex2.approx.ftz.f32");
  EXPECT_EQ(spell(with(instr(Opcode::Min, Type::F32),
                       {InstrFlag::Ftz, InstrFlag::NaN, InstrFlag::Xorsign, InstrFlag::Abs})),
            "min.ftz.NaN.xorsign.abs.f32");
  EXPECT_EQ(spell(with(instr(Opcode::Abs, Type::F32), {InstrFlag::Ftz})), "abs.ftz.f32");
  auto testp = instr(Opcode::Testp, Type::F64);
  testp.testp = ir::TestClass::NotANumber;
  EXPECT_EQ(spell(testp), "testp.notanumber.f64");
  EXPECT_EQ(spell(instr(Opcode::Copysign, Type::F32)), "copysign.f32");
  EXPECT_EQ(spell(with(instr(Opcode::Tanh, Type::F32), {InstrFlag::Approx})), "tanh.approx.f32");
}

TEST(PrinterOpcode, Conversions) {
  auto cvt = instr(Opcode::Cvt, Type::F32);
  cvt.stype = Type::S32;
  cvt.rnd = ir::Rounding::Rn;
  EXPECT_EQ(spell(cvt), "cvt.rn.f32.s32");
  auto rzi = instr(Opcode::Cvt, Type::S64);
  rzi.stype = Type::F64;
  rzi.rnd = ir::Rounding::Rzi;
  EXPECT_EQ(spell(rzi), "cvt.rzi.s64.f64");
  auto sat = instr(Opcode::Cvt, Type::F32);
  sat.stype = Type::F32;
  EXPECT_EQ(spell(with(sat, {InstrFlag::Ftz, InstrFlag::Sat})), "cvt.ftz.sat.f32.f32");
  auto relu = instr(Opcode::Cvt, Type::F16);
  relu.stype = Type::F32;
  relu.rnd = ir::Rounding::Rn;
  EXPECT_EQ(spell(with(relu, {InstrFlag::Relu})), "cvt.rn.relu.f16.f32");
  auto satfinite = instr(Opcode::Cvt, Type::BF16x2);
  satfinite.stype = Type::F32;
  satfinite.rnd = ir::Rounding::Rn;
  EXPECT_EQ(spell(with(satfinite, {InstrFlag::Relu, InstrFlag::Satfinite})),
            "cvt.rn.relu.satfinite.bf16x2.f32");
  auto widen = instr(Opcode::Cvt, Type::U64);
  widen.stype = Type::U32;
  EXPECT_EQ(spell(widen), "cvt.u64.u32");
  auto pack = instr(Opcode::CvtPack, Type::S8);
  pack.stype = Type::S32;
  EXPECT_EQ(spell(with(pack, {InstrFlag::Sat})), "cvt.pack.sat.s8.s32.b32");
  auto cvta = instr(Opcode::Cvta, Type::U64);
  cvta.space = ir::Space::Global;
  EXPECT_EQ(spell(cvta), "cvta.global.u64");
  EXPECT_EQ(spell(with(cvta, {InstrFlag::ToSpace})), "cvta.to.global.u64");
  auto isspacep = instr(Opcode::Isspacep);
  isspacep.space = ir::Space::Shared;
  EXPECT_EQ(spell(isspacep), "isspacep.shared");
  EXPECT_EQ(spell(instr(Opcode::Mov, Type::B64)), "mov.b64");
}

TEST(PrinterOpcode, BitsAndComparison) {
  EXPECT_EQ(spell(with(instr(Opcode::Bfind, Type::U32), {InstrFlag::Shiftamt})),
            "bfind.shiftamt.u32");
  EXPECT_EQ(spell(instr(Opcode::Popc, Type::B64)), "popc.b64");
  auto prmt = instr(Opcode::Prmt, Type::B32);
  EXPECT_EQ(spell(prmt), "prmt.b32");
  prmt.prmt = ir::PrmtMode::F4e;
  EXPECT_EQ(spell(prmt), "prmt.b32.f4e");
  auto shf = instr(Opcode::Shf, Type::B32);
  shf.shf = ir::ShfMode::LWrap;
  EXPECT_EQ(spell(shf), "shf.l.wrap.b32");
  shf.shf = ir::ShfMode::RClamp;
  EXPECT_EQ(spell(shf), "shf.r.clamp.b32");
  EXPECT_EQ(spell(instr(Opcode::Lop3, Type::B32)), "lop3.b32");
  EXPECT_EQ(spell(with(instr(Opcode::Bmsk, Type::B32), {InstrFlag::Clamp})), "bmsk.clamp.b32");
  auto setp = instr(Opcode::Setp, Type::S32);
  setp.cmp = ir::CmpOp::Lt;
  EXPECT_EQ(spell(setp), "setp.lt.s32");
  setp.bop = ir::BoolOp::And;
  EXPECT_EQ(spell(setp), "setp.lt.and.s32");
  auto fsetp = instr(Opcode::Setp, Type::F32);
  fsetp.cmp = ir::CmpOp::Gtu;
  EXPECT_EQ(spell(with(fsetp, {InstrFlag::Ftz})), "setp.gtu.ftz.f32");
  auto set = instr(Opcode::Set, Type::U32);
  set.stype = Type::F32;
  set.cmp = ir::CmpOp::Ne;
  set.bop = ir::BoolOp::Or;
  EXPECT_EQ(spell(set), "set.ne.or.u32.f32");
  EXPECT_EQ(spell(instr(Opcode::Selp, Type::B32)), "selp.b32");
  auto slct = instr(Opcode::Slct, Type::F32);
  slct.stype = Type::S32;
  EXPECT_EQ(spell(with(slct, {InstrFlag::Ftz})), "slct.ftz.f32.s32");
  auto dp4a = instr(Opcode::Dp4a, Type::U32);
  dp4a.stype = Type::S32;
  EXPECT_EQ(spell(dp4a), "dp4a.u32.s32");
}

TEST(PrinterOpcode, LoadsAndStores) {
  auto ld = instr(Opcode::Ld, Type::U32);
  ld.space = ir::Space::Global;
  EXPECT_EQ(spell(ld), "ld.global.u32");
  ld.sem = ir::MemSem::Volatile;
  EXPECT_EQ(spell(ld), "ld.volatile.global.u32");
  ld.sem = ir::MemSem::Acquire;
  ld.scope = ir::Scope::Gpu;
  EXPECT_EQ(spell(ld), "ld.acquire.gpu.global.u32");
  auto nc = instr(Opcode::Ld, Type::F32);
  nc.space = ir::Space::Global;
  nc.vec = 4;
  EXPECT_EQ(spell(with(nc, {InstrFlag::NonCoherent})), "ld.global.nc.v4.f32");
  EXPECT_EQ(spell(with(nc, {InstrFlag::CacheHint})), "ld.global.ca.v4.f32");
  auto generic = instr(Opcode::Ld, Type::B64);
  generic.space = ir::Space::Generic;
  EXPECT_EQ(spell(generic), "ld.b64");
  auto st = instr(Opcode::St, Type::U32);
  st.space = ir::Space::Local;
  st.vec = 2;
  EXPECT_EQ(spell(st), "st.local.v2.u32");
  st.sem = ir::MemSem::Release;
  st.scope = ir::Scope::Sys;
  st.space = ir::Space::Shared;
  st.vec = 1;
  EXPECT_EQ(spell(st), "st.release.sys.shared.u32");
  auto mmio = instr(Opcode::Ld, Type::U32);
  mmio.sem = ir::MemSem::Mmio;
  mmio.scope = ir::Scope::Sys;
  mmio.space = ir::Space::Global;
  EXPECT_EQ(spell(mmio), "ld.mmio.relaxed.sys.global.u32");
  auto param = instr(Opcode::St, Type::B64);
  param.space = ir::Space::Param;
  EXPECT_EQ(spell(param), "st.param.b64");
  auto cluster = instr(Opcode::Ld, Type::U32);
  cluster.space = ir::Space::SharedCluster;
  EXPECT_EQ(spell(cluster), "ld.shared::cluster.u32");
  auto ldu = instr(Opcode::Ldu, Type::F64);
  ldu.space = ir::Space::Global;
  ldu.vec = 2;
  EXPECT_EQ(spell(ldu), "ldu.global.v2.f64");
}

TEST(PrinterOpcode, Atomics) {
  auto atom = instr(Opcode::Atom, Type::U32);
  atom.space = ir::Space::Global;
  atom.aop = ir::AtomOp::Add;
  EXPECT_EQ(spell(atom), "atom.global.add.u32");
  atom.aop = ir::AtomOp::Cas;
  atom.type = Type::B32;
  atom.sem = ir::MemSem::AcqRel;
  atom.scope = ir::Scope::Gpu;
  EXPECT_EQ(spell(atom), "atom.acq_rel.gpu.global.cas.b32");
  auto red = instr(Opcode::Red, Type::F32);
  red.space = ir::Space::Shared;
  red.aop = ir::AtomOp::Add;
  red.scope = ir::Scope::Cta;
  EXPECT_EQ(spell(red), "red.cta.shared.add.f32");
  auto half = instr(Opcode::Atom, Type::F16x2);
  half.space = ir::Space::Global;
  half.aop = ir::AtomOp::Add;
  EXPECT_EQ(spell(half), "atom.global.add.noftz.f16x2");
  auto generic = instr(Opcode::Atom, Type::S32);
  generic.aop = ir::AtomOp::Max;
  EXPECT_EQ(spell(generic), "atom.max.s32");
}

TEST(PrinterOpcode, WarpAndSynchronisation) {
  auto vote = instr(Opcode::Vote, Type::Pred);
  vote.vote = ir::VoteMode::All;
  EXPECT_EQ(spell(with(vote, {InstrFlag::Sync})), "vote.sync.all.pred");
  EXPECT_EQ(spell(vote), "vote.all.pred");
  auto ballot = instr(Opcode::Vote, Type::B32);
  ballot.vote = ir::VoteMode::Ballot;
  EXPECT_EQ(spell(with(ballot, {InstrFlag::Sync})), "vote.sync.ballot.b32");
  auto shfl = instr(Opcode::Shfl, Type::B32);
  shfl.shfl = ir::ShflMode::Bfly;
  EXPECT_EQ(spell(with(shfl, {InstrFlag::Sync})), "shfl.sync.bfly.b32");
  auto match = instr(Opcode::Match, Type::B64);
  match.match = ir::MatchMode::Any;
  EXPECT_EQ(spell(with(match, {InstrFlag::Sync})), "match.any.sync.b64");
  auto redux = instr(Opcode::Redux, Type::U32);
  redux.aop = ir::AtomOp::Add;
  EXPECT_EQ(spell(with(redux, {InstrFlag::Sync})), "redux.sync.add.u32");
  EXPECT_EQ(spell(instr(Opcode::Activemask, Type::B32)), "activemask.b32");

  auto bar = instr(Opcode::Bar);
  bar.bar = ir::BarOp::Sync;
  EXPECT_EQ(spell(with(bar, {InstrFlag::Aligned})), "bar.sync");
  EXPECT_EQ(spell(bar), "barrier.sync");
  bar.bar = ir::BarOp::Arrive;
  EXPECT_EQ(spell(with(bar, {InstrFlag::Aligned})), "bar.arrive");
  bar.bar = ir::BarOp::Red;
  bar.aop = ir::AtomOp::Popc;
  EXPECT_EQ(spell(with(bar, {InstrFlag::Aligned, InstrFlag::Red32})), "bar.red.popc.u32");
  bar.aop = ir::AtomOp::None;
  bar.bop = ir::BoolOp::Or;
  EXPECT_EQ(spell(with(bar, {InstrFlag::Aligned})), "bar.red.or.pred");
  EXPECT_EQ(spell(instr(Opcode::BarWarp)), "bar.warp.sync");

  auto membar = instr(Opcode::Membar);
  membar.scope = ir::Scope::Gpu;
  EXPECT_EQ(spell(membar), "membar.gl");
  membar.scope = ir::Scope::Cta;
  EXPECT_EQ(spell(membar), "membar.cta");
  auto fence = instr(Opcode::Fence);
  fence.sem = ir::MemSem::Sc;
  fence.scope = ir::Scope::Sys;
  EXPECT_EQ(spell(fence), "fence.sc.sys");
  fence.sem = ir::MemSem::AcqRel;
  fence.scope = ir::Scope::Cluster;
  EXPECT_EQ(spell(fence), "fence.acq_rel.cluster");
}

TEST(PrinterOpcode, Control) {
  EXPECT_EQ(spell(instr(Opcode::Bra)), "bra");
  EXPECT_EQ(spell(with(instr(Opcode::Bra), {InstrFlag::Uni})), "bra.uni");
  EXPECT_EQ(spell(instr(Opcode::BrxIdx)), "brx.idx");
  EXPECT_EQ(spell(instr(Opcode::Ret)), "ret");
  EXPECT_EQ(spell(instr(Opcode::Exit)), "exit");
  EXPECT_EQ(spell(instr(Opcode::Trap)), "trap");
  EXPECT_EQ(spell(instr(Opcode::Brkpt)), "brkpt");
  EXPECT_EQ(spell(instr(Opcode::Nanosleep, Type::U32)), "nanosleep.u32");
  EXPECT_EQ(spell(with(instr(Opcode::TmBegin), {InstrFlag::Uni})), "call.uni");
  EXPECT_EQ(spell(instr(Opcode::Print)), "call");
}

}  // namespace
}  // namespace lockstep
