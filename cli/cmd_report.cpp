// poolcheck report html|diff|promote|replay: work on existing report directories and the failure database.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/report_rules.h"
#include "harness/descriptor.h"
#include "harness/runner.h"
#include "reports/atomic_file.h"
#include "reports/failure_db.h"
#include "reports/html_report.h"
#include "reports/report_diff.h"
#include "reports/report_writer.h"
#include "reports/repro_command.h"
#include "reports/summary_json.h"

namespace poolcheck::cli {

namespace {

namespace fs = std::filesystem;

struct ReportArgs {
  std::string html_dir;
  std::string base, next, diff_json, diff_markdown;
  reports::DiffOptions diff;
  std::string entry, failure_db = reports::kDefaultFailureDb, to = "tests/regressions";
  std::vector<std::string> case_files;
};

int html(const ReportArgs& a) {
  const auto paths = reports::report_paths(a.html_dir);
  std::ifstream in(paths.summary_json);
  if (!in) throw std::runtime_error("cannot open " + paths.summary_json.string());
  CampaignSummary s;
  try {
    s = reports::summary_from_json(nlohmann::json::parse(in));
  } catch (const std::exception& e) {
    throw std::runtime_error(paths.summary_json.string() + ": " + e.what());
  }
  std::cout << reports::write_report_html(a.html_dir, s, documented_rules()).string() << "\n";
  return kExitOk;
}

int diff(const ReportArgs& a) {
  const reports::ReportDiff d =
      reports::diff_reports(reports::load_report(a.base), reports::load_report(a.next), a.diff);
  std::cout << reports::diff_text(d);
  if (!a.diff_json.empty()) reports::write_file_atomic(a.diff_json, reports::diff_json(d).dump(2) + "\n");
  if (!a.diff_markdown.empty()) reports::write_file_atomic(a.diff_markdown, reports::diff_markdown(d));
  return d.regression() ? kExitFailure : kExitOk;
}

int promote(const ReportArgs& a) {
  const reports::FailureEntry e = reports::FailureDb(a.failure_db).find(a.entry);
  const fs::path file = reports::promote_to_regression(e, a.to);
  std::cout << "promoted " << e.id << " to " << file.string() << " (re-run cmake to add its ctest)\n";
  return kExitOk;
}

// Every descriptor must pass now; exit 1 when one does not.
int replay(const ReportArgs& a) {
  int failing = 0;
  for (const auto& f : a.case_files) {
    const std::string line = reports::read_regression_descriptor(f);
    const ParseResult p = parse_descriptor(line);
    if (!p.ok) throw std::runtime_error(f + ": descriptor does not parse: " + p.error);
    const CaseResult r = run_case(p.value);
    const bool bad = outcome_is_failure(r.outcome);
    failing += bad;
    std::cout << (bad ? "FAIL " : "ok   ") << f << ": " << outcome_name(r.outcome)
              << (r.message.empty() ? "" : " (" + r.message + ")") << "\n";
    if (bad) std::cout << "     " << reports::repro_command(line) << "\n";
  }
  return failing ? kExitFailure : kExitOk;
}

}  // namespace

Command add_report_command(CLI::App& app, const Globals&) {
  auto a = std::make_shared<ReportArgs>();
  CLI::App* sub = app.add_subcommand("report", "Rebuild, compare and curate reports and the failure database");
  sub->require_subcommand(1);

  CLI::App* h = sub->add_subcommand("html", "(Re)write DIR/report.html from DIR/summary.json (and audit/bench files)");
  h->add_option("dir", a->html_dir, "Report directory")->required();

  CLI::App* d = sub->add_subcommand("diff", "Compare two report directories; exit 1 on a regression (a CI gate)");
  d->add_option("base", a->base, "Baseline report directory")->required();
  d->add_option("new", a->next, "New report directory")->required();
  d->add_option("--json", a->diff_json, "Also write the diff as JSON to this file");
  d->add_option("--markdown", a->diff_markdown, "Also write the diff as Markdown to this file");
  d->add_option("--ulp-drift", a->diff.ulp_drift_abs, "Allowed growth of max ULP error per operator/dtype (ULPs)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  d->add_option("--ulp-drift-ratio", a->diff.ulp_drift_rel, "... or this fraction of BASE's max, if larger")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  d->add_option("--max-slowdown", a->diff.max_slowdown,
                "Fail when cases/s drops by more than this fraction (0 = time is informational)")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();

  CLI::App* p = sub->add_subcommand("promote", "Turn a failure-database entry into a checked-in regression case");
  p->add_option("entry", a->entry, "Entry id (or unique prefix) or entry file")->required();
  p->add_option("--failure-db", a->failure_db, "Failure database directory")->capture_default_str();
  p->add_option("--to", a->to, "Regression directory (replayed by ctest)")->capture_default_str();

  CLI::App* r = sub->add_subcommand("replay", "Run regression .case files; exit 1 when one fails");
  r->add_option("files", a->case_files, "Regression case files")->required();

  return Command{sub, [a, h, d, p, r] {
                   if (h->parsed()) return html(*a);
                   if (d->parsed()) return diff(*a);
                   if (p->parsed()) return promote(*a);
                   if (r->parsed()) return replay(*a);
                   return kExitUsage;
                 }};
}

}  // namespace poolcheck::cli
