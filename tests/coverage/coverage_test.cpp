// The default campaign's own reports prove its reach: every documented and chosen rule, every mutation class,
// every tiling key the strategy notes list and every feature was hit ($POOLCHECK_COVERAGE_WORK/default). The
// negative control reads a campaign run without invalid cases ($POOLCHECK_COVERAGE_WORK/no_invalid): the check
// must name the rules it never broke.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "tests/coverage/coverage_check.h"

namespace poolcheck {
namespace {

// POOLCHECK_COVERAGE_WORK holds both campaigns' report directories.
std::string env_dir(const char* campaign) {
  const char* v = std::getenv("POOLCHECK_COVERAGE_WORK");
  return v ? std::string(v) + "/" + campaign : "";
}

TEST(CampaignCoverage, DefaultCampaignHitsEveryTarget) {
  const std::string dir = env_dir("default");
  ASSERT_FALSE(dir.empty()) << "POOLCHECK_COVERAGE_WORK names the campaigns' report directories";
  const auto problems = coverage_check::problems(dir);
  for (const auto& p : problems) ADD_FAILURE() << p;
  EXPECT_TRUE(problems.empty());
}

TEST(CampaignCoverage, ControlWithoutInvalidCasesNamesTheRulesNeverBroken) {
  const std::string dir = env_dir("no_invalid");
  ASSERT_FALSE(dir.empty()) << "POOLCHECK_COVERAGE_WORK names the campaigns' report directories";
  const auto problems = coverage_check::problems(dir);
  auto named = [&](const std::string& text) {
    return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return p == text; });
  };
  EXPECT_TRUE(named("never hit: rule maxpool3d_grad MP.PADDING.VALUE"));
  EXPECT_TRUE(named("never hit: variant avgpool2d_grad AP.DIVISOR.RANGE 7"));
  EXPECT_TRUE(named("summary names as never hit: rule adaptive_avgpool3d_grad AA.RANK"));
  // Its valid cases still reached every tiling key: only the rule side is missing.
  EXPECT_FALSE(std::any_of(problems.begin(), problems.end(),
                           [](const std::string& p) { return p.find(" key ") != std::string::npos; }));
}

}  // namespace
}  // namespace poolcheck
