// MemoryLayout: where the variables of small kernels and of the bundled
// models are placed, initialisers and relocations.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "tests/semantics/memory/memory_test_kit.hpp"

namespace lockstep::test {
namespace {

using ir::Space;

std::string model(const std::string& name) {
  return Source::read_file(std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/" + name + "/" + name + ".ptx")
      .text()
      .data();
}

std::string global_string(const MemWarp& w, std::uint64_t addr, std::size_t n) {
  std::string s(n, '\0');
  w.global.read(addr, n, s.data());
  return s;
}

TEST(Layout, EntryParamsFollowThePtxAbi) {
  MemWarp w(mem_kernel("ret;").replace(
      mem_kernel("ret;").find(".param .u64 k_ptr, .param .u32 k_n"), 34,
      ".param .u8 a, .param .u64 b, .param .u16 c, .param .align 16 .b8 d[20], .param .f32 e"));
  EXPECT_EQ(w.layout.param_offset(0), 0U);
  EXPECT_EQ(w.layout.param_offset(1), 8U);
  EXPECT_EQ(w.layout.param_offset(2), 16U);
  EXPECT_EQ(w.layout.param_offset(3), 32U);
  EXPECT_EQ(w.layout.param_offset(4), 52U);
  EXPECT_EQ(w.layout.param_size(), 56U);
  EXPECT_EQ(w.kvar("d").space, Space::Param);
  EXPECT_EQ(w.kvar("d").address, 32U);
  EXPECT_EQ(w.kvar("d").size, 20U);
  EXPECT_EQ(w.params.size(), 56U);
}

TEST(Layout, KernelSharedAndLocalVariables) {
  MemWarp w(mem_kernel(".shared .b8 s1[3];\n.shared .align 8 .b8 s2[16];\n.shared .u32 s3;\n"
                       ".local .u16 l1;\n.local .align 16 .b8 l2[20];\nret;"));
  EXPECT_EQ(w.kvar("s1").address, 0U);
  EXPECT_EQ(w.kvar("s2").address, 8U);
  EXPECT_EQ(w.kvar("s3").address, 24U);
  EXPECT_EQ(w.layout.shared_size(), 28U);
  EXPECT_EQ(w.layout.static_shared_size(), 28U);
  EXPECT_EQ(w.kvar("l1").space, Space::Local);
  EXPECT_EQ(w.kvar("l1").address, 0U);
  EXPECT_EQ(w.kvar("l2").address, 16U);
  EXPECT_EQ(w.layout.local_size(), 36U);
  EXPECT_EQ(w.shared.size(), 28U);
  EXPECT_EQ(w.locals[5].size(), 36U);
}

TEST(Layout, ExternSharedArraysShareTheDynamicBase) {
  MemWarp w(mem_kernel(".shared .b8 st[20];\n.extern .shared .align 4 .b8 dyn1[];\n"
                       ".extern .shared .align 8 .b8 dyn2[];\nret;"),
            100);
  EXPECT_EQ(w.kvar("st").address, 0U);
  EXPECT_EQ(w.kvar("dyn1").address, 32U);
  EXPECT_EQ(w.kvar("dyn2").address, 32U);
  EXPECT_EQ(w.kvar("dyn1").size, 100U);
  EXPECT_EQ(w.layout.dynamic_shared_base(), 32U);
  EXPECT_EQ(w.layout.dynamic_shared_size(), 100U);
  EXPECT_EQ(w.layout.shared_size(), 132U);
}

TEST(Layout, DynamicSharedWithoutAnExternArray) {
  MemWarp w(mem_kernel(".shared .b8 st[4];\nret;"), 64);
  EXPECT_EQ(w.layout.shared_size(), 16U + 64U);
}

TEST(Layout, ModuleSharedOnlyWhenNamed) {
  MemWarp w(mem_kernel("ld.shared.u32 %r1, [used];\n.shared .u32 mine;\nret;",
                       ".shared .align 4 .b8 unused[64];\n.shared .align 4 .b8 used[8];"));
  EXPECT_FALSE(w.mvar("unused").placed());
  EXPECT_EQ(w.mvar("used").space, Space::Shared);
  EXPECT_EQ(w.mvar("used").address, 0U);
  EXPECT_EQ(w.kvar("mine").address, 8U);
  EXPECT_THROW(static_cast<void>(w.layout.symbol_address(ir::SymScope::Module, 0)), sem::LayoutError);
}

TEST(Layout, GlobalsGetRegionsWithInitialisers) {
  MemWarp w(mem_kernel("ret;", ".global .u32 gx[3] = {1, 2, 3};\n.global .align 8 .b8 gy[5];"));
  const sem::Placement& x = w.mvar("gx");
  const sem::Placement& y = w.mvar("gy");
  EXPECT_EQ(x.space, Space::Global);
  EXPECT_EQ(x.address, w.map.global_base());
  EXPECT_EQ(w.gread(x.address + 4, 4), 2U);
  EXPECT_EQ(w.gread(x.address + 8, 4), 3U);
  EXPECT_EQ(y.size, 5U);
  EXPECT_EQ(y.address % 256, 0U);
  ASSERT_EQ(w.global.regions().size(), 2U);
  EXPECT_EQ(w.global.regions()[1].name, "gy");
  EXPECT_EQ(w.gread(y.address, 4), 0U);
}

TEST(Layout, ConstImageWithInitialisers) {
  MemWarp w(mem_kernel("ret;", ".const .u16 c1 = 7;\n.const .align 8 .u32 c2[2] = {9, 10};"));
  EXPECT_EQ(w.mvar("c1").space, Space::Const);
  EXPECT_EQ(w.mvar("c1").address, 0U);
  EXPECT_EQ(w.mvar("c2").address, 8U);
  EXPECT_EQ(w.layout.const_image().size(), 16U);
  EXPECT_EQ(MemWarp::sread(w.constant, 0, 2), 7U);
  EXPECT_EQ(MemWarp::sread(w.constant, 12, 4), 10U);
}

TEST(Layout, ConstBankOverflowIsAnError) {
  EXPECT_THROW(MemWarp w(mem_kernel("ret;", ".const .b8 big[65537];")), sem::LayoutError);
}

TEST(Layout, RelocationsStoreSpaceAndGenericAddresses) {
  MemWarp w(mem_kernel("ret;", ".global .u32 gx[4];\n.const .u32 cx[2];\n"
                               ".global .u64 p[4] = {gx, generic(gx)+8, cx+4, generic(cx)};"));
  const std::uint64_t gx = w.mvar("gx").address;
  const std::uint64_t p = w.mvar("p").address;
  const std::uint64_t cx = w.mvar("cx").address;
  EXPECT_EQ(w.gread(p, 8), gx);
  EXPECT_EQ(w.gread(p + 8, 8), gx + 8);
  EXPECT_EQ(w.gread(p + 16, 8), cx + 4);
  EXPECT_EQ(w.gread(p + 24, 8), w.map.window_base(Space::Const) + cx);
}

TEST(Layout, ThirtyTwoBitRelocations) {
  MemWarp w(mem_kernel("ret;", ".global .u32 gx[4];\n.global .u32 p[2] = {generic(gx)+4, gx};", 32));
  EXPECT_EQ(w.map.address_bits(), 32U);
  const std::uint64_t gx = w.mvar("gx").address;
  EXPECT_EQ(gx, 0x1000'0000U);
  EXPECT_EQ(w.gread(w.mvar("p").address, 4), gx + 4);
  EXPECT_EQ(w.gread(w.mvar("p").address + 4, 4), gx);
}

TEST(Layout, ReduceSharedExternArray) {
  MemWarp w(model("reduce_shared"), 256);
  const sem::Placement& partial = w.mvar("partial");
  EXPECT_EQ(partial.space, Space::Shared);
  EXPECT_EQ(partial.address, 0U);
  EXPECT_EQ(partial.size, 256U);
  EXPECT_EQ(w.layout.shared_size(), 256U);
  EXPECT_EQ(w.layout.param_offset(0), 0U);
  EXPECT_EQ(w.layout.param_offset(1), 8U);
  EXPECT_EQ(w.layout.param_offset(2), 16U);
  EXPECT_EQ(w.layout.param_size(), 20U);
  EXPECT_EQ(w.layout.local_size(), 0U);
}

TEST(Layout, PrintfKernelStringsAndLocalBuffers) {
  MemWarp w(model("printf_kernel"));
  const sem::Placement& s0 = w.mvar("$str");
  const sem::Placement& s1 = w.mvar("$str$1");
  EXPECT_EQ(s0.space, Space::Global);
  EXPECT_EQ(s0.size, 50U);
  EXPECT_EQ(global_string(w, s0.address, 49), "block %d thread %d: %lld = %d squared, scaled %f\n");
  EXPECT_EQ(global_string(w, s1.address, 21), std::string("hello from lockstep\n\0", 21));
  EXPECT_GE(s1.address, s0.address + 50 + sem::GlobalMemory::kGuardBytes);
  // __local_depot0 (32 bytes, align 16) then the call-sequence .param
  // variables, which live in each thread's .local space.
  EXPECT_EQ(w.kvar("__local_depot0").space, Space::Local);
  EXPECT_EQ(w.kvar("__local_depot0").address, 0U);
  EXPECT_EQ(w.kvar("param0").space, Space::Local);
  EXPECT_EQ(w.kvar("param0").address, 32U);
  EXPECT_EQ(w.kvar("param1").address, 40U);
  EXPECT_EQ(w.kvar("retval0").address, 48U);
  EXPECT_EQ(w.kvar("param0_1").address, 56U);
  EXPECT_EQ(w.kvar("param1_1").address, 64U);
  EXPECT_EQ(w.kvar("retval0_1").address, 72U);
  EXPECT_EQ(w.layout.local_size(), 76U);
  EXPECT_EQ(w.layout.param_size(), 12U);
  const auto& k = w.kernel();
  EXPECT_EQ(w.layout.symbol_space(ir::SymScope::Kernel, k.params[1]), Space::Param);
  EXPECT_EQ(w.layout.symbol_address(ir::SymScope::Kernel, k.params[1]), 8U);
}

TEST(Layout, MatmulTiledSharedTiles) {
  MemWarp w(model("matmul_tiled"));
  EXPECT_EQ(w.kvar("_ZZ12matmul_tiledPKfS0_PfiE2As").address, 0U);
  EXPECT_EQ(w.kvar("_ZZ12matmul_tiledPKfS0_PfiE2Bs").address, 256U);
  EXPECT_EQ(w.layout.shared_size(), 512U);
  EXPECT_EQ(w.layout.param_size(), 28U);
}

TEST(Layout, LegacyIsa12InBodyParamsAnd32BitAddresses) {
  MemWarp w(model("legacy_isa12"));
  EXPECT_EQ(w.map.address_bits(), 32U);
  ASSERT_EQ(w.kernel().params.size(), 5U);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(w.layout.param_offset(i), 4 * i);
  EXPECT_EQ(w.layout.param_size(), 20U);
  EXPECT_EQ(w.global.base(), 0x1000'0000U);
}

TEST(Layout, LegacyIsa14Params) {
  MemWarp w(model("legacy_isa14"));
  EXPECT_EQ(w.map.address_bits(), 32U);
  ASSERT_EQ(w.kernel().params.size(), 5U);
  EXPECT_EQ(w.kvar("__cudaparm__Z10saxpy_loopfPKfPfii_reps").address, 16U);
  EXPECT_EQ(w.layout.param_size(), 20U);
}

TEST(Layout, LegacyIsa2xConstWeightsAndSharedArray) {
  MemWarp w(model("legacy_isa2x"));
  EXPECT_EQ(w.mvar("c_weights").space, Space::Const);
  EXPECT_EQ(w.mvar("c_weights").address, 0U);
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(MemWarp::sread(w.constant, 4 * i, 4), i + 1);
  EXPECT_EQ(w.kvar("__cuda___cuda_local_var_16925_33_non_const_sdata16").address, 0U);
  EXPECT_EQ(w.layout.shared_size(), 512U);
}

}  // namespace
}  // namespace lockstep::test
