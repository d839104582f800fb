// Dynamic warp formation at core scope (docs/models/dwf.md "Core scope";
// research 001-microarch-tbc.md §3.1: DWF's warp pool is per core): one
// model state pools the block slots of a core (Residency::core_slots), as
// the simulator runs `dwf` and `dwf-wb`.
//   - threads of two blocks at one PC share a dynamic warp, and each still
//     sees its own block: %ctaid, its block's shared memory and barrier;
//   - blocks admitted into and retired from the core's slots as the
//     simulator does, the pool's entries staying on positions of resident
//     blocks (ModelDwf::leave moves them when a block leaves);
//   - leave() on a state built by hand.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "run_kit.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/model/model_dwf.hpp"

namespace lockstep::test {
namespace {

using sem::Mask;
using Dwf = sem::ModelDwf;

/// The join of the test kernels: thread t of block b stores r3 + 1000 b
/// into its block's shared array `sh`, waits at the block's barrier and
/// writes what thread 31 - t stored to out[b * 32 + t].
const std::string kJoinTail = R"($J:
  mul.lo.u32 %r4, %r2, 1000;
  add.u32 %r5, %r3, %r4;
  mov.u32 %r6, sh;
  shl.b32 %r7, %r1, 2;
  add.u32 %r8, %r6, %r7;
  st.shared.u32 [%r8], %r5;
  bar.sync 0;
  sub.u32 %r9, 31, %r1;
  shl.b32 %r10, %r9, 2;
  add.u32 %r11, %r6, %r10;
  ld.shared.u32 %r12, [%r11];
  mov.u32 %r13, %ntid.x;
  mad.lo.u32 %r14, %r2, %r13, %r1;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r14, 4;
  add.s64 %rd4, %rd2, %rd3;
  st.global.u32 [%rd4], %r12;
  ret;
}
)";

/// Thread t of block b: lanes t < 16 of block 0 and t >= 16 of block 1 (and
/// of block 2 as block 0) take the short path, r3 = 2t, the others r3 = 3t;
/// after the join each stores r3 + 1000 b into its block's shared array,
/// waits at the block's barrier and writes what thread 31 - t stored.
const std::string kMix = kPtxHeader + R"(
.shared .align 4 .b8 sh[128];
.visible .entry mix(.param .u64 out)
{
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  setp.lt.u32 %p1, %r1, 16;
  setp.eq.u32 %p2, %r2, 1;
  xor.pred %p3, %p1, %p2;
  @%p3 bra $A;
  mul.lo.u32 %r3, %r1, 3;
  bra.uni $J;
$A:
  mul.lo.u32 %r3, %r1, 2;
)" + kJoinTail;

std::string mix_spec(unsigned blocks) {
  return "kernel = \"mix\"\ngrid = [" + std::to_string(blocks) +
         "]\nblock = [32]\nparams = [\"out\"]\n\n[[buffer]]\nname = \"out\"\ntype = \"u32\"\ncount = " +
         std::to_string(32 * blocks) + "\ninit = \"zeros\"\n";
}

std::uint32_t expected(unsigned b, unsigned t) {
  const unsigned from = 31 - t;
  const bool short_path = (from < 16) != (b == 1);
  return (short_path ? 2 * from : 3 * from) + 1000 * b;
}

/// Steps every enabled unit round robin (each warp position's units in key order), admitting the
/// grid's blocks into free slots in order and retiring finished ones, as
/// the simulator's CTA dispatcher does. Returns whether some dynamic warp
/// held threads of two blocks, and fills `out` with the final buffer.
bool run_core(const PreparedLaunch& p, bool wb, unsigned slots, unsigned blocks, std::vector<std::uint32_t>& out,
              std::string& problem) {
  sem::LaunchState<Dwf> s(*p.setup, Dwf{wb}, sem::ConcreteDomain{}, sem::Residency{slots, slots});
  EXPECT_EQ(s.core_slots(), slots);
  unsigned next = 0;
  bool mixed = false;
  for (unsigned guard = 0; s.status() == sem::LaunchStatus::Running && guard < 100000; ++guard) {
    for (std::uint32_t slot = 0; slot < slots; ++slot) {
      if (s.slot_block(slot) != sem::kNoBlock && s.slot_done(slot)) s.retire(slot);
      if (s.slot_block(slot) == sem::kNoBlock && next < blocks) s.admit(slot, next++);
    }
    bool any = false;
    for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
      // Every unit of the warp position that was enabled at the round's start, lowest key first.
      const Mask en = s.enabled(w);
      sem::for_each_lane(en, [&](unsigned key) {
        if (s.status() != sem::LaunchStatus::Running || !sem::has_lane(s.enabled(w), key)) return;
        const auto& cw = s.block_unit(w, key);
        bool first = false;
        bool second = false;
        sem::for_each_lane(cw.lanes, [&](unsigned l) { (cw.home[l] == 0 ? first : second) = true; });
        mixed = mixed || (first && second);
        s.step(w, key);
        any = true;
      });
    }
    if (!any && s.status() == sem::LaunchStatus::Running) {
      bool admitted_all = next == blocks;
      for (std::uint32_t slot = 0; slot < slots; ++slot) admitted_all = admitted_all && !s.slot_done(slot);
      if (admitted_all) {
        problem = "nothing enabled";
        break;
      }
    }
  }
  if (s.status() != sem::LaunchStatus::Completed) problem += " status " + std::to_string(static_cast<int>(s.status()));
  if (s.fault()) problem += " fault: " + s.fault()->message;
  out.clear();
  std::vector<std::uint8_t> bytes(4U * 32U * blocks);
  s.global().read(p.setup->buffers.at(0).address, bytes.size(), bytes.data());
  for (unsigned i = 0; i < 32 * blocks; ++i) out.push_back(static_cast<std::uint32_t>(element_bits(bytes, i, 4)));
  return mixed;
}

