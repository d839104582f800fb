// Transactions under the commit-unit protocol models in a launch
// (launch_tx_units.hpp; docs/tm.md "The kilotm protocol"): two lanes of one
// warp increment the same word in a transaction under the SIMT stack. Under
// kilotm both go to the commit units and the younger fails there (its
// hazard with the older, a revalidation after the older retired); under
// warptm the intra-warp resolution aborts it before the units, so only the
// older's commit is a unit action in the first round. Either way both
// increments commit, serially.
#include <gtest/gtest.h>

#include <string>

#include "run_kit.hpp"
#include "semantics/launch/launch_state.hpp"
#include "semantics/model/model_stack.hpp"

namespace lockstep::sem {
namespace {

using test::prepare_from_text;
using State = LaunchState<ModelStack>;

const std::string kPtx = R"(
.version 7.0
.target sm_70
.address_size 64
.extern .func __tbegin ()
;
.extern .func __tcommit ()
;
.visible .entry k(.param .u64 k_x)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [k_x];
  cvta.to.global.u64 %rd1, %rd1;
  call.uni __tbegin, ();
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  st.global.u32 [%rd1], %r2;
  call.uni __tcommit, ();
  ret;
}
)";

const std::string kSpec =
    "kernel = \"k\"\ngrid = [1]\nblock = [2]\nparams = [\"x\"]\n[[buffer]]\nname = \"x\"\ntype = \"u32\"\n"
    "count = 1\ninit = [5]\n";

struct Round {
  unsigned unit_actions = 0;  ///< commit-unit actions fired before the second issue of __tcommit
  std::uint64_t commits = 0;
  std::uint64_t aborts = 0;
};

/// Runs the launch, firing every enabled unit action before any step; the
/// first round ends at the second issue of __tcommit.
Round run(TmProtocol kind, std::uint32_t& final_x) {
  const auto p = prepare_from_text(kPtx, kSpec);
  p->setup->tm_protocol.kind = kind;
  p->setup->tm_serializable_check = true;
  State s(*p->setup, ModelStack{});
  Round r;
  bool first_round = true;
  for (int i = 0; i < 1000 && s.status() == LaunchStatus::Running; ++i) {
    if (s.events(0) != 0) {
      s.fire(0, 0);
      if (first_round) ++r.unit_actions;
      continue;
    }
    EXPECT_NE(s.enabled(0), 0U);
    if (s.enabled(0) == 0) break;
    const std::uint64_t before = s.stats().tx.commits;
    s.step(0, lowest_lane(s.enabled(0)));
    if (first_round && s.stats().tx.commits != before) {
      first_round = false;
      r.commits = s.stats().tx.commits;
      r.aborts = s.stats().tx.aborts();
    }
  }
  EXPECT_EQ(s.status(), LaunchStatus::Completed);
  s.global().read(p->setup->buffers[0].address, 4, &final_x);
  return r;
}

TEST(TmProtocolLaunch, KiloTmSendsBothLanesToTheUnitsAndTheYoungerFailsThere) {
  std::uint32_t x = 0;
  const Round r = run(TmProtocol::KiloTm, x);
  EXPECT_EQ(x, 7U);
  EXPECT_EQ(r.commits, 1U);
  EXPECT_EQ(r.aborts, 1U);
  // The older's commit of x, the younger's revalidation (a hazard with the
  // older: it read x before the older wrote it) and its failed retirement.
  EXPECT_EQ(r.unit_actions, 3U);
}

TEST(TmProtocolLaunch, WarpTmAbortsTheLoserBeforeTheUnits) {
  std::uint32_t x = 0;
  const Round r = run(TmProtocol::WarpTm, x);
  EXPECT_EQ(x, 7U);
  EXPECT_EQ(r.commits, 1U);
  EXPECT_EQ(r.aborts, 1U);
  EXPECT_EQ(r.unit_actions, 1U);  // the group (the older alone) commits x
}

TEST(TmProtocolLaunch, KiloTmTcdCommitsAReadOnlyTransactionWithoutTheUnits) {
  // A read-only variant: no unit action at all, the transactions commit silently.
  std::string ro = kPtx;
  ro.replace(ro.find("  st.global.u32 [%rd1], %r2;\n"), 29, "");
  const auto p = prepare_from_text(ro, kSpec);
  p->setup->tm_protocol.kind = TmProtocol::KiloTmTcd;
  p->setup->tm_serializable_check = true;
  State s(*p->setup, ModelStack{});
  for (int i = 0; i < 100 && s.status() == LaunchStatus::Running; ++i) {
    ASSERT_EQ(s.events(0), 0U);
    ASSERT_NE(s.enabled(0), 0U);
    s.step(0, lowest_lane(s.enabled(0)));
  }
  EXPECT_EQ(s.status(), LaunchStatus::Completed);
  EXPECT_EQ(s.stats().tx.commits, 2U);
}

}  // namespace
}  // namespace lockstep::sem
