// Part (a) of equiv on the SSDE outputs of the lock models and on their
// mutants (docs/explorer-plan.md §5.4): the unmutated outputs pass all four
// checks; each mutant is refuted by the check named in the table (the
// first check that fails, so a mutant caught only by accident fails here).
#include <gtest/gtest.h>

#include "tests/checker/equiv/equiv_test_kit.hpp"
#include "tests/checker/equiv/mutate.hpp"

namespace lockstep::test {
namespace {

using checker::equiv::CheckStatus;

class RefinementModels : public ::testing::TestWithParam<const char*> {};

TEST_P(RefinementModels, UnmutatedOutputPassesEveryCheck) {
  const SsdeCase c = ssde_case(GetParam());
  const auto r = refine(c, c.out(), c.origin);
  ASSERT_EQ(r.checks.size(), 4U);
  const char* names[] = {"copy", "fresh", "effects", "projection"};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(r.checks[i].name, names[i]);
    EXPECT_EQ(r.checks[i].status, CheckStatus::Passed) << r.checks[i].name << ": " << r.checks[i].detail;
  }
  EXPECT_TRUE(r.passed());
  // The dispatch through BBS needs the solver on at least the latch edge.
  EXPECT_GE(r.solver_queries, 1U);
}

TEST_P(RefinementModels, WrongSwitchCaseIsCaughtByProjection) {
  const SsdeCase c = ssde_case(GetParam());
  const Mutant m = wrong_case(c);
  const auto r = refine(c, m.kernel, m.origin);
  EXPECT_EQ(first_failing(r), "projection");
  ASSERT_NE(r.first_failure(), nullptr);
  EXPECT_EQ(r.first_failure()->status, CheckStatus::Failed) << r.first_failure()->detail;
}

TEST_P(RefinementModels, MissingMoveIsCaughtByProjection) {
  const SsdeCase c = ssde_case(GetParam());
  const Mutant m = drop_move(c);
  ASSERT_EQ(m.kernel.code.size() + 1, c.out().code.size());
  const auto r = refine(c, m.kernel, m.origin);
  EXPECT_EQ(first_failing(r), "projection");
  ASSERT_NE(r.first_failure(), nullptr);
  EXPECT_EQ(r.first_failure()->status, CheckStatus::Failed) << r.first_failure()->detail;
  // A stale case value (not the 0 that was dropped) is what the solver finds.
  const std::string& d = r.first_failure()->detail;
  EXPECT_NE(d.find("when %ssde_c0 = "), std::string::npos) << d;
  EXPECT_EQ(d.find("when %ssde_c0 = 0"), std::string::npos) << d;
}

TEST_P(RefinementModels, StoreMovedAcrossTheSwitchIsCaughtByEffects) {
  const SsdeCase c = ssde_case(GetParam());
  const Mutant m = move_store(c);
  ASSERT_EQ(m.kernel.code.size(), c.out().code.size());
  const auto r = refine(c, m.kernel, m.origin);
  EXPECT_EQ(first_failing(r), "effects");
  EXPECT_EQ(r.checks[0].status, CheckStatus::Passed);
  EXPECT_EQ(r.checks[1].status, CheckStatus::Passed);
  EXPECT_EQ(r.checks[2].status, CheckStatus::Failed);
  EXPECT_EQ(r.checks[3].status, CheckStatus::Skipped);
}

TEST_P(RefinementModels, LatchRetargetedToTheWrongBlockIsCaughtByProjection) {
  const SsdeCase c = ssde_case(GetParam());
  const Mutant m = retarget_latch(c);
  const auto r = refine(c, m.kernel, m.origin);
  EXPECT_EQ(first_failing(r), "projection");
  ASSERT_NE(r.first_failure(), nullptr);
  EXPECT_EQ(r.first_failure()->status, CheckStatus::Failed) << r.first_failure()->detail;
}

INSTANTIATE_TEST_SUITE_P(LockModels, RefinementModels,
                         ::testing::Values("spin_lock", "ticket_lock", "atm", "hashtable_lock"));

TEST(Refinement, AChangedCopyIsCaughtByCopy) {
  const SsdeCase c = ssde_case("spin_lock");
  Mutant m{c.out(), c.origin};
  // The add of the critical section adds 2 instead of 1.
  for (std::uint32_t pc = 0; pc < m.kernel.code.size(); ++pc) {
    if (m.kernel.code[pc].op == ir::Opcode::Add) {
      m.kernel.operands[m.kernel.code[pc].op_begin + 2].value = 2;
      break;
    }
  }
  EXPECT_EQ(first_failing(refine(c, m.kernel, m.origin)), "copy");
}

TEST(Refinement, AnAddedStoreIsCaughtByFresh) {
  const SsdeCase c = ssde_case("spin_lock");
  Mutant m{c.out(), c.origin};
  // Declare the copy of the counter store added: added code may not touch memory.
  for (std::uint32_t pc = 0; pc < m.kernel.code.size(); ++pc) {
    if (m.kernel.code[pc].op == ir::Opcode::St) {
      m.origin[pc] = checker::cfg::kAdded;
      break;
    }
  }
  EXPECT_EQ(first_failing(refine(c, m.kernel, m.origin)), "fresh");
}

TEST(Refinement, TheInputAgainstItselfPasses) {
  const SsdeCase c = ssde_case("spin_lock");
  std::vector<std::uint32_t> id(c.in().code.size());
  for (std::uint32_t i = 0; i < id.size(); ++i) id[i] = i;
  const auto r = checker::equiv::check_refinement(c.input, c.in(), c.input, c.in(), id);
  EXPECT_TRUE(r.passed());
  EXPECT_EQ(r.solver_queries, 0U);  // no added code: nothing to ask
}

}  // namespace
}  // namespace lockstep::test
