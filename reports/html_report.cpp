#include "reports/html_report.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "reports/atomic_file.h"
#include "reports/html_table.h"
#include "reports/repro_command.h"
#include "reports/selftest_report.h"
#include "reports/svg_histogram.h"
#include "reports/text_format.h"

namespace poolcheck::reports {

namespace {

using json = nlohmann::ordered_json;  // the audit and bench tables keep the column order of their files

std::string count_of(const std::map<std::string, int64_t>& m, const std::string& k) {
  auto it = m.find(k);
  return std::to_string(it == m.end() ? 0 : it->second);
}

void overview(std::ostringstream& h, const CampaignSummary& s) {
  std::string ops;
  for (const auto& op : s.ops) ops += (ops.empty() ? "" : ", ") + op;
  h << "<section id=\"overview\"><h2>Overview</h2><ul>";
  h << "<li>operators: " << html_escape(ops.empty() ? "-" : ops) << "</li>";
  h << "<li>seed " << s.seed << ", cases in stream " << s.max_cases << ", invalid fraction "
    << fixed(s.invalid_fraction, 2) << (s.shard_count > 1 ? ", shards " + std::to_string(s.shard_count) : "")
    << "</li>";
  h << "<li>ran <span id=\"cases\">" << s.cases << "</span> cases in " << fixed(s.seconds, 1) << " s ("
    << fixed(s.cases_per_second, 1) << " cases/s); stopped: <span id=\"stop\">" << stop_reason_name(s.stop)
    << "</span></li>";
  h << "<li>failures: <span id=\"failure-count\">" << s.failure_count << "</span>, generator errors "
    << s.generator_errors << "</li></ul>";
  h << "<pre>" << html_escape(s.one_line()) << "</pre></section>\n";
}

void outcomes(std::ostringstream& h, const CampaignSummary& s) {
  h << "<section id=\"outcomes\"><h2>Outcomes</h2><table><thead><tr><th>outcome</th><th>cases</th>"
       "<th>failure</th></tr></thead><tbody>\n";
  for (Outcome o : kAllOutcomes) {
    const std::string name = outcome_name(o);
    h << "<tr><td>" << name << "</td><td id=\"count-" << name << "\">" << count_of(s.by_outcome, name) << "</td><td>"
      << (outcome_is_failure(o) ? "yes" : "") << "</td></tr>\n";
  }
  h << "</tbody></table></section>\n";
}

void coverage(std::ostringstream& h, const HtmlInputs& in) {
  const CampaignSummary& s = in.summary;
  h << "<section id=\"coverage\"><h2>Coverage</h2>\n<h3>Operators</h3>";
  std::vector<std::vector<std::string>> rows, rule_rows;
  int64_t covered = 0, total = 0;
  for (const auto& [op, n] : s.by_op) {
    auto listed = in.rules_by_op.find(op);
    int64_t op_total = 0, op_hit = 0;
    for (const auto& id : listed == in.rules_by_op.end() ? std::vector<std::string>{} : listed->second) {
      const int64_t hits = s.by_error_rule.count(id) ? s.by_error_rule.at(id) : 0;
      ++op_total;
      op_hit += hits > 0;
      rule_rows.push_back({html_escape(op), html_escape(id), std::to_string(hits),
                           hits > 0 ? "<span class=\"ok\">hit</span>" : "<span class=\"bad\">not hit</span>"});
    }
    covered += op_hit;
    total += op_total;
    rows.push_back({html_escape(op), std::to_string(n), std::to_string(op_hit) + " of " + std::to_string(op_total)});
  }
  h << html_table({"operator", "cases", "documented rules hit"}, rows);
  // Rules that were hit but are not in the list given (e.g. a report rebuilt without the spec).
  for (const auto& [id, n] : s.by_error_rule) {
    bool listed = false;
    for (const auto& [op, ids] : in.rules_by_op) listed = listed || std::find(ids.begin(), ids.end(), id) != ids.end();
    if (!listed) rule_rows.push_back({"", html_escape(id), std::to_string(n), "<span class=\"ok\">hit</span>"});
  }
  // The per-rule list is long: folded by default (a native <details>, no script).
  h << "<details id=\"rules\"><summary id=\"rule-coverage\">" << covered << " of " << total
    << " documented rules hit (expected-error cases per rule)</summary>";
  h << html_table({"operator", "rule", "cases", ""}, rule_rows, "rules") << "</details>\n";

  h << "<h3>Strategies (paths)</h3>";
  rows.clear();
  for (const auto& [k, n] : s.by_strategy) rows.push_back({html_escape(k), std::to_string(n)});
  h << html_table({"strategy", "cases"}, rows);
  h << "<h3>Tiling keys</h3>";
  rows.clear();
  for (const auto& [k, n] : ordered_tiling_keys(s.by_tiling_key)) rows.push_back({html_escape(k), std::to_string(n)});
  h << html_table({"strategy/key", "cases"}, rows, "tiling-keys");
  if (!s.coverage.empty()) {
    h << "<h3>Coverage targets</h3>";
    rows.clear();
    int64_t hit = 0, measured = 0;
    for (const auto& t : s.coverage) {
      measured += t.measured;
      hit += t.measured && t.hits > 0;
      rows.push_back({html_escape(t.kind), html_escape(t.op), html_escape(t.name), std::to_string(t.hits),
                      !t.measured  ? "not measured"
                      : t.hits > 0 ? "<span class=\"ok\">hit</span>"
                                   : "<span class=\"bad\">never hit</span>"});
    }
    h << "<details id=\"targets\"><summary id=\"target-coverage\">" << hit << " of " << measured
      << " measured coverage targets hit (rules, mutation classes, dtypes, features, tiling keys)</summary>";
    h << html_table({"kind", "operator", "target", "cases", ""}, rows, "coverage-targets") << "</details>\n";
  }
  h << "</section>\n";
}

// Opens a section; when there is nothing to show, closes it with `empty_text` and returns false.
bool open_section(std::ostringstream& h, const char* id, const std::string& title, bool empty, const char* empty_text) {
  h << "<section id=\"" << id << "\"><h2>" << html_escape(title) << "</h2>";
  if (empty) h << empty_text << "</section>\n";
  return !empty;
}

void accuracy(std::ostringstream& h, const CampaignSummary& s) {
  if (!open_section(h, "accuracy", "Accuracy per operator and dtype", s.accuracy.empty(), "<p>No compared cases.</p>"))
    return;
  std::vector<std::vector<std::string>> rows;
  for (const auto& [k, a] : s.accuracy) {
    rows.push_back(
        {html_escape(k), std::to_string(a.cases), general(a.max_bound_ratio), general(a.max_ulp), general(a.max_rel)});
  }
  h << html_table({"operator/dtype", "cases", "max bound ratio", "max ULP", "max rel"}, rows, "accuracy");
  h << "<p>" << html_escape(kAccuracyDefinitions) << "</p>\n";
  h << "<p>Histograms: cases by their max error in ULPs of the output dtype.</p>\n";
  for (const auto& [k, a] : s.accuracy) {
    std::vector<Bar> bars;
    for (size_t b = 0; b < a.ulp_histogram.size(); ++b) bars.push_back({ulp_bucket_label(b), a.ulp_histogram[b]});
    h << "<figure class=\"plot\">" << svg_histogram("max ULP error per case, " + k, bars) << "<figcaption>"
      << html_escape(k) << "</figcaption></figure>\n";
  }
  h << "</section>\n";
}

void replay(std::ostringstream& h, const CampaignSummary& s) {
  if (!open_section(h, "replay", "Failure database replay", s.replayed.empty(),
                    "<p>No saved failures were replayed.</p>"))
    return;
  h << "<p><span id=\"replay-still-failing\">" << s.replay_still_failing() << "</span> of " << s.replayed.size()
    << " saved case(s) still fail.</p>";
  std::vector<std::vector<std::string>> rows;
  for (const auto& c : s.replayed) {
    rows.push_back(
        {html_escape(c.id), outcome_name(c.outcome),
         c.still_failing() ? "<span class=\"bad\">still failing</span>" : "<span class=\"ok\">now passing</span>",
         "<code>" + html_escape(repro_command(c.descriptor)) + "</code>"});
  }
  h << html_table({"id", "outcome", "status", "repro"}, rows, "replay") << "</section>\n";
}

void failures(std::ostringstream& h, const CampaignSummary& s) {
  if (!open_section(h, "failures", "Failures (" + std::to_string(s.failure_count) + ")", s.failures.empty(),
                    "<p class=\"ok\">None.</p>"))
    return;
  h << "<ol>\n";
  for (const auto& r : s.failures) {
    h << "<li class=\"failure\"><b>" << outcome_name(r.outcome) << "</b>";
    if (!r.expected_rule.empty()) h << " (expected " << html_escape(r.expected_rule) << ")";
    if (!r.message.empty()) h << ": " << html_escape(r.message);
    if (!r.source.empty()) h << " <i>from " << html_escape(r.source) << "</i>";
    h << "<pre class=\"descriptor\">" << html_escape(r.descriptor) << "</pre><pre class=\"repro\">"
      << html_escape(repro_command(r.descriptor)) << "\n"
      << html_escape(export_command(r.descriptor)) << "</pre></li>\n";
  }
  h << "</ol>";
  if (s.failure_count > static_cast<int64_t>(s.failures.size())) {
    h << "<p>" << s.failure_count - static_cast<int64_t>(s.failures.size())
      << " more failure(s) are in results.jsonl.</p>";
  }
  h << "</section>\n";
}

// Refusals the run was told to allow (--allow-unsupported): every such case, since each hides a path the backend
// lacks.
void allowed_unsupported(std::ostringstream& h, const CampaignSummary& s) {
  if (s.allowed_unsupported.empty()) return;
  h << "<section id=\"unsupported-allowed\"><h2>Unsupported, allowed (" << s.allowed_unsupported.size()
    << ")</h2><p>Valid cases on platforms the spec supports that the backend refused for want of a kernel; "
       "allowed by --allow-unsupported, so not counted as failures.</p><ol>\n";
  for (const auto& d : s.allowed_unsupported)
    h << "<li><pre class=\"descriptor\">" << html_escape(d) << "</pre></li>\n";
  h << "</ol></section>\n";
}

void extra(std::ostringstream& h, const char* id, const char* title, const json& j,
           std::initializer_list<const char*> arrays) {
  h << "<section id=\"" << id << "\"><h2>" << title << "</h2>";
  if (!j.is_object()) {
    h << "<p class=\"bad-input\">not a JSON object</p></section>\n";
    return;
  }
  for (const char* name : arrays) {
    if (!j.contains(name)) continue;
    h << "<h3>" << name << "</h3>" << json_rows_table(j.at(name), std::string(id) + "-" + name);
  }
  h << "</section>\n";
}

std::optional<json> read_json(const std::filesystem::path& p, std::vector<std::string>* notes) {
  std::ifstream in(p);
  if (!in) return std::nullopt;
  try {
    return json::parse(in);
  } catch (const std::exception& e) {
    notes->push_back(p.filename().string() + " does not parse: " + e.what());
    return std::nullopt;
  }
}

}  // namespace

std::string report_html(const HtmlInputs& in) {
  const CampaignSummary& s = in.summary;
  const bool ok = !s.failed() && s.missing_shards().empty();
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>poolcheck report: "
    << (ok ? "PASSED" : "FAILED") << "</title><style>" << kReportCss << "</style></head><body>\n";
  h << "<h1 id=\"verdict\" class=\"" << (ok ? "ok" : "bad") << "\">poolcheck run: " << (ok ? "PASSED" : "FAILED")
    << "</h1>\n";
  for (const auto& n : in.notes) h << "<p class=\"bad-input note\">" << html_escape(n) << "</p>\n";
  overview(h, s);
  outcomes(h, s);
  coverage(h, in);
  accuracy(h, s);
  replay(h, s);
  failures(h, s);
  allowed_unsupported(h, s);
  if (in.audit) extra(h, "audit", "Parameter-validation audit", *in.audit, {"summary"});
  if (in.bench) extra(h, "bench", "Benchmarks", *in.bench, {"rows", "harness"});
  if (in.selftest) h << selftest_section_html(*in.selftest);
  if (!s.generator_error_messages.empty()) {
    h << "<section id=\"generator-errors\"><h2>Generator errors</h2><ul>";
    for (const auto& m : s.generator_error_messages) h << "<li>" << html_escape(m) << "</li>";
    h << "</ul></section>\n";
  }
  h << "</body></html>\n";
  return h.str();
}

std::filesystem::path write_report_html(const std::filesystem::path& dir, const CampaignSummary& s,
                                        const std::map<std::string, std::vector<std::string>>& rules_by_op) {
  HtmlInputs in;
  in.summary = s;
  in.rules_by_op = rules_by_op;
  in.audit = read_json(dir / "audit.json", &in.notes);
  in.bench = read_json(dir / "bench" / "ratios.json", &in.notes);
  in.selftest = read_json(dir / "selftest.json", &in.notes);
  const auto path = dir / "report.html";
  write_file_atomic(path, report_html(in));
  return path;
}

}  // namespace poolcheck::reports
