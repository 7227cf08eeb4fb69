#include "audit/audit_markdown.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "fmt/format.h"

namespace poolcheck::audit {

namespace {

std::string cell(const std::string& s) {
  std::string out;
  for (char ch : s) out += ch == '|' ? std::string("\\|") : ch == '\n' ? std::string(" ") : std::string(1, ch);
  return out.empty() ? "-" : out;
}

std::string observed_text(const std::map<std::string, int>& observed) {
  std::string s;
  for (const auto& [k, n] : observed) s += (s.empty() ? "" : ", ") + fmt::format("{} x{}", k, n);
  return s;
}

void coverage(std::ostream& os, const AuditReport& report) {
  os << "## Rule coverage (exactly-one-violation cases, any platform)\n\n"
     << "| operator | documented rules | exercised | chosen rules (not in the docs) | exercised | documented, not "
        "exercised |\n|---|---|---|---|---|---|\n";
  for (const auto& c : coverage_rows(report)) {
    std::string missing;
    for (const auto& id : c.documented_missing) missing += (missing.empty() ? "" : ", ") + id;
    os << fmt::format("| {} | {} | {} | {} | {} | {} |\n", c.op, c.documented, c.documented_exercised, c.chosen,
                      c.chosen_exercised, cell(missing));
  }
  os << "\n";
}

// Rows: what the spec says of the case; columns: what the backend did.
void confusion(std::ostream& os, const OperatorAudit& op) {
  struct Counts {
    std::map<Finding, int> by;
  };
  Counts valid, single, multi;
  for (const auto& p : op.platforms) {
    for (const auto& c : p.valid) valid.by[c.finding]++;
    for (const auto& r : p.rules)
      for (const auto& c : r.cases) single.by[c.finding]++;
    for (const auto& c : p.multi) multi.by[c.finding]++;
  }
  auto n = [](const Counts& c, Finding f) { return c.by.count(f) ? c.by.at(f) : 0; };
  os << "### " << op.spec->op << "\n\n"
     << "| spec says \\ backend did | as the spec says | accepted (invalid) | rejected (valid) | wrong code | "
        "wrong precedence | other defect | no kernel | crash |\n|---|---|---|---|---|---|---|---|---|\n";
  const std::pair<const char*, const Counts*> rows[] = {
      {"valid", &valid}, {"invalid: one rule", &single}, {"invalid: several rules", &multi}};
  for (const auto& [name, c] : rows)
    os << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", name, n(*c, Finding::Agree),
                      n(*c, Finding::AcceptedInvalid), n(*c, Finding::RejectedValid), n(*c, Finding::WrongCode),
                      n(*c, Finding::WrongPrecedence), n(*c, Finding::OtherDefect), n(*c, Finding::NoKernel),
                      n(*c, Finding::Crash));
  os << "\n";
}

void citations(std::ostream& os, const OperatorAudit& op) {
  const auto versions = doc_versions(*op.spec);
  os << "### " << op.spec->op << " (" << op.spec->aclnn_name << "): rules and citations per doc version\n\n"
     << "| # | rule | in docs | expected |";
  for (const auto& v : versions) os << " doc " << v << " |";
  os << "\n|---|---|---|---|";
  for (size_t i = 0; i < versions.size(); ++i) os << "---|";
  os << "\n";
  int i = 0;
  for (const auto& r : op.spec->rules) {
    os << fmt::format("| {} | {} | {} | {} |", ++i, r.id, r.in_docs ? "yes" : "no (chosen)", expected_key(r));
    for (const auto& v : versions) os << " " << cell(citation_for(r, v)) << " |";
    os << "\n";
  }
  os << "\n";
}

void matrix(std::ostream& os, const PlatformAudit& p) {
  os << "#### " << p.op << " on " << p.platform << (p.supported ? "" : " (documented as unsupported)") << "\n\n"
     << "| rule | expected | observed | cases | verdict | note / first disagreeing case |\n"
     << "|---|---|---|---|---|---|\n";
  for (const auto& row : p.rules) {
    std::string note = row.note;
    const auto off_log =
        std::count_if(row.cases.begin(), row.cases.end(), [](const CaseRecord& c) { return c.log_names_rule == 0; });
    for (const auto& c : row.cases)
      if (c.log_names_rule == 0) {
        note = fmt::format("log hint: {} refusal(s) name another argument, e.g. `{}` ({})", off_log, c.descriptor,
                           c.message);
        break;
      }
    for (const auto& c : row.cases)
      if (finding_is_defect(c.finding)) {
        note = fmt::format("{}: `{}` ({})", finding_name(c.finding), c.descriptor, c.message);
        break;
      }
    os << fmt::format("| {} | {} | {} | {} | {} | {} |\n", row.rule->id, expected_key(*row.rule),
                      cell(observed_text(row.observed)), row.cases.size(), verdict_name(row.verdict), cell(note));
  }
  os << "\n";
}

void precedence(std::ostream& os, const AuditReport& report) {
  os << "## Precedence (several rules violated at once)\n\n"
     << "The spec expects the first violated rule in check order. A backend is seen only through its status and "
        "phase, so a case is attributable only when the violated rules differ in them; the log hint counts cases whose "
        "error line names an argument of a later violated rule instead (not gated: log wording is the backend's).\n\n"
     << "| operator | platform | cases | attributable | as the spec says | wrong precedence | wrong code | "
        "accepted | log hint: other rule | first wrong case |\n|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& op : report.ops)
    for (const auto& p : op.platforms) {
      int dist = 0, agree = 0, wp = 0, wc = 0, acc = 0, log_other = 0;
      std::string first;
      for (const auto& c : p.multi) {
        dist += c.distinguishable;
        agree += c.finding == Finding::Agree;
        wp += c.finding == Finding::WrongPrecedence;
        wc += c.finding == Finding::WrongCode;
        acc += c.finding == Finding::AcceptedInvalid;
        log_other += !c.log_rule.empty() && c.log_rule != c.violated.front();
        if (first.empty() && finding_is_defect(c.finding))
          first = fmt::format("`{}` expected {}, observed {} ({})", c.descriptor, c.violated.front(), observed_key(c),
                              c.attributed_rule.empty() ? finding_name(c.finding) : c.attributed_rule);
      }
      os << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", p.op, p.platform, p.multi.size(), dist,
                        agree, wp, wc, acc, log_other, cell(first));
    }
  os << "\n";
}

