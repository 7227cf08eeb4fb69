// harness-error is an outcome of its own everywhere outcomes are listed: counted as a failure, never folded into
// crash. Each report gets one harness error and one crash and must show a count of 1 for each (the crash is the
// negative control: were the two merged, one row would say 2 and the other 0 or be missing).
#include <gtest/gtest.h>

#include "reports/case_result_json.h"
#include "reports/html_report.h"
#include "reports/markdown_summary.h"
#include "reports/summary_json.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

using testing::sample_result;

CampaignSummary one_of_each() {
  CampaignSummary s;
  s.ops = {"maxpool3d_grad"};
  s.add(sample_result(Outcome::Pass, 1));
  CaseResult harness = sample_result(Outcome::HarnessError, 2);
  harness.message = "harness exception: oracle: max_pool3d index 40 is outside the plane";
  s.add(harness);
  CaseResult crash = sample_result(Outcome::Crash, 3);
  crash.message = "worker process 7: killed by signal 11 (SIGSEGV)";
  s.add(crash);
  return s;
}

TEST(HarnessErrorOutcome, IsAFailureOfItsOwn) {
  EXPECT_STREQ(outcome_name(Outcome::HarnessError), "harness-error");
  EXPECT_TRUE(outcome_is_failure(Outcome::HarnessError));
  const CampaignSummary s = one_of_each();
  EXPECT_EQ(s.by_outcome.at("harness-error"), 1);
  EXPECT_EQ(s.by_outcome.at("crash"), 1);
  EXPECT_EQ(s.failure_count, 2);
  EXPECT_TRUE(s.failed());
  EXPECT_NE(s.one_line().find("harness-error 1"), std::string::npos) << s.one_line();
  EXPECT_NE(s.one_line().find("crash 1"), std::string::npos) << s.one_line();
}

TEST(HarnessErrorOutcome, ResultsAndSummaryJsonRoundTrip) {
  const CampaignSummary s = one_of_each();
  EXPECT_EQ(result_from_json(result_to_json(s.failures[0])).outcome, Outcome::HarnessError);
  EXPECT_EQ(result_from_json(result_to_json(s.failures[1])).outcome, Outcome::Crash);
  const nlohmann::json j = summary_to_json(s);
  EXPECT_EQ(j["outcomes"]["harness-error"], 1) << j.dump();
  EXPECT_EQ(j["outcomes"]["crash"], 1) << j.dump();
  const CampaignSummary back = summary_from_json(j);
  EXPECT_EQ(back.by_outcome.at("harness-error"), 1);
  EXPECT_EQ(back.failures.at(0).outcome, Outcome::HarnessError);
  // Merged shards keep it apart too.
  CampaignSummary shard0 = s, shard1 = s;
  shard0.shard_count = shard1.shard_count = 2;
  shard1.shard_index = 1;
  const CampaignSummary merged = merge_summaries({shard0, shard1});
  EXPECT_EQ(merged.by_outcome.at("harness-error"), 2);
  EXPECT_EQ(merged.by_outcome.at("crash"), 2);
}

TEST(HarnessErrorOutcome, MarkdownAndHtmlListItOnItsOwnRow) {
  const CampaignSummary s = one_of_each();
  const std::string md = summary_markdown(s);
  EXPECT_NE(md.find("| harness-error | 1 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| crash | 1 |"), std::string::npos) << md;
  HtmlInputs in;
  in.summary = s;
  const std::string html = report_html(in);
  EXPECT_NE(html.find("id=\"count-harness-error\">1<"), std::string::npos);
  EXPECT_NE(html.find("id=\"count-crash\">1<"), std::string::npos);
}

}  // namespace
}  // namespace poolcheck::reports