TEST(DwfCore, ThreadsOfTwoBlocksShareADynamicWarpAndKeepTheirBlock) {
  const auto p = prepare_from_text(kMix, mix_spec(2));
  const RunCapture stack = run_capture(*p, sem::ModelKind::Stack, {});
  ASSERT_EQ(stack.status, sem::RunStatus::Completed) << stack.description;
  for (unsigned i = 0; i < 64; ++i) ASSERT_EQ(element_bits(stack.buffers[0], i, 4), expected(i / 32, i % 32)) << i;
  for (const bool wb : {false, true}) {
    std::vector<std::uint32_t> out;
    std::string problem;
    const bool mixed = run_core(*p, wb, 2, 2, out, problem);
    EXPECT_TRUE(problem.empty()) << problem;
    // dwf: block 0's short-path lanes 0-15 and block 1's 16-31 form one warp.
    // dwf-wb: the static warps diverge at the top level, so their threads
    // are dynamic until the join and may merge across the blocks as well.
    EXPECT_TRUE(mixed) << (wb ? "dwf-wb" : "dwf");
    for (unsigned i = 0; i < 64; ++i) EXPECT_EQ(out[i], expected(i / 32, i % 32)) << (wb ? "dwf-wb " : "dwf ") << i;
  }
}

TEST(DwfCore, BlocksComeAndGoThroughTheCoresSlots) {
  // Five blocks through two slots of one core: three admissions after retirements.
  const auto p = prepare_from_text(kMix, mix_spec(5));
  for (const bool wb : {false, true}) {
    std::vector<std::uint32_t> out;
    std::string problem;
    run_core(*p, wb, 2, 5, out, problem);
    EXPECT_TRUE(problem.empty()) << problem;
    for (unsigned i = 0; i < 160; ++i) EXPECT_EQ(out[i], expected(i / 32, i % 32)) << (wb ? "dwf-wb " : "dwf ") << i;
  }
}

/// Block 0: lanes 0-15 take path X, 16-31 the longer path Y. Block 1: lanes 16-31
/// take X too (joining block 0's half warp there), lanes 0-15 loop 20 times
/// first. Everyone computes tid + 20, stores it (+ 1000 ctaid) into its
/// block's shared array, waits at its block's barrier and writes what thread
/// 31 - t stored. The dynamic warp {block 0 lanes 0-15, block 1 lanes 16-31}
/// waits at both blocks' barriers; block 0's completes (when Y's threads
/// arrive) long before block 1's, and block 1's threads must not go on with it.
const std::string kTwoBarriers = kPtxHeader + R"(
.shared .align 4 .b8 sh[128];
.visible .entry bars(.param .u64 out)
{
  .reg .pred %p<8>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  setp.eq.u32 %p2, %r2, 1;
  setp.lt.u32 %p1, %r1, 16;
  and.pred %p4, %p1, %p2;
  @%p4 bra $L;
  xor.pred %p3, %p1, %p2;
  @%p3 bra $X;
  add.u32 %r3, %r1, 5;
  add.u32 %r3, %r3, 5;
  add.u32 %r3, %r3, 5;
  add.u32 %r3, %r3, 5;
  bra.uni $J;
$X:
  add.u32 %r3, %r1, 20;
  bra.uni $J;
$L:
  mov.u32 %r3, %r1;
  mov.u32 %r4, 0;
$LOOP:
  add.u32 %r3, %r3, 1;
  add.u32 %r4, %r4, 1;
  setp.lt.u32 %p5, %r4, 20;
  @%p5 bra $LOOP;
)" + kJoinTail;

