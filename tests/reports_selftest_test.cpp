// selftest.json, selftest.html and the selftest section of report.html: every fault's verdict, the first
// failing case with its replay command, survivors marked as such, faults with fewer kills than demanded marked
// weak, and a malformed file named, not rendered.
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

// A full campaign that demands 3 kills: 2 failing cases make a fault weak, 3 killed, none survived.
SelftestReport counted_report(int64_t min_kills) {
  SelftestReport r = sample_report();
  r.full = true;
  r.min_kills = min_kills;
  r.rows[0].failures = 2;  // wrong_tap
  r.rows[0].cases_run = 2000;
  r.rows[2].failures = 3;  // slow
  r.rows[2].cases_run = 2000;
  return r;
}

TEST(ReportsSelftest, FewerKillsThanDemandedIsWeakInEveryFormat) {
  const SelftestReport r = counted_report(3);
  EXPECT_EQ(r.verdict(r.rows[0]), SelftestVerdict::Weak);
  EXPECT_EQ(r.verdict(r.rows[1]), SelftestVerdict::Survived);
  EXPECT_EQ(r.verdict(r.rows[2]), SelftestVerdict::Killed);
  EXPECT_EQ(r.weak(), 1);
  const auto j = selftest_json(r);
  EXPECT_EQ(j.at("min_kills"), 3);
  EXPECT_EQ(j.at("weak"), 1);
  EXPECT_EQ(j.at("faults").at(0).at("verdict"), "weak");
  EXPECT_EQ(j.at("faults").at(0).at("kills"), 2);
  EXPECT_EQ(j.at("faults").at(2).at("verdict"), "killed");
  const std::string text = selftest_text_table(r);
  EXPECT_NE(text.find("wrong_tap       semantics   weak      2/2000 "), std::string::npos) << text;
  EXPECT_NE(text.find("slow            semantics   killed    3/2000 "), std::string::npos) << text;
  const std::string h = selftest_section_html(j);
  EXPECT_NE(h.find("<span class=\"bad\">weak</span></td><td>2 / 2000</td>"), std::string::npos) << h;
  EXPECT_NE(h.find("id=\"selftest-weak\" class=\"bad\">1<"), std::string::npos);
}

TEST(ReportsSelftest, NegativeControlOneKillIsEnoughWhenNoneIsDemanded) {
  const SelftestReport r = counted_report(1);
  EXPECT_EQ(r.verdict(r.rows[0]), SelftestVerdict::Killed);
  EXPECT_EQ(r.weak(), 0);
  const std::string h = selftest_section_html(selftest_json(r));
  EXPECT_EQ(h.find(">weak<"), std::string::npos);
  EXPECT_EQ(h.find("selftest-weak"), std::string::npos);
}

TEST(ReportsSelftest, KillsAreNotCountedWhenEachCampaignStoppedAtItsFirstFailure) {
  const auto j = selftest_json(sample_report());  // full = false
  EXPECT_TRUE(j.at("faults").at(0).at("kills").is_null());
  EXPECT_NE(selftest_text_table(sample_report()).find(">=1"), std::string::npos);
  EXPECT_NE(selftest_section_html(j).find("&ge;1 (stopped at the first)"), std::string::npos);
}

TEST(ReportsSelftest, AWeakFaultFailsThePage) {
  ScratchDir dir;
  SelftestReport r = counted_report(3);
  r.rows.erase(r.rows.begin() + 1);  // no survivor: only the weak wrong_tap fails it
  EXPECT_NE(slurp(write_selftest(dir.path(), r).html).find("<title>poolcheck selftest: FAILED</title>"),
            std::string::npos);
  r.min_kills = 2;
  EXPECT_NE(slurp(write_selftest(dir.path(), r).html).find("<title>poolcheck selftest: PASSED</title>"),
            std::string::npos);
}

}  // namespace
}  // namespace poolcheck::reports
