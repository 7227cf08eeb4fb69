// The default campaign's own reports prove its reach: every documented and chosen rule, every mutation class,
// every tiling key the strategy notes list and every feature was hit ($POOLCHECK_COVERAGE_WORK/default). The
// negative control reads a campaign run without invalid cases ($POOLCHECK_COVERAGE_WORK/no_invalid): the check
// must name the rules it never broke.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

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

// The 950 keys are measured targets of their own: the default campaign's reports with every Ascend950 result taken
// out (and the summary's 950 key counts zeroed) must be named for each of the five keys, and a SIMD result moved to
// Ascend910B for the platform that does not run it.
TEST(CampaignCoverage, ControlWithoutAscend950NamesEvery950Key) {
  const std::string dir = env_dir("default");
  ASSERT_FALSE(dir.empty()) << "POOLCHECK_COVERAGE_WORK names the campaigns' report directories";
  const std::filesystem::path out = std::filesystem::path(env_dir("without_950"));
  std::filesystem::create_directories(out);
  nlohmann::json summary;
  {
    std::ifstream in(std::filesystem::path(dir) / "summary.json");
    summary = nlohmann::json::parse(in);
  }
  for (auto& t : summary.at("coverage"))
    if (t.at("kind") == "key" && (t.at("name").get<std::string>().rfind("SIMD/", 0) == 0 ||
                                  t.at("name").get<std::string>().rfind("SIMT/", 0) == 0))
      t["hits"] = 0;
  std::ofstream(out / "summary.json") << summary.dump();
  std::ifstream lines(std::filesystem::path(dir) / "results.jsonl");
  std::ofstream kept(out / "results.jsonl");
  bool moved = false;
  for (std::string line; std::getline(lines, line);) {
    nlohmann::json r = nlohmann::json::parse(line);
    if (r.at("platform") != "Ascend950") {
      kept << line << "\n";
    } else if (!moved && r.at("tiling").at("strategy") == "SIMD") {
      r["platform"] = "Ascend910B";
      kept << r.dump() << "\n";
      moved = true;
    }
  }
  kept.close();
  ASSERT_TRUE(moved) << "the default campaign has a SIMD result";
  const auto problems = coverage_check::problems(out);
  auto named = [&](const std::string& text) {
    return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return p == text; });
  };
  for (const char* key : {"SIMD/2049", "SIMD/1", "SIMD/1025", "SIMT/257", "SIMT/258"})
    EXPECT_TRUE(named(std::string("never hit: key maxpool3d_grad ") + key)) << key;
  EXPECT_TRUE(std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
    return p.rfind("key SIMD/", 0) == 0 &&
           p.find(" reported on Ascend910B, which does not run SIMD") != std::string::npos;
  }));
  // The A2 keys stay hit: the control takes out 950 only.
  EXPECT_FALSE(named("never hit: key maxpool3d_grad Normal/0"));
}

}  // namespace
}  // namespace poolcheck
