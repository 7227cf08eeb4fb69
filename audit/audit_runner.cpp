#include "audit/audit_runner.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "audit/audit_platforms.h"
#include "audit/audit_summary.h"
#include "audit/case_source.h"
#include "audit/classify.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"

namespace poolcheck::audit {

namespace {

std::string join_ids(const std::vector<const spec::Rule*>& rules) {
  std::string s;
  for (const auto* r : rules) s += (s.empty() ? "" : ", ") + r->id;
  return s;
}

void settle_verdict(const RuleDraw& d, int draws, RuleRow* row) {
  const bool defect = std::any_of(row->cases.begin(), row->cases.end(),
                                  [](const CaseRecord& c) { return finding_is_defect(c.finding); });
  if (defect) {
    row->verdict = Verdict::Disagree;
  } else if (row->exercised() > 0) {
    row->verdict = Verdict::Agree;
  } else if (!row->cases.empty()) {
    row->verdict = Verdict::NotExercised;
    row->note = "the backend has no kernel on this platform, so the check is never reached";
  } else if (d.moved_platform) {
    row->verdict = Verdict::NotApplicable;
    row->note = "a violation moves the case to another platform: see the unsupported platforms' rows";
  } else {
    row->verdict = Verdict::NotExercised;
    row->note = "no exactly-one-violation case in " + std::to_string(draws) + " draws" +
                (d.mutable_here ? " (mutations co-violate other rules)" : " (the mutator refused every base)");
  }
}

RuleRow audit_rule(const spec::Rule& rule, const std::string& soc, CaseSource& src, const AuditOptions& opt,
                   CaseExecutor& exec) {
  RuleRow row;
  row.rule = &rule;
  if (!rule.platforms.empty() && std::find(rule.platforms.begin(), rule.platforms.end(), soc) == rule.platforms.end()) {
    row.verdict = Verdict::NotApplicable;
    row.note = "the rule applies to other platforms only";
    return row;
  }
  const RuleDraw d = src.singles(rule, opt.cases_per_rule);
  const auto& gate = src.gate();
  if (!gate.empty() && std::find(gate.begin(), gate.end(), &rule) == gate.end()) {
    row.verdict = Verdict::NotApplicable;
    row.note = "unsupported platform: every call fails " + join_ids(gate) + " (or an earlier rule) first";
    return row;
  }
  for (const Case& c : d.cases) {
    CaseRecord rec = classify_single(exec.run(c), &rule);
    row.observed[observed_key(rec)]++;
    row.findings[rec.finding]++;
    row.cases.push_back(std::move(rec));
  }
  settle_verdict(d, opt.cases_per_rule * 12, &row);
  return row;
}

}  // namespace

PlatformAudit audit_platform(const spec::OperatorSpec& spec, const std::string& soc, bool supported,
                             const AuditOptions& opt) {
  InProcessExecutor in_process;
  CaseExecutor& exec = opt.executor ? *opt.executor : in_process;
  PlatformAudit p;
  p.op = spec.op;
  p.platform = soc;
  p.supported = supported;
  CaseSource src(spec, soc, supported, opt.seed);
  for (const spec::Rule& rule : spec.rules) p.rules.push_back(audit_rule(rule, soc, src, opt, exec));
  for (const Case& c : src.valid(opt.valid_cases)) p.valid.push_back(classify_single(exec.run(c)));
  for (const Case& c : src.multi(opt.multi_cases)) p.multi.push_back(classify_multi(exec.run(c), spec.violations(c)));
  return p;
}

AuditReport run_audit(const AuditOptions& opt) {
  const auto t0 = std::chrono::steady_clock::now();
  AuditReport report;
  report.options = opt;
  InProcessExecutor in_process;
  const BackendInfo backend = (opt.executor ? *opt.executor : in_process).backend_info();
  report.backend = backend.libraries;
  report.platform_control = backend.platform_control;
  const std::string own = report.platform_control ? "" : backend.soc;
  if (!report.platform_control)
    report.backend_note = "the backend cannot switch platforms (no pcEmuSetPlatform): only its own SoC '" + own +
                          "' is audited; rules that need another platform stay unexercised";
  std::vector<const OpAdapter*> adapters;
  if (opt.ops.empty()) adapters = all_adapters();
  for (const auto& name : opt.ops) {
    const OpAdapter* a = find_adapter(name);
    if (!a) throw std::invalid_argument("no operator '" + name + "'");
    adapters.push_back(a);
  }
  for (const OpAdapter* a : adapters) {
    OperatorAudit op;
    op.spec = &a->spec();
    for (const auto& pl : platforms_for(*op.spec, opt.platforms, report.platform_control, own))
      op.platforms.push_back(audit_platform(*op.spec, pl.soc, pl.supported, opt));
    report.ops.push_back(std::move(op));
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

}  // namespace poolcheck::audit
