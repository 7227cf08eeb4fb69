#include "audit/audit_summary.h"

#include <algorithm>
#include <sstream>

namespace poolcheck::audit {

namespace {

std::vector<std::string> split_versions(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream ss(list);
  for (std::string v; std::getline(ss, v, ',');)
    if (!v.empty()) out.push_back(v);
  return out;
}

void add_unique(std::vector<std::string>* v, const std::string& x) {
  if (std::find(v->begin(), v->end(), x) == v->end()) v->push_back(x);
}

}  // namespace

std::vector<SummaryRow> summary_rows(const AuditReport& report) {
  std::vector<SummaryRow> rows;
  for (const auto& op : report.ops)
    for (const auto& p : op.platforms) {
      SummaryRow s;
      s.op = p.op;
      s.platform = p.platform;
      s.supported = p.supported;
      s.rules = static_cast<int>(p.rules.size());
      s.rules_exercised = p.rules_exercised();
      s.agree = p.count(Verdict::Agree);
      s.disagree = p.count(Verdict::Disagree);
      s.not_exercised = p.count(Verdict::NotExercised);
      s.not_applicable = p.count(Verdict::NotApplicable);
      s.accepted_invalid = p.findings(Finding::AcceptedInvalid);
      s.rejected_valid = p.findings(Finding::RejectedValid);
      s.wrong_code = p.findings(Finding::WrongCode);
      s.wrong_precedence = p.findings(Finding::WrongPrecedence);
      s.other_defects = p.findings(Finding::OtherDefect);
      s.crashes = p.findings(Finding::Crash);
      s.no_kernel = p.findings(Finding::NoKernel);
      s.log_mismatch = p.log_mismatches();
      rows.push_back(s);
    }
  return rows;
}

std::vector<CoverageRow> coverage_rows(const AuditReport& report) {
  std::vector<CoverageRow> rows;
  for (const auto& op : report.ops) {
    CoverageRow c;
    c.op = op.spec->op;
    for (const auto& r : op.spec->rules) (r.in_docs ? c.documented : c.chosen)++;
    const auto doc_missing = op.unexercised(true);
    c.documented_exercised = c.documented - static_cast<int>(doc_missing.size());
    c.chosen_exercised = c.chosen - static_cast<int>(op.unexercised(false).size());
    for (const auto* r : doc_missing) c.documented_missing.push_back(r->id);
    rows.push_back(c);
  }
  return rows;
}

std::vector<std::string> doc_versions(const spec::OperatorSpec& spec) {
  std::vector<std::string> out;
  for (const auto& s : spec.seeds) add_unique(&out, s);
  for (const auto& r : spec.rules)
    for (const auto& c : r.cites)
      for (const auto& v : split_versions(c.versions)) add_unique(&out, v);
  return out;
}

std::string citation_for(const spec::Rule& rule, const std::string& version) {
  std::string s;
  for (const auto& c : rule.cites) {
    const auto versions = split_versions(c.versions.empty() ? c.seed : c.versions);
    if (std::find(versions.begin(), versions.end(), version) == versions.end()) continue;
    s += (s.empty() ? "" : "; ") + c.seed + " " + c.section;
  }
  return s;
}

std::vector<std::string> discrepancy_versions(const spec::Discrepancy& d) {
  std::vector<std::string> out;
  for (const auto& c : d.sources)
    for (const auto& v : split_versions(c.versions.empty() ? c.seed : c.versions)) add_unique(&out, v);
  return out;
}

std::string expected_key(const spec::Rule& rule) {
  return std::to_string(rule.code) + "@" + spec::phase_name(rule.phase);
}

std::string observed_key(const CaseRecord& c) {
  // A call that never returned has no status: say how it ended.
  if (c.finding == Finding::Crash) return c.outcome;
  return c.observed_status == 0 ? "success" : std::to_string(c.observed_status) + "@" + phase_name(c.observed_phase);
}

}  // namespace poolcheck::audit
