// DDOS and BOWS in whole simulations on the tiny GPU: on the bundled
// spin_lock, DDOS confirms exactly the spin loop's backward branch — the
// truth computed here from lockstep's static detection (checker/detect: the
// back edges of the loops it flags) — under the stack (which livelocks)
// and under mimd; on every lock model whose loops spin, exactly the flagged
// back edges that spin (those in the livelock's cycle when the launch
// livelocks); on the synchronisation-free set (models/sync-free.txt) it
// confirms nothing, with the thesis's configuration (XOR, m = k = 8,
// t = 4, l = 8).
// Under the stack the branch is in the livelock's cycle, as `run` reports
// it. Neither changes a simulation's functional result.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>
#include <vector>

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

/// The names in models/sync-free.txt.
std::vector<std::string> sync_free_set() {
  std::ifstream in(repo("models/sync-free.txt"));
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

TEST(SpinDetection, NoFalseDetectionOnTheSynchronisationFreeSet) {
  const std::vector<std::string> set = sync_free_set();
  ASSERT_GE(set.size(), 10U);
  const sim::GpuConfig g = tiny_with_ddos();
  for (const std::string& name : set) {
    const auto l = model(name);
    EXPECT_TRUE(flagged_back_edges(*l).empty()) << name;  // the truth: no spin loop
    const sim::SimResult r = simulate(*l, g);
    EXPECT_EQ(r.run.status, sem::RunStatus::Completed) << name;
    EXPECT_TRUE(r.detections.empty()) << name;
    EXPECT_EQ(stat(r, g, "lockstep_ddos_sib_instructions"), 0.0) << name;
  }
}

TEST(SpinDetection, LockModelsGetExactlyTheFlaggedBranchesThatSpin) {
  // The lock models whose spin loops spin under the stack on tiny. Left
  // out, as docs/sim-scheduling.md explains: done_flag_lock (its retry
  // loop releases the lock inside, so `detect` rightly does not flag it,
  // while DDOS rightly confirms it), hashtable_v1 (too little contention
  // to spin at this size), tree_walk_lane (a barrier deadlock first).
  const sim::GpuConfig g = tiny_with_ddos();
  for (const char* name : {"atm", "hashtable_lock", "hashtable_v2", "nested_locks", "radiosity_lock", "spin_lock",
                           "ticket_lock", "two_locks_join", "wait_signal"}) {
    const auto l = model(name);
    std::set<std::uint32_t> truth = flagged_back_edges(*l);
    ASSERT_FALSE(truth.empty()) << name;
    const sim::SimResult r = simulate(*l, g);
    if (r.run.status == sem::RunStatus::Livelock) {
      // Only the loops `run` names in the livelock spin: a second lock
      // behind the one the launch livelocks on is never reached.
      std::erase_if(truth, [&](std::uint32_t pc) {
        return !std::binary_search(r.run.cycle_pcs.begin(), r.run.cycle_pcs.end(), pc);
      });
    } else {
      EXPECT_EQ(r.run.status, sem::RunStatus::Completed) << name;
    }
    EXPECT_FALSE(truth.empty()) << name;
    EXPECT_EQ(detected(r), truth) << name;
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
