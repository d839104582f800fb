// Symbolic exploration end to end: small kernels with symbolic parameters,
// counterexamples with input values that replay concretely, forks and the
// address-value bound.
#include <gtest/gtest.h>

#include <string>

#include "checker/explore/explore_launch.hpp"
#include "checker/symbolic/explore_symbolic.hpp"
#include "frontend/load.hpp"
#include "semantics/launch/launch_setup.hpp"

namespace lockstep::checker {
namespace {

constexpr const char* kHeader = ".version 7.0\n.target sm_70\n.address_size 64\n";

struct Case {
  ir::Module module;
  sem::LaunchSpec spec;
};

Case make(const std::string& body, const std::string& spec_text) {
  return Case{load_ptx(Source("test.ptx", std::string(kHeader) + body)),
              sem::parse_launch_spec(spec_text, "test.toml", ".")};
}

ExploreRequest request(sem::ModelKind m) {
  ExploreRequest r;
  r.model = m;
  return r;
}

// if (tid < n) __syncthreads();
constexpr const char* kBarrierIf = R"(
.visible .entry k(.param .s32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  ld.param.s32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.s32 %p1, %r2, %r1;
  @%p1 bra DONE;
  bar.sync 0;
DONE:
  ret;
}
)";

TEST(SymbolicExplore, BarrierUnderSymbolicBoundDeadlocksForSomeInputs) {
  const Case c = make(kBarrierIf, "grid = [1]\nblock = [32]\nparams = [{type = \"s32\", symbolic = true, name = \"n\", min = 0, max = 64}]\n");
  const SymbolicExploration r = explore_symbolic(c.module, c.spec, request(sem::ModelKind::Stack));
  ASSERT_TRUE(r.exploration.finding.has_value());
  EXPECT_EQ(r.exploration.finding->kind, FindingKind::Deadlock);
  ASSERT_EQ(r.inputs.size(), 1U);
  EXPECT_EQ(r.inputs[0].first, "n");
  const std::uint64_t n = r.inputs[0].second;
  EXPECT_GT(n, 0U);
  EXPECT_LT(n, 32U);
  EXPECT_EQ(r.constraints, "0 <= n <= 64");
  // The model replays concretely: the same schedule ends in the same deadlock.
  const sem::LaunchSpec concrete = sem::concretize(c.spec, r.inputs);
  const auto setup = sem::prepare_launch(c.module, concrete);
  const ReplayOutcome out = replay_launch(*setup, sem::ModelKind::Stack, r.exploration.finding->steps, std::nullopt);
  ASSERT_TRUE(out.ok) << out.error;
  EXPECT_EQ(out.status, sem::LaunchStatus::Running);
  bool at_barrier = false;
  for (const auto& [w, wi] : out.waits) at_barrier = at_barrier || wi.kind == sem::WaitKind::Barrier;
  EXPECT_TRUE(at_barrier);
}

TEST(SymbolicExplore, BarrierWithEveryThreadInsideIsVerified) {
  const Case c = make(kBarrierIf, "grid = [1]\nblock = [32]\nparams = [{type = \"s32\", symbolic = true, name = \"n\", min = 32, max = 64}]\n");
  const SymbolicExploration r = explore_symbolic(c.module, c.spec, request(sem::ModelKind::Stack));
  EXPECT_FALSE(r.exploration.finding.has_value());
  EXPECT_TRUE(r.exploration.exhaustive());
  EXPECT_EQ(r.forks, 0U);  // tid < n holds for every lane: no decision
}

TEST(SymbolicExplore, UniformConditionForksOnce) {
  const Case c = make(R"(
.visible .entry k(.param .s32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<4>;
  ld.param.s32 %r1, [n];
  setp.gt.s32 %p1, %r1, 5;
  @%p1 bra DONE;
  bar.sync 0;
DONE:
  ret;
}
)", "grid = [1]\nblock = [32]\nparams = [{type = \"s32\", symbolic = true, name = \"n\"}]\n");
  const SymbolicExploration r = explore_symbolic(c.module, c.spec, request(sem::ModelKind::Stack));
  EXPECT_FALSE(r.exploration.finding.has_value());
  EXPECT_TRUE(r.exploration.exhaustive());
  EXPECT_EQ(r.forks, 1U);
  EXPECT_EQ(r.widest_step, 2U);
}

TEST(SymbolicExplore, SpinLockTakenForOneFlagValueLivelocksUnderTheStack) {
  const Case c = make(R"(
.visible .entry k(.param .u64 lock, .param .u32 flag)
{
  .reg .pred %p<3>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [lock];
  ld.param.u32 %r1, [flag];
  setp.ne.u32 %p1, %r1, 7;
  @%p1 bra DONE;
SPIN:
  atom.global.cas.b32 %r2, [%rd1], 0, 1;
  setp.ne.u32 %p2, %r2, 0;
  @%p2 bra SPIN;
  atom.global.exch.b32 %r3, [%rd1], 0;
DONE:
  ret;
}
)", R"(grid = [1]
block = [32]
params = ["lock", {type = "u32", symbolic = true, name = "flag"}]
[[buffer]]
name = "lock"
type = "u32"
count = 1
)");
  const SymbolicExploration r = explore_symbolic(c.module, c.spec, request(sem::ModelKind::Stack));
  ASSERT_TRUE(r.exploration.finding.has_value());
  EXPECT_EQ(r.exploration.finding->kind, FindingKind::NonTermination);
  ASSERT_EQ(r.inputs.size(), 1U);
  EXPECT_EQ(r.inputs[0], (std::pair<std::string, std::uint64_t>{"flag", 7}));
  const sem::LaunchSpec concrete = sem::concretize(c.spec, r.inputs);
  const auto setup = sem::prepare_launch(c.module, concrete);
  const Finding& f = *r.exploration.finding;
  const ReplayOutcome out = replay_launch(*setup, sem::ModelKind::Stack, f.steps, f.cycle_start);
  ASSERT_TRUE(out.ok) << out.error;
  ASSERT_TRUE(out.cycle_digest.has_value());
  EXPECT_EQ(out.digest, *out.cycle_digest);  // the lasso closes concretely
  // Under MIMD every thread gets the lock in turn: no finding, for every flag
  // (two threads keep the interleavings few).
  sem::LaunchSpec two = c.spec;
  two.block = {2, 1, 1};
  const SymbolicExploration mimd = explore_symbolic(c.module, two, request(sem::ModelKind::Mimd));
  EXPECT_FALSE(mimd.exploration.finding.has_value());
  EXPECT_TRUE(mimd.exploration.exhaustive());
}

constexpr const char* kIndexedLoad = R"(
.visible .entry k(.param .u64 buf, .param .u32 i)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [buf];
  ld.param.u32 %r1, [i];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r2, [%rd3];
  st.global.u32 [%rd1], %r2;
  ret;
}
)";

