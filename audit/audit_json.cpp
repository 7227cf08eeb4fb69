#include "audit/audit_json.h"

#include <iterator>

#include "audit/audit_summary.h"

namespace poolcheck::audit {

namespace {

using nlohmann::json;

json summary_json(const SummaryRow& s) {
  json j{{"operator", s.op}, {"platform", s.platform}, {"supported", s.supported}};
  static constexpr const char* kNames[] = {
      "rules",          "rules_exercised",  "agree",          "disagree",    "not_exercised",
      "not_applicable", "accepted_invalid", "rejected_valid", "wrong_code",  "wrong_precedence",
      "other_defects",  "no_kernel",        "crashes",        "log_mismatch"};
  const int values[] = {s.rules,          s.rules_exercised,  s.agree,          s.disagree,    s.not_exercised,
                        s.not_applicable, s.accepted_invalid, s.rejected_valid, s.wrong_code,  s.wrong_precedence,
                        s.other_defects,  s.no_kernel,        s.crashes,        s.log_mismatch};
  static_assert(std::size(kNames) == std::size(values));
  for (size_t i = 0; i < std::size(kNames); ++i) j[kNames[i]] = values[i];
  return j;
}

json case_json(const CaseRecord& c) {
  json j{{"descriptor", c.descriptor},
         {"finding", finding_name(c.finding)},
         {"outcome", c.outcome},
         {"observed", observed_key(c)}};
  if (!c.message.empty()) j["message"] = c.message;
  if (!c.logged_argument.empty()) j["logged_argument"] = c.logged_argument;
  if (c.log_names_rule >= 0) j["log_names_rule"] = c.log_names_rule == 1;
  if (!c.violated.empty()) {
    j["violated"] = c.violated;
    j["expected_rule"] = c.violated.front();
    j["attributed_rule"] = c.attributed_rule;
    j["distinguishable"] = c.distinguishable;
    j["log_rule"] = c.log_rule;
  }
  return j;
}

json cases_json(const std::vector<CaseRecord>& cases) {
  json a = json::array();
  for (const auto& c : cases) a.push_back(case_json(c));
  return a;
}

json rule_json(const RuleRow& row, const std::vector<std::string>& versions) {
  const spec::Rule& r = *row.rule;
  json cites = json::object();
  for (const auto& v : versions) cites[v] = citation_for(r, v);
  json findings = json::object();
  for (const auto& [f, n] : row.findings) findings[finding_name(f)] = n;
  return {{"rule", r.id},
          {"documented", r.in_docs},
          {"text", r.text},
          {"chosen", r.chosen},
          {"citations", cites},
          {"expected", expected_key(r)},
          {"observed", row.observed},
          {"findings", findings},
          {"verdict", verdict_name(row.verdict)},
          {"note", row.note},
          {"cases", cases_json(row.cases)}};
}

json discrepancy_json(const spec::Discrepancy& d) {
  const auto versions = discrepancy_versions(d);
  json sources = json::array();
  for (const auto& c : d.sources)
    sources.push_back({{"seed", c.seed}, {"section", c.section}, {"versions", c.versions}});
  return {{"id", d.id},
          {"scope", versions.size() > 1 ? "across doc versions" : "inside one doc version"},
          {"versions", versions},
          {"summary", d.summary},
          {"normative", d.normative},
          {"sources", sources}};
}

json operator_json(const OperatorAudit& op) {
  const auto versions = doc_versions(*op.spec);
  json platforms = json::array();
  for (const auto& p : op.platforms) {
    json rules = json::array();
    for (const auto& row : p.rules) rules.push_back(rule_json(row, versions));
    const spec::PlatformRow* row = op.spec->platform(p.platform);
    platforms.push_back({{"platform", p.platform},
                         {"supported", p.supported},
                         {"product", row ? row->product : ""},
                         {"listed_in_docs", row ? row->doc_versions : std::vector<std::string>{}},
                         {"rules", rules},
                         {"valid_cases", cases_json(p.valid)},
                         {"multi_violation_cases", cases_json(p.multi)}});
  }
  json discrepancies = json::array();
  for (const auto& d : op.spec->discrepancies) discrepancies.push_back(discrepancy_json(d));
  return {{"operator", op.spec->op},
          {"aclnn_name", op.spec->aclnn_name},
          {"doc_versions", versions},
          {"platforms", platforms},
          {"discrepancies", discrepancies}};
}

}  // namespace

json audit_json(const AuditReport& report) {
  json summary = json::array();
  for (const auto& s : summary_rows(report)) summary.push_back(summary_json(s));
  json coverage = json::array();
  for (const auto& c : coverage_rows(report))
    coverage.push_back({{"operator", c.op},
                        {"documented_rules", c.documented},
                        {"documented_exercised", c.documented_exercised},
                        {"chosen_rules", c.chosen},
                        {"chosen_exercised", c.chosen_exercised},
                        {"documented_missing", c.documented_missing}});
  json ops = json::array();
  for (const auto& op : report.ops) ops.push_back(operator_json(op));
  const auto& o = report.options;
  return {{"tool", "poolcheck audit"},
          {"options",
           {{"seed", o.seed},
            {"cases_per_rule", o.cases_per_rule},
            {"valid_cases", o.valid_cases},
            {"multi_cases", o.multi_cases}}},
          {"backend", report.backend},
          {"platform_control", report.platform_control},
          {"backend_note", report.backend_note},
          {"seconds", report.seconds},
          {"gate_passes", report.gate_passes()},
          {"disagreements", report.disagreements()},
          {"documented_unexercised", report.documented_unexercised()},
          {"summary", summary},
          {"coverage", coverage},
          {"operators", ops}};
}

}  // namespace poolcheck::audit
