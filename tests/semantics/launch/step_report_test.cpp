// What the semantics tells a timing model: the step report (threads,
// guard, divergence, exits, barrier arrivals and releases, per-lane
// accesses with their resolved spaces), the per-PC timing classes
// (GPGPU-Sim's opcode classes, registers read and written), and block
// slots (residency): admitting, running and retiring blocks one slot at a
// time gives the same final memory as every block resident.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "run_kit.hpp"
#include "semantics/launch/launch_engine.hpp"
#include "semantics/launch/timing_decode.hpp"

namespace lockstep::sem {
namespace {

const char* kKernel = R"(
.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 k_out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .f32 %f<4>;
  .reg .f64 %fd<3>;
  .reg .b64 %rd<6>;
  .shared .align 4 .b8 sh[256];
  ld.param.u64 %rd1, [k_out];
  cvta.to.global.u64 %rd2, %rd1;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  setp.lt.u32 %p1, %r1, 8;
  @%p1 st.global.u32 [%rd4+4], %r1;
  shl.b32 %r2, %r1, 2;
  mov.u32 %r3, sh;
  add.u32 %r4, %r3, %r2;
  st.shared.u32 [%r4], %r1;
  bar.sync 0;
  ld.shared.u32 %r5, [%r3];
  cvt.rn.f32.u32 %f1, %r5;
  fma.rn.f32 %f2, %f1, %f1, %f1;
  div.rn.f32 %f3, %f2, %f1;
  sqrt.rn.f64 %fd2, %fd1;
  atom.global.add.u32 %r6, [%rd2], 1;
  setp.eq.u32 %p2, %r1, 0;
  @%p2 bra DONE;
  add.s32 %r7, %r6, %r5;
DONE:
  ret;
}
)";

const char* kSpec = R"(
kernel = "k"
grid = [2]
block = [64]
params = ["out"]

[[buffer]]
name = "out"
type = "u32"
count = 64
)";

TEST(TimingDecode, ClassesFollowGpgpuSim) {
  const auto p = test::prepare_from_text(kKernel, kSpec);
  const ir::Kernel& k = *p->setup->kernel;
  const TimingDecode d(k);
  std::vector<std::pair<ir::Opcode, TimingInstr>> seen;
  for (std::uint32_t pc = 0; pc < d.size(); ++pc) seen.emplace_back(k.code[pc].op, d.at(pc));
  const auto find = [&](ir::Opcode op, unsigned nth = 0) {
    for (const auto& [o, t] : seen) {
      if (o == op && nth-- == 0) return t;
    }
    ADD_FAILURE() << "no " << ir::opcode_name(op);
    return TimingInstr{};
  };
  EXPECT_EQ(find(ir::Opcode::Ld).pipe, PipeClass::Mem);
  EXPECT_EQ(find(ir::Opcode::Ld).role, InstrRole::Load);
  EXPECT_EQ(find(ir::Opcode::St).role, InstrRole::Store);
  EXPECT_EQ(find(ir::Opcode::Atom).role, InstrRole::Atomic);
  EXPECT_EQ(find(ir::Opcode::Add).pipe, PipeClass::Alu);  // add.s64: integer
  EXPECT_EQ(find(ir::Opcode::Add).latency, LatencyClass::IntAdd);
  EXPECT_EQ(find(ir::Opcode::Fma).pipe, PipeClass::Sp);
  EXPECT_EQ(find(ir::Opcode::Fma).latency, LatencyClass::FpMad);
  EXPECT_EQ(find(ir::Opcode::Div).pipe, PipeClass::Sfu);
  EXPECT_EQ(find(ir::Opcode::Div).latency, LatencyClass::FpDiv);
  EXPECT_EQ(find(ir::Opcode::Sqrt).pipe, PipeClass::Sfu);
  EXPECT_EQ(find(ir::Opcode::Sqrt).latency, LatencyClass::Sfu);
  EXPECT_EQ(find(ir::Opcode::Cvt).latency, LatencyClass::Fixed1);
  EXPECT_EQ(find(ir::Opcode::Bar).role, InstrRole::Barrier);
  EXPECT_EQ(find(ir::Opcode::Bra).role, InstrRole::Branch);
  EXPECT_FALSE(find(ir::Opcode::Bra).backward);  // a forward branch
  EXPECT_TRUE(find(ir::Opcode::Setp).setp);
  EXPECT_FALSE(find(ir::Opcode::Add).setp);
  EXPECT_EQ(find(ir::Opcode::Ret).role, InstrRole::Exit);
  EXPECT_EQ(find(ir::Opcode::Mul).latency, LatencyClass::IntMul);  // mul.wide.u32
}

