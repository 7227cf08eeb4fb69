// The tiling oracle over the default campaign's valid cases, planned on the bundled library: every case it states
// a decision for must agree with the decision the library reports, and it must state one for every such case.
// Controls: a tiling fault that changes the template choice is a disagreement the oracle reports.
#include <gtest/gtest.h>

#include <iostream>
#include <map>

#include "backend/backend.h"
#include "campaign/campaign.h"
#include "harness/plan_only.h"
#include "tiling_oracle/expected_tiling.h"

namespace poolcheck::tiling_oracle {
namespace {

constexpr int64_t kCasesPerOperator = 4000;

struct Tally {
  int64_t checked = 0;
  int64_t agreed = 0;
  std::map<std::string, int64_t> by_decision;                     // "Ascend950 SIMD/2049" -> cases
  std::map<std::string, std::vector<std::string>> disagreements;  // by SoC: descriptor and difference, the first few
  std::map<std::string, std::vector<std::string>> undecided;      // by SoC: descriptor and the oracle's reason
  std::map<std::string, int64_t> unstated;                        // by SoC: cases on another kernel family
  int64_t undecided_count = 0;
  int64_t disagreement_count = 0;
};

// The first `cases` cases of the default campaign of one operator, planned, each valid one checked.
Tally check_campaign(const std::string& op, int64_t cases, uint64_t seed) {
  Tally t;
  CampaignOptions opt;
  opt.ops = {op};
  opt.seed = seed;
  opt.max_cases = cases;
  opt.handle_sigint = false;
  opt.run_case_fn = [&t](const Case& c) {
    PlanReport p = plan_only(c);
    const CaseResult& r = p.r;
    if (r.expected_status != 0 || r.observed_status != 0 || !r.tiling_known) return p.r;
    ++t.checked;
    const TilingVerdict v = expected_tiling(c);
    if (!v.expected && v.unstated) {
      ++t.unstated[c.platform];
      return p.r;
    }
    if (!v.expected) {
      if (t.undecided[c.platform].size() < 5)
        t.undecided[c.platform].push_back(r.descriptor + "\n    " + v.no_decision);
      ++t.undecided_count;
      return p.r;
    }
    const std::string diff = tiling_disagreement(*v.expected, r.strategy, r.tiling_key, r.tiling);
    if (diff.empty()) {
      ++t.agreed;
      ++t.by_decision[c.platform + " " + r.strategy + "/" + std::to_string(r.tiling_key)];
    } else {
      if (t.disagreements[c.platform].size() < 6)
        t.disagreements[c.platform].push_back(r.descriptor + "\n    " + diff + "\n    reported: " + r.tiling +
                                              "\n    expected: " + describe(*v.expected));
      ++t.disagreement_count;
    }
    return p.r;
  };
  run_campaign(opt);
  return t;
}

std::string listing(const std::map<std::string, std::vector<std::string>>& by_soc) {
  std::string s;
  for (const auto& [soc, lines] : by_soc) {
    s += soc + ":\n";
    for (const std::string& l : lines) s += "  " + l + "\n";
  }
  return s;
}

class TilingOracleCampaign : public ::testing::TestWithParam<std::string> {};

TEST_P(TilingOracleCampaign, AgreesWithTheLibraryOnEveryValidCase) {
  const Tally t = check_campaign(GetParam(), kCasesPerOperator, 1);
  for (const auto& [decision, n] : t.by_decision) std::cout << "  " << decision << ": " << n << "\n";
  for (const auto& [soc, n] : t.unstated)
    std::cout << "  " << soc << " not stated (another kernel family): " << n << "\n";
  EXPECT_GT(t.checked, kCasesPerOperator / 4) << "too few valid cases were planned to check the oracle";
  EXPECT_EQ(t.disagreement_count, 0) << listing(t.disagreements);
  EXPECT_EQ(t.undecided_count, 0) << listing(t.undecided);
  EXPECT_GT(t.agreed, 0) << "the statement judged no case";
}

// Controls: an emulator fault that changes only the decision (the numbers stay right) must be a disagreement on
// some of the campaign's cases, each naming the key.
void expect_disagreements_under(const char* fault) {
  const auto& api = backend::api();
  ASSERT_NE(api.pcEmuSetFaults, nullptr) << "the bundled emulator exports pcEmuSetFaults";
  ASSERT_EQ(api.pcEmuSetFaults(fault), 0) << fault;
  const Tally t = check_campaign("maxpool3d_grad", kCasesPerOperator, 1);
  api.pcEmuSetFaults("");
  EXPECT_GT(t.disagreement_count, 0) << "the tiling oracle did not see the fault " << fault;
  for (const auto& [soc, lines] : t.disagreements)
    for (const std::string& l : lines) EXPECT_NE(l.find("key: expected"), std::string::npos) << l;
}

TEST(TilingOracleControl, AnOverlappingPlaneThatFitsOneTileKeptAtKey100IsADisagreement) {
  expect_disagreements_under("whole_plane_missed");
}

TEST(TilingOracleControl, Int32OffsetsAboveTheIndexLimitAreADisagreement) {
  expect_disagreements_under("simt_narrow_index");
}

std::vector<std::string> operator_tokens() {
  return {
#define POOLCHECK_OPERATOR(token, aclnn) #token,
#include "ops/operators.inc"
#undef POOLCHECK_OPERATOR
  };
}

INSTANTIATE_TEST_SUITE_P(Operators, TilingOracleCampaign, ::testing::ValuesIn(operator_tokens()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace poolcheck::tiling_oracle
