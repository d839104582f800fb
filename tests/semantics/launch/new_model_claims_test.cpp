// The research's claims about the models of issue 13, run on the bundled
// models and the false-detection corpus (models/corpus):
//   - AWARE reconverges exactly at IPDOM without synchronisation (research
//     000-aware-bows-ddos-mp.md §7 claim 10): the nested if/else issues the
//     same (PC, mask) sequence as the not-taken-first stack, and every
//     synchronisation-free kernel issues exactly the stack's warp and thread
//     instructions (so the same DLP);
//   - Multi-Path IPDOM keeps IPDOM's DLP and OREC only raises it (claims 11,
//     12), and MP alone does not remove SIMT deadlock;
//   - a finite AWARE timeout ends the spin lock's SIMT deadlock (claim 4);
//   - AWARE and MP run the divergent barrier with MIMD's result (claim 5);
//     under ITS its bar.sync (aligned) in divergent code is undefined
//     behaviour, an error (its_gpu_evidence_test.cpp);
//   - ITS terminates the lock kernels with the plain NVIDIA table (as Volta
//     does) and deadlocks on a divergent __syncwarp whose members never meet;
//   - MinPC starves a lock holder; Lee and round-robin do not.
// Delayed reconvergence (the SafePDom table comes from the checker) and the
// verify-level claims are in tests/checker/models/.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "run_kit.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/model/model_aware.hpp"
#include "semantics/model/model_stack.hpp"
#include "semantics/spec/expect.hpp"

