// The explorer on small launches of the models: a barrier deadlock with a
// replayable schedule under the stack; exhaustive MIMD exploration of
// independent threads (one final state); the spin lock's fair
// non-terminating cycle under the stack (replayed back to the same state)
// and its absence under MIMD with 8 threads; the state, depth and time
// bounds; the [expect] check; and that merging and canonical states change
// no verdict and no set of final states.
#include <gtest/gtest.h>

#include <string>

#include "checker/explore/explore_launch.hpp"
#include "frontend/ir/opcode.hpp"
#include "frontend/load.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {
namespace {

struct Launch {
  ir::Module module;
  sem::LaunchSpec spec;
  std::unique_ptr<sem::LaunchSetup> setup;
  Launch(const std::string& model, const std::string& text)
      : module(load_ptx_file(std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/" + model + "/" + model + ".ptx")),
        spec(sem::parse_launch_spec(text, "t.toml", LOCKSTEP_SOURCE_DIR)),
        setup(sem::prepare_launch(module, spec)) {}
};

Exploration run(const Launch& l, sem::ModelKind m, ExploreOptions o = {}) {
  ExploreRequest req;
  req.model = m;
  req.options = o;
  req.spec = &l.spec;
  return explore_launch(*l.setup, req);
}

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

std::string spin_spec(int blocks, int threads, const std::string& expect = "") {
  return "kernel = \"_Z9spin_lockPiPVi\"\ngrid = [" + std::to_string(blocks) + "]\nblock = [" +
         std::to_string(threads) +
         "]\nparams = [\"mutex\", \"counter\"]\n[[buffer]]\nname = \"mutex\"\ntype = \"s32\"\ncount = 1\n"
         "init = \"zeros\"\n[[buffer]]\nname = \"counter\"\ntype = \"s32\"\ncount = 1\ninit = \"zeros\"\n" +
         expect;
}

TEST(Explore, DivergentBarrierDeadlocksUnderTheStackWithAReplayableSchedule) {
  const Launch l("divergent_barrier", kBarrier);
  const Exploration r = run(l, sem::ModelKind::Stack);
  ASSERT_TRUE(r.finding);
  EXPECT_EQ(r.finding->kind, FindingKind::Deadlock);
  ASSERT_FALSE(r.finding->steps.empty());
  const ReplayOutcome p = replay_launch(*l.setup, sem::ModelKind::Stack, r.finding->steps, std::nullopt);
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.status, sem::LaunchStatus::Running);
  EXPECT_EQ(p.digest, r.finding->digest);
  EXPECT_FALSE(p.waits.empty());
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
  const Exploration r = run(l, sem::ModelKind::Mimd);
  EXPECT_FALSE(r.finding);
  EXPECT_TRUE(r.exhaustive());
  EXPECT_EQ(r.final_digests.size(), 1U);  // one final memory whatever the order
  EXPECT_EQ(r.stats.sccs, 0U);
  // Under the stack the single warp has one schedule: a chain.
  const Exploration s = run(l, sem::ModelKind::Stack);
  EXPECT_FALSE(s.finding);
  EXPECT_EQ(s.stats.states, s.stats.transitions + 1);
  EXPECT_EQ(s.final_digests, r.final_digests);
  // Three threads interleave into more states than one chain.
  EXPECT_GT(r.stats.states, s.stats.states);
}

TEST(Explore, EveryBoundMakesTheResultNonExhaustive) {
  const Launch l("spin_lock", spin_spec(1, 8));
  ExploreOptions o;
  o.max_states = 20;
  Exploration r = run(l, sem::ModelKind::Mimd, o);
  EXPECT_EQ(r.bound, BoundKind::States);
  EXPECT_EQ(r.bound_limit, 20U);
  EXPECT_FALSE(r.exhaustive());
  EXPECT_FALSE(r.finding);
  o = {};
  o.max_depth = 4;
  r = run(l, sem::ModelKind::Mimd, o);
  EXPECT_EQ(r.bound, BoundKind::Depth);
  EXPECT_LE(r.stats.max_depth, 4U);
  o = {};
  o.max_memory_mib = 0;  // no memory bound: exhaustive
  r = run(l, sem::ModelKind::Mimd, o);
  EXPECT_TRUE(r.exhaustive());
  EXPECT_EQ(std::string(bound_kind_name(BoundKind::AddressValues)), "address-values");
}

TEST(Explore, SpinLockIsAFairNonTerminatingCycleUnderTheStack) {
  const Launch l("spin_lock", spin_spec(2, 32));
  const Exploration r = run(l, sem::ModelKind::Stack);
  ASSERT_TRUE(r.finding);
  EXPECT_EQ(r.finding->kind, FindingKind::NonTermination);
  const Finding& f = *r.finding;
  ASSERT_LT(f.cycle_start, f.steps.size());
  // Both warps issue in the cycle (the SIMT stack keeps the losers spinning).
  bool w0 = false, w1 = false;
  for (std::size_t i = f.cycle_start; i < f.steps.size(); ++i) {
    w0 = w0 || f.steps[i].warp == 0;
    w1 = w1 || f.steps[i].warp == 1;
  }
  EXPECT_TRUE(w0 && w1);
  const ReplayOutcome p = replay_launch(*l.setup, sem::ModelKind::Stack, f.steps, f.cycle_start);
  ASSERT_TRUE(p.ok) << p.error;
  ASSERT_TRUE(p.cycle_digest);
  EXPECT_EQ(*p.cycle_digest, p.digest);  // the cycle returns to the same state
  EXPECT_EQ(p.digest, f.digest);
  EXPECT_LT(r.stats.states, 100U);
}

TEST(Explore, SpinLockUnderMimdWithEightThreadsTerminatesOnEverySchedule) {
  const Launch l("spin_lock", spin_spec(1, 8, "[expect]\ncounter = [8]\nmutex = [0]\n"));
  const Exploration r = run(l, sem::ModelKind::Mimd);
  EXPECT_FALSE(r.finding) << finding_kind_name(r.finding->kind);
  EXPECT_TRUE(r.exhaustive());
  EXPECT_EQ(r.final_digests.size(), 1U);
  EXPECT_GT(r.stats.sccs, 0U);  // waiters spin: cycles exist, none of them fair
}

TEST(Explore, AnUnmetExpectationIsACounterexample) {
  const Launch l("spin_lock", spin_spec(1, 4, "[expect]\ncounter = [5]\n"));
  const Exploration r = run(l, sem::ModelKind::Mimd);
  ASSERT_TRUE(r.finding);
  EXPECT_EQ(r.finding->kind, FindingKind::ExpectMismatch);
  EXPECT_EQ(r.finding->detail, "counter[0] = 4, expected 5");
  const ReplayOutcome p = replay_launch(*l.setup, sem::ModelKind::Mimd, r.finding->steps, std::nullopt);
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.status, sem::LaunchStatus::Completed);
  EXPECT_EQ(p.digest, r.finding->digest);
}

TEST(Explore, MergingAndCanonicalStatesPreserveVerdictsAndFinalStates) {
  const Launch l("spin_lock", spin_spec(1, 3, "[expect]\ncounter = [3]\n"));
  for (const sem::ModelKind m : {sem::ModelKind::Mimd, sem::ModelKind::Stack}) {
    std::vector<Exploration> rs;
    for (const bool merge : {false, true}) {
      for (const bool canonical : {false, true}) {
        ExploreOptions o;
        o.merge = merge;
        o.canonical = canonical;
        rs.push_back(run(l, m, o));
      }
    }
    for (const Exploration& e : rs) {
      EXPECT_TRUE(e.exhaustive());
      EXPECT_EQ(e.finding.has_value(), rs[0].finding.has_value());
      if (e.finding) {
        EXPECT_EQ(e.finding->kind, rs[0].finding->kind);
      }
      EXPECT_EQ(e.final_digests, rs[0].final_digests);
    }
    // Merging shrinks the graph; canonical states never grow it.
    EXPECT_LE(rs[1].stats.states, rs[0].stats.states);
    EXPECT_LT(rs[2].stats.states, rs[0].stats.states);
    EXPECT_LE(rs[3].stats.states, rs[2].stats.states);
  }
}

}  // namespace
}  // namespace lockstep::checker

