// PTX's predefined constant WARP_SZ (nvcc's `warpSize`): the integer 32
// wherever an integer constant may stand, never a name that can be declared.
#include <string>

#include <gtest/gtest.h>

#include "frontend/ptx/printer.hpp"
#include "tests/frontend/lower_test_kit.hpp"
#include "tests/frontend/parser_test_kit.hpp"

namespace lockstep::test {
namespace {

using ir::OperandKind;

TEST(LowerPredefined, WarpSizeIsTheImmediate32InEveryOperandPosition) {
  const Lowered l(kernel_with(
      "mov.u32 %r1, WARP_SZ;\n"            // nvcc's warpSize
      "rem.u32 %r2, %r1, WARP_SZ;\n"       // any value operand
      "setp.lt.u32 %p1, WARP_SZ, %r2;\n"
      "mov.u64 %rd1, WARP_SZ;\n"
      "mov.s32 %r3, -WARP_SZ;\n"
      "shfl.sync.idx.b32 %r4, %r1, 0, WARP_SZ, -1;\n"
      "ret;"));
  EXPECT_EQ(l.op(0, 1).kind, OperandKind::ImmInt);
  EXPECT_EQ(l.op(0, 1).value, 32);
  EXPECT_EQ(l.op(1, 2).value, 32);
  EXPECT_EQ(l.op(2, 1).kind, OperandKind::ImmInt);
  EXPECT_EQ(l.op(2, 1).value, 32);
  EXPECT_EQ(l.op(3, 1).value, 32);
  EXPECT_EQ(l.op(4, 1).value, -32);
  EXPECT_EQ(l.op(5, 3).value, 32);
}

TEST(LowerPredefined, WarpSizeInAddressesInitialisersAndArraySizes) {
  const Lowered l(
      ".version 8.0\n.target sm_80\n.address_size 64\n"
      ".global .u32 g = WARP_SZ;\n"
      ".global .s32 h[2] = {WARP_SZ, -WARP_SZ};\n"
      ".visible .entry k(.param .u64 k_p0)\n{\n"
      ".reg .b64 %rd<2>;\n.reg .b32 %r<2>;\n"
      ".shared .u32 buf[WARP_SZ];\n"
      "ld.param.u64 %rd1, [k_p0];\n"
      "st.global.u32 [%rd1+WARP_SZ], %r1;\n"
      "ld.shared.u32 %r1, [buf+-WARP_SZ];\n"
      "ret;\n}\n");
  const ir::Variable& g = l.module.globals.at(0);
  ASSERT_EQ(g.init.size(), 4U);
  EXPECT_EQ(g.init[0], 32);
  const ir::Variable& h = l.module.globals.at(1);
  ASSERT_EQ(h.init.size(), 8U);
  EXPECT_EQ(h.init[0], 32);
  EXPECT_EQ(h.init[4], 0xe0);  // -32, little-endian
  const ir::Variable& buf = l.kernel().vars.back();
  EXPECT_EQ(buf.name, "buf");
  ASSERT_EQ(buf.dims.size(), 1U);
  EXPECT_EQ(buf.dims[0], 32U);
  EXPECT_EQ(l.op(1, 0).kind, OperandKind::Address);
  EXPECT_EQ(l.op(1, 0).value, 32);
  EXPECT_EQ(l.op(2, 1).value, -32);
}

TEST(LowerPredefined, LongerNamesAreNotTheConstant) {
  const Lowered l(
      ".version 8.0\n.target sm_80\n.address_size 64\n"
      ".global .u64 WARP_SZ2;\n"
      ".visible .entry k()\n{\n.reg .b64 %rd<2>;\n"
      "mov.u64 %rd1, WARP_SZ2;\nret;\n}\n");
  EXPECT_EQ(l.op(0, 1).kind, OperandKind::Symbol);
  EXPECT_EQ(load_error(kernel_with("mov.u32 %r1, WARP_SZE;\nret;")),
            "bad.ptx:13:14: error: undeclared identifier 'WARP_SZE'");
}

TEST(LowerPredefined, PrintsAs32AndReparsesToTheSameIr) {
  const Lowered l(kernel_with("mov.u32 %r1, WARP_SZ;\nret;"));
  const std::string text = ptx::print(l.module);
  EXPECT_NE(text.find("mov.u32\t%r1, 32;"), std::string::npos) << text;
  const Lowered again(text);
  EXPECT_TRUE(ir::same_meaning(again.instr(0), l.instr(0)));
  EXPECT_EQ(again.op(0, 1), l.op(0, 1));
}

TEST(LowerPredefined, TheConstantCannotBeDeclared) {
  const std::string msg = "error: cannot declare 'WARP_SZ': it is PTX's predefined warp-size constant";
  EXPECT_EQ(parse_error(".version 8.0\n.global .u32 WARP_SZ;\n"), "bad.ptx:2:14: " + msg);
  EXPECT_EQ(parse_error(kernel_text(".reg .b32 %r, WARP_SZ;")), "bad.ptx:6:15: " + msg);
  EXPECT_EQ(parse_error(kernel_text("WARP_SZ:\nret;")), "bad.ptx:6:1: " + msg);
  EXPECT_EQ(parse_error(".version 8.0\n.func WARP_SZ()\n{\nret;\n}\n"), "bad.ptx:2:7: " + msg);
  EXPECT_EQ(parse_error(".version 8.0\n.entry k(.param .u32 WARP_SZ)\n{\nret;\n}\n"), "bad.ptx:2:22: " + msg);
}

}  // namespace
}  // namespace lockstep::test