TEST(TimingDecode, RegistersReadAndWritten) {
  const auto p = test::prepare_from_text(kKernel, kSpec);
  const ir::Kernel& k = *p->setup->kernel;
  const TimingDecode d(k);
  const auto name = [&](std::uint32_t r) { return r < k.regs.size() ? k.regs[r].name : std::string("carry"); };
  for (std::uint32_t pc = 0; pc < d.size(); ++pc) {
    if (k.code[pc].op != ir::Opcode::Fma) continue;
    ASSERT_EQ(d.sources(pc).size(), 1U);  // %f1 three times, read once
    EXPECT_EQ(name(d.sources(pc)[0]), "%f1");
    ASSERT_EQ(d.destinations(pc).size(), 1U);
    EXPECT_EQ(name(d.destinations(pc)[0]), "%f2");
  }
  for (std::uint32_t pc = 0; pc < d.size(); ++pc) {
    if (k.code[pc].op != ir::Opcode::St || k.code[pc].space != ir::Space::Global) continue;
    std::vector<std::string> src;
    for (const std::uint32_t r : d.sources(pc)) src.push_back(name(r));
    std::sort(src.begin(), src.end());
    EXPECT_EQ(src, (std::vector<std::string>{"%p1", "%r1", "%rd4"}));  // guard, value, address
    EXPECT_TRUE(d.destinations(pc).empty());
  }
}

TEST(StepReport, GuardAccessesBarrierAndDivergence) {
  const auto p = test::prepare_from_text(kKernel, kSpec);
  const std::unique_ptr<LaunchEngine> e = make_launch_engine(*p->setup, ModelKind::Stack);
  const ir::Kernel& k = *p->setup->kernel;
  StepReport r;
  bool saw_guarded_store = false, saw_shared = false, saw_release = false, saw_divergence = false, saw_atomic = false,
       saw_setp = false;
  for (int guard = 0; guard < 10000 && e->status() == LaunchStatus::Running; ++guard) {
    bool stepped = false;
    for (std::uint32_t w = 0; w < e->warp_count(); ++w) {
      const Mask en = e->enabled(w);
      if (en == 0) continue;
      e->step(w, lowest_lane(en), r);
      stepped = true;
      const ir::Instr& in = k.code[r.pc];
      if (in.op == ir::Opcode::St && in.space == ir::Space::Global) {
        // Lanes 0..7 of warp 0 of each block store; the other warps' guards are all false.
        const Mask want = e->warp(w).warp_in_block == 0 ? 0xffU : 0U;
        EXPECT_EQ(r.executed, want);
        EXPECT_EQ(r.access.lanes, want);
        EXPECT_EQ(r.threads, kFullMask);
        if (want != 0) {
          EXPECT_EQ(r.access.kind, AccessKind::Write);
          EXPECT_EQ(r.access.bytes, 4U);
          EXPECT_EQ(r.access.space[3], ir::Space::Global);
          EXPECT_EQ(r.access.addr[3] - r.access.addr[2], 4U);
          saw_guarded_store = true;
        }
      }
      if (in.op == ir::Opcode::St && in.space == ir::Space::Shared) {
        EXPECT_EQ(r.access.space[5], ir::Space::Shared);
        EXPECT_EQ(r.access.addr[5] - r.access.addr[4], 4U);  // offsets in the block's shared space
        saw_shared = true;
      }
      if (in.op == ir::Opcode::Bar) {
        saw_release = saw_release || r.released;
        EXPECT_EQ(r.blocked != 0, !r.released);  // the last arrival releases and goes on
      }
      if (in.op == ir::Opcode::Atom) {
        EXPECT_EQ(r.access.kind, AccessKind::Atomic);
        EXPECT_EQ(r.access.lanes, kFullMask);
        saw_atomic = true;
      }
      if (in.op == ir::Opcode::Setp) {
        // DDOS's operands: the first thread's %r1 (its tid) and the immediate.
        const std::uint64_t tid = std::uint64_t{e->warp(w).warp_in_block} * 32 + lowest_lane(r.threads);
        EXPECT_EQ(r.compared[0], tid);
        EXPECT_EQ(r.compared[1], in.cmp == ir::CmpOp::Lt ? 8U : 0U);
        saw_setp = true;
      } else {
        EXPECT_EQ(r.compared, (std::array<std::uint64_t, 2>{}));
      }
      if (in.op == ir::Opcode::Bra && r.paths > 1) saw_divergence = true;
      if (in.op == ir::Opcode::Ret) {
        EXPECT_EQ(r.exited, r.executed);
      }
    }
    ASSERT_TRUE(stepped);
  }
  EXPECT_EQ(e->status(), LaunchStatus::Completed);
  EXPECT_TRUE(saw_guarded_store);
  EXPECT_TRUE(saw_shared);
  EXPECT_TRUE(saw_release);
  EXPECT_TRUE(saw_divergence);
  EXPECT_TRUE(saw_atomic);
  EXPECT_TRUE(saw_setp);
}

