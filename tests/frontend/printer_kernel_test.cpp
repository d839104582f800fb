// The printer's kernels: header, declarations, operands, labels, `.loc`,
// and the call sequences of the IR-only opcodes.
#include <gtest/gtest.h>

#include <string>

#include "frontend/ptx/printer.hpp"
#include "tests/frontend/printer_test_kit.hpp"

namespace lockstep {
namespace {

using ir::InstrFlag;
using ir::Opcode;
using ir::Space;
using ir::SpecialReg;
using ir::SymScope;
using ir::Type;
using test::instr;
using test::KernelBuilder;
using test::with;

constexpr const char* kPrelude =
    "//\n// Printed by lockstep\n//\n\n.version 9.0\n.target sm_75\n.address_size 64\n\n";

std::string print_one(ir::Kernel k, ir::Module m = test::module64()) {
  m.kernels.push_back(std::move(k));
  return ptx::print(m);
}

/// The text after the module prelude.
std::string body_of(const std::string& text) {
  const auto entry = text.find(".entry ");
  if (entry == std::string::npos) return text;
  const auto line = text.rfind('\n', entry);
  return text.substr(line == std::string::npos ? 0 : line + 1);
}

TEST(PrinterKernel, HeaderDeclarationsAndBody) {
  KernelBuilder b("_Z3addPii");
  const auto p0 = b.param("_Z3addPii_param_0", Type::U64);
  const auto p1 = b.param("_Z3addPii_param_1", Type::U32);
  auto buf = test::variable("buf", Space::Shared, Type::B8, {64});
  buf.align = 4;
  b.var(buf);
  const auto p = b.regs("%p", Type::Pred, 2);
  const auto r = b.regs("%r", Type::B32, 4);
  const auto rd = b.regs("%rd", Type::B64, 3);
  const auto sp = b.reg("%SP", Type::B64);

  auto ldp = instr(Opcode::Ld, Type::U64);
  ldp.space = Space::Param;
  b.emit(ldp, {test::reg(rd + 1), test::addr_sym(p0, SymScope::Kernel)});
  auto ldp32 = ldp;
  ldp32.type = Type::U32;
  b.emit(ldp32, {test::reg(r + 1), test::addr_sym(p1, SymScope::Kernel)});
  b.emit(instr(Opcode::Mov, Type::U32), {test::reg(r + 2), test::special(SpecialReg::Tid, 1)});
  auto setp = instr(Opcode::Setp, Type::U32);
  setp.cmp = ir::CmpOp::Ge;
  b.emit(setp, {test::reg(p + 1), test::reg(r + 2), test::reg(r + 1)});
  auto bra = instr(Opcode::Bra);
  bra.guard = p + 1;
  b.emit(bra, {test::label(8)});
  auto st = instr(Opcode::St, Type::U32);
  st.space = Space::Global;
  b.emit(st, {test::addr_reg(rd + 1, -4), test::reg(r + 2)});
  b.emit(instr(Opcode::Mov, Type::U64), {test::reg(sp), test::symbol(2, SymScope::Kernel, 8)});
  b.emit(with(instr(Opcode::Bra), {InstrFlag::Uni}), {test::label(8)});
  b.emit(instr(Opcode::Ret));
  b.label("$L__BB0_2", 8);

  EXPECT_EQ(print_one(b.take()),
            std::string(kPrelude) +
                ".visible .entry _Z3addPii(\n"
                "\t.param .u64 _Z3addPii_param_0,\n"
                "\t.param .u32 _Z3addPii_param_1\n"
                ")\n"
                "{\n"
                "\t.reg .pred \t%p<2>;\n"
                "\t.reg .b32 \t%r<4>;\n"
                "\t.reg .b64 \t%rd<3>;\n"
                "\t.reg .b64 \t%SP;\n"
                "\t.shared .align 4 .b8 buf[64];\n"
                "\n"
                "\tld.param.u64\t%rd1, [_Z3addPii_param_0];\n"
                "\tld.param.u32\t%r1, [_Z3addPii_param_1];\n"
                "\tmov.u32\t%r2, %tid.x;\n"
                "\tsetp.ge.u32\t%p1, %r2, %r1;\n"
                "\t@%p1 bra\t$L__BB0_2;\n"
                "\tst.global.u32\t[%rd1+-4], %r2;\n"
                "\tmov.u64\t%SP, buf+8;\n"
                "\tbra.uni\t$L__BB0_2;\n"
                "\n"
                "$L__BB0_2:\n"
                "\tret;\n"
                "}\n");
}

TEST(PrinterKernel, RegisterRanges) {
  KernelBuilder b("k", ir::Linkage::None);
  b.reg("%rd3", Type::B64);  // ranges come in the order of their first id
  b.reg("%r0", Type::B32);
  b.reg("%r1", Type::B32);
  b.reg("%r2", Type::U32);   // two types under one prefix: no range
  b.reg("%f2", Type::F32);   // a range declares from 0 to the largest
  b.reg("%f1", Type::F32);
  b.reg("%x0", Type::B16);   // a single register: no range
  b.reg("temp_param_reg", Type::B32);
  b.reg("temp_param_reg", Type::B32);  // the same name from another scope
  b.reg("%rd0", Type::B64);
  b.reg("%r01", Type::B32);  // not a canonical number: declared alone
  b.reg("%q1", Type::B32);   // %q<3> would also declare the variable %q0
  b.reg("%q2", Type::B32);
  b.reg("%r4_i1", Type::B32);  // a prefix with a digit: declared one by one
  b.reg("%r4_i2", Type::B32);
  b.var(test::variable("%q0", Space::Shared, Type::B32));
  b.emit(instr(Opcode::Exit));
  EXPECT_EQ(body_of(print_one(b.take())),
            ".entry k()\n"
            "{\n"
            "\t.reg .b64 \t%rd<4>;\n"
            "\t.reg .b32 \t%r0;\n"
            "\t.reg .b32 \t%r1;\n"
            "\t.reg .u32 \t%r2;\n"
            "\t.reg .f32 \t%f<3>;\n"
            "\t.reg .b16 \t%x0;\n"
            "\t.reg .b32 \ttemp_param_reg;\n"
            "\t.reg .b32 \ttemp_param_reg_1;\n"
            "\t.reg .b32 \t%r01;\n"
            "\t.reg .b32 \t%q1;\n"
            "\t.reg .b32 \t%q2;\n"
            "\t.reg .b32 \t%r4_i1;\n"
            "\t.reg .b32 \t%r4_i2;\n"
            "\t.shared .b32 %q0;\n"
            "\n"
            "\texit;\n"
            "}\n");
}

TEST(PrinterKernel, Operands) {
  KernelBuilder b("ops");
  const auto r = b.regs("%r", Type::B32, 3);
  const auto p = b.regs("%p", Type::Pred, 2);
  const auto f = b.regs("%f", Type::F32, 2);
  const auto fd = b.regs("%fd", Type::F64, 2);
  const auto rd = b.regs("%rd", Type::B64, 2);
  b.emit(instr(Opcode::Add, Type::S32), {test::reg(r + 1), test::reg(r + 2), test::imm(-8)});
  b.emit(instr(Opcode::Mov, Type::B64),
         {test::reg(rd + 1), test::imm(std::numeric_limits<std::int64_t>::min())});
  b.emit(instr(Opcode::Mov, Type::F32), {test::reg(f + 1), test::f32(1.0F)});
  b.emit(instr(Opcode::Mov, Type::F64), {test::reg(fd + 1), test::f64(-0.5)});
  auto shfl = with(instr(Opcode::Shfl, Type::B32), {InstrFlag::Sync});
  shfl.shfl = ir::ShflMode::Down;
  b.emit(shfl, {test::pair(r + 1, p + 1), test::reg(r + 2), test::imm(16), test::imm(31),
                test::imm(-1)});
  auto selp = instr(Opcode::Selp, Type::B32);
  b.emit(selp, {test::reg(r + 1), test::imm(1), test::imm(0), test::reg(p + 1, true)});
  auto vote = with(instr(Opcode::Vote, Type::B32), {InstrFlag::Sync});
  vote.vote = ir::VoteMode::Ballot;
  b.emit(vote, {test::reg(r + 1), test::reg(p + 1, true), test::imm(-1)});
  auto ld = instr(Opcode::Ld, Type::U32);
  ld.space = Space::Global;
  ld.vec = 4;
  b.emit(ld, {test::vec({test::reg(r + 1), test::sink(), test::reg(r + 2), test::sink()}),
              test::addr_abs(0x100)});
  auto st = instr(Opcode::St, Type::U32);
  st.space = Space::Shared;
  b.emit(st, {test::addr_sym(0, SymScope::Module, 12), test::reg(r)});
  b.emit(instr(Opcode::Mov, Type::U32), {test::reg(r), test::special(SpecialReg::Laneid)});
  b.emit(instr(Opcode::Mov, Type::U32), {test::reg(r), test::special(SpecialReg::Envreg, 3)});
  b.emit(instr(Opcode::Mov, Type::U64), {test::reg(rd), test::special(SpecialReg::Clock64)});
  b.emit(instr(Opcode::Mov, Type::U32), {test::reg(r), test::special(SpecialReg::Nctaid, 3)});
  auto ex = instr(Opcode::Exit);
  ex.guard = p;
  ex.guard_negated = true;
  b.emit(ex);

  ir::Module m = test::module64();
  auto sh = test::variable("sh", Space::Shared, Type::B8, {64});
  m.globals.push_back(sh);
  const std::string body = body_of(print_one(b.take(), m));
  const char* expected =
      "\tadd.s32\t%r1, %r2, -8;\n"
      "\tmov.b64\t%rd1, 0x8000000000000000;\n"
      "\tmov.f32\t%f1, 0f3F800000;\n"
      "\tmov.f64\t%fd1, 0dBFE0000000000000;\n"
      "\tshfl.sync.down.b32\t%r1|%p1, %r2, 16, 31, -1;\n"
      "\tselp.b32\t%r1, 1, 0, !%p1;\n"
      "\tvote.sync.ballot.b32\t%r1, !%p1, -1;\n"
      "\tld.global.v4.u32\t{%r1, _, %r2, _}, [0x100];\n"
      "\tst.shared.u32\t[sh+12], %r0;\n"
      "\tmov.u32\t%r0, %laneid;\n"
      "\tmov.u32\t%r0, %envreg3;\n"
      "\tmov.u64\t%rd0, %clock64;\n"
      "\tmov.u32\t%r0, %nctaid.z;\n"
      "\t@!%p0 exit;\n";
  EXPECT_NE(body.find(expected), std::string::npos) << body;
}

TEST(PrinterKernel, LabelsAtEveryPcAndGeneratedForBareTargets) {
  KernelBuilder b("labels");
  const auto p = b.reg("%p1", Type::Pred);
  auto bra = instr(Opcode::Bra);
  bra.guard = p;
  b.emit(bra, {test::label(2)});             // no label at 2: generated
  b.emit(bra, {test::label(0)});             // two labels at 0: the first is used
  b.emit(instr(Opcode::Ret));
  b.label("first", 0);
  b.label("second", 0);
  b.label("$L__pc2_taken_elsewhere", 1);
  b.label("end", 3);                         // after the last instruction
  EXPECT_EQ(body_of(print_one(b.take())),
            ".visible .entry labels()\n"
            "{\n"
            "\t.reg .pred \t%p1;\n"
            "\n"
            "first:\n"
            "second:\n"
            "\t@%p1 bra\t$L__pc2;\n"
            "\n"
            "$L__pc2_taken_elsewhere:\n"
            "\t@%p1 bra\tfirst;\n"
            "\n"
            "$L__pc2:\n"
            "\tret;\n"
            "\n"
            "end:\n"
            "}\n");
}

TEST(PrinterKernel, GeneratedLabelsAvoidExistingNames) {
  KernelBuilder b("clash");
  b.emit(instr(Opcode::Bra), {test::label(1)});
  b.emit(instr(Opcode::Ret));
  b.reg("$L__pc1", Type::B32);  // a register already has the natural name
  const std::string text = print_one(b.take());
  EXPECT_NE(text.find("\tbra\t$L__pc1_1;\n\n$L__pc1_1:\n\tret;\n"), std::string::npos) << text;
}

TEST(PrinterKernel, BranchTable) {
  KernelBuilder b("brx");
  const auto r = b.reg("%r1", Type::B32);
  b.emit(instr(Opcode::BrxIdx), {test::reg(r), test::vec({test::label(1), test::label(2)})});
  b.emit(instr(Opcode::Exit));
  b.emit(instr(Opcode::Ret));
  b.label("A", 1);
  b.label("B", 2);
  const std::string text = body_of(print_one(b.take()));
  EXPECT_NE(text.find("\t$L__brx0: .branchtargets A, B;\n\tbrx.idx\t%r1, $L__brx0;\n"),
            std::string::npos)
      << text;
}

TEST(PrinterKernel, LocLinesWhenTheCudaPositionChanges) {
  KernelBuilder b("loc");
  auto ret = instr(Opcode::Ret);
  auto nop = instr(Opcode::Mov, Type::U32);
  const auto r = b.reg("%r1", Type::U32);
  nop.cuda = {1, 10, 3};
  b.emit(nop, {test::reg(r), test::imm(1)});
  b.emit(nop, {test::reg(r), test::imm(2)});
  nop.cuda = {2, 4, 0};
  b.emit(nop, {test::reg(r), test::imm(3)});
  ret.cuda = {1, 12, 1};
  b.emit(ret);
  ir::Module m = test::module64();
  m.files[1] = "a.cu";
  m.files[2] = "b.h";
  const std::string text = print_one(b.take(), m);
  EXPECT_NE(text.find(".file\t1 \"a.cu\"\n.file\t2 \"b.h\"\n"), std::string::npos);
  EXPECT_NE(text.find("\t.loc\t1 10 3\n\tmov.u32\t%r1, 1;\n\tmov.u32\t%r1, 2;\n"
                      "\t.loc\t2 4 0\n\tmov.u32\t%r1, 3;\n\t.loc\t1 12 1\n\tret;\n"),
            std::string::npos)
      << text;
}

TEST(PrinterKernel, ALocLineZeroMarksTheReturnToNoSourceLine) {
  KernelBuilder b("loc0");
  auto nop = instr(Opcode::Mov, Type::U32);
  const auto r = b.reg("%r1", Type::U32);
  nop.cuda = {1, 10, 3};
  b.emit(nop, {test::reg(r), test::imm(1)});
  nop.cuda = {};
  b.emit(nop, {test::reg(r), test::imm(2)});
  b.emit(nop, {test::reg(r), test::imm(3)});
  nop.cuda = {1, 11, 3};
  b.emit(nop, {test::reg(r), test::imm(4)});
  b.emit(instr(Opcode::Ret));
  ir::Module m = test::module64();
  m.files[1] = "a.cu";
  const std::string text = print_one(b.take(), m);
  EXPECT_NE(text.find("\t.loc\t1 10 3\n\tmov.u32\t%r1, 1;\n\t.loc\t1 0 0\n\tmov.u32\t%r1, 2;\n"
                      "\tmov.u32\t%r1, 3;\n\t.loc\t1 11 3\n\tmov.u32\t%r1, 4;\n"),
            std::string::npos)
      << text;
}

TEST(PrinterKernel, TransactionalMarkersGetDefinitions) {
  KernelBuilder b("tm");
  b.emit(with(instr(Opcode::TmBegin), {InstrFlag::Uni}));
  b.emit(with(instr(Opcode::TmCommit), {InstrFlag::Uni}));
  b.emit(instr(Opcode::TmAbort));
  b.emit(instr(Opcode::Ret));
  const std::string text = print_one(b.take());
  EXPECT_NE(text.find(".func __tbegin()\n{\n\tret;\n}\n\n"
                      ".func __tcommit()\n{\n\tret;\n}\n\n"
                      ".func __tabort()\n{\n\tret;\n}\n\n"
                      ".visible .entry tm()"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\tcall.uni\t__tbegin, ();\n\tcall.uni\t__tcommit, ();\n"
                      "\tcall\t__tabort, ();\n\tret;\n"),
            std::string::npos)
      << text;
}

TEST(PrinterKernel, PrintAndAssertFailAreCallSequences) {
  KernelBuilder b("pr");
  std::vector<std::uint32_t> params;
  for (const char* name : {"param0", "param1", "retval0"}) {
    params.push_back(
        b.var(test::variable(name, Space::Param, name[0] == 'r' ? Type::B32 : Type::B64)));
  }
  const auto rd = b.reg("%rd1", Type::B64);
  auto st = instr(Opcode::St, Type::B64);
  st.space = Space::Param;
  b.emit(st, {test::addr_sym(params[0], SymScope::Kernel), test::reg(rd)});
  b.emit(with(instr(Opcode::Print), {InstrFlag::Uni}),
         {test::symbol(params[2], SymScope::Kernel), test::symbol(params[0], SymScope::Kernel),
          test::symbol(params[1], SymScope::Kernel)});
  b.emit(with(instr(Opcode::AssertFail), {InstrFlag::Uni}),
         {test::symbol(params[0], SymScope::Kernel), test::symbol(params[1], SymScope::Kernel),
          test::symbol(params[2], SymScope::Kernel), test::symbol(params[0], SymScope::Kernel),
          test::symbol(params[1], SymScope::Kernel)});
  b.emit(instr(Opcode::Ret));
  const std::string text = print_one(b.take());
  EXPECT_NE(text.find(".address_size 64\n\n"
                      ".extern .func (.param .b32 func_retval0) vprintf\n(\n"
                      "\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1\n)\n;\n"
                      ".extern .func __assertfail\n(\n"
                      "\t.param .b64 __assertfail_param_0,\n"
                      "\t.param .b64 __assertfail_param_1,\n"
                      "\t.param .b32 __assertfail_param_2,\n"
                      "\t.param .b64 __assertfail_param_3,\n"
                      "\t.param .b64 __assertfail_param_4\n)\n;\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\t.param .b64 param0;\n\t.param .b64 param1;\n\t.param .b32 retval0;\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\tst.param.b64\t[param0], %rd1;\n"
                      "\tcall.uni\t(retval0), vprintf, (param0, param1);\n"
                      "\tcall.uni\t__assertfail, (param0, param1, retval0, param0, param1);\n"),
            std::string::npos)
      << text;
}

TEST(PrinterKernel, DuplicateVariableNamesAreMadeUnique) {
  KernelBuilder b("dup");
  b.var(test::variable("param0", Space::Param, Type::B64));
  b.var(test::variable("param0", Space::Param, Type::B32));
  auto st = instr(Opcode::St, Type::B32);
  st.space = Space::Param;
  b.emit(st, {test::addr_sym(1, SymScope::Kernel), test::imm(0)});
  b.emit(instr(Opcode::Ret));
  const std::string text = print_one(b.take());
  EXPECT_NE(text.find("\t.param .b64 param0;\n\t.param .b32 param0_1;\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("\tst.param.b32\t[param0_1], 0;\n"), std::string::npos) << text;
}

TEST(PrinterKernel, EntryDirectives) {
  KernelBuilder b("d");
  b.kernel().directives.maxntid = {256, 1, 1};
  b.kernel().directives.minnctapersm = 2;
  b.kernel().directives.maxnreg = 32;
  b.emit(instr(Opcode::Ret));
  EXPECT_EQ(body_of(print_one(b.take())),
            ".visible .entry d()\n.maxntid 256, 1, 1\n.minnctapersm 2\n.maxnreg 32\n"
            "{\n\n\tret;\n}\n");
}

TEST(PrinterKernel, KernelsAreSeparatedByABlankLine) {
  ir::Module m = test::module64();
  for (const char* name : {"a", "b"}) {
    KernelBuilder b(name);
    b.emit(instr(Opcode::Ret));
    m.kernels.push_back(b.take());
  }
  EXPECT_EQ(ptx::print(m), std::string(kPrelude) +
                               ".visible .entry a()\n{\n\n\tret;\n}\n\n"
                               ".visible .entry b()\n{\n\n\tret;\n}\n");
}

}  // namespace
}  // namespace lockstep
