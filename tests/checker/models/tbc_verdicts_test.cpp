// The explorer under thread block compaction (issue 14; docs/models/tbc.md):
// units are the compacted warps of each block's TOS entry, the block-wide
// stack and the compacted warps are part of the hashed state, and every
// finding replays (a cycle closes and starves no compacted warp).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "checker/explore/explore_launch.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/launch/model_spec.hpp"
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

std::unique_ptr<Launch> load(const std::string& name, const std::string& spec_text) {
  auto l = std::make_unique<Launch>();
  l->module = load_ptx_file(kernel_dir(name) + name + ".ptx");
  l->spec = sem::parse_launch_spec(spec_text, "launch.toml", ".");
  l->setup = sem::prepare_launch(l->module, l->spec);
  return l;
}

std::unique_ptr<Launch> load_file(const std::string& name, const std::string& file) {
  auto l = std::make_unique<Launch>();
  l->module = load_ptx_file(kernel_dir(name) + name + ".ptx");
  l->spec = sem::parse_launch_spec_file(kernel_dir(name) + file);
  l->setup = sem::prepare_launch(l->module, l->spec);
  return l;
}

Exploration explore(const Launch& l, const char* m) {
  ExploreRequest req;
  req.model = *sem::parse_model_spec(m).spec;
  req.spec = &l.spec;
  return explore_launch(*l.setup, req);
}

void expect_replays(const Launch& l, const char* m, const Finding& f) {
  const bool cycle = f.kind == FindingKind::NonTermination;
  const ReplayOutcome r = replay_launch(*l.setup, *sem::parse_model_spec(m).spec, f.steps,
                                        cycle ? std::optional<std::size_t>(f.cycle_start) : std::nullopt);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.digest, f.digest);
  if (cycle) {
    EXPECT_EQ(r.cycle_digest, r.digest);
    EXPECT_TRUE(r.starved.empty());
  }
}

// nested_ifelse with two warps in one block (40 threads): its branches
// diverge across both warps, so compacted warps mix threads of the two;
// every schedule of the compacted warps gives the same, expected result.
const std::string kNestedTwoWarps = R"(
kernel = "_Z13nested_ifelsePjS_"
grid = [1]
block = [40]
params = ["visits", "trace"]

[[buffer]]
name = "visits"
type = "u32"
count = 7
init = "zeros"

[[buffer]]
name = "trace"
type = "u32"
count = 40
init = "zeros"
)";

TEST(TbcVerdicts, SynchronisationFreeKernelsVerify) {
  const auto l = load("nested_ifelse", kNestedTwoWarps);
  for (const char* m : {"tbc", "tbc-lcp", "tbc:compactor=off"}) {
    const Exploration e = explore(*l, m);
    EXPECT_FALSE(e.finding) << m << ": " << (e.finding ? finding_kind_name(e.finding->kind) : "");
    EXPECT_TRUE(e.exhaustive()) << m;
    EXPECT_GT(e.stats.terminal, 0U) << m;
    EXPECT_EQ(e.final_digests.size(), 1U) << m;
  }
}

TEST(TbcVerdicts, SpinLockLivelocksAsOnTheStack) {
  // A lock within a block: the holder's threads wait in a pending entry of
  // the block-wide stack while the others spin (SIMT-induced deadlock).
  const auto l = load_file("spin_lock", "launch.toml");
  for (const char* m : {"tbc", "tbc-lcp"}) {
    const Exploration e = explore(*l, m);
    ASSERT_TRUE(e.finding) << m;
    EXPECT_EQ(e.finding->kind, FindingKind::NonTermination) << m;
    expect_replays(*l, m, *e.finding);
  }
}

TEST(TbcVerdicts, DivergentBarrierDeadlocks) {
  // The shipped launch (two warps whose threads split 16/16 at the branch);
  // the verify launch's four threads all take one side.
  const auto l = load_file("divergent_barrier", "launch.toml");
  const Exploration e = explore(*l, "tbc");
  ASSERT_TRUE(e.finding);
  EXPECT_EQ(e.finding->kind, FindingKind::Deadlock);
  expect_replays(*l, "tbc", *e.finding);
}

}  // namespace
}  // namespace lockstep::checker