TEST(SymbolicExplore, SymbolicAddressForksOverItsValues) {
  const Case c = make(kIndexedLoad, R"(grid = [1]
block = [1]
params = ["data", {type = "u32", symbolic = true, name = "i", min = 0, max = 2}]
[[buffer]]
name = "data"
type = "u32"
init = "iota"
count = 128
)");
  const SymbolicExploration r = explore_symbolic(c.module, c.spec, request(sem::ModelKind::Mimd));
  EXPECT_FALSE(r.exploration.finding.has_value());
  EXPECT_TRUE(r.exploration.exhaustive());
  EXPECT_EQ(r.widest_step, 3U);
  EXPECT_EQ(r.exploration.final_digests.size(), 3U) << r.exploration.stats.terminal << " terminal, " << r.exploration.stats.states << " states, forks " << r.forks;  // data[0] = 0, 1 or 2
}

TEST(SymbolicExplore, SymbolicAddressWithTooManyValuesIsCut) {
  const Case c = make(kIndexedLoad, R"(grid = [1]
block = [1]
params = ["data", {type = "u32", symbolic = true, name = "i", min = 0, max = 99}]
[[buffer]]
name = "data"
type = "u32"
count = 128
)");
  const SymbolicExploration r = explore_symbolic(c.module, c.spec, request(sem::ModelKind::Mimd));
  EXPECT_FALSE(r.exploration.finding.has_value());
  EXPECT_EQ(r.exploration.bound, BoundKind::AddressValues);
  EXPECT_EQ(r.exploration.bound_limit, 16U);
}

}  // namespace
}  // namespace lockstep::checker
