// Lowering of module-level things: directives, entries and their
// parameters (both styles), performance directives, `.file`/`.loc`, module
// variables with initialisers and relocations, and kernel endings.
#include <bit>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "frontend/ir/cuda_location.hpp"
#include "tests/frontend/lower_test_kit.hpp"

namespace lockstep::test {
namespace {

using Bytes = std::vector<std::uint8_t>;

const std::string kHead = ".version 8.0\n.target sm_80\n.address_size 64\n";

/// A module with the given module-scope lines and an empty kernel.
std::string with_globals(const std::string& globals) {
  return kHead + globals + "\n.entry k()\n{\nret;\n}\n";
}

const ir::Variable& global(const Lowered& l, const std::string& name) {
  for (const auto& g : l.module.globals) {
    if (g.name == name) return g;
  }
  throw std::runtime_error("no global " + name);
}

TEST(LowerModule, Directives) {
  const Lowered l(".version 7.8\n.target sm_75, texmode_independent\n.file 1 \"a.cu\"\n.file 2 \"b.h\"\n"
                  ".entry k()\n{\n.loc 1 10 3\nret;\n}\n");
  EXPECT_EQ(l.module.version_major, 7U);
  EXPECT_EQ(l.module.version_minor, 8U);
  ASSERT_EQ(l.module.targets.size(), 2U);
  EXPECT_EQ(l.module.targets[1], "texmode_independent");
  EXPECT_EQ(l.module.address_size, 32U);  // absent: 32
  EXPECT_FALSE(l.module.has_address_size);
  EXPECT_EQ(l.module.files.at(2), "b.h");
  EXPECT_EQ(l.module.path, "t.ptx");
  EXPECT_EQ(l.instr(0).cuda, (ir::CudaLoc{1, 10, 3}));

  const Lowered l64(with_globals(""));
  EXPECT_EQ(l64.module.address_size, 64U);
  EXPECT_TRUE(l64.module.has_address_size);
}

TEST(LowerModule, LocLineZeroIsNoSourceLine) {
  const Lowered l(".version 7.8\n.target sm_75\n.file 1 \"a.cu\"\n"
                  ".entry k()\n{\n.reg .b32 %r1;\n.loc 1 10 3\nmov.u32 %r1, 1;\n.loc 1 0 9\n"
                  "mov.u32 %r1, 2;\n.loc 1 11 3\nret;\n}\n");
  EXPECT_EQ(l.instr(0).cuda, (ir::CudaLoc{1, 10, 3}));
  EXPECT_EQ(l.instr(1).cuda, (ir::CudaLoc{}));
  EXPECT_EQ(l.instr(2).cuda, (ir::CudaLoc{1, 11, 3}));
  EXPECT_EQ(ir::cuda_location(l.module, l.instr(0).cuda), "a.cu:10");
  EXPECT_EQ(ir::cuda_location(l.module, l.instr(1).cuda), "");
  // Built by hand, a position on line 0 or in an undeclared file.
  EXPECT_EQ(ir::cuda_location(l.module, ir::CudaLoc{1, 0, 4}), "");
  EXPECT_EQ(ir::cuda_location(l.module, ir::CudaLoc{3, 7, 1}), "?:7");
  EXPECT_FALSE(ir::has_source_line(ir::CudaLoc{1, 0, 4}));
  EXPECT_TRUE(ir::has_source_line(ir::CudaLoc{1, 1, 0}));
}

TEST(LowerModule, BadVersions) {
  EXPECT_EQ(load_error(".version 0.9\n.entry k()\n{\nret;\n}\n"),
            "bad.ptx:1:10: error: unsupported PTX ISA version 0.9 (expected 1.0 to 9.x)");
  EXPECT_EQ(load_error(".version 12.0\n.entry k()\n{\nret;\n}\n"),
            "bad.ptx:1:10: error: unsupported PTX ISA version 12.0 (expected 1.0 to 9.x)");
}

TEST(LowerModule, EntryParameters) {
  const Lowered l(kHead + ".visible .entry k(\n.param .u64 k_a,\n.param .align 8 .b8 k_s[16],\n"
                  ".param .u64 .ptr .global .align 4 k_p\n)\n.maxntid 256, 1, 1\n.minnctapersm 2\n{\nret;\n}\n");
  const ir::Kernel& k = l.kernel();
  EXPECT_EQ(k.name, "k");
  EXPECT_EQ(k.linkage, ir::Linkage::Visible);
  ASSERT_EQ(k.params.size(), 3U);
  for (std::size_t i = 0; i < 3; ++i) {
    const ir::Variable& p = k.vars.at(k.params[i]);
    EXPECT_TRUE(p.is_param);
    EXPECT_EQ(p.space, ir::Space::Param);
  }
  EXPECT_EQ(k.vars.at(k.params[1]).name, "k_s");
  EXPECT_EQ(k.vars.at(k.params[1]).size_bytes(), 16U);
  EXPECT_EQ(k.vars.at(k.params[1]).align, 8U);
  EXPECT_EQ(k.directives.maxntid, (std::vector<std::uint32_t>{256, 1, 1}));
  EXPECT_EQ(k.directives.minnctapersm, 2U);
}

TEST(LowerModule, OldStyleParametersInTheBody) {
  const Lowered l(".version 1.4\n.target sm_10, map_f64_to_f32\n.entry _Z3fooPi\n{\n"
                  ".reg .u32 %r<4>;\n.reg .u16 %rh<2>;\n.param .u32 __cudaparm__Z3fooPi_a;\n"
                  ".shared .u32 s;\nld.param.u32 %r1, [__cudaparm__Z3fooPi_a];\nmov.u16 %rh1, %tid.x;\n"
                  "cvt.u32.u16 %r2, %rh1;\nexit;\n}\n");
  const ir::Kernel& k = l.kernel();
  ASSERT_EQ(k.params.size(), 1U);
  EXPECT_EQ(k.params[0], 0U);  // parameters come first
  EXPECT_EQ(k.vars[0].name, "__cudaparm__Z3fooPi_a");
  EXPECT_TRUE(k.vars[0].is_param);
  EXPECT_EQ(k.vars[1].name, "s");
  EXPECT_FALSE(k.vars[1].is_param);
  EXPECT_EQ(l.op(0, 1).a, 0U);
  EXPECT_EQ(l.module.address_size, 32U);
  EXPECT_EQ(l.instr(3).op, ir::Opcode::Exit);
}

TEST(LowerModule, UnknownDirective) {
  EXPECT_EQ(load_error(kHead + ".entry k()\n.maxntid 1, 2, 3, 4\n{\nret;\n}\n"),
            "bad.ptx:5:1: error: '.maxntid' takes 1 to 3 values, found 4");
  EXPECT_EQ(load_error(kHead + ".entry k()\n.maxnreg\n{\nret;\n}\n"),
            "bad.ptx:5:1: error: '.maxnreg' takes 1 value, found 0");
}

TEST(LowerModule, IntegerInitialisers) {
  const Lowered l(with_globals(".global .align 1 .b8 s[6] = {104, 105, 0};\n"
                               ".const .u16 h[3] = {1, 0xffff};\n.global .s32 neg = -2;\n"
                               ".global .u32 m[2][2] = {{1, 2}, {3, 4}};\n.global .u8 open[] = {7, 8, 9};\n"
                               ".global .v2 .u32 v = {5, 6};\n.global .u64 big = 0x1122334455667788;\n"));
  const auto& s = global(l, "s");
  EXPECT_TRUE(s.has_init);
  EXPECT_EQ(s.init, (Bytes{104, 105, 0, 0, 0, 0}));
  EXPECT_EQ(global(l, "h").init, (Bytes{1, 0, 0xff, 0xff, 0, 0}));
  EXPECT_EQ(global(l, "h").space, ir::Space::Const);
  EXPECT_EQ(global(l, "neg").init, (Bytes{0xfe, 0xff, 0xff, 0xff}));
  EXPECT_EQ(global(l, "m").init, (Bytes{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}));
  const auto& open = global(l, "open");
  EXPECT_EQ(open.dims, (std::vector<std::uint64_t>{3}));
  EXPECT_EQ(open.init, (Bytes{7, 8, 9}));
  EXPECT_EQ(global(l, "v").init, (Bytes{5, 0, 0, 0, 6, 0, 0, 0}));
  EXPECT_EQ(global(l, "big").init, (Bytes{0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11}));
  EXPECT_FALSE(global(l, "s").relocations.size());
}

TEST(LowerModule, FloatInitialisers) {
  const Lowered l(with_globals(".global .f32 f[3] = {0f3F800000, 2.5, 3};\n"
                               ".global .f64 d[2] = {0d3FF0000000000000, 0.5};\n"
                               ".global .f16 h[2] = {1.0, 0.1};\n.global .bf16 b = 1.0;\n"));
  auto word = [](const Bytes& b, std::size_t at, unsigned n) {
    std::uint64_t v = 0;
    for (unsigned i = 0; i < n; ++i) v |= std::uint64_t{b[at + i]} << (8 * i);
    return v;
  };
  const auto& f = global(l, "f").init;
  EXPECT_EQ(word(f, 0, 4), 0x3F800000U);
  EXPECT_EQ(word(f, 4, 4), std::bit_cast<std::uint32_t>(2.5F));
  EXPECT_EQ(word(f, 8, 4), std::bit_cast<std::uint32_t>(3.0F));
  const auto& d = global(l, "d").init;
  EXPECT_EQ(word(d, 0, 8), 0x3FF0000000000000U);
  EXPECT_EQ(word(d, 8, 8), std::bit_cast<std::uint64_t>(0.5));
  const auto& h = global(l, "h").init;
  EXPECT_EQ(word(h, 0, 2), 0x3C00U);
  EXPECT_EQ(word(h, 2, 2), 0x2E66U);  // 0.1 rounded to nearest even
  EXPECT_EQ(word(global(l, "b").init, 0, 2), 0x3F80U);
}

TEST(LowerModule, AddressInitialisersAreRelocations) {
  const Lowered l(with_globals(".global .align 1 .b8 $str[3] = {104, 105, 0};\n.global .u32 x[4];\n"
                               ".global .align 8 .u64 p[3] = {generic($str), x, x+8};\n"));
  const auto& p = global(l, "p");
  EXPECT_EQ(p.init, Bytes(24, 0));
  ASSERT_EQ(p.relocations.size(), 3U);
  EXPECT_EQ(p.relocations[0], (ir::Relocation{0, 0, 0, true}));
  EXPECT_EQ(p.relocations[1], (ir::Relocation{8, 1, 0, false}));
  EXPECT_EQ(p.relocations[2], (ir::Relocation{16, 1, 8, false}));
}

TEST(LowerModule, ExternDeclarationAndDefinitionAreOneVariable) {
  const Lowered l(with_globals(".extern .global .u32 x;\n.global .u32 x = 5;\n"));
  ASSERT_EQ(l.module.globals.size(), 1U);
  EXPECT_EQ(l.module.globals[0].init, (Bytes{5, 0, 0, 0}));
}

TEST(LowerModule, BadInitialisers) {
  EXPECT_EQ(load_error(with_globals(".global .u8 a[2] = {1, 2, 3};")),
            "bad.ptx:4:27: error: too many initialisers for 'a' (3 for 2 elements)");
  EXPECT_EQ(load_error(with_globals(".global .u32 a = 1.5;")),
            "bad.ptx:4:18: error: floating-point initialiser for integer variable 'a'");
  EXPECT_EQ(load_error(with_globals(".global .u64 a = nosuch;")),
            "bad.ptx:4:18: error: undeclared variable 'nosuch' in the initialiser of 'a'");
  EXPECT_EQ(load_error(with_globals(".global .u8 x;\n.global .u16 a = x;")),
            "bad.ptx:5:18: error: the address of 'x' needs a 32- or 64-bit element in 'a'");
  EXPECT_EQ(load_error(with_globals(".global .u32 a;\n.global .u32 a;")),
            "bad.ptx:5:14: error: duplicate declaration of 'a'");
}

TEST(LowerModule, KernelsEndInAnExplicitRet) {
  // A body that can run off its end gets a `ret`; a label at the end marks it.
  const Lowered l(kHead + ".entry k()\n{\n.reg .pred %p<2>;\n@%p1 bra $L_end;\nexit;\n$L_end:\n}\n"
                  ".entry e()\n{\n}\n");
  const ir::Kernel& k = l.kernel(0);
  ASSERT_EQ(k.code.size(), 3U);
  EXPECT_EQ(k.code[2].op, ir::Opcode::Ret);
  EXPECT_EQ(l.op(0, 0).label_pc(), 2U);
  EXPECT_FALSE(k.blocks.empty());
  ASSERT_EQ(l.kernel(1).code.size(), 1U);
  EXPECT_EQ(l.kernel(1).code[0].op, ir::Opcode::Ret);
}

TEST(LowerModule, UnusedFunctionsAreDroppedButChecked) {
  const std::string f = ".func f(.param .u32 a)\n{\n.reg .b32 %r<2>;\nld.param.u32 %r1, [a];\n";
  const Lowered l(kHead + f + "ret;\n}\n.entry k()\n{\nret;\n}\n");
  ASSERT_EQ(l.module.kernels.size(), 1U);
  EXPECT_EQ(l.kernel().code.size(), 1U);
  EXPECT_EQ(load_error(kHead + f + "frob.u32 %r1;\nret;\n}\n.entry k()\n{\nret;\n}\n"),
            "bad.ptx:8:1: error: unknown opcode 'frob'");
}

TEST(LowerModule, CallSequenceParamsBecomeLocal) {
  // No call survives inlining, so nvcc's `param0` is per-thread scratch.
  const Lowered l(kHead + ".func (.param .b32 r) f(.param .b32 a)\n{\n.reg .b32 %r<2>;\n"
                  "ld.param.b32 %r1, [a];\nst.param.b32 [r], %r1;\nret;\n}\n"
                  ".entry k(.param .u32 k_a)\n{\n.reg .b32 %r<3>;\nld.param.u32 %r1, [k_a];\n"
                  "{\n.param .b32 param0;\nst.param.b32 [param0], %r1;\n.param .b32 retval0;\n"
                  "call.uni (retval0), f, (param0);\nld.param.b32 %r2, [retval0];\n}\nret;\n}\n");
  const ir::Kernel& k = l.kernel();
  EXPECT_EQ(k.vars.at(0).space, ir::Space::Param);  // the kernel parameter stays
  EXPECT_EQ(l.instr(0).space, ir::Space::Param);
  for (std::size_t i = 1; i < k.vars.size(); ++i) EXPECT_EQ(k.vars[i].space, ir::Space::Local);
  for (std::size_t pc = 1; pc + 1 < k.code.size(); ++pc) {
    if (k.code[pc].op == ir::Opcode::Ld || k.code[pc].op == ir::Opcode::St) {
      EXPECT_EQ(k.code[pc].space, ir::Space::Local) << pc;
    }
  }
}

}  // namespace
}  // namespace lockstep::test