namespace lockstep::checker {
namespace {

// Every thread increments one counter with a plain load and store: a race
// between the load of one thread and the store of another, and between the
// stores (write-write); under MIMD the final counter is anything from 1 to n.
const char* const kRacyPtx = R"(
.version 7.0
.target sm_70
.address_size 64
.visible .entry racy(.param .u64 p)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  cvta.to.global.u64 %rd1, %rd1;
  ld.global.u32 %r1, [%rd1];
  add.s32 %r2, %r1, 1;
  st.global.u32 [%rd1], %r2;
  ret;
}
)";

const char* const kRacySpec = R"(
kernel = "racy"
grid = [1]
block = [3]
params = ["counter"]
[[buffer]]
name = "counter"
type = "s32"
count = 1
init = "zeros"
)";

struct Inline {
  ir::Module module;
  sem::LaunchSpec spec;
  std::unique_ptr<sem::LaunchSetup> setup;
  Inline(const char* ptx, const char* text)
      : module(load_ptx(Source("racy.ptx", ptx))),
        spec(sem::parse_launch_spec(text, "t.toml", LOCKSTEP_SOURCE_DIR)),
        setup(sem::prepare_launch(module, spec)) {}
};

TEST(ExploreFilter, RejectedFindingsAreCountedAndTheSearchGoesOn) {
  // The spin lock under the stack: every fair cycle is shown to the filter
  // with where the threads are in every state of its component. Rejecting
  // them all leaves an exhaustive search with no finding; accepting one
  // with a thread waiting for reconvergence reports it.
  const Launch l("spin_lock", spin_spec(1, 32));
  ExploreRequest req;
  req.model = sem::ModelKind::Stack;
  std::uint64_t seen = 0;
  bool parked = false;
  req.filter = [&](const FindingCandidate& c) {
    ++seen;
    EXPECT_EQ(c.finding->kind, FindingKind::NonTermination);
    EXPECT_FALSE(c.states.empty());
    for (const auto& [warp, w] : c.states.front()) parked = parked || w.kind == sem::WaitKind::Reconverge;
    return false;
  };
  const Exploration none = explore_launch(*l.setup, req);
  EXPECT_FALSE(none.finding);
  EXPECT_TRUE(none.exhaustive());
  EXPECT_GE(none.rejected, 1U);
  EXPECT_EQ(none.rejected, seen);
  EXPECT_TRUE(parked);
  // The spin loop's CAS (a visible instruction) began some step of the search.
  ASSERT_EQ(none.issued_pcs.size(), l.setup->kernel->code.size());
  bool cas = false;
  for (std::uint32_t pc = 0; pc < none.issued_pcs.size(); ++pc)
    cas = cas || (none.issued_pcs[pc] && l.setup->kernel->code[pc].op == ir::Opcode::Atom);
  EXPECT_TRUE(cas);

  req.filter = [](const FindingCandidate& c) {
    for (const auto& [warp, w] : c.states.front())
      if (w.kind == sem::WaitKind::Reconverge) return true;
    return false;
  };
  const Exploration one = explore_launch(*l.setup, req);
  ASSERT_TRUE(one.finding);
  EXPECT_EQ(one.finding->kind, FindingKind::NonTermination);
  EXPECT_EQ(one.rejected, 0U);
}

