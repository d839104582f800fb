// Evidence for flagged loops (checker/evidence): launch specs written back
// as TOML, the synthesised launches, and the three verdicts on the bundled
// models — a witness that replays, a static discharge with what it assumed,
// a search that finds only hangs the inputs cause, and the loops a search
// never reaches.
#include <gtest/gtest.h>

#include <fstream>
#include <variant>

#include "checker/alias/alias.hpp"
#include "checker/evidence/evidence.hpp"
#include "checker/evidence/spec_toml.hpp"
#include "checker/evidence/synthesize.hpp"
#include "checker/trace/trace_replay.hpp"
#include "tests/checker/detect/detect_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::EvidenceStatus;

/// A launch spec in a file of its own (a witness records its bytes).
sem::LaunchSpec spec_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return sem::parse_launch_spec_file(path);
}

/// Evidence for every flagged loop of the module's kernel `kernel` (refined mode, no files).
std::vector<checker::LoopEvidence> evidence_of(const Detected& d, const sem::LaunchSpec* spec = nullptr,
                                               std::uint64_t max_states = 20'000, std::size_t kernel = 0) {
  const ir::Kernel& k = d.module.kernels.at(kernel);
  const auto a = analysis::analyze_kernel(k);
  checker::EvidenceOptions o;
  o.spec = spec;
  o.spec_path = spec != nullptr ? spec->path : "";
  o.ptx_path = d.module.path;
  o.out_dir = "";
  o.seconds = 0;
  o.max_states = max_states;
  return checker::gather_evidence(d.module, k, a, checker::detect(d.module, k, a, o.detect), o);
}

TEST(SpecToml, ReadsBackToTheSameSpec) {
  const char* const text = R"(
kernel = "k"
grid = [2, 3]
block = [32]
shared_bytes = 64
params = ["buf", {type = "s32", value = -5}, {type = "u64", symbolic = true, name = "n", min = 1, max = 64}, {type = "f32", value = 0.5}]
[[buffer]]
name = "buf"
type = "s32"
count = 3
init = [-1, 0, 7]
[[buffer]]
name = "data"
type = "u32"
count = 4
init = "symbolic"
min = 0
max = 9
[[buffer]]
name = "big"
type = "u64"
count = 1
init = [18446744073709551615]
[expect]
buf = [1, 2, 3]
)";
  // TOML integers stop at 2^63-1: the big u64 is written as a string.
  const std::string spec_text = std::string(text).replace(std::string(text).find("[18446744073709551615]"), 22,
                                                          "[\"18446744073709551615\"]");
  const sem::LaunchSpec a = sem::parse_launch_spec(spec_text, "a.toml", ".");
  const std::string written = checker::spec_toml(a, "a comment\nover two lines");
  EXPECT_EQ(written.rfind("# a comment\n# over two lines\n", 0), 0U) << written;
  const sem::LaunchSpec b = sem::parse_launch_spec(written, "b.toml", ".");
  EXPECT_EQ(b.kernel, a.kernel);
  EXPECT_EQ(b.grid, a.grid);
  EXPECT_EQ(b.block, a.block);
  EXPECT_EQ(b.shared_bytes, a.shared_bytes);
  ASSERT_EQ(b.params.size(), a.params.size());
  for (std::size_t i = 0; i < a.params.size(); ++i) {
    EXPECT_EQ(a.params[i].value.index(), b.params[i].value.index()) << i;
    if (const auto* s = std::get_if<sem::ScalarParam>(&a.params[i].value)) {
      const auto& t = std::get<sem::ScalarParam>(b.params[i].value);
      EXPECT_EQ(s->type, t.type);
      EXPECT_EQ(s->bits, t.bits);
      EXPECT_EQ(s->symbolic, t.symbolic);
      EXPECT_EQ(s->name, t.name);
      EXPECT_EQ(s->range, t.range);
    }
  }
  ASSERT_EQ(b.buffers.size(), a.buffers.size());
  for (std::size_t i = 0; i < a.buffers.size(); ++i) {
    EXPECT_EQ(b.buffers[i].name, a.buffers[i].name);
    EXPECT_EQ(b.buffers[i].type, a.buffers[i].type);
    EXPECT_EQ(b.buffers[i].count, a.buffers[i].count);
    EXPECT_EQ(b.buffers[i].bytes, a.buffers[i].bytes);
    EXPECT_EQ(b.buffers[i].symbolic, a.buffers[i].symbolic);
    EXPECT_EQ(b.buffers[i].range, a.buffers[i].range);
  }
  ASSERT_EQ(b.expects.size(), 1U);
  EXPECT_EQ(b.expects[0].values.size(), 3U);
  EXPECT_EQ(b.expects[0].values[2].bits, 3U);
}