TEST(Residency, SlotsGiveTheSameResultAsEveryBlockResident) {
  const std::string spec = std::string(kSpec).replace(std::string(kSpec).find("grid = [2]"), 10, "grid = [7]");
  const auto p = test::prepare_from_text(kKernel, spec);
  const std::unique_ptr<LaunchEngine> all = make_launch_engine(*p->setup, ModelKind::Stack);
  const std::unique_ptr<LaunchEngine> two = make_launch_engine(*p->setup, ModelKind::Stack, Residency{2});
  EXPECT_EQ(all->slot_count(), 7U);
  EXPECT_EQ(two->slot_count(), 2U);
  EXPECT_EQ(two->warp_count(), 4U);
  EXPECT_EQ(two->slot_block(0), kNoBlock);
  StepReport r;
  const auto drive = [&](LaunchEngine& e, bool slotted) {
    std::uint32_t next = 0;
    for (int guard = 0; guard < 100000 && e.status() == LaunchStatus::Running; ++guard) {
      if (slotted) {
        for (std::uint32_t s = 0; s < e.slot_count(); ++s) {
          if (e.slot_block(s) != kNoBlock && e.slot_done(s)) e.retire(s);
          if (e.slot_block(s) == kNoBlock && next < 7) e.admit(s, next++);
        }
      }
      for (std::uint32_t w = 0; w < e.warp_count(); ++w) {
        const Mask en = e.enabled(w);
        if (en != 0) e.step(w, lowest_lane(en), r);
      }
    }
  };
  drive(*all, false);
  drive(*two, true);
  ASSERT_EQ(all->status(), LaunchStatus::Completed);
  ASSERT_EQ(two->status(), LaunchStatus::Completed);
  const BufferBinding& b = p->setup->buffers[0];
  std::vector<std::uint8_t> x(b.bytes()), y(b.bytes());
  all->global().read(b.address, x.size(), x.data());
  two->global().read(b.address, y.size(), y.data());
  EXPECT_EQ(x, y);
  // 7 blocks each add 64 to out[0] with the atomic.
  EXPECT_EQ(x[0] + 256 * x[1], 7 * 64);
  EXPECT_EQ(two->stats().warp_instructions, all->stats().warp_instructions);
}

}  // namespace
}  // namespace lockstep::sem
