// The claims of issue 13 that need the checker: AWARE's delayed
// reconvergence from the SafePDom table (Algorithm 5, `--reconvergence
// safe-aware`) and the explorer's verdicts under the new models (research
// 000-aware-bows-ddos-mp.md §7 claims 3-5; 002-heuristics.md §2). Every
// counterexample is replayed: it reaches the explored state, and a cycle
// closes and starves no enabled fairness unit.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "checker/detect/detect.hpp"
#include "checker/detect/safepdom.hpp"
#include "checker/explore/explore_launch.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/launch/model_spec.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/spec/expect.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {
namespace {

struct Launch {
  ir::Module module;
  sem::LaunchSpec spec;
  std::unique_ptr<sem::LaunchSetup> setup;
};

std::string kernel_dir(const std::string& name) {
  return std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/" + name + "/";
}

/// The model kernel `name` with `launch` (a file of its folder), under the
/// NVIDIA table or AWARE's SafePDom table.
std::unique_ptr<Launch> load(const std::string& name, const std::string& launch, bool safe_aware) {
  auto l = std::make_unique<Launch>();
  l->module = load_ptx_file(kernel_dir(name) + name + ".ptx");
  l->spec = sem::parse_launch_spec_file(kernel_dir(name) + launch);
  l->setup = sem::prepare_launch(l->module, l->spec);
  if (safe_aware) {
    const DetectOptions options;
    const KernelDetection d = detect(l->module, *l->setup->kernel, l->setup->analysis, options);
    l->setup->use_table(
        safe_pdoms(l->module, *l->setup->kernel, l->setup->analysis, d, options, SafeTarget::Aware).table);
  }
  return l;
}

sem::ModelSpec model(const char* text) { return *sem::parse_model_spec(text).spec; }

Exploration explore(const Launch& l, const char* m) {
  ExploreRequest req;
  req.model = model(m);
  req.spec = &l.spec;
  return explore_launch(*l.setup, req);
}

/// The finding replays to its state; a cycle closes and is weakly fair.
void expect_replays(const Launch& l, const char* m, const Finding& f) {
  const bool cycle = f.kind == FindingKind::NonTermination;
  const ReplayOutcome r =
      replay_launch(*l.setup, model(m), f.steps, cycle ? std::optional<std::size_t>(f.cycle_start) : std::nullopt);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.digest, f.digest);
  if (cycle) {
    EXPECT_EQ(r.cycle_digest, r.digest);
    EXPECT_TRUE(r.starved.empty());
  }
  if (f.kind == FindingKind::Deadlock) {
    EXPECT_FALSE(r.any_enabled);
  }
}

void expect_verified(const Launch& l, const char* m, const std::string& what) {
  const Exploration e = explore(l, m);
  EXPECT_FALSE(e.finding) << what << " under " << m << ": " << (e.finding ? finding_kind_name(e.finding->kind) : "");
  EXPECT_TRUE(e.exhaustive()) << what << " under " << m;
  EXPECT_GT(e.stats.terminal, 0U) << what << " under " << m;
}

void expect_finding(const Launch& l, const char* m, FindingKind kind, const std::string& what) {
  const Exploration e = explore(l, m);
  ASSERT_TRUE(e.finding) << what << " under " << m;
  EXPECT_EQ(e.finding->kind, kind) << what << " under " << m;
  expect_replays(l, m, *e.finding);
}

bool expect_holds(const Launch& l, const sem::RunOutcome& r) {
  for (const sem::ExpectSpec& e : l.spec.expects) {
    const sem::BufferBinding& b = l.setup->buffers[e.buffer];
    std::vector<std::uint8_t> bytes(b.bytes());
    r.memory.read(b.address, bytes.size(), bytes.data());
    if (!sem::compare_expect(e, b.type, bytes, 1).empty()) return false;
  }
  return true;
}

