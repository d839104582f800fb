// Dynamic warp formation and DWF with warp barriers
// (semantics/model/model_dwf.hpp, docs/models/dwf.md) against the thesis's
// claims (research 001-microarch-tbc.md §3.1-3.3, §6 claim 10):
//   - the warp pool regroups threads of several static warps at one PC,
//     each in its home lane, and warp-level instructions see the dynamic
//     warp (activemask inside a divergent region), under dwf and dwf-wb;
//   - reconvergence by coincidence only: after a hammock, a shuffle from
//     lane 0 reads another static warp's thread under dwf (some schedule),
//     while dwf-wb restores the static warps at the reconvergence point;
//   - the pool's placement rule: the oldest entry at the PC with the lane free;
//   - the lane invariant, every live thread in exactly one dynamic warp (or,
//     under dwf-wb, at its warp barrier), the pool bound and the static
//     grouping of non-diverged warps, after every step of generated programs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "random_program.hpp"
#include "run_kit.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/model/model_dwf.hpp"

namespace lockstep::test {
namespace {

using sem::Mask;
using Dwf = sem::ModelDwf;

const std::string& kHeader = kPtxHeader;

std::string spec_for(const std::string& kernel, unsigned threads) { return one_out_spec(kernel, threads); }

/// Even lanes of warp 0 and odd lanes of warp 1 take the branch and read
/// __activemask() (as tbc_model_test's claim 10 kernel).
const std::string kActive = kHeader + R"(
.visible .entry active(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  shr.u32 %r3, %r1, 5;
  xor.b32 %r4, %r1, %r3;
  and.b32 %r5, %r4, 1;
  mov.u32 %r2, 0;
  setp.ne.u32 %p1, %r5, 0;
  @%p1 bra $J;
  activemask.b32 %r2;
$J:
  ld.param.u64 %rd4, [out];
  cvta.to.global.u64 %rd5, %rd4;
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd7, %rd5, %rd6;
  st.global.u32 [%rd7], %r2;
  ret;
}
)";

TEST(DwfModel, WarpLevelInstructionsSeeTheDynamicWarp) {
  const auto p = prepare_from_text(kActive, spec_for("active", 64));
  const RunCapture stack = run_capture(*p, sem::ModelKind::Stack, {});
  ASSERT_EQ(stack.status, sem::RunStatus::Completed) << stack.description;
  EXPECT_EQ(element_bits(stack.buffers[0], 0, 4), 0x55555555U);
  for (const char* name : {"dwf", "dwf-wb"}) {
    const RunCapture c = run_capture(*p, model_named(name), {});
    ASSERT_EQ(c.status, sem::RunStatus::Completed) << name << ": " << c.description;
    // The threads at activemask (lanes 0, 2, .. of warp 0 and 1, 3, .. of warp 1) form one dynamic warp.
    EXPECT_EQ(element_bits(c.buffers[0], 0, 4), 0xffffffffU) << name;
    EXPECT_EQ(element_bits(c.buffers[0], 33, 4), 0xffffffffU) << name;
    EXPECT_EQ(element_bits(c.buffers[0], 1, 4), 0U) << name;
  }
}

/// Lane 0 of warp 1 takes a short path, everyone else a longer one; after
/// the join every thread reads lane 0's %tid.x with a shuffle. Under the
/// stack (and dwf-wb) thread t reads t & ~31.
const std::string kJoinShuffle = kHeader + R"(
.visible .entry joinshfl(.param .u64 out)
{
  .reg .pred %p<2>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  setp.eq.u32 %p1, %r1, 32;
  @%p1 bra $J;
  add.u32 %r2, %r1, 1;
  add.u32 %r2, %r2, 1;
$J:
  shfl.sync.idx.b32 %r3, %r1, 0, 31, 0xffffffff;
  ld.param.u64 %rd4, [out];
  cvta.to.global.u64 %rd5, %rd4;
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd7, %rd5, %rd6;
  st.global.u32 [%rd7], %r3;
  ret;
}
)";

