// ssde_report_text / ssde_report_json on a hand-written pipeline result for
// the fixture module (report_fixture.hpp): the spin lock transformed with
// its SafePDom at the ret (pc 6), the barrier kernel left alone.
#include <gtest/gtest.h>

#include <sstream>

#include "checker/report/ssde_report.hpp"
#include "tests/checker/report/report_fixture.hpp"

namespace lockstep::checker {
namespace {

struct SsdeReportFixture : ::testing::Test {
  ir::Module module = test::report_module();
  SsdePipelineResult spin;
  SsdePipelineResult bar;

  SsdeReportFixture() {
    spin.kernel_index = 0;
    spin.before = test::spin_detection();
    LoopSafePdom s;
    s.loop = 0;
    s.flagged = true;
    s.point = 6;
    s.history = {{RiseCause::Exit, 4, 5}, {RiseCause::Write, 5, 6}};
    spin.safepdoms.loops.push_back(s);
    SsdeGroup g;
    g.point = 6;
    g.loops.push_back({0, 1, {{1, 1}}});
    spin.groups.push_back(g);
    spin.transformed = true;
    spin.kernel = module.kernels[0];
    SsdeSwitch sw;
    sw.point = 6;
    sw.bbs_label = "$L__ssde_S0";
    sw.bbs_pc = 7;
    sw.edge_register = "%ssde_c0";
    sw.cases.push_back({0, "$L__BB0_1", 1});
    spin.report.switches.push_back(sw);
    spin.report.blocks_added = 2;
    spin.report.instructions_added = 5;
    spin.report.registers_added = 2;
    spin.report.edge_splits = 1;

    bar.kernel_index = 1;
    bar.before = test::bar_detection();
    bar.unfixable = bar.before.barriers;
    bar.kernel = module.kernels[1];
    bar.after = bar.before;
  }

  SsdeReportInput input() {
    SsdeReportInput in;
    in.module = &module;
    in.kernels = {&spin, &bar};
    return in;
  }
};

TEST_F(SsdeReportFixture, Text) {
  std::ostringstream out;
  ssde_report_text(out, input());
  EXPECT_EQ(out.str(),
            "spin.ptx: ssde, mode refined\n"
            "kernel spin: 1 loop transformed, 1 BBS\n"
            "  BBS $L__ssde_S0 (output pc 7) before pc 6 (line 22, spin.cu:12), the SafePDom of\n"
            "    loop 0 at $L__BB0_1 (pc 2, line 17, spin.cu:9): case 1 -> $L__BB0_1\n"
            "      SafePDom: exit (pc 4) -> pc 5, write (pc 5) -> pc 6\n"
            "  added: 2 blocks, 5 instructions, 2 registers; repairs: 1 edge split, 0 merged back edges, "
            "0 new headers\n"
            "  after: nothing flagged\n"
            "kernel bar: nothing to transform\n"
            "  divergent barrier pc 3 bar.sync (line 32): not removable by SSDE\n");
}

TEST_F(SsdeReportFixture, TextAtTheVirtualExitAndWithLoopsLeft) {
  spin.groups[0].point = analysis::kExitPc;
  spin.report.switches[0].point = analysis::kExitPc;
  spin.report.exit_materialised = true;
  spin.after = test::spin_detection();
  std::ostringstream out;
  ssde_report_text(out, input());
  const std::string t = out.str();
  EXPECT_NE(t.find("  BBS $L__ssde_S0 (output pc 7) before the kernel exit, the SafePDom of\n"), std::string::npos);
  EXPECT_NE(t.find("0 new headers, exit block made\n"), std::string::npos);
  EXPECT_NE(t.find("  after: still flagged: loop 0 at output pc 2\n"), std::string::npos);
}

TEST_F(SsdeReportFixture, Json) {
  const auto j = ssde_report_json(input());
  EXPECT_EQ(j["file"], "spin.ptx");
  EXPECT_EQ(j["mode"], "refined");
  ASSERT_EQ(j["kernels"].size(), 2U);
  const auto& k = j["kernels"][0];
  EXPECT_EQ(k["name"], "spin");
  EXPECT_EQ(k["transformed"], true);
  ASSERT_EQ(k["transformed_loops"].size(), 1U);
  const auto& t = k["transformed_loops"][0];
  EXPECT_EQ(t["loop"], 0);
  EXPECT_EQ(t["header"]["label"], "$L__BB0_1");
  EXPECT_EQ(t["header"]["pc"], 2);
  EXPECT_EQ(t["safepdom_pc"], 6);
  EXPECT_EQ(t["safepdom_line"], 22);
  EXPECT_EQ(t["safepdom_location"], "spin.cu:12");
  ASSERT_EQ(t["safepdom_history"].size(), 2U);
  EXPECT_EQ(t["safepdom_history"][1]["cause"], "write");
  EXPECT_EQ(t["safepdom_history"][1]["from_pc"], 5);
  EXPECT_EQ(t["safepdom_history"][1]["point"], 6);
  EXPECT_EQ(t["bbs_label"], "$L__ssde_S0");
  EXPECT_EQ(t["bbs_pc"], 7);
  EXPECT_EQ(t["case_value"], 1);
  EXPECT_EQ(t["case_target"], "$L__BB0_1");
  EXPECT_EQ(k["switches"][0]["edge_register"], "%ssde_c0");
  EXPECT_EQ(k["blocks_added"], 2);
  EXPECT_EQ(k["instructions_added"], 5);
  EXPECT_EQ(k["registers_added"], 2);
  EXPECT_EQ(k["repairs"]["edge_splits"], 1);
  EXPECT_EQ(k["repairs"]["exit_materialised"], false);
  EXPECT_EQ(k["after"]["flagged"], false);

  const auto& b = j["kernels"][1];
  EXPECT_EQ(b["transformed"], false);
  EXPECT_EQ(b["transformed_loops"], nlohmann::ordered_json::array());
  ASSERT_EQ(b["unfixable_barriers"].size(), 1U);
  EXPECT_EQ(b["unfixable_barriers"][0]["pc"], 3);
  EXPECT_EQ(b["unfixable_barriers"][0]["op"], "bar.sync");
  EXPECT_EQ(b["after"]["flagged"], true);
  EXPECT_EQ(b["after"]["barriers"], 1);
}

TEST_F(SsdeReportFixture, JsonPointAtTheVirtualExit) {
  spin.groups[0].point = analysis::kExitPc;
  const auto t = ssde_report_json(input())["kernels"][0]["transformed_loops"][0];
  EXPECT_EQ(t["safepdom_pc"], "exit");
  EXPECT_TRUE(t["safepdom_line"].is_null());
  EXPECT_TRUE(t["safepdom_location"].is_null());
}

}  // namespace
}  // namespace lockstep::checker
