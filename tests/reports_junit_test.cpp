// junit.xml: well-formed, one testcase per kept failure with its repro command, crashes as errors.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "reports/junit_xml.h"
#include "reports/repro_command.h"
#include "tests/report_fixtures.h"

namespace poolcheck::reports {
namespace {

using testing::sample_result;
using testing::sample_summary;

// A small well-formedness check: balanced tags, quoted attributes, only the five predefined entities,
// no raw '<' or '&' in text. Returns the element names in document order.
std::vector<std::string> check_xml(const std::string& x) {
  std::vector<std::string> stack, names;
  size_t i = 0;
  if (x.rfind("<?xml", 0) == 0) i = x.find("?>") + 2;
  while (i < x.size()) {
    if (x[i] == '<') {
      const size_t end = x.find('>', i);
      if (end == std::string::npos) throw std::runtime_error("unclosed tag");
      std::string tag = x.substr(i + 1, end - i - 1);
      if (tag.find('<') != std::string::npos) throw std::runtime_error("'<' inside a tag");
      size_t quotes = 0;
      for (char ch : tag) quotes += ch == '"';
      if (quotes % 2) throw std::runtime_error("unbalanced quotes in <" + tag + ">");
      if (tag[0] == '/') {
        if (stack.empty() || stack.back() != tag.substr(1)) throw std::runtime_error("mismatched </" + tag + ">");
        stack.pop_back();
      } else {
        const bool self_closing = tag.back() == '/';
        const std::string name = tag.substr(0, tag.find_first_of(" /"));
        names.push_back(name);
        if (!self_closing) stack.push_back(name);
      }
      i = end + 1;
    } else if (x[i] == '&') {
      const size_t end = x.find(';', i);
      const std::string ent = x.substr(i, end - i + 1);
      if (ent != "&amp;" && ent != "&lt;" && ent != "&gt;" && ent != "&quot;" && ent != "&apos;") {
        throw std::runtime_error("bad entity " + ent);
      }
      i = end + 1;
    } else {
      if (x[i] == '>') throw std::runtime_error("raw '>' in text");
      ++i;
    }
  }
  if (!stack.empty()) throw std::runtime_error("unclosed <" + stack.back() + ">");
  return names;
}

size_t count(const std::vector<std::string>& v, const std::string& s) { return std::count(v.begin(), v.end(), s); }

TEST(ReportsJunit, OneTestcasePerFailurePerPropertyPlusTheCampaign) {
  const CampaignSummary s = sample_summary();
  const std::string x = summary_junit_xml(s);
  std::vector<std::string> names;
  ASSERT_NO_THROW(names = check_xml(x)) << x;
  EXPECT_EQ(count(names, "testcase"), 8u) << "campaign, 5 properties of the one operator, 2 failures";
  EXPECT_EQ(count(names, "failure"), 4u) << "the fail case, the campaign, matches-oracle and no-crash";
  EXPECT_EQ(count(names, "error"), 1u) << "the crash";
  EXPECT_NE(x.find("tests=\"8\" failures=\"4\" errors=\"1\""), std::string::npos) << x;
  EXPECT_NE(x.find("classname=\"poolcheck.property.maxpool3d_grad\" name=\"documented-errors\" time=\"0.000\">\n"
                   "    </testcase>"),
            std::string::npos)
      << "documented-errors passes: no wrong-error or unexpected-success\n"
      << x;
  for (const auto& f : s.failures) EXPECT_NE(x.find(xml_escape(repro_command(f.descriptor))), std::string::npos);
  // The message with markup characters is escaped, not raw.
  EXPECT_NE(x.find("&quot;beyond&quot; &lt;bound&gt; &amp; more"), std::string::npos) << x;
  EXPECT_NE(x.find("<property name=\"seed\" value=\"42\"/>"), std::string::npos);
}

TEST(ReportsJunit, PassingRunHasOnePassingTestcase) {
  CampaignSummary s;
  s.add(sample_result(Outcome::Pass));
  const std::string x = summary_junit_xml(s);
  auto names = check_xml(x);
  EXPECT_EQ(count(names, "testcase"), 6u) << "the campaign and 5 properties";
  EXPECT_EQ(count(names, "failure"), 0u);
  EXPECT_NE(x.find("tests=\"6\" failures=\"0\" errors=\"0\""), std::string::npos) << x;
}

// The property testcase `name` of the operator's properties, and whether it holds a failure.
bool property_fails(const std::string& x, const std::string& name) {
  const size_t at = x.find("name=\"" + name + "\"");
  EXPECT_NE(at, std::string::npos) << name << " missing:\n" << x;
  const size_t end = x.find("</testcase>", at);
  return x.substr(at, end - at).find("<failure") != std::string::npos;
}

// A wrong tiling decision breaks tiling-as-upstream and nothing else (negative control: matches-oracle holds).
TEST(ReportsJunit, AWrongTilingBreaksTilingAsUpstreamOnly) {
  CampaignSummary s;
  s.add(sample_result(Outcome::WrongTiling));
  const std::string x = summary_junit_xml(s);
  ASSERT_NO_THROW(check_xml(x)) << x;
  EXPECT_TRUE(property_fails(x, "tiling-as-upstream"));
  EXPECT_FALSE(property_fails(x, "matches-oracle"));
  EXPECT_FALSE(property_fails(x, "no-crash"));
}

// A harness error is an error of its own property, harness-sound; no-crash still passes (negative control: the
// same case as a crash breaks no-crash and leaves harness-sound passing).
TEST(ReportsJunit, AHarnessErrorBreaksHarnessSoundNotNoCrash) {
  const auto property_failed = [](const std::string& x, const std::string& property) {
    const size_t at = x.find("name=\"" + property + "\"");
    const size_t end = x.find("</testcase>", at);
    return at != std::string::npos && x.substr(at, end - at).find("<failure type=\"property\"") != std::string::npos;
  };
  CampaignSummary harness;
  harness.add(sample_result(Outcome::HarnessError, 1));
  const std::string x = summary_junit_xml(harness);
  EXPECT_NO_THROW(check_xml(x));
  EXPECT_NE(x.find("<error type=\"harness-error\""), std::string::npos) << x;
  EXPECT_TRUE(property_failed(x, "harness-sound")) << x;
  EXPECT_FALSE(property_failed(x, "no-crash")) << x;
  CampaignSummary crash;
  crash.add(sample_result(Outcome::Crash, 1));
  const std::string y = summary_junit_xml(crash);
  EXPECT_NE(y.find("<error type=\"crash\""), std::string::npos) << y;
  EXPECT_TRUE(property_failed(y, "no-crash")) << y;
  EXPECT_FALSE(property_failed(y, "harness-sound")) << y;
}

TEST(ReportsJunit, ReplayOfTheFailureDatabaseIsATestcase) {
  CampaignSummary s;
  s.add(sample_result(Outcome::Pass));
  s.replayed.push_back(ReplayedCase{"abc", sample_result(Outcome::Fail).descriptor, Outcome::Pass, ""});
  EXPECT_EQ(count(check_xml(summary_junit_xml(s)), "failure"), 0u) << "a fixed case does not fail the replay";
  s.replayed.push_back(ReplayedCase{"def", sample_result(Outcome::Fail).descriptor, Outcome::Fail, "still"});
  const std::string x = summary_junit_xml(s);
  EXPECT_EQ(count(check_xml(x), "failure"), 2u) << "the replay testcase and the campaign\n" << x;
  EXPECT_NE(x.find("def: poolcheck repro"), std::string::npos) << x;
}

TEST(ReportsJunit, EscapingCoversMarkupAndControlCharacters) {
  EXPECT_EQ(xml_escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(xml_escape(std::string("x\x01y\tz", 5)), "x?y\tz");
  CampaignSummary s;
  CaseResult r = sample_result(Outcome::WrongError);
  r.message = std::string("bad\x02 </failure> <x>", 19);
  s.add(r);
  EXPECT_NO_THROW(check_xml(summary_junit_xml(s)));
}

}  // namespace
}  // namespace poolcheck::reports