TEST(Synthesis, BuffersForAddressParametersAndSymbolicScalars) {
  // k_p0: a lock word read with atom in the loop (zeros); k_p1: data the
  // loop reads with ld (symbolic); k_p2: an integer (symbolic scalar).
  const auto d = Detected::body(R"(
  ld.param.u64 %rd1, [k_p0];
  ld.param.u64 %rd3, [k_p1];
  ld.param.u64 %rd5, [k_p2];
  cvta.to.global.u64 %rd2, %rd1;
  cvta.to.global.u64 %rd4, %rd3;
L:
  atom.global.cas.b32 %r1, [%rd2], 0, 1;
  ld.global.u32 %r2, [%rd4+8];
  add.s32 %r3, %r1, %r2;
  setp.ne.s32 %p1, %r3, 0;
  @%p1 bra L;
  atom.global.exch.b32 %r4, [%rd2], 0;
  ret;)");
  const ir::Kernel& k = d.kernel();
  const checker::AddressAnalysis aa(d.module, k);
  const std::vector<std::uint32_t> reads{d.nth(ir::Opcode::Atom), d.nth(ir::Opcode::Ld, 3)};
  const checker::Synthesis s = checker::synthesise_launches(d.module, k, aa, reads);
  ASSERT_TRUE(s.why_not.empty()) << s.why_not;
  ASSERT_EQ(s.launches.size(), 3U);  // one warp, two partial warps, two warps
  EXPECT_EQ(s.launches[0].spec.block[0], 32U);
  EXPECT_EQ(s.launches[1].spec.grid[0], 2U);
  EXPECT_EQ(s.launches[1].spec.block[0], 3U);
  EXPECT_EQ(s.launches[2].spec.block[0], 64U);
  const sem::LaunchSpec& spec = s.launches[0].spec;
  ASSERT_EQ(spec.buffers.size(), 2U);
  EXPECT_EQ(spec.buffers[0].count, 1U);  // bytes [0, 4) of k_p0
  EXPECT_FALSE(spec.buffers[0].symbolic);
  EXPECT_EQ(spec.buffers[1].count, 3U);  // bytes [8, 12) of k_p1
  EXPECT_TRUE(spec.buffers[1].symbolic);
  ASSERT_EQ(spec.params.size(), 3U);
  const auto* n = std::get_if<sem::ScalarParam>(&spec.params[2].value);
  ASSERT_NE(n, nullptr);
  EXPECT_TRUE(n->symbolic);
  EXPECT_EQ(n->range.min, 1U);
  EXPECT_EQ(n->range.max, 64U);
  EXPECT_EQ(checker::param_buffers(spec), (std::vector<std::int32_t>{0, 1, -1}));
}

