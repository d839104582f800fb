// ptxas accepts what the printer writes for hand-built modules that use
// every printed construct: call sequences of the IR-only opcodes, marker
// definitions, branch tables, relocated initialisers, `.loc` lines.
// Skipped when ptxas is not installed.
#include <gtest/gtest.h>

#include <string>

#include "frontend/ptx/printer.hpp"
#include "tests/frontend/printer_ptxas.hpp"
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

/// Globals: x (.b8[16]), p (.u64[2] = {generic(x)+4, x}), fmt string.
void add_globals(ir::Module& m) {
  auto x = test::variable("x", Space::Global, Type::B8, {16});
  x.align = 4;
  m.globals.push_back(x);
  auto p = test::variable("p", Space::Global, Type::U64, {2});
  p.align = 8;
  p.has_init = true;
  p.init.assign(16, 0);
  p.relocations = {{0, 0, 4, true}, {8, 0, 0, false}};
  m.globals.push_back(p);
  auto str = test::variable("$str", Space::Global, Type::B8, {3});
  str.align = 1;
  str.has_init = true;
  str.init = {104, 105, 0};
  m.globals.push_back(str);
  auto c = test::variable("c", Space::Const, Type::F32, {2});
  c.has_init = true;
  c.init = {0, 0, 0x80, 0x3f, 0, 0, 0, 0x40};
  m.globals.push_back(c);
}

ir::Kernel rich_kernel() {
  KernelBuilder b("rich");
  const auto out = b.param("rich_param_0", Type::U64);
  auto buf = test::variable("buf", Space::Shared, Type::B8, {128});
  buf.align = 4;
  const auto shared = b.var(buf);
  const auto param0 = b.var(test::variable("param0", Space::Param, Type::B64));
  const auto param1 = b.var(test::variable("param1", Space::Param, Type::B64));
  const auto retval0 = b.var(test::variable("retval0", Space::Param, Type::B32));
  const auto p = b.regs("%p", Type::Pred, 3);
  const auto r = b.regs("%r", Type::B32, 8);
  const auto f = b.regs("%f", Type::F32, 3);
  const auto rd = b.regs("%rd", Type::B64, 6);

  auto loc = [](ir::Instr in, std::uint32_t line) {
    in.cuda = {1, line, 5};
    return in;
  };
  auto ldp = instr(Opcode::Ld, Type::U64);
  ldp.space = Space::Param;
  b.emit(loc(ldp, 3), {test::reg(rd + 1), test::addr_sym(out, SymScope::Kernel)});
  auto cvta = with(instr(Opcode::Cvta, Type::U64), {InstrFlag::ToSpace});
  cvta.space = Space::Global;
  b.emit(loc(cvta, 3), {test::reg(rd + 2), test::reg(rd + 1)});
  b.emit(loc(instr(Opcode::Mov, Type::U32), 4), {test::reg(r + 1), test::special(SpecialReg::Tid, 1)});
  auto setp = instr(Opcode::Setp, Type::U32);
  setp.cmp = ir::CmpOp::Lt;
  b.emit(setp, {test::pair(p + 1, p + 2), test::reg(r + 1), test::imm(4)});
  auto shfl = with(instr(Opcode::Shfl, Type::B32), {InstrFlag::Sync});
  shfl.shfl = ir::ShflMode::Bfly;
  b.emit(shfl, {test::pair(r + 2, p + 2), test::reg(r + 1), test::imm(1), test::imm(31),
                test::imm(-1)});
  auto vote = with(instr(Opcode::Vote, Type::B32), {InstrFlag::Sync});
  vote.vote = ir::VoteMode::Ballot;
  b.emit(vote, {test::reg(r + 3), test::reg(p + 1, true), test::imm(-1)});
  auto sts = instr(Opcode::St, Type::U32);
  sts.space = Space::Shared;
  sts.vec = 2;
  b.emit(sts, {test::addr_sym(shared, SymScope::Kernel, 8),
               test::vec({test::reg(r + 2), test::reg(r + 3)})});
  auto bar = with(instr(Opcode::Bar), {InstrFlag::Aligned});
  bar.bar = ir::BarOp::Sync;
  b.emit(bar, {test::imm(0)});
  auto atom = instr(Opcode::Atom, Type::U32);
  atom.space = Space::Global;
  atom.aop = ir::AtomOp::Add;
  b.emit(atom, {test::reg(r + 4), test::addr_reg(rd + 2, 4), test::imm(1)});
  auto ldc = instr(Opcode::Ld, Type::F32);
  ldc.space = Space::Const;
  b.emit(ldc, {test::reg(f + 1), test::addr_sym(3, SymScope::Module, 4)});
  auto fma = instr(Opcode::Fma, Type::F32);
  fma.rnd = ir::Rounding::Rn;
  b.emit(fma, {test::reg(f + 2), test::reg(f + 1), test::f32(2.0F), test::f32(-0.5F)});
  b.emit(instr(Opcode::And, Type::B32), {test::reg(r + 5), test::reg(r + 1), test::imm(1)});
  // brx.idx to PC 14 (labelled) and PC 16 (gets a generated label).
  b.emit(instr(Opcode::BrxIdx), {test::reg(r + 5), test::vec({test::label(14), test::label(16)})});
  b.emit(with(instr(Opcode::TmBegin), {InstrFlag::Uni}));
  b.emit(with(instr(Opcode::TmCommit), {InstrFlag::Uni}));
  b.emit(with(instr(Opcode::Bra), {InstrFlag::Uni}), {test::label(19)});
  b.emit(instr(Opcode::Mov, Type::U64), {test::reg(rd + 3), test::symbol(2, SymScope::Module)});
  auto cvtag = instr(Opcode::Cvta, Type::U64);
  cvtag.space = Space::Global;
  b.emit(cvtag, {test::reg(rd + 4), test::reg(rd + 3)});
  auto stp = instr(Opcode::St, Type::B64);
  stp.space = Space::Param;
  b.emit(stp, {test::addr_sym(param0, SymScope::Kernel), test::reg(rd + 4)});
  b.emit(stp, {test::addr_sym(param1, SymScope::Kernel), test::imm(0)});
  b.emit(with(instr(Opcode::Print), {InstrFlag::Uni}),
         {test::symbol(retval0, SymScope::Kernel), test::symbol(param0, SymScope::Kernel),
          test::symbol(param1, SymScope::Kernel)});
  auto stg = instr(Opcode::St, Type::F32);
  stg.space = Space::Global;
  b.emit(stg, {test::addr_reg(rd + 2, -4), test::reg(f + 2)});
  b.emit(instr(Opcode::Ret));
  b.label("$L__BB0_1", 14);
  return b.take();
}

