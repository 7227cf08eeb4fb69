// report.html: every section, counts that match the summary, failures with their repro command, plots
// per operator/dtype, generic audit/bench tables, and nothing from the data reaching the page as markup.
#include <gtest/gtest.h>

#include "reports/html_report.h"
#include "reports/html_table.h"
#include "reports/repro_command.h"
#include "reports/svg_histogram.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

using nlohmann::json;
using testing::sample_result;
using testing::sample_summary;
using testing::ScratchDir;
using testing::slurp;

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(ReportsHtml, HasEverySectionAndTheCountsOfTheSummary) {
  HtmlInputs in;
  in.summary = sample_summary();
  in.rules_by_op = {{"maxpool3d_grad", {"MP.PARAM.PADDING_RANGE", "MP.PARAM.NEVER_HIT"}}};
  const std::string h = report_html(in);
  for (const char* id : {"overview", "outcomes", "coverage", "accuracy", "replay", "failures"})
    EXPECT_NE(h.find(std::string("<section id=\"") + id + "\""), std::string::npos) << id;
  EXPECT_NE(h.find("<title>poolcheck report: FAILED</title>"), std::string::npos);
  EXPECT_NE(h.find("id=\"count-pass\">6<"), std::string::npos);
  EXPECT_NE(h.find("id=\"count-expected-error\">2<"), std::string::npos);
  EXPECT_NE(h.find("id=\"count-crash\">1<"), std::string::npos);
  EXPECT_NE(h.find("id=\"failure-count\">2<"), std::string::npos);
  EXPECT_EQ(occurrences(h, "<li class=\"failure\">"), 2u);
  for (const auto& f : in.summary.failures)
    EXPECT_NE(h.find(html_escape(repro_command(f.descriptor))), std::string::npos);
  EXPECT_NE(h.find("1 of 2 documented rules hit"), std::string::npos) << "rule coverage names the unhit rule";
  EXPECT_NE(h.find("MP.PARAM.NEVER_HIT</td><td>0</td>"), std::string::npos);
  EXPECT_NE(h.find("Normal/100"), std::string::npos);
  EXPECT_EQ(occurrences(h, "<svg"), in.summary.accuracy.size()) << "one plot per operator/dtype";
  EXPECT_EQ(in.summary.accuracy.size(), 1u);
  EXPECT_EQ(h.find("<script"), std::string::npos);
  EXPECT_EQ(h.find("http://"), h.find("http://www.w3.org/2000/svg")) << "nothing fetched: only the SVG namespace";
  EXPECT_EQ(h.find("https://"), std::string::npos);
}

TEST(ReportsHtml, PassingRunSaysSoAndHasNoFailureEntries) {
  HtmlInputs in;
  in.summary.add(sample_result(Outcome::Pass));
  const std::string h = report_html(in);
  EXPECT_NE(h.find("poolcheck run: PASSED"), std::string::npos);
  EXPECT_EQ(h.find("<li class=\"failure\">"), std::string::npos);
}

TEST(ReportsHtml, DataNeverBecomesMarkup) {
  HtmlInputs in;
  CaseResult r = sample_result(Outcome::Fail);
  r.message = "<script>alert(1)</script> & \"x\"";
  in.summary.add(r);
  in.audit = nlohmann::ordered_json{
      {"summary", nlohmann::ordered_json::array({{{"rule", "<img src=x onerror=y>"}, {"n", 3}}})}};
  const std::string h = report_html(in);
  EXPECT_EQ(h.find("<script>"), std::string::npos);
  EXPECT_EQ(h.find("<img"), std::string::npos);
  EXPECT_NE(h.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"), std::string::npos);
  EXPECT_NE(h.find("&lt;img src=x onerror=y&gt;"), std::string::npos);
}

TEST(ReportsHtml, GenericTablesTakeColumnsFromTheKeys) {
  using oj = nlohmann::ordered_json;
  const oj rows = oj::array({{{"op", "a"}, {"ratio", 1.5}}, {{"op", "b"}, {"extra", json::array({1, 2})}}});
  const std::string t = json_rows_table(rows);
  EXPECT_NE(t.find("<th>op</th><th>ratio</th><th>extra</th>"), std::string::npos) << t;
  EXPECT_NE(t.find("<tr><td>a</td><td>1.5</td><td></td></tr>"), std::string::npos) << t;
  EXPECT_NE(t.find("<td>[1,2]</td>"), std::string::npos) << t;
  EXPECT_NE(json_rows_table(oj::object()).find("bad-input"), std::string::npos);
  EXPECT_NE(json_rows_table(oj::array({1})).find("bad-input"), std::string::npos);
}

TEST(ReportsHtml, ReadsAuditAndBenchFilesFromTheReportDirectory) {
  ScratchDir dir;
  const auto plain = slurp(write_report_html(dir.path(), sample_summary(), {}));
  EXPECT_EQ(plain.find("<section id=\"audit\""), std::string::npos) << "no audit.json, no section";
  std::filesystem::create_directories(dir.path() / "bench");
  std::ofstream(dir.path() / "audit.json") << R"({"summary": [{"op": "maxpool3d_grad", "agree": 17}]})";
  std::ofstream(dir.path() / "bench" / "ratios.json")
      << R"({"rows": [{"case": "mp_small", "ratio": 0.5}], "harness": [{"what": "cases/s", "value": 900}]})";
  const auto h = slurp(write_report_html(dir.path(), sample_summary(), {}));
  EXPECT_NE(h.find("<section id=\"audit\""), std::string::npos);
  EXPECT_NE(h.find("<td>maxpool3d_grad</td><td>17</td>"), std::string::npos);
  EXPECT_NE(h.find("<td>mp_small</td><td>0.5</td>"), std::string::npos);
  EXPECT_NE(h.find("<td>cases/s</td><td>900</td>"), std::string::npos);
  std::ofstream(dir.path() / "audit.json") << "{ not json";
  const auto bad = slurp(write_report_html(dir.path(), sample_summary(), {}));
  EXPECT_NE(bad.find("audit.json does not parse"), std::string::npos) << "a broken file is named, not fatal";
}

TEST(ReportsHtml, HistogramBarsScaleWithTheCounts) {
  const std::string svg = svg_histogram("t<1>", {{"0", 10}, {"<=1", 5}, {"<=2", 0}});
  EXPECT_EQ(occurrences(svg, "<rect class=\"bar\""), 3u);
  EXPECT_NE(svg.find("height=\"120\""), std::string::npos) << "the peak fills the plot";
  EXPECT_NE(svg.find("height=\"60\""), std::string::npos) << "half the peak, half the height";
  EXPECT_NE(svg.find("height=\"0\""), std::string::npos);
  EXPECT_NE(svg.find("<title>t&lt;1&gt;</title>"), std::string::npos);
  EXPECT_NE(svg.find("&lt;=1"), std::string::npos);
}

}  // namespace
}  // namespace poolcheck::reports
