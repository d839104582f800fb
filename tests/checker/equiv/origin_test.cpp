// Origin maps: JSON round trip and errors, and recovery from the two
// kernels alone, which must give the transformation's own map on the lock
// models' SSDE outputs.
#include <gtest/gtest.h>

#include <stdexcept>

#include "checker/equiv/origin_map.hpp"
#include "checker/equiv/origin_recover.hpp"
#include "tests/checker/equiv/equiv_test_kit.hpp"

namespace lockstep::test {
namespace {

TEST(OriginMap, RoundTripsThroughJson) {
  const std::vector<checker::KernelOrigin> maps = {{"k", {0, 1, checker::kOriginAdded, 2}}};
  const nlohmann::json j = checker::origin_to_json(maps);
  EXPECT_EQ(j["kernels"][0]["origin"][2], "added");
  const auto back = checker::origin_from_json(j);
  ASSERT_EQ(back.size(), 1U);
  EXPECT_EQ(back[0].kernel, "k");
  EXPECT_EQ(back[0].origin, maps[0].origin);
  EXPECT_EQ(checker::find_origin(back, "k"), maps[0].origin);
  EXPECT_FALSE(checker::find_origin(back, "other").has_value());
}

TEST(OriginMap, RejectsMalformedDocuments) {
  EXPECT_THROW((void)checker::origin_from_json(nlohmann::json::object()), std::invalid_argument);
  nlohmann::json j = checker::origin_to_json({{"k", {0}}});
  j["kernels"][0]["origin"][0] = "copied";
  EXPECT_THROW((void)checker::origin_from_json(j), std::invalid_argument);
  j["kernels"][0]["origin"][0] = -1;
  EXPECT_THROW((void)checker::origin_from_json(j), std::invalid_argument);
}

class OriginRecovery : public ::testing::TestWithParam<const char*> {};

TEST_P(OriginRecovery, RecoversTheTransformationsMap) {
  const SsdeCase c = ssde_case(GetParam());
  const auto r = checker::equiv::recover_origin(c.input, c.in(), c.output, c.out());
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.origin, c.origin);
}

INSTANTIATE_TEST_SUITE_P(LockModels, OriginRecovery,
                         ::testing::Values("spin_lock", "ticket_lock", "atm", "hashtable_lock"));

TEST(OriginRecoveryBasics, FailsOnAnUnrelatedKernel) {
  const SsdeCase spin = ssde_case("spin_lock");
  const SsdeCase ticket = ssde_case("ticket_lock");
  const auto r = checker::equiv::recover_origin(spin.input, spin.in(), ticket.output, ticket.out());
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("matches no input instruction"), std::string::npos) << r.error;
}

}  // namespace
}  // namespace lockstep::test