namespace lockstep::test {
namespace {

namespace fs = std::filesystem;

fs::path kernels_dir() { return fs::path(LOCKSTEP_SOURCE_DIR) / "models" / "kernels"; }

std::unique_ptr<PreparedLaunch> model_launch(const std::string& name) {
  const fs::path dir = kernels_dir() / name;
  return prepare_from_files(dir / (name + ".ptx"), dir / "launch.toml");
}

const sem::RunOptions kRoundRobin{};

/// Every (PC, threads) issued by a one-warp launch, in order.
template <sem::DivergenceModel M>
std::vector<std::pair<std::uint32_t, sem::Mask>> issue_sequence(const sem::LaunchSetup& setup, M model) {
  sem::LaunchState<M> s(setup, std::move(model));
  std::vector<std::pair<std::uint32_t, sem::Mask>> seq;
  while (s.status() == sem::LaunchStatus::Running && seq.size() < 100000) {
    bool issued = false;
    for (std::uint32_t w = 0; w < s.warp_count(); ++w) {
      const sem::Mask en = s.enabled(w);
      if (en == 0) continue;
      const sem::UnitView u = s.model().unit(s.model_state(w), sem::lowest_lane(en));
      seq.emplace_back(u.pc, u.threads);
      s.step(w, sem::lowest_lane(en));
      issued = true;
    }
    if (!issued) break;
  }
  EXPECT_EQ(s.status(), sem::LaunchStatus::Completed);
  return seq;
}

bool expect_holds(const PreparedLaunch& p, const RunCapture& c) {
  for (const sem::ExpectSpec& e : p.spec.expects) {
    const sem::BufferBinding& b = p.setup->buffers[e.buffer];
    if (!sem::compare_expect(e, b.type, c.buffers[e.buffer], 1).empty()) return false;
  }
  return true;
}

TEST(NewModelClaims, AwareIssuesTheNestedIfElseExactlyAsTheStack) {
  const auto p = model_launch("nested_ifelse");
  const auto stack = issue_sequence(*p->setup, sem::ModelStack{sem::PushOrder::Nvidia});
  // With the stack's push order (the taken side first; research §5.4.2 calls
  // AWARE's order arbitrary) and switching splits only at divergence,
  // reconvergence and barriers (§5.2), AWARE's split and reconvergence
  // tables issue exactly the SIMT stack's sequence on Fig 5.2's nested
  // if/else: the same reconvergence points, the same masks, the same order.
  const auto aware_as_stack = issue_sequence(*p->setup, sem::ModelAware{sem::ModelAware::kTimeoutOff, false, true});
  ASSERT_GT(stack.size(), 10U);
  EXPECT_EQ(aware_as_stack, stack);
  // The default AWARE (not-taken first, the FIFO head to the back at every
  // branch) runs the paths in another order -- breadth first -- but issues
  // the same (PC, mask) pairs: reconvergence is exactly IPDOM's.
  const auto aware = issue_sequence(*p->setup, sem::ModelAware{});
  EXPECT_NE(aware, stack);
  auto a = aware;
  auto s = stack;
  std::sort(a.begin(), a.end());
  std::sort(s.begin(), s.end());
  EXPECT_EQ(a, s);
  EXPECT_EQ(aware.back().second, 0xffffffffU);  // the reconverged block G issues with the whole warp
}

/// The synchronisation-free launches: the models of differential_models_test
/// and every kernel of the false-detection corpus (both compilations).
std::vector<std::pair<std::string, std::pair<fs::path, fs::path>>> sync_free_launches() {
  std::vector<std::pair<std::string, std::pair<fs::path, fs::path>>> out;
  for (const char* name : {"vector_add", "reduce_shared", "histogram_atomic", "matmul_tiled", "nested_ifelse",
                           "device_function", "math_mix", "unstructured_goto", "printf_kernel", "warp_vote_shuffle",
                           "legacy_isa12", "legacy_isa14", "legacy_isa2x", "legacy_isa4x"}) {
    const fs::path dir = kernels_dir() / name;
    out.push_back({name, {dir / (std::string(name) + ".ptx"), dir / "launch.toml"}});
  }
  std::vector<fs::path> corpus;
  for (const auto& e : fs::directory_iterator(fs::path(LOCKSTEP_SOURCE_DIR) / "models" / "corpus")) {
    if (e.is_directory()) corpus.push_back(e.path());
  }
  std::sort(corpus.begin(), corpus.end());
  for (const fs::path& dir : corpus) {
    for (const char* v : {"O3", "G"}) {
      const std::string name = dir.filename().string();
      out.push_back({name + "." + v, {dir / (name + "." + v + ".ptx"), dir / "launch.toml"}});
    }
  }
  return out;
}

TEST(NewModelClaims, AwareHasTheStacksInstructionCountsAndMpOrecNeverLowersDlp) {
  unsigned checked = 0;
  unsigned orec_better = 0;
  for (const auto& [name, files] : sync_free_launches()) {
    const auto p = prepare_from_files(files.first, files.second);
    const RunCapture stack = run_capture(*p, sem::ModelKind::Stack, kRoundRobin);
    const RunCapture aware = run_capture(*p, sem::ModelKind::Aware, kRoundRobin);
    const RunCapture mp = run_capture(*p, sem::ModelKind::Mp, kRoundRobin);
    const RunCapture orec = run_capture(*p, sem::ModelKind::MpOrec, kRoundRobin);
    ASSERT_EQ(stack.status, sem::RunStatus::Completed) << name << ": " << stack.description;
    ASSERT_EQ(aware.status, sem::RunStatus::Completed) << name << ": " << aware.description;
    ASSERT_EQ(mp.status, sem::RunStatus::Completed) << name << ": " << mp.description;
    ASSERT_EQ(orec.status, sem::RunStatus::Completed) << name << ": " << orec.description;
    EXPECT_EQ(aware.stats.warp_instructions, stack.stats.warp_instructions) << name;
    EXPECT_EQ(aware.stats.thread_instructions, stack.stats.thread_instructions) << name;
    EXPECT_EQ(mp.stats.warp_instructions, stack.stats.warp_instructions) << name;  // claim 11: IPDOM's DLP
    EXPECT_EQ(mp.buffers, stack.buffers) << name;
    EXPECT_EQ(orec.buffers, stack.buffers) << name;
    // DLP(mp-orec) >= DLP(mp), compared exactly: o.t / o.w >= m.t / m.w.
    EXPECT_GE(static_cast<double>(orec.stats.thread_instructions) * static_cast<double>(mp.stats.warp_instructions),
              static_cast<double>(mp.stats.thread_instructions) * static_cast<double>(orec.stats.warp_instructions))
        << name;
    orec_better += orec.stats.warp_instructions < mp.stats.warp_instructions ? 1U : 0U;
    ++checked;
  }
  EXPECT_EQ(checked, 14U + 2 * 47U);
  EXPECT_GE(orec_better, 2U);  // unstructured_goto and merge_path_partition.O3 do reconverge early
}

TEST(NewModelClaims, AwareTimeoutEndsTheSpinLocksSimtDeadlock) {
  const auto p = model_launch("spin_lock");
  const RunCapture off = run_capture(*p, sem::ModelKind::Aware, kRoundRobin);
  EXPECT_EQ(off.status, sem::RunStatus::Livelock) << off.description;
  for (const char* m : {"aware:timeout=1", "aware:timeout=100", "aware:timeout=1000", "aware:timeout=10000"}) {
    const RunCapture c = run_capture(*p, model_named(m), kRoundRobin);
    ASSERT_EQ(c.status, sem::RunStatus::Completed) << m << ": " << c.description;
    EXPECT_TRUE(expect_holds(*p, c)) << m;
  }
  // The timeout needs the FIFO to rotate at the loop's (uniform) branch
  // (docs/semantics-plan.md §7 item 1): switching only at divergence, the
  // spinning split keeps the FIFO head while the released holder waits behind it.
  EXPECT_EQ(run_capture(*p, model_named("aware:timeout=100,switch=divergence"), kRoundRobin).status,
            sem::RunStatus::Livelock);
}

TEST(NewModelClaims, DivergentBarrierCompletesUnderAwareAndMpWithMimdsResult) {
  const auto p = model_launch("divergent_barrier");
  const RunCapture mimd = run_capture(*p, sem::ModelKind::Mimd, kRoundRobin);
  ASSERT_EQ(mimd.status, sem::RunStatus::Completed);
  EXPECT_EQ(run_capture(*p, sem::ModelKind::Stack, kRoundRobin).status, sem::RunStatus::Deadlock);
  for (const sem::ModelKind k : {sem::ModelKind::Aware, sem::ModelKind::Mp}) {
    for (const auto& [schedule, options] : standard_schedules()) {
      const RunCapture c = run_capture(*p, k, options);
      ASSERT_EQ(c.status, sem::RunStatus::Completed) << sem::model_kind_name(k) << " / " << schedule << ": "
                                                     << c.description;
      EXPECT_EQ(c.buffers, mimd.buffers) << sem::model_kind_name(k) << " / " << schedule;
      EXPECT_TRUE(expect_holds(*p, c));
    }
  }
}

TEST(NewModelClaims, ItsTerminatesTheLockKernelsWithTheNvidiaTable) {
  for (const char* name : {"spin_lock", "ticket_lock", "atm", "hashtable_lock", "nested_locks", "two_locks_join",
                           "radiosity_lock", "wait_signal"}) {
    const auto p = model_launch(name);
    EXPECT_EQ(run_capture(*p, sem::ModelKind::Stack, kRoundRobin).status, sem::RunStatus::Livelock) << name;
    for (const auto& [schedule, options] : standard_schedules()) {
      if (schedule == "greedy") continue;  // an unfair schedule may spin a waiter forever (as under mimd)
      const RunCapture c = run_capture(*p, sem::ModelKind::Its, options);
      ASSERT_EQ(c.status, sem::RunStatus::Completed) << name << " / " << schedule << ": " << c.description;
      EXPECT_TRUE(expect_holds(*p, c)) << name << " / " << schedule;
    }
  }
}

// `if (lane < 16) __syncwarp(0xffffffff)`: lanes 16-31 wait at the
// reconvergence point, lanes 0-15 at the warp sync for them: a deadlock
// under ITS (Volta: undefined, a hang). With the mask of the arm it runs.
constexpr const char* kDivergentSyncwarp = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 mask)
{
  .reg .pred %p;
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  ld.param.u32 %r2, [mask];
  setp.ge.u32 %p, %r1, 16;
  @%p bra DONE;
  bar.warp.sync %r2;
DONE:
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
}
)";

