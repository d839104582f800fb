// Generic addressing: cvta in both directions (registers, variables, u32
// and u64 forms), isspacep, and ld/st through generic addresses into every
// space.
#include <gtest/gtest.h>

#include <string>

#include "tests/semantics/memory/memory_test_kit.hpp"

namespace lockstep::test {
namespace {

using ir::Space;

const char* kVars = ".shared .align 8 .b8 sbuf[32];\n.local .align 8 .b8 lbuf[16];\n";

TEST(Cvta, SpaceToGenericAndBack) {
  for (const char* space : {"shared", "local", "const", "param"}) {
    const Space s = *ir::parse_space(space);
    MemWarp w(mem_kernel(std::string("cvta.") + space + ".u64 %rd2, %rd1;\ncvta.to." + space + ".u64 %rd3, %rd2;"));
    w.set("%rd1", 0, 24);
    w.run_all();
    EXPECT_EQ(w.get("%rd2", 0), w.map.window_base(s) + 24) << space;
    EXPECT_EQ(w.get("%rd3", 0), 24U) << space;
  }
}

TEST(Cvta, GlobalIsIdentity) {
  MemWarp w(mem_kernel("cvta.global.u64 %rd2, %rd1;\ncvta.to.global.u64 %rd3, %rd1;"));
  w.set("%rd1", 0, 0x1'0000'0040ULL);
  w.run_all();
  EXPECT_EQ(w.get("%rd2", 0), 0x1'0000'0040ULL);
  EXPECT_EQ(w.get("%rd3", 0), 0x1'0000'0040ULL);
}

TEST(Cvta, OfVariables) {
  MemWarp w(mem_kernel(std::string(kVars) +
                           "cvta.shared.u64 %rd1, sbuf+4;\ncvta.local.u64 %rd2, lbuf;\ncvta.const.u64 %rd3, cw;\n"
                           "cvta.param.u64 %rd4, k_n;\ncvta.global.u64 %rd5, gx;",
                       ".const .align 4 .u32 cw[2];\n.global .u32 gx;"));
  w.run_all();
  EXPECT_EQ(w.get("%rd1", 0), w.map.window_base(Space::Shared) + w.kvar("sbuf").address + 4);
  EXPECT_EQ(w.get("%rd2", 0), w.map.window_base(Space::Local) + w.kvar("lbuf").address);
  EXPECT_EQ(w.get("%rd3", 0), w.map.window_base(Space::Const) + w.mvar("cw").address);
  EXPECT_EQ(w.get("%rd4", 0), w.map.window_base(Space::Param) + 8);
  EXPECT_EQ(w.get("%rd5", 0), w.mvar("gx").address);
}

TEST(Cvta, ThirtyTwoBitForms) {
  MemWarp w(mem_kernel(std::string(kVars) + "cvta.shared.u32 %r2, %r1;\ncvta.to.shared.u32 %r3, %r2;\n"
                                            "cvta.local.u32 %r4, lbuf;",
                       "", 32));
  w.set("%r1", 0, 8);
  w.run_all();
  EXPECT_EQ(w.get("%r2", 0), 0xC000'0008U);
  EXPECT_EQ(w.get("%r3", 0), 8U);
  EXPECT_EQ(w.get("%r4", 0), 0xD000'0000U + w.kvar("lbuf").address);
}

TEST(Cvta, U32FormIn64BitModuleTruncates) {
  MemWarp w(mem_kernel("cvta.shared.u32 %r2, %r1;"));
  w.set("%r1", 0, 8);
  w.exec(0, 1);
  EXPECT_EQ(w.get("%r2", 0), 8U);  // low 32 bits of 0x0000'1000'0000'0008
}

TEST(Cvta, ToSpaceOfTheWrongWindowLandsOutsideTheSpace) {
  MemWarp w(mem_kernel(std::string(kVars) + "cvta.to.shared.u64 %rd2, %rd1;\nld.shared.u32 %r1, [%rd2];"));
  const std::uint64_t buf = w.alloc(16, "buf");
  w.set("%rd1", 0, buf);  // a global address
  w.exec(0, 1);
  EXPECT_THROW(w.exec(1, 1), sem::MemoryFault);
}

TEST(Cvta, PrintfStyleStackPointer) {
  MemWarp w(mem_kernel(".local .align 16 .b8 __local_depot0[32];\nmov.u64 %rd1, __local_depot0;\n"
                       "cvta.local.u64 %rd2, __local_depot0;\nst.u32 [%rd2+4], %r1;"));
  w.set("%r1", 2, 0xfeed);
  ASSERT_TRUE(w.exec(1, 0x4));
  ASSERT_TRUE(w.exec(2, 0x4));
  EXPECT_EQ(MemWarp::sread(w.locals[2], w.kvar("__local_depot0").address + 4, 4), 0xfeedU);
}

TEST(Isspacep, EverySpaceAgainstEveryWindow) {
  const Space windows[] = {Space::Shared, Space::Local, Space::Const, Space::Param};
  for (const char* space : {"global", "shared", "local", "const", "param"}) {
    MemWarp w(mem_kernel(std::string("isspacep.") + space + " %p1, %rd1;"));
    const Space s = *ir::parse_space(space);
    for (const Space win : windows) {
      w.set("%rd1", 0, w.map.to_generic(win, 4));
      w.exec(0, 1);
      const bool expect = win == s || (s == Space::Global && win == Space::Param);
      EXPECT_EQ(w.get("%p1", 0), expect ? 1U : 0U) << space << " of " << ir::space_name(win);
    }
    w.set("%rd1", 0, w.map.global_base() + 0x100);
    w.exec(0, 1);
    EXPECT_EQ(w.get("%p1", 0), s == Space::Global ? 1U : 0U) << space << " of a global address";
  }
}

TEST(Isspacep, PerLaneAnd32Bit) {
  MemWarp w(mem_kernel("isspacep.shared %p1, %r1;", "", 32));
  for (unsigned l = 0; l < 32; ++l) w.set("%r1", l, (l % 2) == 0 ? 0xC000'0000U + l : 0x1000'0000U + l);
  w.exec(0, sem::kFullMask);
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(w.get("%p1", l), (l % 2) == 0 ? 1U : 0U);
}

TEST(Isspacep, SharedCluster) {
  MemWarp w(mem_kernel("isspacep.shared::cluster %p1, %rd1;"));
  w.set("%rd1", 0, w.map.to_generic(Space::Shared, 0));
  w.exec(0, 1);
  EXPECT_EQ(w.get("%p1", 0), 1U);
}

TEST(Generic, LoadsAndStoresReachEverySpace) {
  MemWarp w(mem_kernel(std::string(kVars) + "st.u32 [%rd1], %r1;\nld.u32 %r2, [%rd1];",
                       ".const .align 4 .u32 cw[2] = {5, 6};"));
  const std::uint64_t buf = w.alloc(16, "buf");
  struct C {
    std::uint64_t addr;
    bool writable;
  };
  const C cases[] = {{buf + 4, true},
                     {w.map.to_generic(Space::Shared, w.kvar("sbuf").address + 8), true},
                     {w.map.to_generic(Space::Local, w.kvar("lbuf").address + 4), true}};
  for (const C& c : cases) {
    w.set("%rd1", 1, c.addr);
    w.set("%r1", 1, c.addr & 0xffff);
    w.run_all(0x2);
    EXPECT_EQ(w.get("%r2", 1), c.addr & 0xffff);
  }
  EXPECT_EQ(w.gread(buf + 4, 4), (buf + 4) & 0xffff);
  EXPECT_EQ(MemWarp::sread(w.shared, w.kvar("sbuf").address + 8, 4), cases[1].addr & 0xffff);
  EXPECT_EQ(MemWarp::sread(w.locals[1], w.kvar("lbuf").address + 4, 4), cases[2].addr & 0xffff);
  EXPECT_EQ(MemWarp::sread(w.locals[0], w.kvar("lbuf").address + 4, 4), 0U);
}

TEST(Generic, LoadsFromConstAndParamWindows) {
  MemWarp w(mem_kernel("ld.u32 %r1, [%rd1];\nld.u32 %r2, [%rd2];", ".const .align 4 .u32 cw[2] = {5, 6};"));
  MemWarp::swrite(w.params, 8, 4, 42);
  w.set("%rd1", 0, w.map.to_generic(Space::Const, w.mvar("cw").address + 4));
  w.set("%rd2", 0, w.map.to_generic(Space::Param, 8));
  w.run_all();
  EXPECT_EQ(w.get("%r1", 0), 6U);
  EXPECT_EQ(w.get("%r2", 0), 42U);
}

TEST(Generic, GlobalLoadThroughTheParamWindow) {
  MemWarp w(mem_kernel("cvta.param.u64 %rd1, k_n;\nld.global.u32 %r1, [%rd1];\nisspacep.global %p1, %rd1;"));
  MemWarp::swrite(w.params, w.layout.param_offset(1), 4, 12345);
  w.run_all();
  EXPECT_EQ(w.get("%r1", 0), 12345U);
  EXPECT_EQ(w.get("%p1", 0), 1U);
}

TEST(Generic, SymbolBaseUsesTheVariablesGenericAddress) {
  MemWarp w(mem_kernel(std::string(kVars) + "st.u32 [sbuf+4], %r1;\nld.u32 %r2, [gx];", ".global .u32 gx = 17;"));
  w.set("%r1", 0, 3);
  w.run_all();
  EXPECT_EQ(MemWarp::sread(w.shared, w.kvar("sbuf").address + 4, 4), 3U);
  EXPECT_EQ(w.get("%r2", 0), 17U);
}

TEST(Generic, ThirtyTwoBitWindows) {
  MemWarp w(mem_kernel(std::string(kVars) + "st.u32 [%r1], %r2;\nld.u32 %r3, [%r1];", "", 32));
  const std::uint32_t g = 0xC000'0000U + static_cast<std::uint32_t>(w.kvar("sbuf").address) + 12;
  w.set("%r1", 0, g);
  w.set("%r2", 0, 0x5a5a);
  w.run_all();
  EXPECT_EQ(MemWarp::sread(w.shared, w.kvar("sbuf").address + 12, 4), 0x5a5aU);
  EXPECT_EQ(w.get("%r3", 0), 0x5a5aU);
}

}  // namespace
}  // namespace lockstep::test