TEST(Evidence, SpinLockIsConfirmedByAWitnessThatReplays) {
  const auto d = Detected::file("models/kernels/spin_lock/spin_lock.ptx");
  const auto ev = evidence_of(d);
  ASSERT_EQ(ev.size(), 1U);
  ASSERT_EQ(ev[0].status, EvidenceStatus::Confirmed) << ev[0].summary;
  ASSERT_TRUE(ev[0].witness);
  const checker::Trace& t = ev[0].witness->trace;
  EXPECT_EQ(t.kind, checker::FindingKind::NonTermination);
  EXPECT_EQ(t.label, "SIMT-induced deadlock");
  EXPECT_TRUE(ev[0].witness->trace_path.empty());  // no files asked for
  // The trace replays on its launch, as `run --replay` does.
  sem::LaunchSpec spec = sem::parse_launch_spec(
      "kernel = \"_Z9spin_lockPiPVi\"\ngrid = [1]\nblock = [32]\nparams = [\"param0\", \"param1\"]\n"
      "[[buffer]]\nname = \"param0\"\ntype = \"s32\"\ncount = 1\n[[buffer]]\nname = \"param1\"\ntype = \"s32\"\ncount = 1\n",
      "w.toml", ".");
  const auto setup = sem::prepare_launch(d.module, spec);
  const checker::TraceReplay r = checker::replay_trace(*setup, &spec, t);
  EXPECT_TRUE(r.ok) << r.error;
}

TEST(Evidence, TreeWalkWhoseLanesLeaveOnTheirOwnIsConfirmed) {
  // The BH-FC style walk: exiting on __all_sync it is not flagged in refined
  // mode (detect_models_test); exiting per lane, it is flagged and the
  // search finds the stack holding the finished lanes at the exit's
  // reconvergence point while the others wait at __syncwarp for them.
  const std::string dir = std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/";
  EXPECT_FALSE(Detected::file("models/kernels/tree_walk_vote/tree_walk_vote.ptx").refined().flagged());
  const auto d = Detected::file("models/kernels/tree_walk_lane/tree_walk_lane.ptx");
  const sem::LaunchSpec spec = sem::parse_launch_spec_file(dir + "tree_walk_lane/launch.verify.toml");
  const auto ev = evidence_of(d, &spec);
  ASSERT_EQ(ev.size(), 1U);
  ASSERT_EQ(ev[0].status, EvidenceStatus::Confirmed) << ev[0].summary;
  ASSERT_TRUE(ev[0].witness);
  const checker::Trace& t = ev[0].witness->trace;
  bool held = false, synced = false;
  for (const auto& s : t.stuck) {
    held = held || s.state == "reconvergence";
    synced = synced || s.state == "warp-sync";
  }
  EXPECT_TRUE(held);
  EXPECT_TRUE(synced);
  const auto setup = sem::prepare_launch(d.module, spec);
  const checker::TraceReplay r = checker::replay_trace(*setup, &spec, t);
  EXPECT_TRUE(r.ok) << r.error;
}

TEST(Evidence, MayAliasParametersAreDischargedWithTheLaunchBuffers) {
  const auto d = Detected::file("models/corpus/triangle_count/triangle_count.O3.ptx");
  const auto ev = evidence_of(d);
  ASSERT_EQ(ev.size(), 1U);
  EXPECT_EQ(ev[0].status, EvidenceStatus::Discharged) << ev[0].summary;
  EXPECT_EQ(ev[0].states, 0U);  // a static proof
  ASSERT_FALSE(ev[0].assumptions.empty());
  EXPECT_EQ(ev[0].assumptions[0], "distinct pointer parameters point to distinct buffers");
}

TEST(Evidence, OneBufferForTwoParametersIsNoStaticProof) {
  // triangle_count with `adj` and `count` passed the same buffer: they may
  // overlap, so detection with that launch still flags the loop, and the
  // search (of this concrete launch) decides.
  const auto d = Detected::file("models/corpus/triangle_count/triangle_count.O3.ptx");
  const sem::LaunchSpec spec = spec_file("shared.toml", R"(
grid = [1]
block = [4]
params = [{type = "s32", value = 4}, "e", "e", "rows", "data", "data"]
[[buffer]]
name = "e"
type = "s32"
init = [0, 1, 2, 3]
[[buffer]]
name = "rows"
type = "s32"
init = [0, 1, 2, 3, 4]
[[buffer]]
name = "data"
type = "s32"
init = [1, 2, 3, 4]
)");
  const auto ev = evidence_of(d, &spec);
  ASSERT_EQ(ev.size(), 1U);
  EXPECT_NE(ev[0].summary.find("every schedule"), std::string::npos) << ev[0].summary;
  EXPECT_EQ(ev[0].status, EvidenceStatus::Discharged);
  EXPECT_GT(ev[0].states, 0U);
}

