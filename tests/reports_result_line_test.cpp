// results.jsonl lines are written field by field (reports/result_line.h): byte for byte what the JSON object
// form (result_to_json, dumped with invalid UTF-8 replaced) gives, over a real campaign's results and over the
// values a line must escape, replace or spell as a string.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "campaign/campaign.h"
#include "report_fixtures.h"
#include "reports/case_result_json.h"
#include "reports/jsonl_writer.h"
#include "reports/result_line.h"

namespace poolcheck::reports {
namespace {

std::string object_line(const CaseResult& r) {
  return result_to_json(r).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string direct_line(const CaseResult& r) {
  std::string line;
  append_result_line(r, &line);
  return line;
}

// Where two lines first differ (nullopt: identical), so a failure names the byte.
std::optional<size_t> first_difference(const std::string& a, const std::string& b) {
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return i;
  if (a.size() != b.size()) return n;
  return std::nullopt;
}

void expect_same_line(const CaseResult& r) {
  const std::string want = object_line(r), got = direct_line(r);
  const std::optional<size_t> at = first_difference(want, got);
  EXPECT_FALSE(at.has_value()) << "first difference at byte " << at.value_or(0) << "\nobject: " << want
                               << "direct: " << got;
}

std::vector<CaseResult> campaign_results(int64_t cases) {
  CampaignOptions o;
  o.max_cases = cases;
  o.handle_sigint = false;
  std::vector<CaseResult> out;
  run_campaign(o, [&](const CaseResult& r) { out.push_back(r); });
  return out;
}

TEST(ResultLine, SameBytesAsTheJsonObjectOverACampaign) {
  const std::vector<CaseResult> results = campaign_results(400);
  ASSERT_GE(results.size(), 390u);
  size_t with_rerun = 0, with_expected_tiling = 0, with_target = 0;
  for (const CaseResult& r : results) {
    expect_same_line(r);
    with_rerun += r.rerun.check != RerunCheck::None;
    with_expected_tiling += !r.tiling_expected.empty();
    with_target += !r.target.empty();
  }
  // The optional fields were exercised, not only their absence.
  EXPECT_GT(with_rerun, 0u);
  EXPECT_GT(with_expected_tiling, 0u);
  EXPECT_GT(with_target, 0u);
  EXPECT_EQ(result_line(results.front()), object_line(results.front()));
}

TEST(ResultLine, SameBytesForEveryOutcomeAndOptionalField) {
  for (Outcome o : {Outcome::Pass, Outcome::Fail, Outcome::Mistrusted, Outcome::ExpectedError, Outcome::WrongError,
                    Outcome::UnexpectedSuccess, Outcome::Unsupported, Outcome::Crash, Outcome::Timeout,
                    Outcome::UnsupportedAllowed, Outcome::WrongTiling, Outcome::HarnessError}) {
    CaseResult r = testing::sample_result(o);
    expect_same_line(r);
    r.source = "atk.json#3";
    r.target = "cell maxpool3d_grad Normal f16 plain";
    r.tiling_expected = "Normal key=100";
    r.rerun.check = RerunCheck::Bitwise;
    r.rerun.knobs = "cores=3";
    r.rerun.failed = true;
    r.rerun.first_diff = 12;
    r.rerun.first_bits = std::numeric_limits<uint64_t>::max();
    r.rerun.second_bits = 1;
    expect_same_line(r);
  }
}

TEST(ResultLine, SameBytesForNumbersJsonCannotHoldAndEdgeValues) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> values = {std::numeric_limits<double>::quiet_NaN(),
                                      -std::numeric_limits<double>::quiet_NaN(),
                                      inf,
                                      -inf,
                                      0.0,
                                      -0.0,
                                      1e-5,
                                      0.1,
                                      1.0 / 3,
                                      123456789.0,
                                      1e21,
                                      1e300,
                                      -2.5e-310,
                                      std::numeric_limits<double>::denorm_min(),
                                      std::numeric_limits<double>::max(),
                                      std::numeric_limits<double>::lowest()};
  CaseResult r = testing::sample_result(Outcome::Fail);
  for (double v : values) {
    r.seconds = v;
    r.err.max_abs_err = v;
    r.err.max_ulp_err = -v;
    r.err.max_bound_ratio = v * 0.5;
    r.err.max_rel_err = v;
    expect_same_line(r);
  }
  r.err.elements = std::numeric_limits<int64_t>::max();
  r.err.mismatches = std::numeric_limits<int64_t>::min();
  r.expected_status = std::numeric_limits<int32_t>::min();
  r.tiling_key = std::numeric_limits<uint64_t>::max();
  expect_same_line(r);
}

TEST(ResultLine, SameBytesForStringsThatNeedEscapingOrReplacing) {
  const std::vector<std::string> texts = {
      "",
      "plain",
      "quote \" and backslash \\ and slash /",
      "line\nbreak\ttab\rreturn\bback\fform",
      std::string("nul \0 inside", 12),
      "\x01\x1f\x7f del",
      "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",  // valid UTF-8
      "bad \xff byte",
      "truncated \xe2\x82",
      "overlong \xc0\xaf and surrogate \xed\xa0\x80",
      "\x80\x80\x80",
  };
  CaseResult r = testing::sample_result(Outcome::Fail);
  for (const std::string& t : texts) {
    r.message = t;
    r.descriptor = t;
    r.expected_rule = t;
    r.strategy = t;
    r.tiling = t;
    r.target = t;
    r.source = t;
    r.tiling_expected = t;
    r.rerun.check = RerunCheck::Tolerance;
    r.rerun.knobs = t;
    r.c.op = t;
    r.c.platform = t;
    expect_same_line(r);
  }
}

TEST(ResultLine, SameBytesForRandomByteStrings) {
  std::mt19937_64 rng(7);
  CaseResult r = testing::sample_result(Outcome::HarnessError);
  for (int i = 0; i < 3000; ++i) {
    std::string s(rng() % 24, '\0');
    for (char& ch : s) {
      // Mostly printable ASCII, with every other byte value in the mix.
      const uint64_t draw = rng();
      ch = static_cast<char>(draw % 4 == 0 ? draw >> 8 : 0x20 + (draw >> 8) % 0x5F);
    }
    r.message = s;
    r.tiling = s;
    expect_same_line(r);
  }
}

// Negative control: the comparison the tests above rely on fires on a single changed byte anywhere in a line.
TEST(ResultLine, ControlComparisonCatchesAOneByteDifference) {
  const std::string line = direct_line(testing::sample_result(Outcome::Fail));
  for (size_t at : {size_t{0}, line.size() / 2, line.size() - 2}) {
    std::string changed = line;
    changed[at] = changed[at] == 'x' ? 'y' : 'x';
    EXPECT_EQ(first_difference(line, changed), at);
  }
  EXPECT_EQ(first_difference(line, line + " "), line.size());
  EXPECT_EQ(first_difference(line, line), std::nullopt);
  // And a real divergence of the writer would show: a NaN spelled as JSON's null is one such line.
  CaseResult r = testing::sample_result(Outcome::Fail);
  r.err.max_abs_err = std::numeric_limits<double>::quiet_NaN();
  std::string spelled_null = direct_line(r);
  spelled_null.replace(spelled_null.find("\"NaN\""), 5, "null");
  EXPECT_TRUE(first_difference(object_line(r), spelled_null).has_value());
}

}  // namespace
}  // namespace poolcheck::reports