TEST(ExploreRaces, PlainConflictingAccessesOfCoEnabledThreadsAreReported) {
  const Inline l(kRacyPtx, kRacySpec);
  ExploreRequest req;
  req.model = sem::ModelKind::Mimd;
  const Exploration r = explore_launch(*l.setup, req);
  EXPECT_FALSE(r.finding);
  EXPECT_TRUE(r.races_complete);
  EXPECT_EQ(r.final_digests.size(), 3U);  // counter = 1, 2 or 3
  // ld (pc 2) against st (pc 4), and st against st.
  ASSERT_EQ(r.races.size(), 2U);
  bool load_store = false, store_store = false;
  for (const Race& x : r.races) {
    EXPECT_EQ(x.space, "global");
    EXPECT_NE(x.thread_a, x.thread_b);
    EXPECT_FALSE(x.same_instruction);
    load_store = load_store || (std::min(x.pc_a, x.pc_b) == 2 && std::max(x.pc_a, x.pc_b) == 4 && !x.write_write);
    store_store = store_store || (x.pc_a == 4 && x.pc_b == 4 && x.write_write);
  }
  EXPECT_TRUE(load_store);
  EXPECT_TRUE(store_store);
  // Under the stack the warp's lanes store in one instruction: a
  // same-instruction write-write race, nothing between units.
  req.model = sem::ModelKind::Stack;
  const Exploration s = explore_launch(*l.setup, req);
  ASSERT_EQ(s.races.size(), 1U);
  EXPECT_TRUE(s.races[0].same_instruction);
  EXPECT_TRUE(s.races[0].write_write);
  EXPECT_EQ(s.final_digests.size(), 1U);
}

TEST(ExploreRaces, AtomicsAndLockProtectedAccessesAreNotRaces) {
  const Launch l("spin_lock", spin_spec(1, 4));
  ExploreRequest req;
  req.model = sem::ModelKind::Mimd;
  const Exploration r = explore_launch(*l.setup, req);
  EXPECT_TRUE(r.races.empty());
  EXPECT_TRUE(r.races_complete);
}

TEST(ExploreSleepSets, PruneTransitionsButKeepDeadlocksAndFinalStates) {
  const Inline racy(kRacyPtx, kRacySpec);
  const Launch spin("spin_lock", spin_spec(1, 6));
  for (const sem::LaunchSetup* setup : {racy.setup.get(), spin.setup.get()}) {
    for (const sem::ModelKind m : {sem::ModelKind::Mimd, sem::ModelKind::Stack}) {
      ExploreRequest req;
      req.model = m;
      req.options.fairness = false;
      const Exploration plain = explore_launch(*setup, req);
      req.options.sleep_sets = true;
      const Exploration slept = explore_launch(*setup, req);
      EXPECT_EQ(plain.finding.has_value(), slept.finding.has_value());
      if (plain.finding && slept.finding) {
        EXPECT_EQ(plain.finding->kind, slept.finding->kind);
      }
      EXPECT_EQ(plain.final_digests, slept.final_digests);
      EXPECT_LE(slept.stats.transitions, plain.stats.transitions);
      EXPECT_FALSE(slept.races_complete);
    }
  }
  // Failed CASes and independent threads commute: sleep sets skip work.
  ExploreRequest req;
  req.model = sem::ModelKind::Mimd;
  req.options.fairness = false;
  req.options.sleep_sets = true;
  EXPECT_GT(explore_launch(*spin.setup, req).stats.sleep_pruned, 0U);
  // They are refused together with the fairness check.
  req.options.fairness = true;
  EXPECT_THROW((void)explore_launch(*spin.setup, req), std::invalid_argument);
}

}  // namespace
}  // namespace lockstep::checker
