// run_equiv end to end on the SSDE outputs of the lock models: all three
// parts proved (spin_lock with 8 threads; the others with 3 threads, as
// exploring their originals under MIMD grows quickly with the thread
// count), and part (b) proved for one block of 8 threads; the original
// against itself fails part (b) (the SIMT stack spins in the lock loop);
// a state bound gives inconclusive.
#include <gtest/gtest.h>

#include "checker/equiv/equiv.hpp"
#include "tests/checker/equiv/equiv_test_kit.hpp"

namespace lockstep::test {
namespace {

using checker::equiv::PartStatus;
using checker::equiv::Verdict;

struct LaunchCase {
  const char* model;
  const char* kernel;
  const char* rest;    ///< params and buffers
  unsigned threads;    ///< for all three parts
};

const LaunchCase kCases[] = {
    {"spin_lock", "_Z9spin_lockPiPVi",
     "params = [\"mutex\", \"counter\"]\n[[buffer]]\nname = \"mutex\"\ntype = \"s32\"\ncount = 1\ninit = \"zeros\"\n"
     "[[buffer]]\nname = \"counter\"\ntype = \"s32\"\ncount = 1\ninit = \"zeros\"\n",
     8},
    {"ticket_lock", "_Z11ticket_lockPjPVjS1_",
     "params = [\"t\", \"s\", \"c\"]\n[[buffer]]\nname = \"t\"\ntype = \"u32\"\ncount = 1\ninit = \"zeros\"\n"
     "[[buffer]]\nname = \"s\"\ntype = \"u32\"\ncount = 1\ninit = \"zeros\"\n"
     "[[buffer]]\nname = \"c\"\ntype = \"u32\"\ncount = 1\ninit = \"zeros\"\n",
     3},
    {"atm", "_Z3atmiPiPVi",
     "params = [{type = \"s32\", value = 3}, \"locks\", \"balance\"]\n[[buffer]]\nname = \"locks\"\ntype = \"s32\"\n"
     "count = 8\ninit = \"zeros\"\n[[buffer]]\nname = \"balance\"\ntype = \"s32\"\ncount = 8\ninit = \"zeros\"\n",
     3},
    {"hashtable_lock", "_Z14hashtable_lockPKjijPiPViS1_PVj",
     "params = [\"keys\", {type = \"s32\", value = 3}, {type = \"u32\", value = 3}, \"locks\", \"heads\", \"next\", "
     "\"sizes\"]\n[[buffer]]\nname = \"keys\"\ntype = \"u32\"\ncount = 8\ninit = \"iota\"\n"
     "[[buffer]]\nname = \"locks\"\ntype = \"s32\"\ncount = 3\ninit = \"zeros\"\n"
     "[[buffer]]\nname = \"heads\"\ntype = \"s32\"\ncount = 3\ninit = \"zeros\"\n"
     "[[buffer]]\nname = \"next\"\ntype = \"s32\"\ncount = 8\ninit = \"zeros\"\n"
     "[[buffer]]\nname = \"sizes\"\ntype = \"u32\"\ncount = 3\ninit = \"zeros\"\n",
     3},
};

class EquivLaunch : public ::testing::TestWithParam<LaunchCase> {};

TEST_P(EquivLaunch, SsdeOutputIsProved) {
  const LaunchCase& lc = GetParam();
  const SsdeCase c = ssde_case(lc.model);
  const sem::LaunchSpec spec = small_spec(lc.kernel, 1, lc.threads, lc.rest);
  checker::equiv::EquivInput in;
  in.original = &c.input;
  in.transformed = &c.output;
  in.origin = c.origin;
  in.spec = &spec;
  const auto r = checker::equiv::run_equiv(in, {});
  ASSERT_EQ(r.parts.size(), 3U);
  for (const auto& p : r.parts) EXPECT_EQ(p.status, PartStatus::Proved) << p.name << " " << p.check << ": " << p.detail;
  EXPECT_EQ(r.verdict, Verdict::Proved);
  EXPECT_FALSE(r.origin_recovered);
  EXPECT_GE(r.transformed_finals, 1U);
  EXPECT_TRUE(r.missing.empty());
}

TEST_P(EquivLaunch, SsdeOutputTerminatesOnTheStackForEightThreads) {
  const LaunchCase& lc = GetParam();
  const SsdeCase c = ssde_case(lc.model);
  const sem::LaunchSpec spec = small_spec(lc.kernel, 1, 8, lc.rest);
  checker::equiv::EquivInput in;
  in.original = &c.input;
  in.transformed = &c.output;
  in.origin = c.origin;
  in.spec = &spec;
  checker::equiv::EquivOptions o;
  o.part_c = false;
  const auto r = checker::equiv::run_equiv(in, o);
  EXPECT_EQ(r.verdict, Verdict::Proved) << r.parts[1].detail;
  EXPECT_EQ(r.parts[2].status, PartStatus::Skipped);
}

TEST(EquivLaunchBasics, TheOriginalAgainstItselfFailsTermination) {
  const SsdeCase c = ssde_case("spin_lock");
  const sem::LaunchSpec spec = small_spec(kCases[0].kernel, 1, 2, kCases[0].rest);
  checker::equiv::EquivInput in;
  in.original = &c.input;
  in.transformed = &c.input;
  in.spec = &spec;  // no origin: recovered (the identity)
  const auto r = checker::equiv::run_equiv(in, {});
  EXPECT_TRUE(r.origin_recovered);
  EXPECT_EQ(r.parts[0].status, PartStatus::Proved);
  EXPECT_EQ(r.parts[1].status, PartStatus::Counterexample);
  EXPECT_EQ(r.parts[1].check, "termination");
  EXPECT_EQ(r.verdict, Verdict::Counterexample);
  ASSERT_NE(r.deciding(), nullptr);
  EXPECT_EQ(r.deciding()->name, "b");
}

TEST(EquivLaunchBasics, AStateBoundGivesInconclusive) {
  const SsdeCase c = ssde_case("spin_lock");
  const sem::LaunchSpec spec = small_spec(kCases[0].kernel, 1, 8, kCases[0].rest);
  checker::equiv::EquivInput in;
  in.original = &c.input;
  in.transformed = &c.output;
  in.origin = c.origin;
  in.spec = &spec;
  checker::equiv::EquivOptions o;
  o.bounds.max_states = 5;  // the stack run of 8 threads alone needs more
  const auto r = checker::equiv::run_equiv(in, o);
  EXPECT_EQ(r.verdict, Verdict::Inconclusive);
  EXPECT_EQ(r.parts[0].status, PartStatus::Proved);
  EXPECT_EQ(r.parts[1].status, PartStatus::Inconclusive);
  EXPECT_NE(r.parts[1].detail.find("states"), std::string::npos) << r.parts[1].detail;
}

INSTANTIATE_TEST_SUITE_P(LockModels, EquivLaunch, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<LaunchCase>& i) { return std::string(i.param.model); });

}  // namespace
}  // namespace lockstep::test
