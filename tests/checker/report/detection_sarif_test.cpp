// detection_sarif on hand-written detection results (report_fixture.hpp):
// the SARIF 2.1.0 structure (rules, results, locations, artifacts). Schema
// validation of real output is a CLI test (tests/cli/detect.cmake).
#include <gtest/gtest.h>

#include <set>

#include "checker/report/detection_report.hpp"
#include "tests/checker/report/report_fixture.hpp"

namespace lockstep::checker {
namespace {

struct SarifFixture : ::testing::Test {
  ir::Module module = test::report_module();
  analysis::KernelAnalysis spin_a = analysis::analyze_kernel(module.kernels[0]);
  analysis::KernelAnalysis bar_a = analysis::analyze_kernel(module.kernels[1]);
  KernelDetection spin = test::spin_detection();
  KernelDetection bar = test::bar_detection();

  nlohmann::ordered_json sarif() {
    DetectionReport r;
    r.module = &module;
    r.tool_version = "9.8.7";
    r.kernels.push_back({&module.kernels[0], &spin_a, &spin, nullptr});
    r.kernels.push_back({&module.kernels[1], &bar_a, &bar, nullptr});
    return detection_sarif(r);
  }
};

TEST_F(SarifFixture, LogAndTool) {
  const auto s = sarif();
  EXPECT_EQ(s["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  EXPECT_EQ(s["version"], "2.1.0");
  ASSERT_EQ(s["runs"].size(), 1U);
  const auto& d = s["runs"][0]["tool"]["driver"];
  EXPECT_EQ(d["name"], "lockstep");
  EXPECT_EQ(d["version"], "9.8.7");
  ASSERT_EQ(d["rules"].size(), 2U);
  EXPECT_EQ(d["rules"][0]["id"], "LS001");
  EXPECT_EQ(d["rules"][0]["name"], "SimtInducedDeadlockLoop");
  EXPECT_EQ(d["rules"][1]["id"], "LS002");
  EXPECT_EQ(d["rules"][1]["name"], "DivergentBarrier");
  EXPECT_TRUE(d["rules"][0]["shortDescription"]["text"].is_string());
  EXPECT_EQ(s["runs"][0]["properties"]["mode"], "refined");
}

TEST_F(SarifFixture, LoopResultPointsIntoTheCudaFile) {
  const auto run = sarif()["runs"][0];
  ASSERT_EQ(run["results"].size(), 2U);
  const auto& r = run["results"][0];
  EXPECT_EQ(r["ruleId"], "LS001");
  EXPECT_EQ(r["ruleIndex"], 0);
  EXPECT_EQ(r["level"], "warning");
  EXPECT_TRUE(r["message"]["text"].is_string());
  const auto& phys = r["locations"][0]["physicalLocation"];
  EXPECT_EQ(phys["artifactLocation"]["uri"], "spin.cu");
  EXPECT_EQ(phys["region"]["startLine"], 9);
  EXPECT_EQ(run["artifacts"][phys["artifactLocation"]["index"].get<std::size_t>()]["location"]["uri"], "spin.cu");
  EXPECT_EQ(r["locations"][0]["logicalLocations"][0]["name"], "spin");
  EXPECT_EQ(r["locations"][0]["logicalLocations"][0]["kind"], "function");
  // exit, read, write: ids 1..3, the write at the release's CUDA line.
  ASSERT_EQ(r["relatedLocations"].size(), 3U);
  std::set<int> ids;
  for (const auto& rel : r["relatedLocations"]) ids.insert(rel["id"].get<int>());
  EXPECT_EQ(ids, (std::set<int>{1, 2, 3}));
  const auto& w = r["relatedLocations"][2];
  EXPECT_EQ(w["physicalLocation"]["region"]["startLine"], 12);
  EXPECT_EQ(w["properties"]["relation"], "reachable");
  EXPECT_EQ(w["properties"]["alias"], "must");
  EXPECT_EQ(r["properties"]["kernel"], "spin");
  EXPECT_EQ(r["properties"]["header_pc"], 2);
}

TEST_F(SarifFixture, MessageNamesTheMustAliasWrite) {
  // A may-alias write before the must-alias release: the message names the release.
  RedefiningWrite may;
  may.pc = 3;
  may.alias = Alias::May;
  may.reads = {2};
  spin.loops[0].writes.insert(spin.loops[0].writes.begin(), may);
  const std::string text = sarif()["runs"][0]["results"][0]["message"]["text"];
  EXPECT_NE(text.find("the read at pc 2 atom.global.cas.b32"), std::string::npos) << text;
  EXPECT_NE(text.find("the write at pc 5 atom.global.exch.b32"), std::string::npos) << text;
  EXPECT_EQ(text.find("pc 3 "), std::string::npos) << text;
}

TEST_F(SarifFixture, BarrierResultPointsIntoThePtxFile) {
  const auto run = sarif()["runs"][0];
  const auto& r = run["results"][1];
  EXPECT_EQ(r["ruleId"], "LS002");
  EXPECT_EQ(r["ruleIndex"], 1);
  const auto& phys = r["locations"][0]["physicalLocation"];
  EXPECT_EQ(phys["artifactLocation"]["uri"], "spin.ptx");
  EXPECT_EQ(phys["region"]["startLine"], 32);
  EXPECT_EQ(run["artifacts"][phys["artifactLocation"]["index"].get<std::size_t>()]["location"]["uri"], "spin.ptx");
  EXPECT_EQ(r["relatedLocations"][0]["physicalLocation"]["region"]["startLine"], 31);
}

TEST_F(SarifFixture, ArtifactsListEachFileOnceAndUnflaggedLoopsGiveNoResult) {
  spin.loops[0].flagged = false;
  const auto run = sarif()["runs"][0];
  ASSERT_EQ(run["results"].size(), 1U);
  EXPECT_EQ(run["results"][0]["ruleId"], "LS002");
  ASSERT_EQ(run["artifacts"].size(), 1U);  // spin.cu no longer named
  EXPECT_EQ(run["artifacts"][0]["location"]["uri"], "spin.ptx");
}

}  // namespace
}  // namespace lockstep::checker
