// report diff: identical reports pass; new failures, lost coverage, accuracy drift and (when asked) a
// slowdown are regressions; fixed failures and faster runs are not.
#include <gtest/gtest.h>

#include "reports/report_diff.h"
#include "reports/report_writer.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

using testing::sample_result;
using testing::ScratchDir;

ReportData data(const CampaignSummary& s) {
  ReportData d;
  d.summary = s;
  for (const auto& r : s.failures) d.failing.insert(r.descriptor);
  return d;
}

CampaignSummary clean() {
  CampaignSummary s;
  s.ops = {"maxpool3d_grad"};
  for (int i = 0; i < 4; ++i) s.add(sample_result(Outcome::Pass, 100 + i));
  s.add(sample_result(Outcome::ExpectedError, 200));
  s.cases_per_second = 100;
  return s;
}

TEST(ReportDiff, IdenticalReportsAreNoRegression) {
  const ReportDiff d = diff_reports(data(clean()), data(clean()));
  EXPECT_FALSE(d.regression()) << diff_text(d);
  EXPECT_TRUE(d.new_failures.empty());
  EXPECT_TRUE(d.coverage_lost.empty());
  ASSERT_EQ(d.drift.size(), 1u);
  EXPECT_FALSE(d.drift[0].regression);
  EXPECT_NE(diff_text(d).find("no regression"), std::string::npos);
}

TEST(ReportDiff, ANewFailureIsARegressionAndAFixIsNot) {
  CampaignSummary bad = clean();
  bad.add(sample_result(Outcome::Fail, 300));
  const ReportDiff worse = diff_reports(data(clean()), data(bad));
  EXPECT_TRUE(worse.regression());
  ASSERT_EQ(worse.new_failures.size(), 1u);
  EXPECT_EQ(worse.new_failures[0], sample_result(Outcome::Fail, 300).descriptor);
  const ReportDiff better = diff_reports(data(bad), data(clean()));
  EXPECT_FALSE(better.regression()) << diff_text(better);
  EXPECT_EQ(better.fixed_failures.size(), 1u);
}

TEST(ReportDiff, LostCoverageIsARegression) {
  CampaignSummary narrow;
  narrow.ops = {"maxpool3d_grad"};
  for (int i = 0; i < 4; ++i) narrow.add(sample_result(Outcome::Pass, 100 + i));
  const ReportDiff d = diff_reports(data(clean()), data(narrow));
  EXPECT_TRUE(d.regression());
  EXPECT_NE(std::find(d.coverage_lost.begin(), d.coverage_lost.end(), "rule MP.PARAM.PADDING_RANGE"),
            d.coverage_lost.end())
      << diff_text(d);
  EXPECT_NE(std::find(d.coverage_lost.begin(), d.coverage_lost.end(), "outcome expected-error"), d.coverage_lost.end());
  EXPECT_FALSE(diff_reports(data(narrow), data(clean())).regression()) << "gaining coverage is fine";
}

TEST(ReportDiff, AccuracyDriftBeyondTheThresholdIsARegression) {
  CampaignSummary drifted = clean();
  AccuracyStats& a = drifted.accuracy.begin()->second;
  const double base = a.max_ulp;  // 4 in the fixture
  a.max_ulp = base + 2;           // within max(2, 0.5 * 4)
  EXPECT_FALSE(diff_reports(data(clean()), data(drifted)).regression());
  a.max_ulp = base + 2.5;
  const ReportDiff d = diff_reports(data(clean()), data(drifted));
  EXPECT_TRUE(d.regression());
  EXPECT_TRUE(d.drift[0].regression);
  EXPECT_NE(diff_text(d).find("DRIFT"), std::string::npos);
  DiffOptions loose;
  loose.ulp_drift_abs = 10;
  EXPECT_FALSE(diff_reports(data(clean()), data(drifted), loose).regression());
  a.max_ulp = std::nan("");
  EXPECT_TRUE(diff_reports(data(clean()), data(drifted), loose).regression()) << "a NaN error always drifts";
}

TEST(ReportDiff, SlowdownCountsOnlyWhenALimitIsGiven) {
  CampaignSummary slow = clean();
  slow.cases_per_second = 50;
  EXPECT_FALSE(diff_reports(data(clean()), data(slow)).regression()) << "time is informational by default";
  DiffOptions gate;
  gate.max_slowdown = 0.3;
  EXPECT_TRUE(diff_reports(data(clean()), data(slow), gate).slowdown);
  slow.cases_per_second = 80;
  EXPECT_FALSE(diff_reports(data(clean()), data(slow), gate).regression());
}

TEST(ReportDiff, LoadsReportDirectoriesAndRendersEveryFormat) {
  ScratchDir dir;
  CampaignSummary s = clean();
  s.add(sample_result(Outcome::Fail, 300));
  {
    ReportWriter w(dir.path() / "new");
    for (const auto& r : s.failures) w.add(r);
    w.add(sample_result(Outcome::Pass, 100));
    w.finish(s);
  }
  std::filesystem::create_directories(dir.path() / "base");
  write_summary_files(report_paths(dir.path() / "base"), clean());  // no results.jsonl: kept failures only
  const ReportData base = load_report(dir.path() / "base");
  const ReportData next = load_report(dir.path() / "new");
  EXPECT_EQ(next.failing.size(), 1u);
  EXPECT_TRUE(base.complete_failures);
  const ReportDiff d = diff_reports(base, next);
  EXPECT_TRUE(d.regression());
  EXPECT_EQ(diff_json(d).at("regression"), true);
  EXPECT_EQ(diff_json(d).at("new_failures").size(), 1u);
  EXPECT_NE(diff_markdown(d).find("## New failures (1)"), std::string::npos);
  EXPECT_THROW(load_report(dir.path() / "missing"), std::runtime_error);
}

}  // namespace
}  // namespace poolcheck::reports
