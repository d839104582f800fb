// Opcode decoding of the ALU families: integer and floating-point
// arithmetic, bit manipulation, comparison and selection, conversion.
#include <gtest/gtest.h>

#include "tests/frontend/lower_test_kit.hpp"

namespace lockstep::test {
namespace {

using ir::CmpOp;
using ir::InstrFlag;
using ir::Opcode;
using ir::Rounding;
using ir::Type;
using ptx::decode::Role;

TEST(DecodeAlu, IntegerArithmetic) {
  auto d = decode("add.s32");
  EXPECT_EQ(d.instr.op, Opcode::Add);
  EXPECT_EQ(d.instr.type, Type::S32);
  EXPECT_EQ(d.shape.count, 3);
  EXPECT_EQ(d.shape.roles[0], Role::Dst);
  EXPECT_EQ(d.shape.roles[2], Role::Src);

  d = decode("add.sat.s32");
  EXPECT_TRUE(d.instr.has(InstrFlag::Sat));
  d = decode("add.cc.u32");
  EXPECT_TRUE(d.instr.has(InstrFlag::CarryOut));
  d = decode("addc.cc.u32");
  EXPECT_EQ(d.instr.op, Opcode::Addc);
  EXPECT_TRUE(d.instr.has(InstrFlag::CarryOut));
  d = decode("subc.s64");
  EXPECT_EQ(d.instr.op, Opcode::Subc);

  d = decode("mul.wide.s32");
  EXPECT_EQ(d.instr.op, Opcode::Mul);
  EXPECT_EQ(d.instr.type, Type::S32);
  EXPECT_EQ(d.instr.stype, Type::None);
  EXPECT_TRUE(d.instr.has(InstrFlag::Wide));
  d = decode("mul.wide.u16");
  EXPECT_EQ(d.instr.type, Type::U16);
  d = decode("mul.hi.u64");
  EXPECT_TRUE(d.instr.has(InstrFlag::Hi));
  d = decode("mad.lo.cc.u32");
  EXPECT_EQ(d.instr.op, Opcode::Mad);
  EXPECT_TRUE(d.instr.has(InstrFlag::Lo));
  EXPECT_TRUE(d.instr.has(InstrFlag::CarryOut));
  EXPECT_EQ(d.shape.count, 4);
  d = decode("mad.hi.sat.s32");
  EXPECT_TRUE(d.instr.has(InstrFlag::Sat));
  d = decode("madc.hi.cc.u32");
  EXPECT_EQ(d.instr.op, Opcode::Madc);
  d = decode("mad.wide.u32");
  EXPECT_TRUE(d.instr.has(InstrFlag::Wide));
  d = decode("mul24.lo.s32");
  EXPECT_EQ(d.instr.op, Opcode::Mul24);
  d = decode("mad24.hi.sat.s32");
  EXPECT_EQ(d.instr.op, Opcode::Mad24);
  EXPECT_EQ(d.shape.count, 4);
  d = decode("sad.u32");
  EXPECT_EQ(d.instr.op, Opcode::Sad);
  EXPECT_EQ(decode("div.s64").instr.op, Opcode::Div);
  EXPECT_EQ(decode("rem.u32").instr.op, Opcode::Rem);
  EXPECT_EQ(decode("abs.s16").instr.op, Opcode::Abs);
  EXPECT_EQ(decode("neg.s32").shape.count, 2);
  EXPECT_EQ(decode("min.u16").instr.op, Opcode::Min);
  EXPECT_TRUE(decode("max.relu.s32").instr.has(InstrFlag::Relu));
}

TEST(DecodeAlu, FloatingPoint) {
  auto d = decode("add.rn.ftz.sat.f32");
  EXPECT_EQ(d.instr.rnd, Rounding::Rn);
  EXPECT_TRUE(d.instr.has(InstrFlag::Ftz));
  EXPECT_TRUE(d.instr.has(InstrFlag::Sat));
  EXPECT_EQ(decode("sub.rz.f64").instr.rnd, Rounding::Rz);
  EXPECT_EQ(decode("mul.rm.f32").instr.rnd, Rounding::Rm);
  EXPECT_EQ(decode("fma.rp.f64").instr.rnd, Rounding::Rp);
  EXPECT_EQ(decode("add.f16x2").instr.type, Type::F16x2);
  EXPECT_EQ(decode("fma.rn.relu.bf16x2").instr.type, Type::BF16x2);
  EXPECT_EQ(decode("mul.rn.bf16").instr.type, Type::BF16);
  EXPECT_EQ(decode("mad.rn.f32").instr.op, Opcode::Mad);

  d = decode("div.full.f32");
  EXPECT_TRUE(d.instr.has(InstrFlag::Full));
  d = decode("div.approx.ftz.f32");
  EXPECT_TRUE(d.instr.has(InstrFlag::Approx));
  d = decode("div.rn.f64");
  EXPECT_EQ(d.instr.rnd, Rounding::Rn);
  EXPECT_TRUE(decode("rcp.approx.f32").instr.has(InstrFlag::Approx));
  EXPECT_TRUE(decode("rcp.approx.ftz.f64").instr.has(InstrFlag::Ftz));
  EXPECT_EQ(decode("rcp.rn.f64").instr.rnd, Rounding::Rn);
  EXPECT_EQ(decode("sqrt.rn.f32").instr.op, Opcode::Sqrt);
  EXPECT_EQ(decode("sqrt.approx.ftz.f32").instr.op, Opcode::Sqrt);
  EXPECT_EQ(decode("rsqrt.approx.f64").instr.op, Opcode::Rsqrt);
  EXPECT_EQ(decode("sin.approx.f32").instr.op, Opcode::Sin);
  EXPECT_EQ(decode("cos.approx.ftz.f32").instr.op, Opcode::Cos);
  EXPECT_EQ(decode("lg2.approx.f32").instr.op, Opcode::Lg2);
  EXPECT_EQ(decode("ex2.approx.ftz.f32").instr.op, Opcode::Ex2);
  EXPECT_EQ(decode("ex2.approx.f16x2").instr.type, Type::F16x2);
  EXPECT_EQ(decode("tanh.approx.f32").instr.op, Opcode::Tanh);
  EXPECT_EQ(decode("copysign.f64").instr.op, Opcode::Copysign);
  EXPECT_EQ(decode("abs.ftz.f32").instr.op, Opcode::Abs);
  EXPECT_EQ(decode("neg.bf16x2").instr.type, Type::BF16x2);

  d = decode("min.NaN.f32");
  EXPECT_TRUE(d.instr.has(InstrFlag::NaN));
  d = decode("max.xorsign.abs.f32");
  EXPECT_TRUE(d.instr.has(InstrFlag::Xorsign));
  EXPECT_TRUE(d.instr.has(InstrFlag::Abs));

  d = decode("testp.notanumber.f64");
  EXPECT_EQ(d.instr.op, Opcode::Testp);
  EXPECT_EQ(d.instr.testp, ir::TestClass::NotANumber);
  EXPECT_EQ(d.shape.roles[0], Role::DstP);
  EXPECT_EQ(decode("testp.subnormal.f32").instr.testp, ir::TestClass::Subnormal);
  EXPECT_EQ(decode("testp.finite.f32").instr.testp, ir::TestClass::Finite);
}

TEST(DecodeAlu, BitManipulation) {
  EXPECT_EQ(decode("popc.b64").instr.op, Opcode::Popc);
  EXPECT_EQ(decode("clz.b32").instr.op, Opcode::Clz);
  EXPECT_EQ(decode("brev.b64").instr.op, Opcode::Brev);
  EXPECT_TRUE(decode("bfind.shiftamt.u32").instr.has(InstrFlag::Shiftamt));
  EXPECT_EQ(decode("fns.b32").shape.count, 4);
  EXPECT_EQ(decode("bfe.s64").shape.count, 4);
  EXPECT_EQ(decode("bfi.b32").shape.count, 5);
  auto d = decode("prmt.b32.f4e");
  EXPECT_EQ(d.instr.op, Opcode::Prmt);
  EXPECT_EQ(d.instr.prmt, ir::PrmtMode::F4e);
  EXPECT_EQ(decode("prmt.b32").instr.prmt, ir::PrmtMode::None);
  EXPECT_EQ(decode("prmt.b32.rc16").instr.prmt, ir::PrmtMode::Rc16);
  d = decode("lop3.b32");
  EXPECT_EQ(d.shape.count, 5);
  EXPECT_EQ(d.shape.roles[4], Role::Imm);
  EXPECT_EQ(decode("shf.l.wrap.b32").instr.shf, ir::ShfMode::LWrap);
  EXPECT_EQ(decode("shf.r.clamp.b32").instr.shf, ir::ShfMode::RClamp);
  EXPECT_EQ(decode("shl.b64").instr.op, Opcode::Shl);
  EXPECT_EQ(decode("shr.s32").instr.type, Type::S32);
  EXPECT_EQ(decode("and.pred").shape.roles[0], Role::DstP);
  EXPECT_EQ(decode("or.pred").shape.roles[2], Role::SrcP);
  EXPECT_EQ(decode("xor.b16").instr.op, Opcode::Xor);
  EXPECT_EQ(decode("not.b32").shape.count, 2);
  EXPECT_EQ(decode("cnot.b32").instr.op, Opcode::Cnot);
  d = decode("dp4a.u32.s32");
  EXPECT_EQ(d.instr.op, Opcode::Dp4a);
  EXPECT_EQ(d.instr.type, Type::U32);
  EXPECT_EQ(d.instr.stype, Type::S32);
  d = decode("dp2a.hi.s32.u32");
  EXPECT_EQ(d.instr.op, Opcode::Dp2a);
  EXPECT_TRUE(d.instr.has(InstrFlag::Hi));
  EXPECT_TRUE(decode("bmsk.clamp.b32").instr.has(InstrFlag::Clamp));
  EXPECT_FALSE(decode("bmsk.wrap.b32").instr.has(InstrFlag::Clamp));
  EXPECT_EQ(decode("szext.wrap.s32").instr.op, Opcode::Szext);
}

TEST(DecodeAlu, ComparisonAndSelection) {
  auto d = decode("setp.lt.and.s32");
  EXPECT_EQ(d.instr.op, Opcode::Setp);
  EXPECT_EQ(d.instr.cmp, CmpOp::Lt);
  EXPECT_EQ(d.instr.bop, ir::BoolOp::And);
  EXPECT_EQ(d.instr.type, Type::S32);
  EXPECT_EQ(d.shape.count, 4);
  EXPECT_EQ(d.shape.roles[0], Role::DstPP);
  EXPECT_EQ(d.shape.roles[3], Role::SrcP);
  d = decode("setp.ne.s32");
  EXPECT_EQ(d.shape.count, 3);
  EXPECT_EQ(decode("setp.lo.u32").instr.cmp, CmpOp::Lo);
  EXPECT_EQ(decode("setp.hs.u64").instr.cmp, CmpOp::Hs);
  EXPECT_EQ(decode("setp.gtu.ftz.f32").instr.cmp, CmpOp::Gtu);
  EXPECT_EQ(decode("setp.nan.f64").instr.cmp, CmpOp::Nan);
  EXPECT_EQ(decode("setp.eq.b32").instr.cmp, CmpOp::Eq);
  EXPECT_EQ(decode("setp.ge.or.f16x2").instr.bop, ir::BoolOp::Or);

  d = decode("set.gt.u32.s32");
  EXPECT_EQ(d.instr.op, Opcode::Set);
  EXPECT_EQ(d.instr.type, Type::U32);
  EXPECT_EQ(d.instr.stype, Type::S32);
  EXPECT_EQ(d.shape.roles[0], Role::Dst);
  d = decode("set.lt.xor.f32.f32");
  EXPECT_EQ(d.shape.count, 4);

  d = decode("selp.b32");
  EXPECT_EQ(d.shape.roles[3], Role::SrcP);
  d = decode("slct.ftz.f32.f32");
  EXPECT_EQ(d.instr.op, Opcode::Slct);
  EXPECT_EQ(d.instr.stype, Type::F32);
  EXPECT_EQ(decode("slct.u64.s32").instr.stype, Type::S32);
}

TEST(DecodeAlu, Conversion) {
  auto d = decode("cvt.rn.ftz.f32.f16");
  EXPECT_EQ(d.instr.op, Opcode::Cvt);
  EXPECT_EQ(d.instr.type, Type::F32);
  EXPECT_EQ(d.instr.stype, Type::F16);
  EXPECT_EQ(d.instr.rnd, Rounding::Rn);
  EXPECT_TRUE(d.instr.has(InstrFlag::Ftz));
  EXPECT_EQ(d.shape.count, 2);
  d = decode("cvt.u32.u16");
  EXPECT_EQ(d.instr.type, Type::U32);
  EXPECT_EQ(d.instr.stype, Type::U16);
  EXPECT_EQ(decode("cvt.rzi.s32.f64").instr.rnd, Rounding::Rzi);
  EXPECT_EQ(decode("cvt.rni.f32.f32").instr.rnd, Rounding::Rni);
  EXPECT_TRUE(decode("cvt.sat.f32.f32").instr.has(InstrFlag::Sat));
  EXPECT_TRUE(decode("cvt.rn.relu.f16.f32").instr.has(InstrFlag::Relu));
  EXPECT_TRUE(decode("cvt.rn.satfinite.bf16x2.f32").instr.has(InstrFlag::Satfinite));
  EXPECT_EQ(decode("cvt.rna.tf32.f32").instr.rnd, Rounding::Rna);
  EXPECT_EQ(decode("cvt.rn.f16x2.f32").shape.count, 3);  // d, a, b
  EXPECT_EQ(decode("cvt.rn.bf16x2.f32").shape.count, 3);
  d = decode("cvt.pack.sat.u8.s32.b32");
  EXPECT_EQ(d.instr.op, Opcode::CvtPack);
  EXPECT_EQ(d.instr.type, Type::U8);
  EXPECT_EQ(d.instr.stype, Type::S32);
  EXPECT_EQ(d.shape.count, 4);
}

TEST(DecodeAlu, DataMovement) {
  auto d = decode("mov.b64");
  EXPECT_EQ(d.instr.op, Opcode::Mov);
  EXPECT_EQ(d.shape.roles[0], Role::MovDst);
  EXPECT_EQ(d.shape.roles[1], Role::MovSrc);
  d = decode("mov.pred");
  EXPECT_EQ(d.shape.roles[0], Role::DstP);
  EXPECT_EQ(d.shape.roles[1], Role::SrcP);
  EXPECT_EQ(decode("mov.u16").instr.type, Type::U16);
}

TEST(DecodeAlu, OldIsaForms) {
  EXPECT_EQ(decode("mad24.lo.u32").instr.op, Opcode::Mad24);
  EXPECT_EQ(decode("div.full.f32").instr.op, Opcode::Div);
  EXPECT_EQ(decode("rcp.approx.f32").instr.op, Opcode::Rcp);
  EXPECT_EQ(decode("set.eq.u32.u32").instr.cmp, CmpOp::Eq);
  EXPECT_EQ(decode("sin.f32").instr.op, Opcode::Sin);  // before .approx was required
  EXPECT_EQ(decode("mul.lo.u16").instr.type, Type::U16);
}

struct BadSpelling {
  const char* spelling;
  const char* error;  ///< the message after "op.ptx:1:1: error: "
};

class DecodeAluErrors : public ::testing::TestWithParam<BadSpelling> {};

TEST_P(DecodeAluErrors, NamesTheWord) {
  EXPECT_EQ(decode_error(GetParam().spelling), std::string("op.ptx:1:1: error: ") + GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, DecodeAluErrors,
    ::testing::Values(
        BadSpelling{"frob.u32", "unknown opcode 'frob'"},
        BadSpelling{"add.zz.s32", "unknown modifier '.zz' for 'add'"},
        BadSpelling{"add.s32.zz", "unknown modifier '.zz' for 'add'"},
        BadSpelling{"add", "missing type in 'add'"},
        BadSpelling{"add.s32.s32", "too many types in 'add.s32.s32'"},
        BadSpelling{"add.b32", "type '.b32' is not valid for 'add.b32'"},
        BadSpelling{"add.nc.s32", "modifier '.nc' is not valid for 'add.nc.s32'"},
        BadSpelling{"add.rn.s32", "modifier '.rn' is not valid for 'add.rn.s32'"},
        BadSpelling{"add.rn.rz.f32", "conflicting modifiers '.rn' and '.rz' in 'add.rn.rz.f32'"},
        BadSpelling{"add.ftz.ftz.f32", "repeated modifier '.ftz' in 'add.ftz.ftz.f32'"},
        BadSpelling{"add.sat.u32", "modifier '.sat' is not valid for 'add.sat.u32'"},
        BadSpelling{"mul.wide.s64", "modifier '.wide' is not valid for 'mul.wide.s64'"},
        BadSpelling{"mul.hi.f32", "modifier '.hi' is not valid for 'mul.hi.f32'"},
        BadSpelling{"mul.hi.lo.s32", "conflicting modifiers in 'mul.hi.lo.s32'"},
        BadSpelling{"add.cc.u16", "modifier '.cc' is not valid for 'add.cc.u16'"},
        BadSpelling{"div.full.f64", "modifier '.full' is not valid for 'div.full.f64'"},
        BadSpelling{"max.xorsign.f32", "'.xorsign' and '.abs' go together in 'max.xorsign.f32'"},
        BadSpelling{"setp.s32", "missing comparison in 'setp.s32'"},
        BadSpelling{"setp.lt.b32", "modifier '.lt' is not valid for 'setp.lt.b32'"},
        BadSpelling{"setp.equ.s32", "modifier '.equ' is not valid for 'setp.equ.s32'"},
        BadSpelling{"setp.lo.f32", "modifier '.lo' is not valid for 'setp.lo.f32'"},
        BadSpelling{"set.gt.u32", "missing types in 'set.gt.u32'"},
        BadSpelling{"shf.l.b32", "missing mode ('.wrap' or '.clamp') in 'shf.l.b32'"},
        BadSpelling{"bmsk.b32", "missing mode ('.wrap' or '.clamp') in 'bmsk.b32'"},
        BadSpelling{"dp2a.u32.u32", "missing '.hi' or '.lo' in 'dp2a.u32.u32'"},
        BadSpelling{"testp.f32", "missing test class in 'testp.f32'"},
        BadSpelling{"cvt.f32", "missing types in 'cvt.f32'"},
        BadSpelling{"cvt.rzi.s32.s32", "modifier '.rzi' is not valid for 'cvt.rzi.s32.s32'"},
        BadSpelling{"cvt.rn.f32.e4m3x2", "unknown modifier '.e4m3x2' for 'cvt'"},
        BadSpelling{"cvt.pack.sat.u8.s32.b16", "type '.b16' is not valid for 'cvt.pack.sat.u8.s32.b16'"},
        BadSpelling{"popc.u32", "type '.u32' is not valid for 'popc.u32'"},
        BadSpelling{"sin.approx.f64", "type '.f64' is not valid for 'sin.approx.f64'"}),
    [](const auto& p) { return "case" + std::to_string(p.index); });

}  // namespace
}  // namespace lockstep::test
