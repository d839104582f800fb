// The exhaustive explorer on small launches of the models: a barrier
// deadlock found with a replayable schedule under the stack and absent under
// MIMD, an exhaustive MIMD exploration of independent threads (the state
// count is the product of the threads' positions), the spin lock's cycle
// under the stack, and the state bound.
#include <gtest/gtest.h>

#include <string>

#include "checker/explore/explore.hpp"
#include "frontend/load.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/model/model_mimd.hpp"
#include "semantics/model/model_stack.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {
namespace {

struct Launch {
  ir::Module module;
  std::unique_ptr<sem::LaunchSetup> setup;
  Launch(const std::string& model, const std::string& spec)
      : module(load_ptx_file(std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/" + model + "/" + model + ".ptx")),
        setup(sem::prepare_launch(module, sem::parse_launch_spec(spec, "t.toml", LOCKSTEP_SOURCE_DIR))) {}
};

const char* const kBarrier = R"(
kernel = "_Z17divergent_barrierPKiPi"
grid = [1]
block = [64]
params = ["in", "out"]
[[buffer]]
name = "in"
type = "s32"
count = 64
init = "iota"
[[buffer]]
name = "out"
type = "s32"
count = 64
init = "zeros"
)";

TEST(Explore, DivergentBarrierDeadlocksUnderTheStackWithAReplayableSchedule) {
  const Launch l("divergent_barrier", kBarrier);
  const sem::LaunchState<sem::ModelStack> init(*l.setup, sem::ModelStack{sem::PushOrder::Nvidia});
  const ExploreResult r = explore(init, ExploreOptions{});
  ASSERT_EQ(r.verdict, ExploreVerdict::Deadlock);
  ASSERT_FALSE(r.trace.empty());
  // Replaying the schedule reaches a state with unfinished threads and
  // nothing enabled.
  sem::LaunchState<sem::ModelStack> s = init;
  for (const auto& a : r.trace) {
    ASSERT_NE(s.enabled(a.warp) & (sem::Mask{1} << a.key), 0U);
    s.step(a.warp, a.key);
  }
  EXPECT_EQ(s.status(), sem::LaunchStatus::Running);
  for (std::uint32_t w = 0; w < s.warp_count(); ++w) EXPECT_EQ(s.enabled(w), 0U);
}

const char* const kVectorAdd = R"(
kernel = "_Z10vector_addPKfS0_Pfi"
grid = [1]
block = [3]
params = ["a", "b", "c", {type = "s32", value = 3}]
[[buffer]]
name = "a"
type = "f32"
count = 3
init = "iota"
[[buffer]]
name = "b"
type = "f32"
count = 3
init = "iota"
[[buffer]]
name = "c"
type = "f32"
count = 3
init = "zeros"
)";

TEST(Explore, IndependentThreadsUnderMimdAreExploredExhaustively) {
  const Launch l("vector_add", kVectorAdd);
  const sem::LaunchState<sem::ModelMimd> init(*l.setup, sem::ModelMimd{});
  const ExploreResult r = explore(init, ExploreOptions{});
  EXPECT_EQ(r.verdict, ExploreVerdict::NoDeadlock);
  EXPECT_FALSE(r.cycle);
  EXPECT_EQ(r.terminal, 1U);  // one final state whatever the order
  // Under the stack the single warp has one schedule.
  const sem::LaunchState<sem::ModelStack> st(*l.setup, sem::ModelStack{sem::PushOrder::Nvidia});
  const ExploreResult s = explore(st, ExploreOptions{});
  EXPECT_EQ(s.verdict, ExploreVerdict::NoDeadlock);
  EXPECT_EQ(s.states, s.transitions + 1);  // a chain
  // Three threads of n steps each interleave into more states than one chain.
  EXPECT_GT(r.states, 3 * (s.states - 1));
}

TEST(Explore, TheStateBoundMakesItInconclusive) {
  const Launch l("vector_add", kVectorAdd);
  const sem::LaunchState<sem::ModelMimd> init(*l.setup, sem::ModelMimd{});
  ExploreOptions o;
  o.max_states = 20;
  const ExploreResult r = explore(init, o);
  EXPECT_EQ(r.verdict, ExploreVerdict::BoundReached);
  EXPECT_EQ(std::string(explore_verdict_name(r.verdict)), "bound-reached");
}

TEST(Explore, SpinLockUnderTheStackCyclesWithoutDeadlock) {
  // Two lanes of one warp: the winner waits at the reconvergence point while
  // the loser spins on the lock it holds, a cycle with nothing deadlocked.
  const Launch l("spin_lock", R"(
kernel = "_Z9spin_lockPiPVi"
grid = [1]
block = [2]
params = ["mutex", "counter"]
[[buffer]]
name = "mutex"
type = "s32"
count = 1
init = "zeros"
[[buffer]]
name = "counter"
type = "s32"
count = 1
init = "zeros"
)");
  const sem::LaunchState<sem::ModelStack> st(*l.setup, sem::ModelStack{sem::PushOrder::Nvidia});
  const ExploreResult r = explore(st, ExploreOptions{});
  EXPECT_EQ(r.verdict, ExploreVerdict::NoDeadlock);
  EXPECT_TRUE(r.cycle);
  EXPECT_EQ(r.terminal, 0U);  // it never completes
  const sem::LaunchState<sem::ModelMimd> mi(*l.setup, sem::ModelMimd{});
  const ExploreResult m = explore(mi, ExploreOptions{});
  EXPECT_EQ(m.verdict, ExploreVerdict::NoDeadlock);
  EXPECT_GE(m.terminal, 1U);  // under MIMD it can complete
}

}  // namespace
}  // namespace lockstep::checker
