// detection_json on hand-written detection results for a module with `.loc`
// lines (report_fixture.hpp): the keys the issue requires and the locations.
#include <gtest/gtest.h>

#include "checker/report/detection_report.hpp"
#include "tests/checker/report/report_fixture.hpp"

namespace lockstep::checker {
namespace {

struct JsonFixture : ::testing::Test {
  ir::Module module = test::report_module();
  analysis::KernelAnalysis spin_a = analysis::analyze_kernel(module.kernels[0]);
  analysis::KernelAnalysis bar_a = analysis::analyze_kernel(module.kernels[1]);
  KernelDetection spin = test::spin_detection();
  KernelDetection bar = test::bar_detection();

  DetectionReport report() {
    DetectionReport r;
    r.module = &module;
    r.kernels.push_back({&module.kernels[0], &spin_a, &spin, nullptr});
    r.kernels.push_back({&module.kernels[1], &bar_a, &bar, nullptr});
    return r;
  }
};

TEST_F(JsonFixture, DocumentHeader) {
  DetectionReport r = report();
  r.options.mode = DetectMode::Thesis;
  r.options.table = TableChoice::Ipdom;
  r.options.alias.assume_noalias_params = true;
  const auto j = detection_json(r);
  EXPECT_EQ(j["file"], "spin.ptx");
  EXPECT_EQ(j["mode"], "thesis");
  EXPECT_EQ(j["table"], "ipdom");
  EXPECT_EQ(j["assume_noalias_params"], true);
  ASSERT_EQ(j["kernels"].size(), 2U);
  EXPECT_EQ(j["kernels"][0]["name"], "spin");
  EXPECT_EQ(j["kernels"][1]["name"], "bar");
}

TEST_F(JsonFixture, FlaggedLoopWithLocations) {
  const auto k = detection_json(report())["kernels"][0];
  EXPECT_EQ(k["flagged"], true);
  EXPECT_EQ(k["flagged_loops"], 1);
  ASSERT_EQ(k["loops"].size(), 1U);
  const auto& l = k["loops"][0];
  EXPECT_EQ(l["id"], 0);
  EXPECT_EQ(l["header"]["block"], 1);
  EXPECT_EQ(l["header"]["label"], "$L__BB0_1");
  EXPECT_EQ(l["header"]["pc"], 2);
  EXPECT_EQ(l["header"]["line"], 17);
  EXPECT_EQ(l["header"]["location"], "spin.cu:9");
  EXPECT_EQ(l["blocks"], nlohmann::ordered_json::array({1}));
  EXPECT_EQ(l["depth"], 1);
  EXPECT_EQ(l["reducible"], true);
  EXPECT_EQ(l["flagged"], true);
  EXPECT_EQ(l["reason"], "redefined");

  ASSERT_EQ(l["exit_branches"].size(), 1U);
  EXPECT_EQ(l["exit_branches"][0]["pc"], 4);
  EXPECT_EQ(l["exit_branches"][0]["line"], 19);
  EXPECT_EQ(l["exit_branches"][0]["uniform"], false);
  EXPECT_EQ(l["exit_branches"][0]["reconvergence_pc"], 5);

  ASSERT_EQ(l["reads"].size(), 1U);
  EXPECT_EQ(l["reads"][0]["pc"], 2);
  EXPECT_EQ(l["reads"][0]["line"], 17);
  EXPECT_EQ(l["reads"][0]["location"], "spin.cu:9");
  EXPECT_EQ(l["reads"][0]["op"], "atom.global.cas.b32");
  EXPECT_FALSE(l["reads"][0].contains("address"));  // no AddressAnalysis given

  ASSERT_EQ(l["redefining_writes"].size(), 1U);
  const auto& w = l["redefining_writes"][0];
  EXPECT_EQ(w["pc"], 5);
  EXPECT_EQ(w["line"], 21);
  EXPECT_EQ(w["location"], "spin.cu:12");
  EXPECT_EQ(w["op"], "atom.global.exch.b32");
  EXPECT_EQ(w["relation"], "reachable");
  EXPECT_EQ(w["alias"], "must");
  EXPECT_EQ(w["reads"], nlohmann::ordered_json::array({2}));
  EXPECT_EQ(w["reach_branches"], nlohmann::ordered_json::array());
  EXPECT_EQ(l["filters"], nlohmann::ordered_json::array());
  EXPECT_EQ(k["barriers"], nlohmann::ordered_json::array());
}

TEST_F(JsonFixture, InstructionsWithoutLocHaveNullLocation) {
  const auto k = detection_json(report())["kernels"][1];
  EXPECT_EQ(k["flagged"], true);  // a divergent barrier counts
  EXPECT_EQ(k["flagged_loops"], 0);
  EXPECT_EQ(k["loops"], nlohmann::ordered_json::array());
  ASSERT_EQ(k["barriers"].size(), 1U);
  const auto& b = k["barriers"][0];
  EXPECT_EQ(b["pc"], 3);
  EXPECT_EQ(b["line"], 32);
  EXPECT_TRUE(b["location"].is_null());
  EXPECT_EQ(b["branch_pc"], 2);
  EXPECT_EQ(b["branch_line"], 31);
}

TEST_F(JsonFixture, ExitReconvergenceAndUnflaggedLoop) {
  spin.loops[0].flagged = false;
  spin.loops[0].reason = LoopReason::SingleLane;
  spin.loops[0].filters = {LoopReason::SingleLane, LoopReason::UniformExit};
  spin.loops[0].exits[0].reconv_pc = analysis::kExitPc;
  spin.loops[0].writes[0].relation = WriteRelation::Both;
  spin.loops[0].writes[0].alias = Alias::May;
  const auto k = detection_json(report())["kernels"][0];
  EXPECT_EQ(k["flagged"], false);
  EXPECT_EQ(k["flagged_loops"], 0);
  const auto& l = k["loops"][0];
  EXPECT_EQ(l["flagged"], false);
  EXPECT_EQ(l["reason"], "single-lane");
  EXPECT_EQ(l["filters"], nlohmann::ordered_json::array({"single-lane", "uniform-exit"}));
  EXPECT_EQ(l["exit_branches"][0]["reconvergence_pc"], "exit");
  EXPECT_EQ(l["redefining_writes"][0]["relation"], "both");
  EXPECT_EQ(l["redefining_writes"][0]["alias"], "may");
}

TEST_F(JsonFixture, AddressesComeFromTheAddressAnalysisWhenGiven) {
  const AddressAnalysis addresses(module, module.kernels[0]);
  DetectionReport r = report();
  r.kernels[0].addresses = &addresses;
  const auto l = detection_json(r)["kernels"][0]["loops"][0];
  EXPECT_EQ(l["reads"][0]["address"], addresses.describe(2));
  EXPECT_EQ(l["redefining_writes"][0]["address"], addresses.describe(5));
  EXPECT_NE(l["reads"][0]["address"].get<std::string>().find("param0"), std::string::npos);
}

}  // namespace
}  // namespace lockstep::checker
