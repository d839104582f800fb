// Faults inside cycles: a reachable trap or memory fault is reported as an
// error with a schedule that replays to the faulted state, never as
// non-termination, wherever in a loop the faulting instruction sits and
// whichever reductions are on.
//
// The launch (two blocks of one thread, so every model schedules them like
// MIMD threads): block 0 toggles a flag forever; block 1 spins on a lock that
// is never free and, in the iteration where it reads the flag as 1, faults.
// Both keep issuing forever, so the state graph has a real weakly fair cycle
// as well: the fault is reachable from it and must be found first.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "checker/explore/explore_launch.hpp"
#include "frontend/load.hpp"
#include "frontend/source.hpp"
#include "semantics/launch/model_kind.hpp"
#include "semantics/launch/launch_setup.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {
namespace {

/// Where in block 1's loop the fault sits.
enum class Position {
  LoopHead,       ///< a guarded trap as the loop's first instruction
  AfterVisible,   ///< a guarded trap right after the flag load (merged into its step)
  PrivateLocal,   ///< an out-of-bounds local store: a private instruction faults
  VisibleGlobal,  ///< a guarded store to an unmapped global address
  BackEdge,       ///< the back edge is a brx.idx whose index leaves its target list
  Assert,         ///< a failed __assertfail call
};

const char* position_name(Position p) {
  switch (p) {
    case Position::LoopHead: return "LoopHead";
    case Position::AfterVisible: return "AfterVisible";
    case Position::PrivateLocal: return "PrivateLocal";
    case Position::VisibleGlobal: return "VisibleGlobal";
    case Position::BackEdge: return "BackEdge";
    case Position::Assert: return "Assert";
  }
  return "?";
}

const char* fault_kind(Position p) {
  switch (p) {
    case Position::LoopHead:
    case Position::AfterVisible: return "trap";
    case Position::PrivateLocal:
    case Position::VisibleGlobal: return "memory-fault";
    case Position::BackEdge: return "invalid";
    case Position::Assert: return "assertion";
  }
  return "?";
}

std::string kernel_ptx(Position pos) {
  const bool head = pos == Position::LoopHead;
  std::string body;
  switch (pos) {
    case Position::LoopHead: break;
    case Position::AfterVisible: body = "  @%p2 trap;\n"; break;
    case Position::PrivateLocal:
      body = "  selp.u64 %rd5, 4096, 0, %p2;\n  add.u64 %rd6, %rd4, %rd5;\n  st.local.u32 [%rd6], %r3;\n";
      break;
    case Position::VisibleGlobal:
      body = "  selp.u64 %rd5, 0, %rd2, %p2;\n  st.global.u32 [%rd5+8], %r3;\n";
      break;
    case Position::BackEdge: break;
    case Position::Assert:
      body =
          "  @!%p2 bra $Lnot;\n"
          "  mov.u64 %rd7, msg;\n  cvta.global.u64 %rd7, %rd7;\n"
          "  { .param .b64 a0; st.param.b64 [a0], %rd7; .param .b64 a1; st.param.b64 [a1], %rd7;\n"
          "    .param .b32 a2; st.param.b32 [a2], 7; .param .b64 a3; st.param.b64 [a3], %rd7;\n"
          "    .param .b64 a4; st.param.b64 [a4], 1;\n"
          "    call.uni __assertfail, (a0, a1, a2, a3, a4); }\n"
          "$Lnot:\n";
      break;
  }
  const std::string back_edge =
      pos == Position::BackEdge
          ? "  selp.u32 %r6, 0, 1, %p1;\n  shl.b32 %r7, %r3, 2;\n  add.u32 %r6, %r6, %r7;\n"
            "  brx.idx %r6, $Ltargets;\n"
          : "  @%p1 bra $Lspin;\n  bra.uni $Ldone;\n";
  return std::string(
             ".version 7.0\n.target sm_75\n.address_size 64\n"
             ".extern .func __assertfail(.param .b64 m, .param .b64 f, .param .b32 l, .param .b64 fn, .param .b64 s);\n"
             ".global .align 1 .b8 msg[2] = {120, 0};\n"
             ".visible .entry k(.param .u64 k_m, .param .u64 k_f)\n{\n"
             "  .local .align 4 .b8 depot[8];\n"
             "  .reg .pred %p<4>;\n  .reg .b32 %r<10>;\n  .reg .b64 %rd<8>;\n"
             "  ld.param.u64 %rd1, [k_m];\n  cvta.to.global.u64 %rd1, %rd1;\n"
             "  ld.param.u64 %rd2, [k_f];\n  cvta.to.global.u64 %rd2, %rd2;\n"
             "  mov.u64 %rd4, depot;\n  cvta.local.u64 %rd4, %rd4;\n  cvta.to.local.u64 %rd4, %rd4;\n"
             "  setp.ne.u32 %p2, 0, 0;\n"
             "  mov.u32 %r1, %ctaid.x;\n  setp.ne.u32 %p3, %r1, 0;\n  @%p3 bra $Lspin;\n"
             "$Ltoggle:\n  st.volatile.global.u32 [%rd2], 1;\n  st.volatile.global.u32 [%rd2], 0;\n"
             "  bra.uni $Ltoggle;\n"
             "$Lspin:\n") +
         (head ? "  @%p2 trap;\n" : "") +
         "  ld.volatile.global.u32 %r3, [%rd2];\n  setp.eq.u32 %p2, %r3, 1;\n" + body +
         "  atom.global.cas.b32 %r2, [%rd1], 0, 1;\n  setp.ne.u32 %p1, %r2, 0;\n" + back_edge +
         "$Ldone:\n  ret;\n" + (pos == Position::BackEdge ? "$Ltargets: .branchtargets $Lspin, $Ldone;\n" : "") +
         "}\n";
}

const char* const kSpec = R"(
kernel = "k"
grid = [2]
block = [1]
params = ["m", "f"]
[[buffer]]
name = "m"
type = "u32"
count = 1
init = [1]
[[buffer]]
name = "f"
type = "u32"
count = 4
init = "zeros"
)";

