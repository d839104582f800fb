// The trace's JSON form: a hand-built trace survives writing and reading,
// and every kind of malformed document is rejected with its key path (or,
// for JSON syntax errors, the position).
#include <gtest/gtest.h>

#include <string>

#include "checker/trace/trace_json.hpp"
#include "frontend/diagnostics.hpp"

namespace lockstep::checker {
namespace {

Trace sample() {
  Trace t;
  t.ptx = "k.ptx";
  t.ptx_xxh64 = "0123456789abcdef";
  t.launch = "launch.toml";
  t.launch_xxh64 = "fedcba9876543210";
  t.kernel = "k";
  t.model = "stack";
  t.push_order = "nvidia";
  t.reconvergence = "ipdom";
  t.grid = {2, 1, 1};
  t.block = {32, 1, 1};
  t.inputs = {{"n", "3"}, {"data[2]", "-7"}};
  t.kind = FindingKind::NonTermination;
  t.label = "SIMT-induced deadlock";
  t.steps.push_back({0, 0, 0, 0, 0xffffffffU, 4, 0, "ld.param.u64 %rd3, [p0]", 25, "", true});
  t.steps.push_back({1, 1, 0, 0, 0xfffffffeU, 1, 6, "atom.global.cas.b32 %r3, [%rd2], %r2, %r1", 33, "k.cu:9", false});
  t.cycle_start = 1;
  t.state_digest = Digest{0x1111, 0x2222};
  t.stuck.push_back({0, 0, 0, 0x1, 9, "reconvergence", 9});
  t.stuck.push_back({0, 0, 0, 0xfffffffeU, 4, "spinning", std::nullopt});
  t.detail = "cycle";
  return t;
}

TEST(TraceJson, RoundTrip) {
  const Trace a = sample();
  const Trace b = parse_trace(trace_json(a).dump(1), "t.json");
  EXPECT_EQ(b.ptx, "k.ptx");
  EXPECT_EQ(b.ptx_xxh64, a.ptx_xxh64);
  EXPECT_EQ(b.launch_xxh64, a.launch_xxh64);
  EXPECT_EQ(b.model, "stack");
  EXPECT_EQ(b.reconvergence, "ipdom");
  EXPECT_EQ(b.grid, (std::array<std::uint32_t, 3>{2, 1, 1}));
  ASSERT_EQ(b.inputs.size(), 2U);
  EXPECT_EQ(b.inputs[1].name, "data[2]");
  EXPECT_EQ(b.inputs[1].value, "-7");
  EXPECT_EQ(b.kind, FindingKind::NonTermination);
  ASSERT_EQ(b.steps.size(), 2U);
  EXPECT_EQ(b.steps[0].count, 4U);
  EXPECT_TRUE(b.steps[0].prefix);
  EXPECT_EQ(b.steps[0].src, "");
  EXPECT_EQ(b.steps[1].warp, 1U);
  EXPECT_EQ(b.steps[1].block, 1U);
  EXPECT_EQ(b.steps[1].lanes, 0xfffffffeU);
  EXPECT_EQ(b.steps[1].src, "k.cu:9");
  EXPECT_EQ(b.steps[1].line, 33U);
  EXPECT_EQ(b.cycle_start, std::optional<std::size_t>(1));
  EXPECT_EQ(b.state_digest, (Digest{0x1111, 0x2222}));
  ASSERT_EQ(b.stuck.size(), 2U);
  EXPECT_EQ(b.stuck[0].until_pc, std::optional<std::uint32_t>(9));
  EXPECT_FALSE(b.stuck[1].until_pc.has_value());
  EXPECT_FALSE(b.fault.has_value());
  EXPECT_EQ(b.detail, "cycle");
}

TEST(TraceJson, WritesTheDocumentedKeys) {
  const auto j = trace_json(sample());
  EXPECT_EQ(j["lockstep_trace"], 2);
  EXPECT_EQ(j["kind"], "non-termination");
  EXPECT_EQ(j["steps"][1]["lanes"], "0xfffffffe");
  EXPECT_EQ(j["steps"][0]["src"], nullptr);
  EXPECT_EQ(j["inputs"]["n"], 3);  // a number, not a string
  EXPECT_EQ(j["state_digest"], "00000000000022220000000000001111");
  EXPECT_EQ(j["fault"], nullptr);
}

TEST(TraceJson, FaultRoundTrip) {
  Trace t = sample();
  t.kind = FindingKind::Error;
  t.cycle_start.reset();
  t.fault = TraceFault{"memory-fault", "store out of bounds", 1, 0, 5, 12};
  const Trace b = parse_trace(trace_json(t).dump(), "t.json");
  ASSERT_TRUE(b.fault.has_value());
  EXPECT_EQ(b.fault->kind, "memory-fault");
  EXPECT_EQ(b.fault->block, 1U);
  EXPECT_EQ(b.fault->lane, 5U);
  EXPECT_EQ(b.fault->pc, 12U);
}

std::string error_of(const std::string& text) {
  try {
    (void)parse_trace(text, "t.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

/// The sample's JSON with one key replaced.
std::string with(const std::string& key, const nlohmann::ordered_json& value) {
  auto j = trace_json(sample());
  j[key] = value;
  return j.dump();
}

TEST(TraceJson, SyntaxErrorHasPosition) {
  // The second (stray) closing brace is on line 2, column 4.
  const std::string e = error_of("{\n  }}");
  EXPECT_EQ(e.rfind("t.json:2:4: error: ", 0), 0U) << e;
}

TEST(TraceJson, RejectsOtherDocuments) {
  EXPECT_EQ(error_of("[1]"), "t.json: error: expected a JSON object (a lockstep trace)");
  EXPECT_EQ(error_of("{\"a\": 1}"), "t.json: error: not a lockstep trace (no 'lockstep_trace' key)");
  EXPECT_EQ(error_of(with("lockstep_trace", 1)),
            "t.json: error: lockstep_trace: trace format version 1 is not supported (this build reads 2)");
}

TEST(TraceJson, RejectsBadFields) {
  EXPECT_EQ(error_of(with("model", "simt")),
            "t.json: error: model: unknown model 'simt' (models: mimd, stack, stack-amd, stack-nt, aware, mp, mp-orec, "
            "its, minpc, minsp-minpc, maxfun-minpc, long:SIZE, lee, pdom-minsp, longest-path, round-robin, tbc, tbc-lcp, "
            "dwf, dwf-wb)");
  EXPECT_EQ(error_of(with("model", "aware:timeout=x")),
            "t.json: error: model: model 'aware': timeout 'x' is not a number of warp instructions from 1 to "
            "4294967294, off or any (options: aware:timeout=N|off,switch=every-branch|divergence,order=not-taken-first|"
            "taken-first,st=N,rt=N)");
  EXPECT_EQ(error_of(with("reconvergence", "amd")),
            "t.json: error: reconvergence: unknown reconvergence table 'amd' (nvidia, ipdom, safe, safe-aware)");
  EXPECT_EQ(error_of(with("kind", "crash")),
            "t.json: error: kind: unknown kind 'crash' (deadlock, non-termination, error, expect)");
  EXPECT_EQ(error_of(with("cycle_start", 2)), "t.json: error: cycle_start: 2 is not a step (the trace has 2)");
  EXPECT_EQ(error_of(with("cycle_start", nullptr)), "t.json: error: cycle_start: a non-termination trace needs a cycle");
  EXPECT_EQ(error_of(with("state_digest", "abc")), "t.json: error: state_digest: 'abc' is not a digest (32 hex digits)");
  EXPECT_EQ(error_of(with("canonical", 1)), "t.json: error: canonical: expected true or false");
  auto j = trace_json(sample());
  j["steps"][1]["lanes"] = "0xfffffffff";
  EXPECT_EQ(error_of(j.dump()),
            "t.json: error: steps[1].lanes: '0xfffffffff' is not a lane mask (0x and 1 to 8 hex digits)");
  j = trace_json(sample());
  j["steps"][0].erase("pc");
  EXPECT_EQ(error_of(j.dump()), "t.json: error: steps[0]: missing key 'pc'");
  j = trace_json(sample());
  j["steps"][0]["count"] = 0;
  EXPECT_EQ(error_of(j.dump()), "t.json: error: steps[0].count: expected a positive integer");
  j = trace_json(sample());
  j["steps"][0]["unit"] = 64;  // 0-31 units, 32-63 model events
  EXPECT_EQ(error_of(j.dump()), "t.json: error: steps[0].unit: expected an integer from 0 to 63");
  j = trace_json(sample());
  j["shape"]["grid"] = {1, 0, 1};
  EXPECT_EQ(error_of(j.dump()), "t.json: error: shape.grid[1]: expected a positive integer");
}

TEST(TraceJson, UnreadableFile) {
  try {
    (void)read_trace_file("/nonexistent/t.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("/nonexistent/t.json: error: cannot read file", 0), 0U) << e.what();
  }
}

}  // namespace
}  // namespace lockstep::checker
