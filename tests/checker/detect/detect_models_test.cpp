// Detection on the bundled models: every model that deadlocks or livelocks
// under the SIMT stack is flagged in both modes (no false negatives), and
// the synchronisation-free ones are not flagged in refined mode.
#include <filesystem>

#include "tests/checker/detect/detect_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::DetectMode;

/// Models whose launch deadlocks or livelocks under `--model stack`
/// (tests/cli/CMakeLists.txt, RUN_STACK_STUCK).
const char* const kStackStuck[] = {
    "spin_lock", "ticket_lock", "wait_signal", "atm", "divergent_barrier",
    "hashtable_lock", "nested_locks", "two_locks_join", "radiosity_lock", "tree_walk_lane",
};

/// Models that complete under the stack and must not be flagged in refined mode.
const char* const kQuiet[] = {
    "vector_add", "reduce_shared", "matmul_tiled", "nested_ifelse", "histogram_atomic", "warp_vote_shuffle",
    "math_mix", "printf_kernel", "device_function", "unstructured_goto", "done_flag_lock", "tree_walk_vote",
};

std::string model_path(const std::string& name) { return "models/kernels/" + name + "/" + name + ".ptx"; }

bool exists(const std::string& rel) { return std::filesystem::exists(std::string(LOCKSTEP_SOURCE_DIR) + "/" + rel); }

TEST(DetectModels, EveryStackDeadlockIsFlaggedInBothModes) {
  unsigned checked = 0;
  for (const char* name : kStackStuck) {
    if (!exists(model_path(name))) continue;
    const auto d = Detected::file(model_path(name));
    for (auto mode : {DetectMode::Thesis, DetectMode::Refined}) {
      const auto r = d.run(mode);
      EXPECT_TRUE(r.flagged()) << name << (mode == DetectMode::Thesis ? " thesis" : " refined");
    }
    ++checked;
  }
  EXPECT_GE(checked, 5U);
}

TEST(DetectModels, SynchronisationFreeModelsAreQuietInRefinedMode) {
  for (const char* name : kQuiet) {
    const auto d = Detected::file(model_path(name));
    const auto r = d.refined();
    EXPECT_FALSE(r.flagged()) << name;
  }
}

TEST(DetectModels, TreeWalkExitingOnAVoteIsDroppedAndItsLaneExitVariantKept) {
  // tree_walk_vote: a Barnes-Hut style walk whose loop exits on __all_sync
  // of each lane's done flag, inside the divergent bounds check. The thesis
  // flags it (BH-FC, a false detection there); refined mode drops it (F1).
  const auto v = Detected::file(model_path("tree_walk_vote"));
  ASSERT_EQ(v.refined().loops.size(), 1U);
  EXPECT_TRUE(v.thesis().loops[0].flagged);
  const auto rv = v.refined();
  EXPECT_FALSE(rv.loops[0].flagged);
  EXPECT_EQ(rv.loops[0].reason, checker::LoopReason::UniformExit);
  for (const auto& e : rv.loops[0].exits) EXPECT_TRUE(e.uniform);
  // tree_walk_lane: each lane leaves on its own flag; it deadlocks on the
  // stack and stays flagged, also with distinct parameters assumed.
  const auto l = Detected::file(model_path("tree_walk_lane"));
  for (bool noalias : {false, true}) {
    const auto rl = l.run(DetectMode::Refined, noalias);
    ASSERT_EQ(rl.loops.size(), 1U);
    EXPECT_TRUE(rl.loops[0].flagged) << noalias;
  }
}

TEST(DetectModels, SpinLoopSharingItsHeaderWithTheOuterLoop) {
  // radiosity_lock: nvcc makes the spin loop's block the header of the
  // enclosing do-while, so the loop forest has one loop whose conditional
  // back edge (the CAS test) is not an exit. It is a loop condition.
  const auto d = Detected::file(model_path("radiosity_lock"));
  for (auto mode : {DetectMode::Thesis, DetectMode::Refined}) {
    const auto r = d.run(mode);
    ASSERT_EQ(r.loops.size(), 1U);
    const auto& f = r.loops[0];
    EXPECT_TRUE(f.flagged);
    bool back_edge = false;
    for (const auto& e : f.exits) back_edge = back_edge || e.back_edge;
    EXPECT_TRUE(back_edge);
    const auto reads = read_pcs(f);
    EXPECT_NE(std::find(reads.begin(), reads.end(), d.nth(ir::Opcode::Atom, 0, ir::AtomOp::Cas)), reads.end());
  }
}

TEST(DetectModels, DivergentBarrierIsABarrierFinding) {
  const auto d = Detected::file(model_path("divergent_barrier"));
  for (auto mode : {DetectMode::Thesis, DetectMode::Refined}) {
    const auto r = d.run(mode);
    // One bar.sync in each arm of the `tid & 16` branch.
    ASSERT_EQ(r.barriers.size(), 2U);
    for (const auto& b : r.barriers) {
      EXPECT_EQ(d.kernel().code[b.pc].op, ir::Opcode::Bar);
      EXPECT_FALSE(d.analysis.uniformity.branch_uniform(b.branch_pc));
    }
  }
}

TEST(DetectModels, SafePdomsPostDominateExitsAndWrites) {
  // Property over every model: a flagged loop's SafePDom post-dominates its
  // exit branches' reconvergence points and the point after every redefining
  // write.
  for (const auto& entry : std::filesystem::directory_iterator(std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels")) {
    const std::string name = entry.path().filename().string();
    const auto module = load_ptx_file((entry.path() / (name + ".ptx")).string());
    for (const auto& k : module.kernels) {
      const auto a = analysis::analyze_kernel(k);
      checker::DetectOptions o;
      const auto det = checker::detect(module, k, a, o);
      const auto safe = checker::safe_pdoms(module, k, a, det, o, checker::SafeTarget::Stack);
      const checker::PointOrder points(k, a);
      for (const auto& s : safe.loops) {
        if (!det.loops[s.loop].flagged) continue;
        for (const auto& e : det.loops[s.loop].exits)
          EXPECT_TRUE(points.post_dominates(s.point, e.reconv_pc) || e.reconv_pc == analysis::kExitPc) << name;
        for (const auto& w : det.loops[s.loop].writes)
          EXPECT_TRUE(points.post_dominates(s.point, points.after(w.pc))) << name << " write " << w.pc;
      }
    }
  }
}

}  // namespace
}  // namespace lockstep::test
