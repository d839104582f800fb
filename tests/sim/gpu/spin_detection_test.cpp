// DDOS and BOWS in whole simulations on the tiny GPU: on the bundled
// spin_lock, DDOS confirms exactly the spin loop's backward branch — the
// truth computed here from lockstep's static detection (checker/detect: the
// back edges of the loops it flags) — under the stack (which livelocks)
// and under mimd; on synchronisation-free kernels it confirms nothing.
// Under the stack the branch is in the livelock's cycle, as `run` reports
// it. Neither changes a simulation's functional result.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "checker/detect/detect.hpp"
#include "frontend/analysis/kernel_analysis.hpp"
#include "sim_kit.hpp"

namespace lockstep::test {
namespace {

/// The backward branches of the loops static detection flags.
std::set<std::uint32_t> flagged_back_edges(const SimLaunch& l) {
  const ir::Kernel& k = *l.setup->kernel;
  const analysis::KernelAnalysis a = analysis::analyze_kernel(k);
  const checker::KernelDetection det = checker::detect(l.module, k, a, checker::DetectOptions{});
  std::set<std::uint32_t> out;
  for (const checker::LoopFinding& f : det.loops) {
    if (!f.flagged) continue;
    const analysis::Loop& loop = a.loops.loop(f.loop);
    const std::uint32_t head = k.blocks[loop.header].first_pc;
    for (const std::uint32_t b : loop.latches) {
      const std::uint32_t pc = k.blocks[b].last_pc;
      if (k.code[pc].op == ir::Opcode::Bra && k.op(pc, 0).label_pc() == head) out.insert(pc);
    }
  }
  return out;
}

std::set<std::uint32_t> detected(const sim::SimResult& r) {
  std::set<std::uint32_t> out;
  for (const sim::SpinDetection& d : r.detections) out.insert(d.pc);
  return out;
}

sim::GpuConfig tiny_with_ddos(bool bows = false) {
  sim::GpuConfig g = gpu("tiny");
  g.core.scheduler.ddos.enabled = true;  // the thesis's configuration: XOR, m = k = 8, t = 4, l = 8
  g.core.scheduler.bows.enabled = bows;
  return g;
}

std::unique_ptr<SimLaunch> model(const std::string& name) {
  return load("models/kernels/" + name + "/" + name + ".ptx", "models/kernels/" + name + "/launch.toml");
}

TEST(SpinDetection, ConfirmsExactlyTheSpinLoopsBackEdge) {
  const auto l = model("spin_lock");
  const std::set<std::uint32_t> truth = flagged_back_edges(*l);
  ASSERT_EQ(truth.size(), 1U);
  const std::uint32_t sib = *truth.begin();
  for (const sem::ModelKind m : {sem::ModelKind::Stack, sem::ModelKind::Mimd}) {
    const sim::GpuConfig g = tiny_with_ddos();
    const sim::SimResult r = simulate(*l, g, m);
    EXPECT_EQ(r.run.status, m == sem::ModelKind::Stack ? sem::RunStatus::Livelock : sem::RunStatus::Completed);
    EXPECT_EQ(detected(r), truth);
    if (m == sem::ModelKind::Stack) {
      // The livelock `run` would report spins through the branch: it is among the cycle's PCs.
      EXPECT_TRUE(std::binary_search(r.run.cycle_pcs.begin(), r.run.cycle_pcs.end(), sib));
    }
    // Confirmed once per SM (the table is the SM's) by a warp that runs there, after spinning began.
    std::set<std::uint32_t> sms;
    for (const sim::SpinDetection& d : r.detections) {
      EXPECT_EQ(d.pc, sib);
      EXPECT_TRUE(sms.insert(d.sm).second);
      EXPECT_GT(d.cycle, 0U);
      EXPECT_LT(d.cycle, r.cycles);
      EXPECT_LT(d.block, 2U);
      EXPECT_EQ(d.warp_in_block, 0U);
    }
    EXPECT_EQ(stat(r, g, "lockstep_ddos_detections"), static_cast<double>(r.detections.size()));
    EXPECT_GE(stat(r, g, "lockstep_ddos_sib_instructions"), 1.0);
    EXPECT_EQ(stat(r, g, "lockstep_ddos_detection[0].pc"), static_cast<double>(sib));
  }
}

TEST(SpinDetection, NothingOnSynchronisationFreeKernels) {
  for (const char* name : {"vector_add", "reduce_shared", "matmul_tiled"}) {
    const auto l = model(name);
    EXPECT_TRUE(flagged_back_edges(*l).empty()) << name;
    const sim::GpuConfig g = tiny_with_ddos(true);
    const sim::SimResult r = simulate(*l, g);
    EXPECT_EQ(r.run.status, sem::RunStatus::Completed) << name;
    EXPECT_TRUE(r.detections.empty()) << name;
    EXPECT_EQ(stat(r, g, "lockstep_ddos_sib_instructions"), 0.0) << name;
    EXPECT_EQ(stat(r, g, "lockstep_warp_cycles[backed_off]"), 0.0) << name;
    // With nothing detected, BOWS changes nothing: the same cycles as without it.
    EXPECT_EQ(r.cycles, simulate(*l, gpu("tiny")).cycles) << name;
  }
}

TEST(SpinDetection, BowsKeepsTheResultAndBacksSpinnersOff) {
  const auto l = model("spin_lock");
  const sim::GpuConfig plain = gpu("tiny");
  for (const bool adaptive : {false, true}) {
    sim::GpuConfig g = tiny_with_ddos(true);
    g.core.scheduler.bows.adaptive = adaptive;
    g.core.scheduler.bows.delay = 200;
    const sim::SimResult r = simulate(*l, g, sem::ModelKind::Mimd);
    const sim::SimResult base = simulate(*l, plain, sem::ModelKind::Mimd);
    ASSERT_EQ(r.run.status, sem::RunStatus::Completed);
    EXPECT_EQ(buffer(r, *l->setup, 1), buffer(base, *l->setup, 1));  // counter = 64 either way
    EXPECT_GT(stat(r, g, "lockstep_warp_cycles[backed_off]"), 0.0) << adaptive;
    EXPECT_TRUE(std::isnan(stat(base, plain, "lockstep_warp_cycles[backed_off]")));
  }
}

}  // namespace
}  // namespace lockstep::test