/// kTwoBarriers with path X the long one and Y short: block 0's barrier
/// then completes in the very step in which the mixed warp arrives, whose
/// block 0 threads go on while its block 1 threads wait.
std::string long_x() {
  std::string k = kTwoBarriers;
  const std::string four = "  add.u32 %r3, %r1, 5;\n  add.u32 %r3, %r3, 5;\n  add.u32 %r3, %r3, 5;\n  add.u32 %r3, %r3, 5;\n";
  const std::string one = "  add.u32 %r3, %r1, 20;\n";
  k.replace(k.find(four), four.size(), one);                   // Y
  k.replace(k.find(one, k.find("$X:")), one.size(), four);  // X
  return k;
}

TEST(DwfCore, AThreadWaitsForItsOwnBlocksBarrierInAMixedWarp) {
  std::string spec = mix_spec(2);
  spec.replace(spec.find("\"mix\""), 5, "\"bars\"");
  for (const std::string& kernel : {kTwoBarriers, long_x()}) {
    const auto p = prepare_from_text(kernel, spec);
    for (const bool wb : {false, true}) {
      std::vector<std::uint32_t> out;
      std::string problem;
      const bool mixed = run_core(*p, wb, 2, 2, out, problem);
      EXPECT_TRUE(problem.empty()) << problem;
      EXPECT_TRUE(mixed) << (wb ? "dwf-wb" : "dwf");
      for (unsigned i = 0; i < 64; ++i) {
        EXPECT_EQ(out[i], (31 - i % 32) + 20 + 1000 * (i / 32)) << (wb ? "dwf-wb " : "dwf ") << i;
      }
    }
  }
}

TEST(DwfCore, LeaveMovesEntriesToPositionsWithLiveThreads) {
  const Dwf m;
  const sem::ModelContext ctx;
  Dwf::State s = m.empty(2, 1);  // two blocks of one warp each
  const std::array<Mask, 1> low{0x0000ffffU};
  const std::array<Mask, 1> high{0xffff0000U};
  m.admit(s, 0, low, 0);
  m.admit(s, 1, high, 0);
  ASSERT_EQ(s.order.size(), 2U);
  EXPECT_EQ(s.pool[0].lanes, 0x0000ffffU);
  EXPECT_EQ(s.pool[1].lanes, 0xffff0000U);
  // Both go to pc 1: block 1's threads join block 0's entry (oldest at pc 1, lanes free).
  sem::Outcome o0;
  o0.add(1, 0x0000ffffU);
  m.retire(ctx, s, 0, o0);
  sem::Outcome o1;
  o1.add(1, 0xffff0000U);
  m.retire(ctx, s, 1, o1);
  ASSERT_EQ(s.order.size(), 1U);
  const unsigned merged = s.order[0];
  EXPECT_EQ(s.pool[merged].lanes, 0xffffffffU);
  EXPECT_EQ(s.pool[merged].home[0], 0);
  EXPECT_EQ(s.pool[merged].home[31], 1);
  // A branch sends block 1's threads (taken side, placed first) to pc 5 and block 0's to pc 2.
  sem::Outcome br;
  br.add(5, 0xffff0000U);
  br.add(2, 0x0000ffffU);
  m.retire(ctx, s, merged, br);
  ASSERT_EQ(s.order.size(), 2U);
  EXPECT_EQ(s.pool[0].pc, 5U);  // block 1's threads on position 0, block 0's
  EXPECT_EQ(s.pool[0].lanes, 0xffff0000U);
  EXPECT_EQ(s.pool[1].pc, 2U);
  // Block 0's threads exit; block 0 leaves the core.
  sem::Outcome ex;
  ex.exited = 0x0000ffffU;
  m.retire(ctx, s, 1, ex);
  EXPECT_EQ(s.live[0], 0U);
  ASSERT_EQ(s.order.size(), 1U);
  EXPECT_EQ(s.order[0], 0U);  // still on block 0's position
  m.leave(s, 0, 1);
  ASSERT_EQ(s.order.size(), 1U);
  EXPECT_EQ(s.order[0], 1U);  // moved to position 1 (block 1's warp), key 0
  EXPECT_EQ(s.pool.size(), 2U);
  EXPECT_EQ(s.pool[0].lanes, 0U);
  EXPECT_EQ(s.pool[1].lanes, 0xffff0000U);
  EXPECT_EQ(s.pool[1].pc, 5U);
  EXPECT_EQ(s.pool[1].home[16], 1);
  // A new block at position 0 gets entry 0, the youngest.
  m.admit(s, 0, low, 0);
  ASSERT_EQ(s.order.size(), 2U);
  EXPECT_EQ(s.order[1], 0U);
  EXPECT_EQ(s.pool[0].lanes, 0x0000ffffU);
}

}  // namespace
}  // namespace lockstep::test
