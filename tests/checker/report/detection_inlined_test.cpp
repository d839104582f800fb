// A barrier inside inlined device functions (ir/inline_frame.hpp), found by
// detection and rendered by every report: the text names the function and
// its call sites, JSON lists the chain, SARIF adds the call sites as related
// locations and the calls as a stack.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "checker/detect/detect.hpp"
#include "checker/report/detection_report.hpp"
#include "frontend/load.hpp"

namespace lockstep::checker {
namespace {

// sync() holds the barrier; total() calls it; the kernel calls total() from
// thread 0 only (PTX lines: the branch 36, the call of total 42, the call of
// sync 24, the barrier 14).
const char* const kPtx = R"(.version 7.0
.target sm_75
.address_size 64
.file 1 "k.cu"

.func _Z4syncv()
{
	.loc 1 3 5
	bar.sync 0;
	ret;
}

.func (.param .b32 r) _Z5totalv()
{
	.reg .b32 %r<2>;
	.loc 1 8 3
	call.uni _Z4syncv, ();
	mov.u32 %r1, 1;
	st.param.b32 [r], %r1;
	ret;
}

.visible .entry leader()
{
	.reg .pred %p<2>;
	.reg .b32 %r<3>;
	.loc 1 12 3
	mov.u32 %r1, %tid.x;
	setp.ne.u32 %p1, %r1, 0;
	@%p1 bra $L__done;
	{
	.param .b32 retval0;
	.loc 1 13 7
	call.uni (retval0), _Z5totalv, ();
	ld.param.b32 %r2, [retval0];
	}
$L__done:
	ret;
}
)";

struct Inlined : ::testing::Test {
  ir::Module module = load_ptx(Source("k.ptx", kPtx));
  const ir::Kernel& k = module.kernels.at(0);
  analysis::KernelAnalysis a = analysis::analyze_kernel(k);
  KernelDetection d = detect(module, k, a, DetectOptions{});

  [[nodiscard]] DetectionReport report() {
    DetectionReport r;
    r.module = &module;
    r.kernels.push_back({&k, &a, &d, nullptr});
    return r;
  }
  [[nodiscard]] std::uint32_t line_of(std::string_view needle) const {
    const std::string_view text(kPtx);
    const auto at = text.find(needle);
    return static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) +
           1;
  }
};

TEST_F(Inlined, DetectionFindsTheBarrierInTheCopy) {
  ASSERT_EQ(d.barriers.size(), 1U);
  const std::uint32_t pc = d.barriers[0].pc;
  EXPECT_EQ(k.code[pc].op, ir::Opcode::Bar);
  EXPECT_EQ(k.call_depth(pc), 2U);
  EXPECT_EQ(k.call_depth(d.barriers[0].branch_pc), 0U);
}

TEST_F(Inlined, TextNamesTheFunctionAndItsCallSites) {
  std::ostringstream out;
  detection_text(out, report());
  const std::uint32_t pc = d.barriers[0].pc;
  EXPECT_EQ(out.str(), fmt::format("k.ptx: mode refined, table nvidia\n"
                                   "kernel leader: 0 loops, 0 flagged, 1 divergent barrier\n"
                                   "  divergent barrier pc {} bar.sync (line {}, k.cu:3) inside sync() called at k.cu:8 "
                                   "from total() called at k.cu:13, under the divergent branch at pc {} (line {}, "
                                   "k.cu:12)\n",
                                   pc, line_of("bar.sync"), d.barriers[0].branch_pc, line_of("@%p1")));
}

TEST_F(Inlined, JsonListsTheChainInnermostFirst) {
  const auto j = detection_json(report())["kernels"][0]["barriers"][0];
  ASSERT_EQ(j["inlined"].size(), 2U);
  EXPECT_EQ(j["inlined"][0]["function"], "sync");
  EXPECT_EQ(j["inlined"][0]["callee"], "_Z4syncv");
  EXPECT_EQ(j["inlined"][0]["call_line"], line_of("call.uni _Z4syncv"));
  EXPECT_EQ(j["inlined"][0]["call_location"], "k.cu:8");
  EXPECT_EQ(j["inlined"][1]["function"], "total");
  EXPECT_EQ(j["inlined"][1]["call_location"], "k.cu:13");
  EXPECT_EQ(j["branch_location"], "k.cu:12");
  EXPECT_TRUE(j["branch_inlined"].empty());
}

TEST_F(Inlined, SarifRelatesTheCallSitesAndGivesTheStack) {
  const auto r = detection_sarif(report())["runs"][0]["results"][0];
  EXPECT_EQ(r["ruleId"], "LS002");
  EXPECT_EQ(r["locations"][0]["physicalLocation"]["region"]["startLine"], 3);
  EXPECT_EQ(r["locations"][0]["logicalLocations"][0]["name"], "sync");
  ASSERT_EQ(r["relatedLocations"].size(), 3U);  // the branch, then each call site
  EXPECT_EQ(r["relatedLocations"][1]["physicalLocation"]["region"]["startLine"], 8);
  EXPECT_EQ(r["relatedLocations"][2]["physicalLocation"]["region"]["startLine"], 13);
  EXPECT_NE(r["message"]["text"].get<std::string>().find("inside sync() called at k.cu:8"), std::string::npos);
  ASSERT_EQ(r["stacks"].size(), 1U);
  const auto& frames = r["stacks"][0]["frames"];
  ASSERT_EQ(frames.size(), 3U);
  const int lines[] = {3, 8, 13};
  const char* functions[] = {"sync", "total", "leader"};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(frames[i]["location"]["physicalLocation"]["region"]["startLine"], lines[i]) << i;
    EXPECT_EQ(frames[i]["location"]["logicalLocations"][0]["name"], functions[i]) << i;
  }
}

}  // namespace
}  // namespace lockstep::checker
