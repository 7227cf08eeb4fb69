#include "reports/junit_xml.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "reports/repro_command.h"

namespace poolcheck::reports {

namespace {

std::string seconds_text(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f", v >= 0 && v < 1e12 ? v : 0.0);
  return buf;
}

std::string property(const std::string& name, const std::string& value) {
  return "      <property name=\"" + xml_escape(name) + "\" value=\"" + xml_escape(value) + "\"/>\n";
}

// The properties a campaign checks per operator, and the failing outcomes that break each.
struct Property {
  const char* name;
  std::vector<Outcome> breaking;
};
const std::vector<Property>& properties() {
  static const std::vector<Property> p{
      {"matches-oracle", {Outcome::Fail}},
      {"tiling-as-upstream", {Outcome::WrongTiling}},  // the decision the tiling oracle states
      // A valid call refused for want of a kernel is an error the documents do not give either.
      {"documented-errors", {Outcome::WrongError, Outcome::UnexpectedSuccess, Outcome::Unsupported}},
      {"no-crash", {Outcome::Crash, Outcome::Timeout}},
      {"harness-sound", {Outcome::HarnessError}},  // the harness judged the case without failing itself
  };
  return p;
}

// JUnit's "error" (the test could not run to a verdict) rather than "failure" (a wrong answer).
bool is_error(Outcome o) { return o == Outcome::Crash || o == Outcome::Timeout || o == Outcome::HarnessError; }

// Kept failures of `op` that break `p` (the first few, for the message).
std::vector<const CaseResult*> breaking(const CampaignSummary& s, const std::string& op, const Property& p) {
  std::vector<const CaseResult*> v;
  for (const auto& r : s.failures) {
    if (r.c.op == op && std::find(p.breaking.begin(), p.breaking.end(), r.outcome) != p.breaking.end()) v.push_back(&r);
  }
  return v;
}

std::vector<std::string> tested_ops(const CampaignSummary& s) {
  std::vector<std::string> ops = s.ops;
  for (const auto& [op, n] : s.by_op) {
    if (std::find(ops.begin(), ops.end(), op) == ops.end()) ops.push_back(op);
  }
  return ops;
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto u = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (u < 0x20 && ch != '\t' && ch != '\n' && ch != '\r') {
          out.push_back('?');
        } else {
          out.push_back(ch);
        }
    }
  }
  return out;
}

std::string summary_junit_xml(const CampaignSummary& s) {
  const auto missing = s.missing_shards();
  int64_t failures = 0, errors = 0;
  for (const auto& r : s.failures) (is_error(r.outcome) ? errors : failures) += 1;
  const bool campaign_ok = !s.failed() && missing.empty();
  if (!campaign_ok) ++failures;
  const auto tested = tested_ops(s);
  std::ostringstream props;  // one testcase per (operator, property): the CI view of what was checked
  int64_t prop_tests = 0;
  for (const auto& op : tested) {
    for (const auto& p : properties()) {
      ++prop_tests;
      const auto bad = breaking(s, op, p);
      props << "    <testcase classname=\"poolcheck.property." << xml_escape(op) << "\" name=\"" << p.name
            << "\" time=\"0.000\">\n";
      if (!bad.empty()) {
        ++failures;
        props << "      <failure type=\"property\" message=\"" << bad.size() << " failing case(s)\">";
        for (size_t i = 0; i < bad.size() && i < 5; ++i) props << xml_escape(repro_command(bad[i]->descriptor)) << "\n";
        props << "</failure>\n";
      }
      props << "    </testcase>\n";
    }
  }
  if (!s.replayed.empty()) {
    ++prop_tests;
    props << "    <testcase classname=\"poolcheck.failure_db\" name=\"replay\" time=\"0.000\">\n";
    if (s.replay_still_failing() > 0) {
      ++failures;
      props << "      <failure type=\"replay\" message=\"" << s.replay_still_failing()
            << " saved case(s) still fail\">";
      for (const auto& c : s.replayed) {
        if (c.still_failing()) props << xml_escape(c.id + ": " + repro_command(c.descriptor)) << "\n";
      }
      props << "</failure>\n";
    }
    props << "    </testcase>\n";
  }
  const int64_t tests = 1 + prop_tests + static_cast<int64_t>(s.failures.size());

  std::ostringstream x;
  x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x << "<testsuites name=\"poolcheck\" tests=\"" << tests << "\" failures=\"" << failures << "\" errors=\"" << errors
    << "\" time=\"" << seconds_text(s.seconds) << "\">\n";
  x << "  <testsuite name=\"poolcheck.run\" tests=\"" << tests << "\" failures=\"" << failures << "\" errors=\""
    << errors << "\" skipped=\"0\" time=\"" << seconds_text(s.seconds) << "\">\n";
  x << "    <properties>\n";
  x << property("seed", std::to_string(s.seed));
  std::string ops;
  for (const auto& op : s.ops) ops += (ops.empty() ? "" : ",") + op;
  x << property("ops", ops);
  x << property("shard", std::to_string(s.shard_index) + "/" + std::to_string(s.shard_count));
  x << property("cases", std::to_string(s.cases));
  x << property("stop", stop_reason_name(s.stop));
  x << "    </properties>\n";

  x << "    <testcase classname=\"poolcheck.campaign\" name=\"campaign\" time=\"" << seconds_text(s.seconds) << "\">\n";
  if (!campaign_ok) {
    std::string why = std::to_string(s.failure_count) + " failing case(s)";
    if (s.generator_errors) why += ", " + std::to_string(s.generator_errors) + " generator error(s)";
    if (!missing.empty()) why += ", missing shard(s)";
    x << "      <failure type=\"campaign\" message=\"" << xml_escape(why) << "\">";
    for (const auto& m : s.generator_error_messages) x << xml_escape(m) << "\n";
    x << "</failure>\n";
  }
  x << "      <system-out>" << xml_escape(s.one_line()) << "</system-out>\n";
  x << "    </testcase>\n";
  x << props.str();

  size_t n = 0;
  for (const auto& r : s.failures) {
    ++n;
    const std::string op = r.c.op.empty() ? "unknown" : r.c.op;
    const std::string name = std::to_string(n) + " " + outcome_name(r.outcome) +
                             (r.expected_rule.empty() ? "" : " " + r.expected_rule) +
                             (r.source.empty() ? "" : " (" + r.source + ")");
    x << "    <testcase classname=\"poolcheck." << xml_escape(op) << "\" name=\"" << xml_escape(name) << "\" time=\""
      << seconds_text(r.seconds) << "\">\n";
    const char* tag = is_error(r.outcome) ? "error" : "failure";
    const std::string message = r.message.empty() ? outcome_name(r.outcome) : r.message;
    x << "      <" << tag << " type=\"" << outcome_name(r.outcome) << "\" message=\"" << xml_escape(message) << "\">"
      << xml_escape(repro_command(r.descriptor)) << "\n"
      << xml_escape(message) << "</" << tag << ">\n";
    x << "    </testcase>\n";
  }
  x << "  </testsuite>\n</testsuites>\n";
  return x.str();
}

}  // namespace poolcheck::reports