TEST(Evidence, HashTablesAreNeverConfirmed) {
  for (const char* name : {"hashtable_v1", "hashtable_v2"}) {
    const auto d = Detected::file(std::string("models/kernels/") + name + "/" + name + ".ptx");
    for (const auto& e : evidence_of(d, nullptr, 500)) EXPECT_NE(e.status, EvidenceStatus::Confirmed) << name;
    const sem::LaunchSpec spec =
        sem::parse_launch_spec_file(std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/" + name + "/launch.verify.toml");
    for (const auto& e : evidence_of(d, &spec)) EXPECT_EQ(e.status, EvidenceStatus::Discharged) << name << e.summary;
  }
}

TEST(Evidence, AHangTheInputsCauseIsNoWitness) {
  // The lock held before the launch: every thread spins, on any machine.
  const auto d = Detected::file("models/kernels/spin_lock/spin_lock.ptx");
  const sem::LaunchSpec spec = spec_file("held.toml", R"(
grid = [1]
block = [4]
params = ["m", "c"]
[[buffer]]
name = "m"
type = "s32"
init = [1]
[[buffer]]
name = "c"
type = "s32"
init = [0]
)");
  const auto ev = evidence_of(d, &spec);
  ASSERT_EQ(ev.size(), 1U);
  EXPECT_EQ(ev[0].status, EvidenceStatus::Unknown);
  EXPECT_NE(ev[0].summary.find("no thread held back by the stack"), std::string::npos) << ev[0].summary;
}

TEST(Evidence, AHangInAnotherLoopIsNoWitnessAndProvesNothing) {
  // two_locks_join on one warp: the even arm's loop hangs and the stack
  // never runs the odd arm, so its loop is never reached there; on two
  // partial warps the odd arm runs after a one-thread even arm and hangs.
  const auto d = Detected::file("models/kernels/two_locks_join/two_locks_join.ptx");
  const sem::LaunchSpec spec = spec_file("one_warp.toml", R"(
grid = [1]
block = [32]
params = ["a", "b", "c", "d", "e", "f", "g"]
[[buffer]]
name = "a"
type = "s32"
count = 1
[[buffer]]
name = "b"
type = "s32"
count = 1
[[buffer]]
name = "c"
type = "s32"
count = 1
[[buffer]]
name = "d"
type = "s32"
count = 1
[[buffer]]
name = "e"
type = "s32"
count = 1
[[buffer]]
name = "f"
type = "s32"
count = 1
[[buffer]]
name = "g"
type = "s32"
count = 32
)");
  const auto one_warp = evidence_of(d, &spec);
  ASSERT_EQ(one_warp.size(), 2U);
  EXPECT_EQ(one_warp[0].status, EvidenceStatus::Unknown);
  EXPECT_NE(one_warp[0].summary.find("never reach"), std::string::npos) << one_warp[0].summary;
  EXPECT_EQ(one_warp[1].status, EvidenceStatus::Confirmed);
  const auto synthesised = evidence_of(d);
  ASSERT_EQ(synthesised.size(), 2U);
  EXPECT_EQ(synthesised[0].status, EvidenceStatus::Confirmed);
  ASSERT_TRUE(synthesised[0].witness);
  EXPECT_EQ(synthesised[0].witness->trace.grid[0], 2U);
}

}  // namespace
}  // namespace lockstep::test