void undocumented(std::ostream& os, const AuditReport& report) {
  os << "## Inputs the docs do not cover\n\n"
     << "Rules poolcheck chose where the docs are silent (in_docs = false): what it expects and what the "
        "implementation did, over all audited platforms.\n\n"
     << "| operator | rule | chosen behaviour | expected | implementation did | verdicts |\n"
     << "|---|---|---|---|---|---|\n";
  for (const auto& op : report.ops)
    for (const auto& r : op.spec->rules) {
      if (r.in_docs) continue;
      std::map<std::string, int> observed;
      std::string verdicts;
      for (const auto& p : op.platforms)
        for (const auto& row : p.rules) {
          if (row.rule != &r) continue;
          for (const auto& [k, n] : row.observed) observed[k] += n;
          if (row.verdict != Verdict::NotApplicable)
            verdicts += (verdicts.empty() ? "" : ", ") + p.platform + ": " + verdict_name(row.verdict);
        }
      os << fmt::format("| {} | {} | {} | {} | {} | {} |\n", op.spec->op, r.id, cell(r.chosen), expected_key(r),
                        cell(observed_text(observed)), cell(verdicts));
    }
  os << "\n";
}

void discrepancies(std::ostream& os, const AuditReport& report) {
  os << "## Doc discrepancies (between doc versions and inside the docs)\n\n"
     << "| operator | id | scope | versions | what the docs say | poolcheck treats as normative |\n"
     << "|---|---|---|---|---|---|\n";
  for (const auto& op : report.ops)
    for (const auto& d : op.spec->discrepancies) {
      const auto versions = discrepancy_versions(d);
      std::string vs;
      for (const auto& v : versions) vs += (vs.empty() ? "" : ", ") + v;
      os << fmt::format("| {} | {} | {} | {} | {} | {} |\n", op.spec->op, d.id,
                        versions.size() > 1 ? "across versions" : "inside one version", cell(vs), cell(d.summary),
                        cell(d.normative));
    }
  os << "\n";
}

}  // namespace

std::string summary_table(const std::vector<SummaryRow>& rows) {
  std::ostringstream os;
  os << "| operator | platform | rules | exercised | agree | disagree | not exercised | n/a | accepted invalid | "
        "rejected valid | wrong code | wrong precedence | other | no kernel | crash | log hint: other rule |\n"
     << "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& s : rows)
    os << fmt::format("| {} | {}{} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", s.op,
                      s.platform, s.supported ? "" : " (unsupported)", s.rules, s.rules_exercised, s.agree, s.disagree,
                      s.not_exercised, s.not_applicable, s.accepted_invalid, s.rejected_valid, s.wrong_code,
                      s.wrong_precedence, s.other_defects, s.no_kernel, s.crashes, s.log_mismatch);
  return os.str();
}

std::string audit_markdown(const AuditReport& report) {
  std::ostringstream os;
  const auto& o = report.options;
  os << "# poolcheck parameter-validation audit\n\n"
     << fmt::format(
            "Seed {}, {} exactly-one-violation cases per rule and platform, {} valid and {} several-rule "
            "cases per platform; {:.1f} s. Gate: **{}** ({} disagreements, {} documented rules not "
            "exercised).\n\n",
            o.seed, o.cases_per_rule, o.valid_cases, o.multi_cases, report.seconds,
            report.gate_passes() ? "pass" : "FAIL", report.disagreements(), report.documented_unexercised());
  if (!report.backend.empty()) os << "Backend: `" << report.backend << "`.\n\n";
  if (!report.backend_note.empty()) os << "Note: " << report.backend_note << ".\n\n";
  os << "## Summary\n\n"
     << "Verdicts count rules; findings count cases (exactly-one, valid and several-rule cases). The log hint counts "
        "refusals with the expected status whose error line names an argument the expected rule does not: a later "
        "check may have caught the case first. It is informational and does not gate.\n\n"
     << summary_table(summary_rows(report)) << "\n";
  coverage(os, report);
  os << "## Confusion matrix\n\n";
  for (const auto& op : report.ops) confusion(os, op);
  os << "## Rule matrix\n\n";
  for (const auto& op : report.ops) {
    citations(os, op);
    for (const auto& p : op.platforms) matrix(os, p);
  }
  precedence(os, report);
  undocumented(os, report);
  discrepancies(os, report);
  return os.str();
}

}  // namespace poolcheck::audit
