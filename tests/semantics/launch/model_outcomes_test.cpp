// Every bundled model under mimd, stack and stack-amd ends as the research
// and the model's README say: the acceptance table of the semantics layer.
#include <gtest/gtest.h>

#include <string>

#include "frontend/load.hpp"
#include "semantics/launch/run_model.hpp"
#include "semantics/spec/expect.hpp"

namespace lockstep::sem {
namespace {

struct Case {
  const char* name;
  RunStatus mimd;
  RunStatus stack;   ///< also stack-amd
  bool stack_expect;  ///< [expect] holds under the stack
};

constexpr RunStatus C = RunStatus::Completed;
constexpr RunStatus L = RunStatus::Livelock;
constexpr RunStatus D = RunStatus::Deadlock;

const Case kCases[] = {
    {"atm", C, L, false},  // compiler-induced self-loop spins with the lock held by a parked lane
    {"device_function", C, C, true},
    {"divergent_barrier", C, D, false},
    {"done_flag_lock", C, C, true},
    {"hashtable_lock", C, L, false},  // CAS self-loop per bucket (Fig. 3.9b shape)
    {"hashtable_v1", C, C, true},
    {"hashtable_v2", C, C, true},
    {"histogram_atomic", C, C, true},
    {"legacy_isa12", C, C, true},
    {"legacy_isa14", C, C, true},
    {"legacy_isa2x", C, C, true},
    {"legacy_isa4x", C, C, true},
    {"math_mix", C, C, true},
    {"matmul_tiled", C, C, true},
    {"nested_ifelse", C, C, true},
    {"nested_locks", C, L, false},  // spins on the outer of two nested spin locks
    {"printf_kernel", C, C, true},
    {"radiosity_lock", C, L, false},  // spin lock in a do-while with two unlock sites
    {"reduce_shared", C, C, true},
    {"spin_lock", C, L, false},
    {"ticket_lock", C, L, false},
    {"tm_markers", C, C, true},  // Kilo TM transactions under the stack too (docs/tm.md)
    {"tm_markers_mangled", C, C, true},
    {"tree_walk_lane", C, D, false},  // lanes that leave the walk first are waited for at __syncwarp
    {"tree_walk_vote", C, C, true},
    {"two_locks_join", C, L, false},  // one spin lock per if/else arm, the other arm never runs
    {"unstructured_goto", C, C, true},
    {"vector_add", C, C, true},
    {"wait_signal", C, L, false},
    {"wait_signal_nonblocking", C, C, true},
    {"warp_vote_shuffle", C, C, true},
};

bool expectations_hold(const LaunchSpec& spec, const LaunchSetup& setup, const RunOutcome& r) {
  for (const ExpectSpec& e : spec.expects) {
    const BufferBinding& b = setup.buffers[e.buffer];
    std::vector<std::uint8_t> bytes(b.bytes());
    r.memory.read(b.address, bytes.size(), bytes.data());
    if (!compare_expect(e, b.type, bytes, 1).empty()) return false;
  }
  return true;
}

class ModelOutcomes : public ::testing::TestWithParam<Case> {};

TEST_P(ModelOutcomes, EndAsExpected) {
  const Case& c = GetParam();
  const std::string dir = std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/" + c.name + "/";
  const ir::Module module = load_ptx_file(dir + c.name + ".ptx");
  const LaunchSpec spec = parse_launch_spec_file(dir + "launch.toml");
  const auto setup = prepare_launch(module, spec);
  const RunOutcome mimd = run_model(*setup, ModelKind::Mimd, RunOptions{});
  EXPECT_EQ(run_status_name(mimd.result.status), std::string(run_status_name(c.mimd)));
  EXPECT_TRUE(expectations_hold(spec, *setup, mimd)) << "mimd result differs from [expect]";
  for (const ModelKind k : {ModelKind::Stack, ModelKind::StackAmd}) {
    const RunOutcome st = run_model(*setup, k, RunOptions{});
    EXPECT_EQ(run_status_name(st.result.status), std::string(run_status_name(c.stack))) << model_kind_name(k);
    if (c.stack == RunStatus::Completed) {
      EXPECT_EQ(expectations_hold(spec, *setup, st), c.stack_expect) << model_kind_name(k);
    }
    if (c.stack == RunStatus::Livelock) {
      EXPECT_TRUE(st.result.fair) << "round-robin cycles are fair";
      bool spinning = false;
      bool waiting = false;
      for (const StuckThreads& t : st.result.stuck) {
        spinning = spinning || t.progressing;
        waiting = waiting || (!t.progressing && t.wait.kind == WaitKind::Reconverge);
      }
      EXPECT_TRUE(spinning) << "some threads keep looping";
      EXPECT_TRUE(waiting) << "the lock holder waits at the reconvergence point";
    }
    if (c.stack == RunStatus::Deadlock) {
      bool waits = false;  // at a CTA barrier, or at a warp-synchronous rendezvous (tree_walk_lane)
      for (const StuckThreads& t : st.result.stuck)
        waits = waits || t.wait.kind == WaitKind::Barrier || t.wait.kind == WaitKind::WarpSync;
      EXPECT_TRUE(waits) << "threads wait at a barrier or a warp-synchronous instruction";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Models, ModelOutcomes, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

}  // namespace
}  // namespace lockstep::sem
