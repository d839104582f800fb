// Building traces from findings on a real launch (the spin lock, 2 blocks
// of 32 threads): block and warp-in-block from the warp index, instruction
// text and PTX lines from the kernel, stuck threads from the waits, the
// label; and the helpers of the data model and the text rendering.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "checker/trace/trace_build.hpp"
#include "checker/trace/trace_text.hpp"
#include "frontend/load.hpp"
#include "semantics/spec/launch_spec.hpp"

namespace lockstep::checker {
namespace {

const char* const kSpec = R"(
grid = [2]
block = [32]
params = ["mutex", "counter"]
[[buffer]]
name = "mutex"
type = "s32"
count = 1
[[buffer]]
name = "counter"
type = "s32"
count = 1
)";

struct SpinLock {
  ir::Module module = load_ptx_file(std::string(LOCKSTEP_SOURCE_DIR) + "/models/kernels/spin_lock/spin_lock.ptx");
  std::unique_ptr<sem::LaunchSetup> setup =
      sem::prepare_launch(module, sem::parse_launch_spec(kSpec, "t.toml", LOCKSTEP_SOURCE_DIR));
};

Finding cycle_finding() {
  Finding f;
  f.kind = FindingKind::NonTermination;
  // pc 0..3: the parameter loads and cvta (PTX lines 25-28); pc 6: the CAS (line 33).
  f.steps.push_back(StepRecord{0, 0, 4, 0, 0xffffffffU, true});
  f.steps.push_back(StepRecord{1, 0, 1, 6, 0xffffffffU, false});
  f.steps.push_back(StepRecord{0, 0, 3, 6, 0xfffffffeU, false});
  f.cycle_start = 2;
  f.digest = Digest{1, 2};
  return f;
}

TEST(TraceBuild, StepsAndStuckThreads) {
  const SpinLock sl;
  const std::vector<std::pair<std::uint32_t, sem::WaitInfo>> waits{
      {0, sem::WaitInfo{0x1, 9, sem::WaitKind::Reconverge, 9}},
      {0, sem::WaitInfo{0xfffffffeU, 6, sem::WaitKind::Ready, 0}},
  };
  const TraceOrigin origin{"spin_lock.ptx", "abc", "launch.toml", "", "stack", "nvidia", {}, true};
  const Trace t = build_trace(*sl.setup, origin, cycle_finding(), TraceEnd{waits, std::nullopt, {}, {}});
  EXPECT_EQ(t.kernel, "_Z9spin_lockPiPVi");
  EXPECT_EQ(t.push_order, "nvidia");
  EXPECT_EQ(t.grid, (std::array<std::uint32_t, 3>{2, 1, 1}));
  ASSERT_EQ(t.steps.size(), 3U);
  EXPECT_EQ(t.steps[0].instr, "ld.param.u64 %rd3, [_Z9spin_lockPiPVi_param_0]");
  EXPECT_EQ(t.steps[0].line, 25U);
  EXPECT_TRUE(t.steps[0].prefix);
  EXPECT_EQ(t.steps[1].block, 1U);  // one warp per block: warp 1 is block 1's warp 0
  EXPECT_EQ(t.steps[1].warp_in_block, 0U);
  EXPECT_EQ(t.steps[1].line, 33U);
  EXPECT_EQ(t.steps[1].instr.rfind("atom.global.cas.b32", 0), 0U) << t.steps[1].instr;
  EXPECT_EQ(t.cycle_start, std::optional<std::size_t>(2));
  ASSERT_EQ(t.stuck.size(), 2U);
  EXPECT_EQ(t.stuck[0].state, "reconvergence");
  EXPECT_EQ(t.stuck[0].until_pc, std::optional<std::uint32_t>(9));
  EXPECT_EQ(t.stuck[1].state, "spinning");  // lanes 1-31 of warp 0 issue in the cycle
  EXPECT_EQ(t.label, "SIMT-induced deadlock");
  EXPECT_EQ(t.ptx_xxh64, xxh64_hex("abc"));
  const auto records = trace_records(t);
  ASSERT_EQ(records.size(), 3U);
  EXPECT_EQ(records[2], cycle_finding().steps[2]);
}

TEST(TraceBuild, FaultBlockIsLinear) {
  const SpinLock sl;
  Finding f;
  f.kind = FindingKind::Error;
  sem::LaunchFault fault{"trap", "trap", {1, 0, 0}, {3, 0, 0}, 0, 3, 7};
  const TraceOrigin origin{"k.ptx", "", "l.toml", "", "mimd", "nvidia", {}, true};
  const Trace t = build_trace(*sl.setup, origin, f, TraceEnd{{}, fault, {}});
  ASSERT_TRUE(t.fault.has_value());
  EXPECT_EQ(t.fault->block, 1U);
  EXPECT_EQ(t.fault->lane, 3U);
  EXPECT_EQ(t.label, "error");
  EXPECT_EQ(t.push_order, "none");
}

TEST(TraceModel, Labels) {
  const std::vector<TraceStuck> waiting{{0, 0, 0, 1, 9, "reconvergence", 9}};
  const std::vector<TraceStuck> spinning{{0, 0, 0, 1, 6, "spinning", std::nullopt}};
  EXPECT_EQ(finding_label(FindingKind::NonTermination, "stack", waiting), "SIMT-induced deadlock");
  EXPECT_EQ(finding_label(FindingKind::NonTermination, "stack-amd", waiting), "SIMT-induced deadlock");
  EXPECT_EQ(finding_label(FindingKind::NonTermination, "mimd", waiting), "livelock");
  EXPECT_EQ(finding_label(FindingKind::NonTermination, "stack", spinning), "livelock");
  EXPECT_EQ(finding_label(FindingKind::Deadlock, "stack", waiting), "deadlock");
  EXPECT_EQ(finding_label(FindingKind::ExpectMismatch, "mimd", {}), "expect mismatch");
}

TEST(TraceModel, DigestSpelling) {
  EXPECT_EQ(digest_hex(Digest{0xabU, 0x1U}), "000000000000000100000000000000ab");
  EXPECT_EQ(parse_digest_hex("000000000000000100000000000000AB"), (Digest{0xabU, 0x1U}));
  EXPECT_FALSE(parse_digest_hex("00000000000000010000000000000ab").has_value());   // 31 digits
  EXPECT_FALSE(parse_digest_hex("0000000000000001000000000000000g").has_value());  // not hex
}

TEST(TraceModel, PushOrdersAndKinds) {
  EXPECT_EQ(push_order_of("mimd"), "none");
  EXPECT_EQ(push_order_of("stack"), "nvidia");
  EXPECT_EQ(push_order_of("stack-amd"), "amd");
  EXPECT_EQ(push_order_of("stack-nt"), "not-taken-first");
  EXPECT_EQ(push_order_of("aware"), "not-taken-first");
  EXPECT_EQ(push_order_of("aware:timeout=5"), "not-taken-first");
  EXPECT_EQ(push_order_of("aware:order=taken-first"), "taken-first");
  EXPECT_EQ(push_order_of("aware:timeout=5,order=taken-first"), "taken-first");
  EXPECT_EQ(parse_finding_kind("non-termination"), FindingKind::NonTermination);
  EXPECT_EQ(parse_finding_kind("expect"), FindingKind::ExpectMismatch);
  EXPECT_FALSE(parse_finding_kind("livelock").has_value());
  // xxh64 of the empty input with seed 0 (the published test vector).
  EXPECT_EQ(xxh64_hex(""), "ef46db3751d8e999");
}

TEST(TraceText, LaneSets) {
  EXPECT_EQ(lane_set_text(0), "no lanes");
  EXPECT_EQ(lane_set_text(0x1), "lane 0");
  EXPECT_EQ(lane_set_text(0xfffffffeU), "lanes 1-31");
  EXPECT_EQ(lane_set_text(0x80000000U), "lane 31");
  EXPECT_EQ(lane_set_text(0x2dU), "lanes 0,2-3,5");
}

TEST(TraceText, Rendering) {
  const SpinLock sl;
  const std::vector<std::pair<std::uint32_t, sem::WaitInfo>> waits{
      {0, sem::WaitInfo{0x1, 9, sem::WaitKind::Reconverge, 9}}};
  const TraceOrigin origin{"spin_lock.ptx", "", "launch.toml", "", "stack", "nvidia", {}, true};
  const Trace t = build_trace(*sl.setup, origin, cycle_finding(), TraceEnd{waits, std::nullopt, {}, {}});
  std::ostringstream out;
  trace_text(out, t);
  const std::string s = out.str();
  EXPECT_EQ(s.rfind("SIMT-induced deadlock (non-termination) under stack (push order nvidia), reconvergence nvidia\n"
                    "kernel _Z9spin_lockPiPVi, grid (2,1,1), block (32,1,1), inputs: concrete\n",
                    0),
            0U)
      << s;
  EXPECT_NE(s.find("(+3 private)"), std::string::npos) << s;
  EXPECT_NE(s.find("  -- cycle: repeats forever; every enabled unit issues in it --\n     2  b0.w0"), std::string::npos)
      << s;
  EXPECT_NE(s.find("  -- back to step 2 --\n"), std::string::npos) << s;
  EXPECT_NE(s.find("  b0.w0 lane 0 at pc 9: waits for reconvergence at pc 9\n"), std::string::npos) << s;
}

}  // namespace
}  // namespace lockstep::checker