std::vector<std::uint64_t> out_words(const RunCapture& c, unsigned n) {
  std::vector<std::uint64_t> v;
  for (unsigned i = 0; i < n; ++i) v.push_back(element_bits(c.buffers[0], i, 4));
  return v;
}

TEST(DwfModel, WarpBarriersRestoreTheStaticWarpsAtReconvergence) {
  const auto p = prepare_from_text(kJoinShuffle, spec_for("joinshfl", 64));
  const RunCapture stack = run_capture(*p, sem::ModelKind::Stack, {});
  ASSERT_EQ(stack.status, sem::RunStatus::Completed) << stack.description;
  std::vector<std::uint64_t> want;
  for (unsigned t = 0; t < 64; ++t) want.push_back(t & ~31U);
  EXPECT_EQ(out_words(stack, 64), want);
  bool dwf_differs = false;
  for (const auto& [schedule, options] : standard_schedules()) {
    const RunCapture wb = run_capture(*p, model_named("dwf-wb"), options);
    ASSERT_EQ(wb.status, sem::RunStatus::Completed) << schedule << ": " << wb.description;
    EXPECT_EQ(out_words(wb, 64), want) << "dwf-wb / " << schedule;
    const RunCapture dwf = run_capture(*p, model_named("dwf"), options);
    ASSERT_EQ(dwf.status, sem::RunStatus::Completed) << schedule << ": " << dwf.description;
    dwf_differs = dwf_differs || out_words(dwf, 64) != want;
  }
  // Under dwf, warp 1's lanes 1..31 reach the shuffle without their lane 0
  // (it joins warp 0's dynamic warp or runs alone): lane 0's value is not thread 32's.
  EXPECT_TRUE(dwf_differs);
}

/// The placement rule step by step: two full static warps branch on lane
/// parity; the first warp's odd lanes and the second's even lanes reach the
/// join, where the first arrivals form an entry and the others fill its free
/// lanes (the oldest entry at that PC with the lane free).
TEST(DwfModel, ThreadsJoinTheOldestEntryAtTheirPcWithTheirLaneFree) {
  const auto p = prepare_from_text(kActive, spec_for("active", 64));
  sem::LaunchState<Dwf> s(*p->setup, Dwf{});
  const Dwf::State& ms = s.model_state(0);
  ASSERT_EQ(ms.order.size(), 2U);
  EXPECT_EQ(ms.pool[0].lanes, 0xffffffffU);
  // Warp 0 runs to the branch and splits: its even lanes at activemask, odd at $J.
  const std::uint32_t branch = 6;
  while (s.unit(0, 0).pc <= branch) s.step(0, 0);
  ASSERT_EQ(ms.order.size(), 3U);  // warp 1's static entry, then warp 0's two halves
  // Warp 1 (pool entry 1, warp position 1, key 0) runs to the branch: its odd
  // lanes fill warp 0's activemask entry, its even lanes warp 0's $J entry.
  while (ms.pool.size() > 1 && ms.pool[1].lanes == 0xffffffffU && s.unit(1, 0).pc <= branch) s.step(1, 0);
  ASSERT_EQ(ms.order.size(), 2U);
  for (const std::uint16_t j : ms.order) {
    const Dwf::Warp& e = ms.pool[j];
    EXPECT_EQ(e.lanes, 0xffffffffU);
    for (unsigned l = 0; l < sem::kWarpSize; ++l) {
      const bool at_activemask = e.pc == branch + 1;  // warp 0's even lanes, warp 1's odd lanes
      const unsigned home = at_activemask ? (l & 1U) : 1U - (l & 1U);
      EXPECT_EQ(e.home[l], home) << "entry at pc " << e.pc << " lane " << l;
    }
  }
}

