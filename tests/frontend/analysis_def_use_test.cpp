// Registers read and written per instruction, pseudo registers, and
// per-register liveness.
#include <gtest/gtest.h>

#include <vector>

#include "frontend/analysis/def_use.hpp"
#include "frontend/analysis/digraph.hpp"
#include "frontend/analysis/liveness.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::analysis {
namespace {

using test::build_cfg;
using test::BuiltKernel;
using V = std::vector<std::uint32_t>;

std::vector<RegDef> defs_of(const BuiltKernel& k, std::uint32_t pc) {
  std::vector<RegDef> out;
  defs(k.kernel, pc, out, generic_reach(k.kernel));
  return out;
}
std::vector<RegUse> uses_of(const BuiltKernel& k, std::uint32_t pc) {
  std::vector<RegUse> out;
  uses(k.kernel, pc, out, generic_reach(k.kernel));
  return out;
}

TEST(DefUse, DestinationsComeFirst) {
  const auto k = build_cfg(R"(
    A: add %r1, %r2, 5; st.global [%rd1+8], %r1; setp.lt %p1, %r1, %r2; @%p1 ld.global.v2 {%r3, _}, [%rd1]; bar.red.popc.u32 %r4, 0, %p1; bar.sync 0
  )");
  const std::uint32_t r1 = k.reg("%r1"), r2 = k.reg("%r2"), rd1 = k.reg("%rd1"), p1 = k.reg("%p1"),
                      r3 = k.reg("%r3"), r4 = k.reg("%r4");
  EXPECT_EQ(defs_of(k, 0), (std::vector<RegDef>{{r1, true}}));
  EXPECT_EQ(uses_of(k, 0), (std::vector<RegUse>{{r2, UseKind::Value}}));
  EXPECT_TRUE(defs_of(k, 1).empty());
  EXPECT_EQ(uses_of(k, 1), (std::vector<RegUse>{{rd1, UseKind::Address}, {r1, UseKind::Value}}));
  // A guarded write does not end the register's previous value; the sink writes nothing.
  EXPECT_EQ(defs_of(k, 3), (std::vector<RegDef>{{r3, false}}));
  EXPECT_EQ(uses_of(k, 3), (std::vector<RegUse>{{p1, UseKind::Guard}, {rd1, UseKind::Address}}));
  EXPECT_EQ(defs_of(k, 4), (std::vector<RegDef>{{r4, true}}));
  EXPECT_EQ(uses_of(k, 4), (std::vector<RegUse>{{p1, UseKind::WarpWide}}));
  EXPECT_EQ(dest_count(k.kernel.code[5]), 0U);
  EXPECT_EQ(dest_count(k.kernel.code[1]), 0U);
}

TEST(DefUse, CarryAndWarpWideOperands) {
  const auto k = build_cfg(R"(
    A: add.cc.u32 %r1, %r2, 1; addc.u32 %r3, %r4, 0; vote.sync.ballot.b32 %r5, %p1, %r6; match.all.sync.b32 %r7, %r8, %r9
  )");
  const std::uint32_t carry = pseudo_reg(k.kernel, PseudoReg::Carry);
  EXPECT_EQ(defs_of(k, 0), (std::vector<RegDef>{{k.reg("%r1"), true}, {carry, true}}));
  EXPECT_EQ(uses_of(k, 1), (std::vector<RegUse>{{k.reg("%r4"), UseKind::Value}, {carry, UseKind::Carry}}));
  EXPECT_EQ(uses_of(k, 2), (std::vector<RegUse>{{k.reg("%p1"), UseKind::WarpWide}, {k.reg("%r6"), UseKind::Value}}));
  EXPECT_EQ(uses_of(k, 3), (std::vector<RegUse>{{k.reg("%r8"), UseKind::WarpWide}, {k.reg("%r9"), UseKind::Value}}));
}

TEST(DefUse, MemoryPseudoRegisters) {
  const auto k = build_cfg(R"(
    A: st.local [%rd1], %r1; ld.local %r2, [%rd1]; st.param [%rd1], %r1; ld.param %r3, [%rd1]; st.global [%rd1], %r1; ld %r4, [%rd1]
  )");
  const std::uint32_t local = pseudo_reg(k.kernel, PseudoReg::LocalMemory);
  const std::uint32_t param = pseudo_reg(k.kernel, PseudoReg::ParamMemory);
  EXPECT_EQ(reg_slots(k.kernel), static_cast<std::uint32_t>(k.kernel.regs.size()) + 3);
  EXPECT_FALSE(generic_reach(k.kernel).local);
  EXPECT_EQ(defs_of(k, 0), (std::vector<RegDef>{{local, false}}));
  EXPECT_EQ(uses_of(k, 1).back(), (RegUse{local, UseKind::Memory}));
  EXPECT_EQ(defs_of(k, 2), (std::vector<RegDef>{{param, false}}));
  EXPECT_EQ(uses_of(k, 3).back(), (RegUse{param, UseKind::Memory}));
  EXPECT_TRUE(defs_of(k, 4).empty());
  // Generic loads cannot reach local memory here: nothing exposes it.
  EXPECT_EQ(uses_of(k, 5), (std::vector<RegUse>{{k.reg("%rd1"), UseKind::Address}}));
}

TEST(DefUse, GenericAccessReachesLocalMemoryOnceItsAddressIsTaken) {
  const auto k = build_cfg(R"(
    A: mov.local %rd1, buf; cvta.local.u64 %rd2, %rd1; st [%rd2], %r1; ld %r4, [%rd2]; cvta.to.local.u64 %rd3, %rd2
  )");
  EXPECT_TRUE(generic_reach(k.kernel).local);
  const std::uint32_t local = pseudo_reg(k.kernel, PseudoReg::LocalMemory);
  EXPECT_EQ(defs_of(k, 2), (std::vector<RegDef>{{local, false}}));
  EXPECT_EQ(uses_of(k, 3).back(), (RegUse{local, UseKind::Memory}));
  const auto only_to = build_cfg("A: cvta.to.local.u64 %rd3, %rd2");
  EXPECT_FALSE(generic_reach(only_to.kernel).local);
  const auto mov_only = build_cfg("A: mov.local %rd1, buf");
  EXPECT_TRUE(generic_reach(mov_only.kernel).local);
}

TEST(Liveness, LiveRangesPerRegister) {
  // r1 is written in A and read in C (through B or directly); r2 is written
  // in B and C before any read; the loop keeps r3 live around it.
  const auto k = build_cfg(R"(
    A: mov %r1, 1; mov %r3, 0; ? C
    B: mov %r2, 2; add %r5, %r2, %r1
    C: mov %r2, 3; add %r4, %r1, %r2
    H: add %r3, %r3, 1; ? H
    X: add %r6, %r3, 0; exit
  )");
  const Digraph g = block_graph(k.kernel);
  RegisterLiveness live(k.kernel, g);
  const auto in = [&](const char* r) {
    const auto s = live.live_in(k.reg(r));
    return V(s.begin(), s.end());
  };
  EXPECT_EQ(in("%r1"), (k.ids({"B", "C"})));
  EXPECT_TRUE(in("%r2").empty());
  EXPECT_EQ(in("%r3"), (k.ids({"B", "C", "H", "X"})));
  EXPECT_TRUE(in("%r6").empty());
  EXPECT_TRUE(live.live_at_entry(k.reg("%r3"), k.block("H")));
  EXPECT_FALSE(live.live_at_entry(k.reg("%r3"), k.block("A")));
  // Asking twice gives the cached answer.
  EXPECT_EQ(in("%r1"), (k.ids({"B", "C"})));
}

TEST(Liveness, GuardedWritesDoNotEndALiveRange) {
  const auto k = build_cfg(R"(
    A: mov %r1, 1
    B: @%p1 mov %r1, 2
    C: add %r2, %r1, 0; exit
  )");
  const Digraph g = block_graph(k.kernel);
  RegisterLiveness live(k.kernel, g);
  const auto s = live.live_in(k.reg("%r1"));
  EXPECT_EQ(V(s.begin(), s.end()), (k.ids({"B", "C"})));
}

}  // namespace
}  // namespace lockstep::analysis
