// PTX grammar: instructions, guards, labels and operands (registers,
// special registers, immediates in every radix, float literals, vectors,
// pairs, addresses, calls).
#include <bit>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "tests/frontend/parser_test_kit.hpp"

namespace lockstep::test {
namespace {

using namespace ptx::ast;
using Kind = Operand::Kind;

/// Parses one instruction line inside a kernel and returns it (the Parsed
/// is kept in `holder`).
const Instruction& one(std::unique_ptr<Parsed>& holder, const std::string& line) {
  holder = std::make_unique<Parsed>(kernel_text(line));
  return holder->stmt<Instruction>(0);
}

TEST(ParserInstr, DottedOpcodesKeepTheirSpelling) {
  const char* opcodes[] = {"ld.global.nc.v4.f32", "atom.global.cas.b32", "shfl.sync.down.b32",
                           "cvt.rn.f32.s32", "setp.lt.and.s32", "ld.param.b32",
                           "st.shared::cta.b32", "ld.global.L2::cache_hint.b32",
                           "ld.global.L1::no_allocate.b32",
                           "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes",
                           "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", "ret", "exit"};
  std::unique_ptr<Parsed> h;
  for (const char* op : opcodes) {
    EXPECT_EQ(one(h, std::string(op) + ";").opcode, op);
  }
}

TEST(ParserInstr, RegistersNamesAndSpecialRegisters) {
  std::unique_ptr<Parsed> h;
  const auto& i = one(h, "mov.u32 \t%r1, %tid.x;");
  EXPECT_EQ(i.opcode, "mov.u32");
  ASSERT_EQ(i.operands.size(), 2U);
  EXPECT_EQ(i.operands[0].kind, Kind::Name);
  EXPECT_EQ(i.operands[0].text, "%r1");
  EXPECT_EQ(i.operands[1].text, "%tid.x");
  EXPECT_EQ(h->at(i.offset), "6:1");
  EXPECT_EQ(h->at(i.operands[1].offset), "6:15");
  EXPECT_EQ(one(h, "mov.u32 %r1, %lanemask_lt;").operands[1].text, "%lanemask_lt");
  EXPECT_EQ(one(h, "mov.u64 %rd1, %clock64;").operands[1].text, "%clock64");
  EXPECT_EQ(one(h, "mov.u32 %r1, %nctaid.z;").operands[1].text, "%nctaid.z");
  EXPECT_EQ(one(h, "mov.f32 %f1, %v.w;").operands[1].text, "%v.w");
  EXPECT_EQ(one(h, "mov.u64 %rd1, __local_depot0;").operands[1].text, "__local_depot0");
  EXPECT_EQ(one(h, "mov.u32 $r1, $r2;").operands[0].text, "$r1");
  EXPECT_EQ(one(h, "mov.u32 %r1, WARP_SZ;").operands[1].text, "WARP_SZ");
}

TEST(ParserInstr, IntegerImmediatesInEveryRadix) {
  struct Case {
    const char* text;
    std::uint64_t value;
  };
  const Case cases[] = {
      {"0", 0},         {"42", 42},      {"42U", 42},        {"0x2A", 42},
      {"0X2a", 42},     {"052", 42},     {"0b101010", 42},   {"0B101010U", 42},
      {"-1", ~0ULL},    {"-0x10", 0ULL - 16},                {"0xFFFFFFFFFFFFFFFF", ~0ULL},
      {"18446744073709551615", ~0ULL},   {"0U", 0},          {"-0", 0},
  };
  std::unique_ptr<Parsed> h;
  for (const auto& c : cases) {
    const auto& i = one(h, std::string("add.s32 %r1, %r2, ") + c.text + ";");
    ASSERT_EQ(i.operands.size(), 3U) << c.text;
    EXPECT_EQ(i.operands[2].kind, Kind::Int) << c.text;
    EXPECT_EQ(i.operands[2].value, c.value) << c.text;
    EXPECT_EQ(i.operands[2].text, c.text);
  }
}

TEST(ParserInstr, FloatLiterals) {
  std::unique_ptr<Parsed> h;
  auto lit = [&](const std::string& t) { return one(h, "mov.f32 %f1, " + t + ";").operands[1]; };
  EXPECT_EQ(lit("0f3F800000").kind, Kind::Float32);
  EXPECT_EQ(lit("0f3F800000").value, 0x3F800000U);
  EXPECT_EQ(lit("0F3f800000").value, 0x3F800000U);
  EXPECT_EQ(lit("-0f3F800000").value, 0xBF800000U);
  EXPECT_EQ(lit("0d3FF0000000000000").kind, Kind::Float64);
  EXPECT_EQ(lit("0D3FF0000000000000").value, 0x3FF0000000000000U);
  EXPECT_EQ(lit("-0d3FF0000000000000").value, 0xBFF0000000000000U);
  EXPECT_EQ(lit("1.5").kind, Kind::Decimal);
  EXPECT_EQ(std::bit_cast<double>(lit("1.5").value), 1.5);
  EXPECT_EQ(std::bit_cast<double>(lit("-2.5e-3").value), -2.5e-3);
  EXPECT_EQ(std::bit_cast<double>(lit("1e10").value), 1e10);
  EXPECT_EQ(std::bit_cast<double>(lit("2.").value), 2.0);
  EXPECT_EQ(std::bit_cast<double>(lit("0.1").value), 0.1);
}

TEST(ParserInstr, GuardsAndNegatedPredicates) {
  std::unique_ptr<Parsed> h;
  const auto& a = one(h, "@%p1 bra $L__BB0_2;");
  EXPECT_TRUE(a.has_guard);
  EXPECT_FALSE(a.guard.negated);
  EXPECT_EQ(a.guard.reg, "%p1");
  EXPECT_EQ(a.opcode, "bra");
  EXPECT_EQ(h->at(a.opcode_offset), "6:6");
  EXPECT_EQ(a.operands.at(0).text, "$L__BB0_2");
  const auto& b = one(h, "\t@!%p2 bra.uni \tBB0_2;");
  EXPECT_TRUE(b.guard.negated);
  EXPECT_EQ(b.guard.reg, "%p2");
  EXPECT_EQ(h->at(b.offset), "6:2");
  EXPECT_EQ(h->at(b.guard.offset), "6:2");
  const auto& c = one(h, "selp.b32 %r1, 1, 0, !%p3;");
  EXPECT_TRUE(c.operands[3].negated);
  EXPECT_EQ(c.operands[3].text, "%p3");
  EXPECT_EQ(one(h, "@ !%p4 ret;").guard.reg, "%p4");
}

TEST(ParserInstr, VectorsPairsAndSinks) {
  std::unique_ptr<Parsed> h;
  const auto& v = one(h, "ld.global.v4.u32 {%r1, %r2, _, %r4}, [%rd1];");
  ASSERT_EQ(v.operands[0].kind, Kind::Vector);
  ASSERT_EQ(v.operands[0].elems.size(), 4U);
  EXPECT_EQ(v.operands[0].elems[2].text, "_");
  const auto& p = one(h, "setp.eq.s32 %p1|%p2, %r1, 0;");
  EXPECT_EQ(p.operands[0].kind, Kind::Pair);
  EXPECT_EQ(p.operands[0].text, "%p1");
  EXPECT_EQ(p.operands[0].text2, "%p2");
  const auto& s = one(h, "shfl.sync.bfly.b32 %r4 | %p2, %r3, 1, 31, -1;");
  EXPECT_EQ(s.operands[0].text2, "%p2");
  EXPECT_EQ(s.operands[4].value, ~0ULL);
  const auto& m = one(h, "mov.b64 %rd1, {%r1, %r2};");
  EXPECT_EQ(m.operands[1].elems.size(), 2U);
  const auto& plus = one(h, "mov.u64 %rd1, $str+8;");
  EXPECT_EQ(plus.operands[1].kind, Kind::SymPlus);
  EXPECT_EQ(plus.operands[1].text, "$str");
  EXPECT_EQ(plus.operands[1].value, 8U);
}

TEST(ParserInstr, Addresses) {
  struct Case {
    const char* text;
    const char* base;
    std::uint64_t offset;
  };
  const Case cases[] = {
      {"[%rd1]", "%rd1", 0},       {"[%rd1+4]", "%rd1", 4},    {"[%rd1+-4]", "%rd1", 0ULL - 4},
      {"[%rd1-4]", "%rd1", 0ULL - 4}, {"[sym+8]", "sym", 8},   {"[sym]", "sym", 0},
      {"[0x100]", "", 256},        {"[%r7+0]", "%r7", 0},       {"[ %SP + 0x10 ]", "%SP", 16},
      {"[__cudaparm__Z1kPi_a]", "__cudaparm__Z1kPi_a", 0},
  };
  std::unique_ptr<Parsed> h;
  for (const auto& c : cases) {
    const auto& i = one(h, std::string("ld.u32 %r1, ") + c.text + ";");
    const auto& a = i.operands.at(1);
    EXPECT_EQ(a.kind, Kind::Address) << c.text;
    EXPECT_EQ(a.text, c.base) << c.text;
    EXPECT_EQ(a.value, c.offset) << c.text;
    EXPECT_EQ(h->at(a.offset), "6:13") << c.text;
  }
  const auto& st = one(h, "st.global.v2.f32 [%rd4+8], {%f1, %f2};");
  EXPECT_EQ(st.operands[0].kind, Kind::Address);
  EXPECT_EQ(st.operands[1].kind, Kind::Vector);
}

TEST(ParserInstr, TextureTuples) {
  std::unique_ptr<Parsed> h;
  const auto& t = one(h, "tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [tex0, smp, {%f5, %f6}];");
  const auto& a = t.operands.at(1);
  EXPECT_EQ(a.kind, Kind::Address);
  EXPECT_EQ(a.text, "tex0");
  ASSERT_EQ(a.elems.size(), 2U);
  EXPECT_EQ(a.elems[0].text, "smp");
  EXPECT_EQ(a.elems[1].kind, Kind::Vector);
  const auto& b = one(h, "tex.1d.v4.s32.s32 {%r1,%r2,%r3,%r4},[texRef,{%r5}];");
  EXPECT_EQ(b.operands[1].elems.size(), 1U);
}

TEST(ParserInstr, CallForms) {
  std::unique_ptr<Parsed> h;
  const auto& a = one(h, "call.uni (retval0), \n\t_Z1fifPi, \n\t(\n\tparam0, \n\tparam1\n\t);");
  EXPECT_EQ(a.opcode, "call.uni");
  EXPECT_TRUE(a.call_has_rets);
  ASSERT_EQ(a.call_rets.size(), 1U);
  EXPECT_EQ(a.call_rets[0].text, "retval0");
  ASSERT_EQ(a.operands.size(), 1U);
  EXPECT_EQ(a.operands[0].text, "_Z1fifPi");
  EXPECT_TRUE(a.call_has_args);
  ASSERT_EQ(a.call_args.size(), 2U);
  EXPECT_EQ(a.call_args[1].text, "param1");
  EXPECT_EQ(h->at(a.call_args[1].offset), "10:2");

  const auto& b = one(h, "call f;");
  EXPECT_FALSE(b.call_has_rets);
  EXPECT_FALSE(b.call_has_args);
  EXPECT_EQ(b.operands.at(0).text, "f");

  const auto& c = one(h, "call (r), f;");
  EXPECT_TRUE(c.call_has_rets);
  EXPECT_FALSE(c.call_has_args);

  const auto& d = one(h, "call f, (a);");
  EXPECT_FALSE(d.call_has_rets);
  EXPECT_TRUE(d.call_has_args);
  EXPECT_EQ(d.call_args.size(), 1U);

  const auto& e = one(h, "call %rd1, (p), proto;");
  ASSERT_EQ(e.operands.size(), 2U);
  EXPECT_EQ(e.operands[0].text, "%rd1");
  EXPECT_EQ(e.operands[1].text, "proto");
  EXPECT_EQ(e.call_args.size(), 1U);

  const auto& f = one(h, "call.uni f, ();");
  EXPECT_TRUE(f.call_has_args);
  EXPECT_TRUE(f.call_args.empty());

  const auto& g = one(h, "@%p1 call.uni (%r1), _Z3fooi, (%r2, 5);");
  EXPECT_TRUE(g.has_guard);
  EXPECT_EQ(g.call_args[1].kind, Kind::Int);
}

TEST(ParserInstr, LabelsInEveryStyle) {
  const Parsed p(kernel_text(
      "$L__BB0_1:\nBB0_2:\n$Lt_0_1026:\n$LDWbegin__Z6kernelPi:\n$LBB1_3 :\n"
      "__internal_1: ret;\n$L__BB0_1: bra $L__BB0_1;"));
  const char* names[] = {"$L__BB0_1", "BB0_2", "$Lt_0_1026", "$LDWbegin__Z6kernelPi",
                         "$LBB1_3", "__internal_1"};
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(p.stmt<Label>(i).name, names[i]);
  EXPECT_EQ(p.at(p.stmt<Label>(1).offset), "7:1");
  EXPECT_EQ(p.stmt<Instruction>(6).opcode, "ret");
  EXPECT_EQ(p.stmt<Instruction>(8).operands.at(0).text, "$L__BB0_1");
}

TEST(ParserInstr, WhitespaceAndCommentsBetweenTokens) {
  std::unique_ptr<Parsed> h;
  const auto& i = one(h, "add.s32/*x*/%r1 , // c\n %r2\n,\n/* y */ 3 ;");
  ASSERT_EQ(i.operands.size(), 3U);
  EXPECT_EQ(i.operands[2].value, 3U);
}

TEST(ParserInstr, StatementPragmaAndLoc) {
  const Parsed p(kernel_text(
      ".pragma \"nounroll\";\n.loc 1 42 7\n.loc\t2\t10\t0, function_name $L__info_string0, "
      "inlined_at 1 20 3\n.loc 1 5 3, function_name $L__info_string1+12\nret;"));
  EXPECT_EQ(p.stmt<Pragma>(0).text, "nounroll");
  EXPECT_EQ(p.stmt<LocDir>(1).file, 1U);
  EXPECT_EQ(p.stmt<LocDir>(1).line, 42U);
  EXPECT_EQ(p.stmt<LocDir>(1).col, 7U);
  EXPECT_EQ(p.stmt<LocDir>(2).file, 2U);
  EXPECT_EQ(p.stmt<LocDir>(2).line, 10U);
  EXPECT_EQ(p.stmt<LocDir>(3).line, 5U);
  EXPECT_EQ(p.stmt<Instruction>(4).opcode, "ret");
}

}  // namespace
}  // namespace lockstep::test