std::string syncwarp_spec(const char* mask) {
  return std::string("kernel = \"k\"\ngrid = [1]\nblock = [32]\nparams = [\"out\", {type = \"u32\", value = ") +
         mask + "}]\n[[buffer]]\nname = \"out\"\ntype = \"u32\"\ncount = 32\ninit = \"zeros\"\n";
}

TEST(NewModelClaims, ItsDeadlocksOnADivergentSyncwarpWhoseMembersNeverMeet) {
  const auto full = prepare_from_text(kDivergentSyncwarp, syncwarp_spec("0xffffffff"));
  const RunCapture c = run_capture(*full, sem::ModelKind::Its, kRoundRobin);
  EXPECT_EQ(c.status, sem::RunStatus::Deadlock) << c.description;
  EXPECT_NE(c.description.find("reconvergence"), std::string::npos) << c.description;
  EXPECT_NE(c.description.find("warp-sync"), std::string::npos) << c.description;
  const auto half = prepare_from_text(kDivergentSyncwarp, syncwarp_spec("0x0000ffff"));
  for (const sem::ModelKind k : {sem::ModelKind::Its, sem::ModelKind::Mimd, sem::ModelKind::Aware}) {
    const RunCapture h = run_capture(*half, k, kRoundRobin);
    EXPECT_EQ(h.status, sem::RunStatus::Completed) << sem::model_kind_name(k) << ": " << h.description;
  }
}

TEST(NewModelClaims, MultiPathAloneDoesNotRemoveSimtDeadlock) {
  for (const char* name : {"spin_lock", "ticket_lock"}) {
    const auto p = model_launch(name);
    for (const char* m : {"mp", "mp-orec", "mp:splits=2"}) {
      EXPECT_EQ(run_capture(*p, model_named(m), kRoundRobin).status, sem::RunStatus::Livelock) << name << " " << m;
    }
  }
}

TEST(NewModelClaims, MinPcStarvesTheLockHolderLeeAndRoundRobinDoNot) {
  const auto p = model_launch("spin_lock");
  for (const char* m : {"minpc", "minsp-minpc", "maxfun-minpc", "long:8", "pdom-minsp", "longest-path"}) {
    EXPECT_EQ(run_capture(*p, model_named(m), kRoundRobin).status, sem::RunStatus::Livelock) << m;
  }
  for (const char* m : {"lee", "round-robin"}) {
    const RunCapture c = run_capture(*p, model_named(m), kRoundRobin);
    EXPECT_EQ(c.status, sem::RunStatus::Completed) << m << ": " << c.description;
    EXPECT_TRUE(expect_holds(*p, c)) << m;
  }
}

}  // namespace
}  // namespace lockstep::test
