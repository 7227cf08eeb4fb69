#include "audit/audit_model.h"

#include <algorithm>

namespace poolcheck::audit {

// Names in enum order (the enums are dense from 0).
const char* finding_name(Finding f) {
  static constexpr const char* kNames[] = {
      "agree",        "accepted-invalid", "rejected-valid", "wrong-code", "wrong-precedence",
      "other-defect", "no-kernel",        "crash"};
  return kNames[static_cast<size_t>(f)];
}

bool finding_is_defect(Finding f) { return f != Finding::Agree && f != Finding::NoKernel; }

const char* verdict_name(Verdict v) {
  static constexpr const char* kNames[] = {"agree", "disagree", "not-exercised", "n/a"};
  return kNames[static_cast<size_t>(v)];
}

int RuleRow::exercised() const {
  return static_cast<int>(
      std::count_if(cases.begin(), cases.end(), [](const CaseRecord& c) { return c.finding != Finding::NoKernel; }));
}

int PlatformAudit::count(Verdict v) const {
  return static_cast<int>(std::count_if(rules.begin(), rules.end(), [v](const RuleRow& r) { return r.verdict == v; }));
}

int PlatformAudit::rules_exercised() const {
  return static_cast<int>(
      std::count_if(rules.begin(), rules.end(), [](const RuleRow& r) { return r.exercised() > 0; }));
}

int PlatformAudit::findings(Finding f) const {
  int n = 0;
  for (const auto& r : rules) n += r.findings.count(f) ? r.findings.at(f) : 0;
  for (const auto* list : {&valid, &multi})
    n += static_cast<int>(
        std::count_if(list->begin(), list->end(), [f](const CaseRecord& c) { return c.finding == f; }));
  return n;
}

int PlatformAudit::log_mismatches() const {
  int n = 0;
  for (const auto& r : rules)
    n += static_cast<int>(
        std::count_if(r.cases.begin(), r.cases.end(), [](const CaseRecord& c) { return c.log_names_rule == 0; }));
  return n + static_cast<int>(std::count_if(multi.begin(), multi.end(), [](const CaseRecord& c) {
           return !c.log_rule.empty() && c.log_rule != c.violated.front();
         }));
}

std::vector<const spec::Rule*> OperatorAudit::unexercised(bool documented) const {
  std::vector<const spec::Rule*> out;
  for (const spec::Rule& rule : spec->rules) {
    if (rule.in_docs != documented) continue;
    bool hit = false;
    for (const auto& p : platforms)
      for (const auto& row : p.rules) hit = hit || (row.rule == &rule && row.exercised() > 0);
    if (!hit) out.push_back(&rule);
  }
  return out;
}

int AuditReport::disagreements() const {
  int n = 0;
  for (const auto& op : ops)
    for (const auto& p : op.platforms) {
      n += p.count(Verdict::Disagree);
      for (const auto* list : {&p.valid, &p.multi})
        n += static_cast<int>(std::count_if(list->begin(), list->end(),
                                            [](const CaseRecord& c) { return finding_is_defect(c.finding); }));
    }
  return n;
}

int AuditReport::documented_unexercised() const {
  int n = 0;
  for (const auto& op : ops) n += static_cast<int>(op.unexercised(true).size());
  return n;
}

}  // namespace poolcheck::audit
