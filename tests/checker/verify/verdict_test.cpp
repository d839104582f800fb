// The verdict of `verify`: never `verified` after any bound, a finding is a
// counterexample whatever else happened, exit statuses 0 / 3 / 4, and the
// spellings of properties and bounds.
#include <gtest/gtest.h>

#include <sstream>

#include "checker/verify/verdict.hpp"
#include "checker/verify/verify_report.hpp"

namespace lockstep::checker {
namespace {

constexpr BoundKind kEveryBound[] = {BoundKind::States, BoundKind::Depth,  BoundKind::Memory,       BoundKind::Time,
                                     BoundKind::Solver, BoundKind::Forks, BoundKind::AddressValues};

TEST(Verdict, ExhaustiveWithoutFindingIsVerified) {
  const Exploration e;
  const Verdict v = compose_verdict(e);
  EXPECT_EQ(v.kind, VerdictKind::Verified);
  EXPECT_EQ(v.exit_status(), 0);
  EXPECT_STREQ(verdict_name(v.kind), "verified");
}

TEST(Verdict, EveryBoundIsInconclusive) {
  for (const BoundKind b : kEveryBound) {
    Exploration e;
    e.bound = b;
    e.bound_limit = 5;
    e.bound_detail = "why";
    const Verdict v = compose_verdict(e);
    EXPECT_EQ(v.kind, VerdictKind::Inconclusive) << static_cast<int>(b);
    EXPECT_EQ(v.exit_status(), 4);
    EXPECT_EQ(v.bound, b);
    EXPECT_EQ(v.bound_limit, 5U);
    EXPECT_EQ(v.bound_detail, "why");
  }
}

TEST(Verdict, EveryBoundWithZeroLimitIsStillInconclusive) {
  for (const BoundKind b : kEveryBound) {
    Exploration e;
    e.bound = b;
    EXPECT_NE(compose_verdict(e).kind, VerdictKind::Verified) << static_cast<int>(b);
  }
}

TEST(Verdict, FindingIsACounterexampleEvenAfterABound) {
  for (const FindingKind k :
       {FindingKind::Deadlock, FindingKind::NonTermination, FindingKind::Error, FindingKind::ExpectMismatch}) {
    Exploration e;
    e.finding = Finding{};
    e.finding->kind = k;
    EXPECT_EQ(compose_verdict(e).kind, VerdictKind::Counterexample);
    EXPECT_EQ(compose_verdict(e).finding, k);
    e.bound = BoundKind::States;
    const Verdict v = compose_verdict(e);
    EXPECT_EQ(v.kind, VerdictKind::Counterexample);
    EXPECT_EQ(v.exit_status(), 3);
  }
}

TEST(Verdict, Properties) {
  EXPECT_EQ(properties_text(*parse_properties("all")), "deadlock, non-termination, error, expect");
  EXPECT_EQ(properties_text(*parse_properties("safety")), "deadlock, error, expect");
  EXPECT_EQ(properties_text(*parse_properties("termination")), "deadlock, non-termination, error");
  EXPECT_FALSE(parse_properties("liveness").has_value());
  EXPECT_EQ(properties_text(*parse_properties("barrier-divergence")), "deadlock, error, barrier divergence (CUDA rule)");
  EXPECT_EQ(properties_text(*parse_properties("all,barrier-divergence")),
            "deadlock, non-termination, error, expect, barrier divergence (CUDA rule)");
  EXPECT_EQ(properties_text(*parse_properties("safety,termination")), "deadlock, non-termination, error, expect");
  EXPECT_FALSE(parse_properties("all,").has_value());
  EXPECT_FALSE(parse_properties("").has_value());
}

TEST(Verdict, BoundText) {
  EXPECT_EQ(bound_text(BoundKind::States, 5), "the state bound (--max-states 5)");
  EXPECT_EQ(bound_text(BoundKind::Depth, 7), "the depth bound (--max-depth 7)");
  EXPECT_EQ(bound_text(BoundKind::Memory, 64), "the memory bound (--max-memory 64 MiB)");
}

VerifyReport report(const Exploration& e) {
  VerifyReport r;
  r.verdict = compose_verdict(e);
  r.exploration = &e;
  r.ptx = "k.ptx";
  r.kernel = "k";
  r.model = "stack";
  r.reconvergence = "ipdom";
  r.block = {8, 1, 1};
  r.timing = false;
  return r;
}

TEST(VerifyReport, VerifiedText) {
  Exploration e;
  e.stats.states = 12;
  e.stats.seconds = 1.5;
  std::ostringstream out;
  verify_text(out, report(e));
  const std::string s = out.str();
  EXPECT_EQ(s.rfind("verdict: verified: exhaustive for this launch up to hash collisions (--full-states for a proof)\n",
                    0),
            0U)
      << s;
  EXPECT_NE(s.find("  model: stack (SIMT stack, push order nvidia, reconvergence table ipdom)\n"), std::string::npos);
  EXPECT_NE(s.find("  launch: grid (1,1,1), block (8,1,1) (8 threads), inputs: concrete\n"), std::string::npos);
  EXPECT_NE(s.find("  state matching: 128-bit hash compaction: omission probability <= 1.9e-37 for 12 states"),
            std::string::npos);
  EXPECT_NE(s.find("  states: 12 "), std::string::npos);
  EXPECT_EQ(s.find("time"), std::string::npos);  // timing off
}

TEST(VerifyReport, InconclusiveJson) {
  Exploration e;
  e.bound = BoundKind::States;
  e.bound_limit = 5;
  VerifyReport r = report(e);
  r.timing = true;
  const auto j = verify_json(r);
  EXPECT_EQ(j["verdict"], "inconclusive");
  EXPECT_EQ(j["bound"]["limit"], 5);
  EXPECT_EQ(j["kind"], nullptr);
  EXPECT_TRUE(j["stats"].contains("seconds"));
  r.timing = false;
  EXPECT_FALSE(verify_json(r)["stats"].contains("seconds"));
}

TEST(VerifyReport, Reductions) {
  ExploreOptions o;
  EXPECT_EQ(reductions_text(o), "thread-private instructions merged into the preceding step, dead registers zeroed");
  o.merge = false;
  o.canonical = false;
  EXPECT_EQ(reductions_text(o), "none");
  o.full_states = true;
  EXPECT_EQ(state_matching_text(o, 1000), "exact (full states)");
}

// Hash compaction (the default) states its omission probability and says it is no proof.
TEST(VerifyReport, HashCompactionStatesItsOmissionProbability) {
  ExploreOptions o;
  // n(n-1)/2 / 2^128: 1e6 states -> 1.5e-27.
  EXPECT_NEAR(omission_probability(1'000'000) / 1.469e-27, 1.0, 1e-3);
  EXPECT_EQ(omission_probability(1), 0.0);
  EXPECT_EQ(state_matching_text(o, 1'000'000),
            "128-bit hash compaction: omission probability <= 1.5e-27 for 1000000 states (not a proof; "
            "--full-states matches exactly)");
}

}  // namespace
}  // namespace lockstep::checker