TEST(PrinterPtxas, HandBuiltModuleAssembles) {
  const std::string ptxas = test::find_ptxas();
  if (ptxas.empty()) GTEST_SKIP() << "ptxas not found on PATH or at /usr/local/cuda/bin/ptxas";
  ir::Module m = test::module64();
  m.files[1] = "rich.cu";
  add_globals(m);
  m.kernels.push_back(rich_kernel());
  const std::string text = ptx::print(m);
  EXPECT_EQ(test::ptxas_errors(ptxas, text, "hand_built"), "") << text;
}

TEST(PrinterPtxas, AssertFailCallAssembles) {
  const std::string ptxas = test::find_ptxas();
  if (ptxas.empty()) GTEST_SKIP() << "ptxas not found on PATH or at /usr/local/cuda/bin/ptxas";
  KernelBuilder b("asserts");
  std::vector<std::uint32_t> params;
  for (int i = 0; i < 5; ++i) {
    params.push_back(b.var(test::variable("param" + std::to_string(i), Space::Param,
                                          i == 2 ? Type::B32 : Type::B64)));
  }
  auto st64 = instr(Opcode::St, Type::B64);
  st64.space = Space::Param;
  auto st32 = st64;
  st32.type = Type::B32;
  for (int i = 0; i < 5; ++i) {
    b.emit(i == 2 ? st32 : st64, {test::addr_sym(params[static_cast<std::size_t>(i)],
                                                 SymScope::Kernel),
                                  test::imm(i)});
  }
  std::vector<test::Op> args;
  for (const auto v : params) args.emplace_back(test::symbol(v, SymScope::Kernel));
  b.emit(with(instr(Opcode::AssertFail), {InstrFlag::Uni}), args);
  b.emit(instr(Opcode::Ret));
  ir::Module m = test::module64();
  m.kernels.push_back(b.take());
  const std::string text = ptx::print(m);
  EXPECT_EQ(test::ptxas_errors(ptxas, text, "assert_fail"), "") << text;
}

}  // namespace
}  // namespace lockstep
