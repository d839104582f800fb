// Local memory split into slots (analysis/private_slots.hpp): the def/use
// table's pseudo registers and the uniformity analysis over them, with
// slots given by hand (the checker derives them from its alias analysis).
#include <gtest/gtest.h>

#include <algorithm>

#include "frontend/analysis/def_use_table.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "tests/frontend/cfg_builder.hpp"

namespace lockstep::analysis {
namespace {

using test::build_cfg;
using test::BuiltKernel;
using Reach = PrivateSlots::Reach;

/// Slots by hand: `slot_of[pc]` is the one slot a Slots access touches.
PrivateSlots slots_of(const ir::Kernel& k, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& slot_of,
                      const std::vector<std::uint32_t>& none, std::uint32_t count) {
  PrivateSlots s;
  s.count = count;
  const auto pcs = static_cast<std::uint32_t>(k.code.size());
  s.reach.assign(pcs, Reach::Unknown);
  s.off.assign(pcs + 1, 0);
  for (std::uint32_t pc = 0; pc < pcs; ++pc) {
    if (std::find(none.begin(), none.end(), pc) != none.end()) s.reach[pc] = Reach::None;
    for (const auto& [at, slot] : slot_of) {
      if (at != pc) continue;
      s.reach[pc] = Reach::Slots;
      s.slot.push_back(slot);
    }
    s.off[pc + 1] = static_cast<std::uint32_t>(s.slot.size());
  }
  return s;
}

/// The -G frame: a local variable made generic, a uniform value in slot 0
/// (offset 0), the thread id in slot 1 (offset 4), a store to global memory
/// through a parameter, and a reload of slot 0.
constexpr const char* kFrame = R"(
  A: mov.local %rd1, depot; cvta.local.u64 %rd2, %rd1; ld.param %r1, [n]; mov %r2, %tid.x; st [%rd2], %r1; st [%rd2+4], %r2; ld.param %rd5, [out]; st [%rd5], %r2; ld %r3, [%rd2]; ld %r4, [%rd2+4]
)";

TEST(PrivateSlots, TableGivesEachSlotAPseudoRegister) {
  const BuiltKernel b = build_cfg(kFrame);
  const ir::Kernel& k = b.kernel;
  // pcs: 4 st slot0, 5 st slot1, 7 st global, 8 ld slot0, 9 ld slot1
  const PrivateSlots s = slots_of(k, {{4, 0}, {5, 1}, {8, 0}, {9, 1}}, {7}, 2);
  const DefUseTable plain(k);
  const DefUseTable split(k, s);
  EXPECT_EQ(plain.reg_count(), reg_slots(k));
  EXPECT_EQ(split.reg_count(), reg_slots(k) + 3);
  const std::uint32_t local = pseudo_reg(k, PseudoReg::LocalMemory);
  auto defines = [](const DefUseTable& t, std::uint32_t pc, std::uint32_t reg) {
    const auto d = t.defs(pc);
    return std::any_of(d.begin(), d.end(), [&](const RegDef& x) { return x.reg == reg; });
  };
  auto reads = [](const DefUseTable& t, std::uint32_t pc, std::uint32_t reg) {
    const auto u = t.uses(pc);
    return std::any_of(u.begin(), u.end(), [&](const RegUse& x) { return x.reg == reg; });
  };
  EXPECT_TRUE(defines(plain, 7, local));   // a generic store may hit the frame
  EXPECT_FALSE(defines(split, 7, local));  // placed in global memory
  EXPECT_TRUE(defines(split, 4, local_slot_reg(k, 0)));
  EXPECT_TRUE(defines(split, 4, local));   // what Unknown loads read
  EXPECT_FALSE(defines(split, 4, local_slot_reg(k, 1)));
  for (const RegDef& d : split.defs(4)) {
    if (d.reg >= reg_slots(k)) {
      EXPECT_FALSE(d.kills);  // a store never ends a slot's live range
    }
  }
  EXPECT_TRUE(reads(split, 8, local_slot_reg(k, 0)));
  EXPECT_TRUE(reads(split, 8, unresolved_local_reg(k)));
  EXPECT_FALSE(reads(split, 8, local));
  EXPECT_FALSE(reads(split, 8, local_slot_reg(k, 1)));
}

TEST(PrivateSlots, UniformSlotStaysUniformBesideADivergentOne) {
  const BuiltKernel b = build_cfg(kFrame);
  const ir::Kernel& k = b.kernel;
  const KernelAnalysis a = analyze_kernel(k);
  // Without slots the reload is a generic load of memory the kernel writes.
  EXPECT_EQ(a.uniformity.cause(b.reg("%r3")).cause, DivergenceCause::Memory);
  const PrivateSlots s = slots_of(k, {{4, 0}, {5, 1}, {8, 0}, {9, 1}}, {7}, 2);
  const Uniformity u = analyze_uniformity(k, a.graph, a.postdom, a.loops, s);
  EXPECT_EQ(u.reg_count(), reg_slots(k) + 3);
  EXPECT_FALSE(u.divergent(b.reg("%r3")));
  EXPECT_EQ(u.cause(b.reg("%r4")).cause, DivergenceCause::Data);
  EXPECT_FALSE(u.divergent(local_slot_reg(k, 0)));
  EXPECT_TRUE(u.divergent(local_slot_reg(k, 1)));
}

TEST(PrivateSlots, AStoreThatCannotBePlacedReachesEverySlot) {
  // The global store of kFrame left Unknown: it may hit slot 0.
  const BuiltKernel b = build_cfg(kFrame);
  const ir::Kernel& k = b.kernel;
  const KernelAnalysis a = analyze_kernel(k);
  const PrivateSlots s = slots_of(k, {{4, 0}, {5, 1}, {8, 0}, {9, 1}}, {}, 2);
  const Uniformity u = analyze_uniformity(k, a.graph, a.postdom, a.loops, s);
  EXPECT_TRUE(u.divergent(unresolved_local_reg(k)));
  EXPECT_EQ(u.cause(b.reg("%r3")).cause, DivergenceCause::Data);
}

TEST(PrivateSlots, UniformStoreUnderDivergentControlDivergesAtTheJoin) {
  const BuiltKernel b = build_cfg(R"(
    A: mov.local %rd1, depot; cvta.local.u64 %rd2, %rd1; ld.param %r1, [n]; st [%rd2], %r1; mov %r2, %tid.x; setp.eq %p1, %r2, 0; @%p1 bra C
    B: st [%rd2], 7
    C: ld %r3, [%rd2]; exit
  )");
  const ir::Kernel& k = b.kernel;
  const KernelAnalysis a = analyze_kernel(k);
  const std::uint32_t store_b = b.first_pc("B");
  const std::uint32_t load_c = b.first_pc("C");
  const PrivateSlots s = slots_of(k, {{3, 0}, {store_b, 0}, {load_c, 0}}, {}, 1);
  const Uniformity u = analyze_uniformity(k, a.graph, a.postdom, a.loops, s);
  EXPECT_EQ(u.cause(local_slot_reg(k, 0)).cause, DivergenceCause::Join);
  EXPECT_EQ(u.cause(b.reg("%r3")).cause, DivergenceCause::Data);
}

}  // namespace
}  // namespace lockstep::analysis
