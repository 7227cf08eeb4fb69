// The flat per-operator-and-platform counts of an audit (the summary table of every output), per-operator
// rule coverage, and the doc-citation helpers the writers share.
#pragma once

#include <string>
#include <vector>

#include "audit/audit_model.h"

namespace poolcheck::audit {

struct SummaryRow {
  std::string op, platform;
  bool supported = false;
  int rules = 0, rules_exercised = 0, agree = 0, disagree = 0, not_exercised = 0, not_applicable = 0;
  int accepted_invalid = 0, rejected_valid = 0, wrong_code = 0, wrong_precedence = 0, other_defects = 0, crashes = 0;
  int no_kernel = 0;     // cases the backend could not run on this platform (no kernel): they prove nothing
  int log_mismatch = 0;  // refusals whose error line names another rule's argument (a hint, not gated)
};
std::vector<SummaryRow> summary_rows(const AuditReport& report);

struct CoverageRow {
  std::string op;
  int documented = 0, documented_exercised = 0, chosen = 0, chosen_exercised = 0;
  std::vector<std::string> documented_missing;
};
std::vector<CoverageRow> coverage_rows(const AuditReport& report);

// Doc versions of an operator: the spec's seeds first, then any other version a citation names.
std::vector<std::string> doc_versions(const spec::OperatorSpec& spec);
// What a rule's citations say for one doc version ("" when that version does not state it).
std::string citation_for(const spec::Rule& rule, const std::string& version);
// The doc versions a discrepancy's sources cite, and whether it is internal to one version.
std::vector<std::string> discrepancy_versions(const spec::Discrepancy& d);

// "161002@GetWorkspaceSize" for a rule's expected status.
std::string expected_key(const spec::Rule& rule);
// The same for what a case showed, or "success".
std::string observed_key(const CaseRecord& c);

}  // namespace poolcheck::audit