using Case = std::tuple<Position, sem::ModelKind, bool /*merge*/, bool /*canonical*/>;

class FaultInCycle : public ::testing::TestWithParam<Case> {};

TEST_P(FaultInCycle, IsAnErrorWhoseScheduleReplaysToTheFault) {
  const auto [pos, model, merge, canonical] = GetParam();
  const ir::Module module = load_ptx(Source("fault.ptx", kernel_ptx(pos)));
  const sem::LaunchSpec spec = sem::parse_launch_spec(kSpec, "t.toml", ".");
  const auto setup = sem::prepare_launch(module, spec);
  ExploreRequest req;
  req.model = model;
  req.options.merge = merge;
  req.options.canonical = canonical;
  req.spec = &spec;
  const Exploration r = explore_launch(*setup, req);
  ASSERT_TRUE(r.finding);
  EXPECT_EQ(r.finding->kind, FindingKind::Error) << finding_kind_name(r.finding->kind);
  EXPECT_EQ(r.finding->cycle_start, r.finding->steps.size());
  const ReplayOutcome p = replay_launch(*setup, model, r.finding->steps, std::nullopt, canonical);
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.status, sem::LaunchStatus::Error);
  ASSERT_TRUE(p.fault);
  EXPECT_EQ(p.fault->kind, fault_kind(pos));
  EXPECT_EQ(p.digest, r.finding->digest);
}

/// Without the fault the same launch is a non-terminating cycle: the fault
/// variants are errors because of the fault, not for want of a cycle.
TEST(FaultInCycle, WithoutTheFaultTheLaunchIsAFairCycle) {
  std::string text = kernel_ptx(Position::AfterVisible);
  text.replace(text.find("  @%p2 trap;\n"), 13, "");
  const ir::Module module = load_ptx(Source("nofault.ptx", text));
  const sem::LaunchSpec spec = sem::parse_launch_spec(kSpec, "t.toml", ".");
  const auto setup = sem::prepare_launch(module, spec);
  for (const sem::ModelKind model : {sem::ModelKind::Mimd, sem::ModelKind::Stack}) {
    ExploreRequest req;
    req.model = model;
    const Exploration r = explore_launch(*setup, req);
    ASSERT_TRUE(r.finding);
    EXPECT_EQ(r.finding->kind, FindingKind::NonTermination);
    const ReplayOutcome p = replay_launch(*setup, model, r.finding->steps, r.finding->cycle_start);
    ASSERT_TRUE(p.ok) << p.error;
    EXPECT_EQ(p.status, sem::LaunchStatus::Running);
    EXPECT_EQ(p.cycle_digest, p.digest);
  }
}

/// A faulting step changes nothing but the status: the faulted state must
/// not hash like the running state it came from.
TEST(FaultInCycle, AFaultedStateNeverMatchesTheStateBeforeTheFault) {
  const ir::Module module = load_ptx(Source("fault.ptx", kernel_ptx(Position::LoopHead)));
  const sem::LaunchSpec spec = sem::parse_launch_spec(kSpec, "t.toml", ".");
  const auto setup = sem::prepare_launch(module, spec);
  ExploreRequest req;
  req.model = sem::ModelKind::Mimd;
  req.options.merge = false;
  const Exploration r = explore_launch(*setup, req);
  ASSERT_TRUE(r.finding);
  ASSERT_EQ(r.finding->kind, FindingKind::Error);
  std::vector<StepRecord> before(r.finding->steps.begin(), r.finding->steps.end() - 1);
  const ReplayOutcome a = replay_launch(*setup, sem::ModelKind::Mimd, before, std::nullopt, true);
  const ReplayOutcome b = replay_launch(*setup, sem::ModelKind::Mimd, r.finding->steps, std::nullopt, true);
  ASSERT_TRUE(a.ok && b.ok);
  EXPECT_EQ(a.status, sem::LaunchStatus::Running);
  EXPECT_EQ(b.status, sem::LaunchStatus::Error);
  EXPECT_NE(a.digest, b.digest);
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  const auto [pos, model, merge, canonical] = info.param;
  std::string m(sem::model_kind_name(model));
  for (char& c : m) {
    if (c == '-') c = '_';
  }
  return std::string(position_name(pos)) + "_" + m + (merge ? "_merge" : "_nomerge") +
         (canonical ? "_canonical" : "_raw");
}

INSTANTIATE_TEST_SUITE_P(Positions, FaultInCycle,
                         ::testing::Combine(::testing::Values(Position::LoopHead, Position::AfterVisible,
                                                              Position::PrivateLocal, Position::VisibleGlobal,
                                                              Position::BackEdge, Position::Assert),
                                            ::testing::Values(sem::ModelKind::Mimd, sem::ModelKind::Stack,
                                                              sem::ModelKind::StackAmd, sem::ModelKind::StackNt),
                                            ::testing::Bool(), ::testing::Bool()),
                         case_name);

}  // namespace
}  // namespace lockstep::checker
