// selftest.json, selftest.html and the selftest section of report.html: every fault's verdict, the first
// failing case with its replay command, survivors marked as such, and a malformed file named, not rendered.
#include <gtest/gtest.h>

#include "reports/html_report.h"
#include "reports/selftest_report.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

using testing::sample_summary;
using testing::ScratchDir;
using testing::slurp;

SelftestReport sample_report() {
  SelftestReport r;
  SelftestRow killed;
  killed.fault = "wrong_tap";
  killed.category = "semantics";
  killed.description = "a gradient lands <one> element off";
  killed.killed = true;
  killed.cases_run = 5;
  killed.failures = 1;
  killed.first_index = 4;
  killed.seconds_to_first = 0.25;
  killed.first_outcome = "fail";
  killed.first_descriptor = "op=avgpool2d_grad seed=4";
  SelftestRow survived;
  survived.fault = "skip_pad_check";
  survived.category = "validation";
  survived.cases_run = 2000;
  SelftestRow slow = killed;
  slow.fault = "slow";
  slow.seconds_to_first = 0.75;
  r.rows = {killed, survived, slow};
  return r;
}

TEST(ReportsSelftest, JsonCountsSurvivorsAndGivesTheReplayCommand) {
  const SelftestReport r = sample_report();
  EXPECT_EQ(r.survivors(), 1);
  EXPECT_DOUBLE_EQ(r.median_seconds_to_first(), 0.5);  // of the killed faults only: 0.25 and 0.75
  const auto j = selftest_json(r);
  EXPECT_EQ(j.at("killed"), 2);
  EXPECT_EQ(j.at("survived"), 1);
  EXPECT_EQ(j.at("faults").at(0).at("repro"), "poolcheck --emu-faults wrong_tap repro 'op=avgpool2d_grad seed=4'");
  EXPECT_EQ(j.at("faults").at(1).at("repro"), "");
  EXPECT_EQ(j.at("faults").at(1).at("first_failure_index"), -1);
}

TEST(ReportsSelftest, SectionMarksSurvivorsAndEscapesTheData) {
  const std::string h = selftest_section_html(selftest_json(sample_report()));
  EXPECT_NE(h.find("<section id=\"selftest\">"), std::string::npos);
  EXPECT_NE(h.find("<span class=\"bad\">SURVIVED</span></td>"), std::string::npos);
  EXPECT_NE(h.find("id=\"selftest-survived\" class=\"bad\">1<"), std::string::npos);
  EXPECT_NE(h.find("a gradient lands &lt;one&gt; element off"), std::string::npos);
  EXPECT_EQ(h.find("<one>"), std::string::npos);
}

TEST(ReportsSelftest, NegativeControlAFileWithoutFaultsIsNamed) {
  const std::string h = selftest_section_html(nlohmann::ordered_json{{"seed", 1}});
  EXPECT_NE(h.find("selftest.json has no \"faults\" array"), std::string::npos);
  EXPECT_EQ(h.find("<table"), std::string::npos);
}

TEST(ReportsSelftest, WritesJsonAndPageAndReportHtmlShowsTheSection) {
  ScratchDir dir;
  const auto paths = write_selftest(dir.path(), sample_report());
  EXPECT_NE(slurp(paths.json).find("\"fault\": \"skip_pad_check\""), std::string::npos);
  const std::string page = slurp(paths.html);
  EXPECT_NE(page.find("<title>poolcheck selftest: FAILED</title>"), std::string::npos);
  const std::string report = slurp(write_report_html(dir.path(), sample_summary(), {}));
  EXPECT_NE(report.find("<section id=\"selftest\">"), std::string::npos);
  // Without selftest.json the report has no such section.
  std::filesystem::remove(paths.json);
  EXPECT_EQ(slurp(write_report_html(dir.path(), sample_summary(), {})).find("id=\"selftest\""), std::string::npos);
}

}  // namespace
}  // namespace poolcheck::reports