// Claim 3: with delayed reconvergence every model kernel that deadlocks or
// livelocks on the SIMT stack completes under AWARE, [expect] met, without
// SSDE (the code is unchanged; only the reconvergence table differs).
TEST(ModelVerdicts, DelayedReconvergenceEndsEverySimtDeadlockUnderAware) {
  for (const char* name : {"atm", "divergent_barrier", "hashtable_lock", "nested_locks", "radiosity_lock", "spin_lock",
                           "ticket_lock", "two_locks_join", "wait_signal"}) {
    const auto nvidia = load(name, "launch.toml", false);
    const sem::RunOutcome stack = sem::run_model(*nvidia->setup, sem::ModelKind::Stack, {});
    EXPECT_NE(stack.result.status, sem::RunStatus::Completed) << name;
    const auto safe = load(name, "launch.toml", true);
    // The divergent barrier needs no delayed reconvergence (AWARE's BL bit, claim 5): its table is unchanged.
    const bool barrier = std::string(name) == "divergent_barrier";
    EXPECT_EQ(safe->setup->table == nvidia->setup->table, barrier) << name;
    const sem::RunOutcome aware = sem::run_model(*safe->setup, sem::ModelKind::Aware, {});
    ASSERT_EQ(aware.result.status, sem::RunStatus::Completed) << name;
    EXPECT_TRUE(expect_holds(*safe, aware)) << name;
    // The table alone does not do it on the stack (that needs SSDE's code change).
    if (!barrier) {
      EXPECT_NE(sem::run_model(*safe->setup, sem::ModelKind::Stack, {}).result.status, sem::RunStatus::Completed)
          << name;
    }
  }
}

TEST(ModelVerdicts, AwareWithDelayedReconvergenceProvesTheLocksAtTwoFullWarps) {
  for (const char* name : {"spin_lock", "ticket_lock"}) {
    const auto l = load(name, "launch.toml", true);
    ASSERT_EQ(l->setup->shape.threads_per_block() * l->setup->shape.blocks(), 64U);
    expect_verified(*l, "aware", name);
  }
}

TEST(ModelVerdicts, AwareWithDelayedReconvergenceProvesAtmAtTwoWarpsOfFour) {
  // Two warps of four threads, eight transfers (tests/checker/models/atm_2x4.toml);
  // 2 x 6 verifies in seconds, 2 x 8 exceeds millions of states (docs/models/aware.md).
  auto l = std::make_unique<Launch>();
  l->module = load_ptx_file(kernel_dir("atm") + "atm.ptx");
  l->spec = sem::parse_launch_spec_file(std::string(LOCKSTEP_SOURCE_DIR) + "/tests/checker/models/atm_2x4.toml");
  l->setup = sem::prepare_launch(l->module, l->spec);
  const DetectOptions options;
  const KernelDetection d = detect(l->module, *l->setup->kernel, l->setup->analysis, options);
  l->setup->use_table(safe_pdoms(l->module, *l->setup->kernel, l->setup->analysis, d, options, SafeTarget::Aware).table);
  expect_verified(*l, "aware", "atm 2x4");
  expect_finding(*load("atm", "launch.toml", false), "aware", FindingKind::NonTermination, "atm");
}

// Claim 4: no delayed reconvergence, a timeout: the spin lock terminates for
// every timeout value (the explorer's fair timeout events); without a
// timeout it does not, and the counterexample replays.
TEST(ModelVerdicts, AwareTimeoutOfAnyValueProvesTheSpinLock) {
  const auto l = load("spin_lock", "launch.toml", false);
  expect_verified(*l, "aware:timeout=any", "spin_lock");
  expect_finding(*l, "aware", FindingKind::NonTermination, "spin_lock");
}

TEST(ModelVerdicts, MultiPathAloneKeepsTheSimtDeadlock) {
  const auto l = load("spin_lock", "launch.toml", false);
  for (const char* m : {"mp", "mp-orec", "mp:splits=2"}) expect_finding(*l, m, FindingKind::NonTermination, "spin_lock");
  // With delayed reconvergence Multi-Path IPDOM terminates it too.
  expect_verified(*load("spin_lock", "launch.toml", true), "mp", "spin_lock (safe-aware)");
}

TEST(ModelVerdicts, ItsTerminatesTheSpinLockWithTheNvidiaTable) {
  expect_verified(*load("spin_lock", "launch.toml", false), "its", "spin_lock");
  expect_verified(*load("ticket_lock", "launch.toml", false), "its", "ticket_lock");
}

// MinPC starves the lock holder; Lee and round-robin are starvation-free
// (docs/models/heuristics.md): they verify where MinPC has a counterexample.
TEST(ModelVerdicts, MinPcStarvesTheLockHolderLeeAndRoundRobinDoNot) {
  const auto small = load("spin_lock", "launch.verify.toml", false);
  for (const char* m : {"minpc", "minsp-minpc", "maxfun-minpc", "long:8", "pdom-minsp", "longest-path"}) {
    expect_finding(*small, m, FindingKind::NonTermination, "spin_lock");
  }
  for (const char* m : {"lee", "round-robin"}) expect_verified(*small, m, "spin_lock");
  expect_verified(*load("spin_lock", "launch.toml", false), "lee", "spin_lock 2x32");
}

}  // namespace
}  // namespace lockstep::checker
