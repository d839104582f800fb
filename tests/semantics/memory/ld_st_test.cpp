// ld/st: every scalar type into registers of every width (sign and zero
// extension, low-byte stores), vector widths, sinks, and per-lane addresses.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/semantics/memory/memory_test_kit.hpp"

namespace lockstep::test {
namespace {

struct Case {
  const char* type;
  unsigned bytes;
  bool is_signed;
  const char* reg;
  unsigned reg_bits;
};

// Types with a register as wide as the type and with wider registers.
const std::vector<Case> kCases = {
    {"u8", 1, false, "%rs1", 16},  {"s8", 1, true, "%rs1", 16},   {"b8", 1, false, "%rs1", 16},
    {"u8", 1, false, "%r1", 32},   {"s8", 1, true, "%r1", 32},    {"s8", 1, true, "%rd1", 64},
    {"u16", 2, false, "%rs1", 16}, {"s16", 2, true, "%rs1", 16},  {"b16", 2, false, "%r1", 32},
    {"s16", 2, true, "%r1", 32},   {"s16", 2, true, "%rd1", 64},  {"u16", 2, false, "%rd1", 64},
    {"u32", 4, false, "%r1", 32},  {"s32", 4, true, "%r1", 32},   {"b32", 4, false, "%r1", 32},
    {"s32", 4, true, "%rd1", 64},  {"u32", 4, false, "%rd1", 64}, {"f32", 4, false, "%f1", 32},
    {"u64", 8, false, "%rd1", 64}, {"s64", 8, true, "%rd1", 64},  {"b64", 8, false, "%rd1", 64},
    {"f64", 8, false, "%fd1", 64},
};

/// Bytes 0x81, 0x82, ... (every byte has its top bit set).
std::uint64_t pattern(unsigned bytes) {
  std::uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= std::uint64_t{0x81U + i} << (8 * i);
  return v;
}

/// What ld writes to the register: the value, sign- or zero-extended.
std::uint64_t extended(std::uint64_t v, const Case& c) {
  std::uint64_t r = v;
  if (c.is_signed && c.bytes < 8) {
    const std::uint64_t sign = std::uint64_t{1} << (8 * c.bytes - 1);
    r = (v ^ sign) - sign;
  }
  return c.reg_bits == 64 ? r : r & ((std::uint64_t{1} << c.reg_bits) - 1);
}

TEST(LdSt, GlobalLoadOfEveryTypeExtendsToTheRegister) {
  for (const Case& c : kCases) {
    MemWarp w(mem_kernel(std::string("ld.global.") + c.type + " " + c.reg + ", [%rd2+8];"));
    const std::uint64_t buf = w.alloc(64, "buf");
    w.gwrite(buf + 8, c.bytes, pattern(c.bytes));
    w.set("%rd2", 0, buf);
    ASSERT_TRUE(w.exec(0, 1));
    EXPECT_EQ(w.get(c.reg, 0), extended(pattern(c.bytes), c)) << c.type << " into " << c.reg;
  }
}

TEST(LdSt, GlobalStoreOfEveryTypeWritesTheLowBytes) {
  for (const Case& c : kCases) {
    MemWarp w(mem_kernel(std::string("st.global.") + c.type + " [%rd2+16], " + c.reg + ";"));
    const std::uint64_t buf = w.alloc(64, "buf");
    w.set("%rd2", 0, buf);
    w.set(c.reg, 0, 0xf1f2f3f4f5f6f7f8ULL);
    ASSERT_TRUE(w.exec(0, 1));
    const std::uint64_t reg = w.get(c.reg, 0);
    const std::uint64_t low = c.bytes == 8 ? reg : reg & ((std::uint64_t{1} << (8 * c.bytes)) - 1);
    EXPECT_EQ(w.gread(buf + 16, c.bytes), low) << c.type << " from " << c.reg;
    if (c.bytes < 8) {
      EXPECT_EQ(w.gread(buf + 16 + c.bytes, 1), 0U) << c.type;
    }
    EXPECT_EQ(w.gread(buf + 8, 8), 0U);
  }
}

TEST(LdSt, StoreImmediate) {
  MemWarp w(mem_kernel("st.global.u32 [%rd1], 305419896;\nst.global.f32 [%rd1+4], 0f3F800000;"));
  const std::uint64_t buf = w.alloc(8, "buf");
  w.set("%rd1", 0, buf);
  w.run_all();
  EXPECT_EQ(w.gread(buf, 4), 305419896U);
  EXPECT_EQ(w.gread(buf + 4, 4), 0x3F800000U);
}

TEST(LdSt, VectorLoadsAndStores) {
  struct V {
    std::string ld, st;
    std::vector<std::string> regs;
    unsigned esize;
  };
  const std::vector<V> cases = {
      {"ld.global.v2.u32 {%r1, %r2}, [%rd1];", "st.global.v2.u32 [%rd2], {%r1, %r2};", {"%r1", "%r2"}, 4},
      {"ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd1];", "st.global.v4.u32 [%rd2], {%r1, %r2, %r3, %r4};",
       {"%r1", "%r2", "%r3", "%r4"}, 4},
      {"ld.global.v2.u64 {%rd3, %rd4}, [%rd1];", "st.global.v2.u64 [%rd2], {%rd3, %rd4};", {"%rd3", "%rd4"}, 8},
      {"ld.global.v4.u16 {%rs1, %rs2, %rs3, %rs4}, [%rd1];", "st.global.v4.u16 [%rd2], {%rs1, %rs2, %rs3, %rs4};",
       {"%rs1", "%rs2", "%rs3", "%rs4"}, 2},
      {"ld.global.v2.u8 {%rs1, %rs2}, [%rd1];", "st.global.v2.u8 [%rd2], {%rs1, %rs2};", {"%rs1", "%rs2"}, 1},
      {"ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1];", "st.global.v4.f32 [%rd2], {%f1, %f2, %f3, %f4};",
       {"%f1", "%f2", "%f3", "%f4"}, 4},
      {"ld.global.v8.b32 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];",
       "st.global.v8.b32 [%rd2], {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8};",
       {"%r1", "%r2", "%r3", "%r4", "%r5", "%r6", "%r7", "%r8"}, 4},
  };
  for (const V& v : cases) {
    MemWarp w(mem_kernel(v.ld + "\n" + v.st));
    const std::uint64_t src = w.alloc(64, "src");
    const std::uint64_t dst = w.alloc(64, "dst");
    for (std::uint64_t i = 0; i < 32; ++i) w.gwrite(src + i, 1, 0x10 + i);
    w.set("%rd1", 0, src);
    w.set("%rd2", 0, dst);
    w.run_all();
    for (std::size_t j = 0; j < v.regs.size(); ++j) {
      std::uint64_t expect = 0;
      for (unsigned b = 0; b < v.esize; ++b) expect |= (0x10 + j * v.esize + b) << (8 * b);
      EXPECT_EQ(w.get(v.regs[j], 0), expect) << v.ld << " element " << j;
    }
    const std::uint64_t total = v.esize * v.regs.size();
    for (std::uint64_t i = 0; i < total; ++i) EXPECT_EQ(w.gread(dst + i, 1), 0x10 + i) << v.st;
    EXPECT_EQ(w.gread(dst + total, 1), 0U);
  }
}

TEST(LdSt, VectorSignExtension) {
  MemWarp w(mem_kernel("ld.global.v2.s8 {%r1, %r2}, [%rd1];"));
  const std::uint64_t src = w.alloc(16, "src");
  w.gwrite(src, 2, 0x7f80);
  w.set("%rd1", 0, src);
  w.exec(0, 1);
  EXPECT_EQ(w.get("%r1", 0), 0xffffff80U);
  EXPECT_EQ(w.get("%r2", 0), 0x7fU);
}

TEST(LdSt, VectorLoadWithSinks) {
  MemWarp w(mem_kernel("ld.global.v4.u32 {%r1, _, %r3, _}, [%rd1];"));
  const std::uint64_t src = w.alloc(16, "src");
  for (unsigned i = 0; i < 4; ++i) w.gwrite(src + 4 * i, 4, 100 + i);
  w.set("%rd1", 0, src);
  w.exec(0, 1);
  EXPECT_EQ(w.get("%r1", 0), 100U);
  EXPECT_EQ(w.get("%r3", 0), 102U);
}

TEST(LdSt, EachLaneUsesItsOwnAddress) {
  MemWarp w(mem_kernel("ld.global.u32 %r1, [%rd1];\nst.global.u32 [%rd1+128], %r1;"));
  const std::uint64_t buf = w.alloc(256, "buf");
  for (unsigned l = 0; l < 32; ++l) {
    w.gwrite(buf + 4 * l, 4, 1000 + l);
    w.set("%rd1", l, buf + 4 * l);
  }
  w.run_all(0xaaaaaaaaU);
  for (unsigned l = 0; l < 32; ++l) {
    const bool on = (l % 2) == 1;
    EXPECT_EQ(w.get("%r1", l), on ? 1000U + l : 0U);
    EXPECT_EQ(w.gread(buf + 128 + 4 * l, 4), on ? 1000U + l : 0U);
  }
}

TEST(LdSt, StoreConflictHighestLaneWins) {
  MemWarp w(mem_kernel("st.global.u32 [%rd1], %r1;"));
  const std::uint64_t buf = w.alloc(4, "buf");
  w.set_all("%rd1", buf);
  for (unsigned l = 0; l < 32; ++l) w.set("%r1", l, 100 + l);
  w.exec(0, sem::kFullMask);
  EXPECT_EQ(w.gread(buf, 4), 131U);
  w.exec(0, 0x000000f0U);
  EXPECT_EQ(w.gread(buf, 4), 107U);
}

TEST(LdSt, SharedThroughSymbolAndRegister) {
  MemWarp w(mem_kernel(".shared .align 8 .b8 sbuf[64];\n"
                       "st.shared.u32 [sbuf+8], %r1;\nld.shared.u32 %r2, [%r3+4];\nld.shared.u64 %rd1, [sbuf];"));
  const std::uint64_t base = w.kvar("sbuf").address;
  w.set("%r1", 0, 0xabcd);
  w.set("%r3", 0, base + 4);
  MemWarp::swrite(w.shared, base, 8, 0x1122334455667788ULL);
  w.run_all();
  EXPECT_EQ(MemWarp::sread(w.shared, base + 8, 4), 0xabcdU);
  EXPECT_EQ(w.get("%r2", 0), 0xabcdU);
  EXPECT_EQ(w.get("%rd1", 0), 0x1122334455667788ULL);
}

TEST(LdSt, SharedIsSharedByTheLanesOfTheBlock) {
  MemWarp w(mem_kernel(".shared .align 4 .b8 sbuf[128];\nst.shared.u32 [%r1], %r2;\nld.shared.u32 %r3, [%r4];"));
  for (unsigned l = 0; l < 32; ++l) {
    w.set("%r1", l, 4 * l);
    w.set("%r2", l, l * l);
    w.set("%r4", l, 4 * (31 - l));
  }
  w.run_all(sem::kFullMask);
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%r3", l), (31 - l) * (31 - l));
}

TEST(LdSt, LocalIsPerLane) {
  MemWarp w(mem_kernel(".local .align 8 .b8 lbuf[16];\nst.local.u32 [lbuf+4], %r1;\nld.local.u32 %r2, [lbuf+4];"));
  for (unsigned l = 0; l < 32; ++l) w.set("%r1", l, 7 * l);
  w.run_all(sem::kFullMask);
  const std::uint64_t off = w.kvar("lbuf").address + 4;
  for (unsigned l = 0; l < 32; ++l) {
    EXPECT_EQ(w.get("%r2", l), 7U * l);
    EXPECT_EQ(MemWarp::sread(w.locals[l], off, 4), 7U * l);
  }
}

TEST(LdSt, LocalThroughARegister) {
  MemWarp w(mem_kernel(".local .align 16 .b8 dep[32];\nst.local.v2.u32 [%rd1], {%r1, %r2};\nst.local.f64 [%rd1+24], %fd1;"));
  w.set("%rd1", 0, w.kvar("dep").address);
  w.set("%r1", 0, 1);
  w.set("%r2", 0, 2);
  w.set("%fd1", 0, dbits(2.5));
  w.run_all();
  EXPECT_EQ(MemWarp::sread(w.locals[0], 0, 8), 0x0000000200000001ULL);
  EXPECT_EQ(MemWarp::sread(w.locals[0], 24, 8), dbits(2.5));
}

TEST(LdSt, ConstLoads) {
  MemWarp w(mem_kernel("ld.const.s32 %r1, [cw+4];\nld.const.v2.u32 {%r2, %r3}, [%rd1];",
                       ".const .align 8 .u32 cw[4] = {1, -2, 3, 4};"));
  w.set("%rd1", 0, w.mvar("cw").address + 8);
  w.run_all();
  EXPECT_EQ(w.get("%r1", 0), 0xfffffffeU);
  EXPECT_EQ(w.get("%r2", 0), 3U);
  EXPECT_EQ(w.get("%r3", 0), 4U);
}

TEST(LdSt, KernelParamLoads) {
  MemWarp w(mem_kernel("ld.param.u64 %rd1, [k_ptr];\nld.param.u32 %r1, [k_n];\nld.param.u32 %r2, [%rd2+8];"));
  MemWarp::swrite(w.params, w.layout.param_offset(0), 8, 0x123456789aULL);
  MemWarp::swrite(w.params, w.layout.param_offset(1), 4, 77);
  w.set("%rd2", 0, 0);
  w.run_all();
  EXPECT_EQ(w.get("%rd1", 0), 0x123456789aULL);
  EXPECT_EQ(w.get("%r1", 0), 77U);
  EXPECT_EQ(w.get("%r2", 0), 77U);
}

TEST(LdSt, CallSequenceParamsLiveInLocal) {
  const std::string decls =
      ".extern .func (.param .b32 func_retval0) vprintf (.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);\n"
      ".global .align 1 .b8 fmt_str[3] = {104, 105, 0};";
  MemWarp w(mem_kernel("{\n.param .b64 param0;\nst.param.b64 [param0+0], %rd1;\n.param .b64 param1;\n"
                       "st.param.b64 [param1+0], %rd2;\n.param .b32 retval0;\n"
                       "call.uni (retval0), vprintf, (param0, param1);\nld.param.b32 %r1, [retval0+0];\n}",
                       decls));
  ASSERT_EQ(w.kvar("param0").space, ir::Space::Local);
  w.set("%rd1", 3, 0x1111);
  w.set("%rd2", 3, 0x2222);
  ASSERT_TRUE(w.exec(0, 0x8));
  ASSERT_TRUE(w.exec(1, 0x8));
  EXPECT_EQ(MemWarp::sread(w.locals[3], w.kvar("param0").address, 8), 0x1111U);
  EXPECT_EQ(MemWarp::sread(w.locals[3], w.kvar("param1").address, 8), 0x2222U);
  EXPECT_EQ(MemWarp::sread(w.locals[2], w.kvar("param0").address, 8), 0U);
  MemWarp::swrite(w.locals[3], w.kvar("retval0").address, 4, 9);
  ASSERT_TRUE(w.exec(3, 0x8));
  EXPECT_EQ(w.get("%r1", 3), 9U);
}

TEST(LdSt, LduAndNonCoherentLoadsAreLoads) {
  MemWarp w(mem_kernel("ldu.global.u32 %r1, [%rd1];\nld.global.nc.f32 %f1, [%rd1+4];\nld.volatile.global.u32 %r2, [%rd1];"));
  const std::uint64_t buf = w.alloc(8, "buf");
  w.gwrite(buf, 4, 5);
  w.gwrite(buf + 4, 4, fbits(1.5F));
  w.set("%rd1", 0, buf);
  w.run_all();
  EXPECT_EQ(w.get("%r1", 0), 5U);
  EXPECT_EQ(w.get("%f1", 0), fbits(1.5F));
  EXPECT_EQ(w.get("%r2", 0), 5U);
}

TEST(LdSt, AbsoluteAddress) {
  MemWarp w(mem_kernel(".shared .align 4 .b8 sbuf[16];\nld.shared.u32 %r1, [12];"));
  MemWarp::swrite(w.shared, 12, 4, 99);
  w.exec(0, 1);
  EXPECT_EQ(w.get("%r1", 0), 99U);
}

TEST(LdSt, ThirtyTwoBitModuleGlobalAccess) {
  MemWarp w(mem_kernel("ld.global.u32 %r1, [%r2+4];\nst.global.u32 [%r2], %r1;", "", 32));
  const std::uint64_t buf = w.alloc(8, "buf");
  EXPECT_LT(buf, 0xC000'0000U);
  w.gwrite(buf + 4, 4, 31);
  w.set("%r2", 0, buf);
  w.run_all();
  EXPECT_EQ(w.gread(buf, 4), 31U);
}

TEST(LdSt, NotAMemoryInstruction) {
  MemWarp w(mem_kernel("add.u32 %r1, %r2, %r3;"));
  EXPECT_FALSE(w.exec(0, 1));
}

}  // namespace
}  // namespace lockstep::test
