// poolcheck audit: the parameter-validation audit. Every documented and chosen rule of each operator,
// per platform, against exactly-one-violation cases; valid and several-rule cases; audit.json and audit.md.
// Exit 1 on any disagreement or any documented rule without an exercising case, so CI can gate on it.
#include <iostream>
#include <memory>
#include <stdexcept>

#include "audit/audit_markdown.h"
#include "audit/audit_output.h"
#include "audit/audit_runner.h"
#include "cli/commands.h"
#include "cli/option_ranges.h"
#include "reports/report_writer.h"
#include "reports/repro_command.h"

namespace poolcheck::cli {

namespace {

struct AuditArgs {
  audit::AuditOptions opt;
  std::string report_dir = reports::kDefaultReportDir;
};

// One line per disagreeing rule or case group, with a repro line for its first case.
void print_disagreements(const audit::AuditReport& report) {
  constexpr int kMaxLines = 20;
  int lines = 0;
  auto print = [&](const std::string& where, const audit::CaseRecord& c) {
    if (lines++ < kMaxLines)
      std::cout << "disagree: " << where << ": " << audit::finding_name(c.finding) << ", observed "
                << audit::observed_key(c) << "\n    " << reports::repro_command(c.descriptor) << "\n";
  };
  for (const auto& op : report.ops)
    for (const auto& p : op.platforms) {
      const std::string at = p.op + " " + p.platform;
      for (const auto& row : p.rules)
        for (const auto& c : row.cases)
          if (audit::finding_is_defect(c.finding)) {
            print(at + " " + row.rule->id, c);
            break;
          }
      for (const auto* list : {&p.valid, &p.multi})
        for (const auto& c : *list)
          if (audit::finding_is_defect(c.finding)) print(at + (list == &p.valid ? " valid case" : " several rules"), c);
    }
  if (lines > kMaxLines) std::cout << "(" << lines - kMaxLines << " more in audit.md)\n";
}

int run_audit_command(const AuditArgs& a, const Globals& g) {
  const std::unique_ptr<CaseExecutor> executor = make_executor(g);
  audit::AuditOptions opt = a.opt;
  opt.executor = executor.get();
  const audit::AuditReport report = audit::run_audit(opt);
  audit::write_audit(report, a.report_dir);
  std::cout << audit::summary_table(audit::summary_rows(report)) << "\n";
  print_disagreements(report);
  if (!report.backend_note.empty()) std::cout << "note: " << report.backend_note << "\n";
  for (const auto& c : audit::coverage_rows(report))
    std::cout << c.op << ": " << c.documented_exercised << "/" << c.documented << " documented rules and "
              << c.chosen_exercised << "/" << c.chosen << " chosen rules exercised\n";
  std::cout << "audit " << (report.gate_passes() ? "passed" : "FAILED") << ": " << report.disagreements()
            << " disagreements, " << report.documented_unexercised() << " documented rules not exercised ("
            << report.seconds << " s); " << (a.report_dir + "/audit.json") << ", " << (a.report_dir + "/audit.md")
            << "\n";
  return report.gate_passes() ? kExitOk : kExitFailure;
}

}  // namespace

Command add_audit_command(CLI::App& app, const Globals& g) {
  auto args = std::make_shared<AuditArgs>();
  CLI::App* sub = app.add_subcommand(
      "audit", "Parameter-validation audit: every spec rule per operator and platform against the backend");
  auto& o = args->opt;
  sub->add_option("--op", o.ops, "Only this operator (repeatable)");
  sub->add_option("--platform", o.platforms,
                  "Only this SoC (repeatable; default: every platform the spec lists). Emulated backend only");
  sub->add_option("--cases-per-rule", o.cases_per_rule, "Exactly-one-violation cases per rule and platform")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  sub->add_option("--valid-cases", o.valid_cases, "Valid cases per supported platform (rejected-valid check)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  sub->add_option("--multi-cases", o.multi_cases, "Cases violating several rules per platform (precedence check)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  sub->add_option("--seed", o.seed, "Seed of the case draws, any integer in [0, 2^64-1]")
      ->check(unsigned_64())
      ->capture_default_str();
  sub->add_option("--report-dir", args->report_dir, "Where audit.json and audit.md go")->capture_default_str();
  return Command{sub, [args, &g] { return run_audit_command(*args, g); }};
}

}  // namespace poolcheck::cli