/// After every step: each thread of an entry is in its home lane of a live
/// static warp, no thread is in two entries or in an entry and at its warp
/// barrier, every live unexited thread is somewhere, the pool has no more
/// entries than live threads, `order` lists exactly the occupied entries,
/// and (dwf-wb) a fixed entry is one whole static warp without a barrier.
std::string check_invariants(const sem::LaunchState<Dwf>& s) {
  const std::uint32_t wpb = s.warps_per_block();
  for (std::uint32_t slot = 0; slot < s.slot_count(); ++slot) {
    const Dwf::State& ms = s.model_state(slot * wpb);
    if (ms.live.empty()) continue;
    std::vector<Mask> seen(wpb, 0);
    unsigned occupied = 0;
    unsigned threads = 0;
    for (std::size_t j = 0; j < ms.pool.size(); ++j) {
      const Dwf::Warp& e = ms.pool[j];
      if (e.lanes == 0) continue;
      ++occupied;
      if (std::count(ms.order.begin(), ms.order.end(), j) != 1) return "an occupied entry is not in the age order";
      for (unsigned l = 0; l < sem::kWarpSize; ++l) {
        if (!sem::has_lane(e.lanes, l)) {
          if (e.home[l] != Dwf::kNoWarp) return "a lane outside an entry has a home";
          continue;
        }
        const unsigned w = e.home[l];
        if (w >= wpb) return "a lane's home is not a static warp of the block";
        if (sem::has_lane(seen[w], l)) return "a thread is in two dynamic warps";
        seen[w] |= sem::lane_bit(l);
        ++threads;
      }
      if (e.fixed) {
        const unsigned w = e.home[sem::lowest_lane(e.lanes)];
        if (e.lanes != ms.live[w]) return "a static entry is not its whole static warp";
        if (ms.wb_pc[w] != Dwf::kNoPc) return "a static entry's warp has a warp barrier";
      }
    }
    if (ms.order.size() != occupied) return "the age order lists free entries";
    if (occupied > threads) return "more dynamic warps than threads";
    for (std::uint32_t w = 0; w < wpb; ++w) {
      Mask at_barrier = s.model().warp_barriers() ? ms.wb_arrived[w] : 0;
      if ((at_barrier & seen[w]) != 0) return "a thread is in a dynamic warp and at its warp barrier";
      const auto& wd = s.warp(slot * wpb + w);
      if (ms.live[w] != (wd.live & ~wd.exited)) return "the model's live threads are not the launch's";
      if ((seen[w] | at_barrier) != ms.live[w]) return "a live thread is in no dynamic warp";
    }
  }
  return {};
}

TEST(DwfModel, InvariantsHoldAfterEveryStepOfGeneratedPrograms) {
  unsigned checked = 0;
  std::uint64_t steps = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const RandomProgram rp = generate_random_program(seed);
    const auto p = prepare_from_text(rp.ptx, rp.spec, ".", "rand.ptx");
    for (const bool wb : {false, true}) {
      sem::LaunchState<Dwf> s(*p->setup, Dwf{wb});
      std::string bad = check_invariants(s);
      while (bad.empty() && s.status() == sem::LaunchStatus::Running) {
        bool any = false;
        for (std::uint32_t w = 0; w < s.warp_count() && bad.empty(); ++w) {
          const Mask en = s.enabled(w);
          if (en == 0) continue;
          // The youngest-keyed unit first, then the lowest: both orders of the pool get exercised.
          s.step(w, (steps % 2 == 0) ? sem::lowest_lane(en) : 31U - static_cast<unsigned>(__builtin_clz(en)));
          ++steps;
          any = true;
          bad = check_invariants(s);
        }
        if (!any) bad = "nothing enabled";
      }
      EXPECT_TRUE(bad.empty()) << "seed " << seed << (wb ? " (dwf-wb)" : " (dwf)") << ": " << bad;
      EXPECT_EQ(s.status(), sem::LaunchStatus::Completed) << "seed " << seed << (wb ? " (dwf-wb)" : " (dwf)");
      ++checked;
    }
  }
  EXPECT_EQ(checked, 120U);
  EXPECT_GT(steps, 10000U);
}

TEST(DwfModel, SpecNames) {
  EXPECT_EQ(sem::model_spec_name(model_named("dwf")), "dwf");
  EXPECT_EQ(sem::model_spec_name(model_named("dwf-wb")), "dwf-wb");
  EXPECT_EQ(sem::model_info(sem::ModelKind::DwfWb).scope, "block (core in sim)");
}

}  // namespace
}  // namespace lockstep::test
