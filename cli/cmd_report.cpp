// poolcheck report html|rebuild|diff|promote|replay: work on existing report directories and the failure database.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "campaign/coverage.h"
#include "case/descriptor.h"
#include "cli/commands.h"
#include "cli/option_ranges.h"
#include "cli/report_rules.h"
#include "harness/op_adapter.h"
#include "harness/runner.h"
#include "reports/atomic_file.h"
#include "reports/failure_db.h"
#include "reports/html_report.h"
#include "reports/rebuild.h"
#include "reports/report_diff.h"
#include "reports/report_writer.h"
#include "reports/repro_command.h"
#include "reports/summary_json.h"

namespace poolcheck::cli {

namespace {

namespace fs = std::filesystem;

struct ReportArgs {
  std::string html_dir;
  std::string rebuild_dir;
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

// The summary files of a run that died before writing them, from its results.jsonl and run.json.
int rebuild(const ReportArgs& a) {
  const fs::path dir(a.rebuild_dir);
  const auto paths = reports::report_paths(dir);
  if (!fs::is_directory(dir)) throw std::runtime_error("no report directory " + dir.string());
  if (!fs::exists(paths.results_jsonl)) {
    throw std::runtime_error(paths.results_jsonl.string() + " does not exist: nothing to rebuild from");
  }
  reports::RebuiltRun r = reports::rebuild_summary(dir);
  r.summary.coverage = coverage_targets(r.summary);  // from the results' labels, as the campaign counts them
  for (const auto& w : r.warnings) std::cerr << "warning: " << w << "\n";
  reports::write_summary_files(paths, r.summary, documented_rules());

  const CampaignSummary& s = r.summary;
  std::cout << "poolcheck report rebuild: " << s.one_line() << "\n";
  std::cout << "rebuilt from " << paths.results_jsonl.string() << " (" << r.lines << " complete lines)"
            << (r.have_run_json ? " and " + paths.run_json.string() : std::string()) << "; "
            << (s.stop == StopReason::Killed ? "the run ended without its summary"
                                             : std::string("the run finished: ") + stop_reason_name(s.stop))
            << "\n";
  constexpr size_t kShown = 10;
  for (size_t i = 0; i < s.failures.size() && i < kShown; ++i) {
    std::cout << "  " << outcome_name(s.failures[i].outcome) << ": " << reports::repro_command(s.failures[i].descriptor)
              << "\n";
  }
  if (s.failure_count > static_cast<int64_t>(kShown)) {
    std::cout << "  ... " << (s.failure_count - static_cast<int64_t>(kShown)) << " more in "
              << paths.results_jsonl.string() << "\n";
  }
  std::cout << "reports: " << paths.summary_json.string() << ", " << paths.summary_md.string() << ", "
            << paths.junit_xml.string() << ", " << paths.report_html.string() << "\n";
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
  std::cout << "promoted " << e.id << " to " << file.string() << " (re-run cmake to add its ctest)\n"
            << "export it for the vendor's tools: " << reports::export_command(e.descriptor) << "\n";
  return kExitOk;
}

// Every descriptor must pass now; exit 1 when one does not.
int replay(const ReportArgs& a, const Globals& g) {
  int failing = 0;
  const std::unique_ptr<CaseExecutor> executor = make_executor(g);
  for (const auto& f : a.case_files) {
    const std::string line = reports::read_regression_descriptor(f);
    const ParseResult p = parse_runnable_case(line);
    if (!p.ok) throw std::runtime_error(f + ": " + p.error);
    const CaseResult r = executor->run(p.value);
    const bool bad = outcome_is_failure(r.outcome);
    failing += bad;
    std::cout << (bad ? "FAIL " : "ok   ") << f << ": " << outcome_name(r.outcome)
              << (r.message.empty() ? "" : " (" + r.message + ")") << "\n";
    if (bad) std::cout << "     " << reports::repro_command(line) << "\n";
  }
  return failing ? kExitFailure : kExitOk;
}

}  // namespace

Command add_report_command(CLI::App& app, const Globals& g) {
  auto a = std::make_shared<ReportArgs>();
  CLI::App* sub = app.add_subcommand("report", "Rebuild, compare and curate reports and the failure database");
  sub->require_subcommand(1);

  CLI::App* h = sub->add_subcommand("html", "(Re)write DIR/report.html from DIR/summary.json (and audit/bench files)");
  h->add_option("dir", a->html_dir, "Report directory")->required();

  CLI::App* b = sub->add_subcommand(
      "rebuild", "(Re)write DIR's summary files from DIR/results.jsonl and DIR/run.json, e.g. after a killed run");
  b->footer(
      "Writes summary.json, summary.md, junit.xml and report.html. A torn last line (the run died while writing "
      "it) is skipped with a warning; any other malformed line is an error naming its line (exit 2).");
  b->add_option("dir", a->rebuild_dir, "Report directory of the run")->required();

  CLI::App* d = sub->add_subcommand("diff", "Compare two report directories; exit 1 on a regression (a CI gate)");
  d->add_option("base", a->base, "Baseline report directory")->required();
  d->add_option("new", a->next, "New report directory")->required();
  d->add_option("--json", a->diff_json, "Also write the diff as JSON to this file");
  d->add_option("--markdown", a->diff_markdown, "Also write the diff as Markdown to this file");
  d->add_option("--ulp-drift", a->diff.ulp_drift_abs, "Allowed growth of max ULP error per operator/dtype (ULPs)")
      ->check(real_range(0.0, 1e9))
      ->capture_default_str();
  d->add_option("--ulp-drift-ratio", a->diff.ulp_drift_rel, "... or this fraction of BASE's max, if larger")
      ->check(real_range(0.0, 1000.0))
      ->capture_default_str();
  d->add_option("--max-slowdown", a->diff.max_slowdown,
                "Fail when cases/s drops by more than this fraction (0 = time is informational)")
      ->check(real_range(0.0, 1.0))
      ->capture_default_str();

  CLI::App* p = sub->add_subcommand("promote", "Turn a failure-database entry into a checked-in regression case");
  p->add_option("entry", a->entry, "Entry id (or unique prefix) or entry file")->required();
  p->add_option("--failure-db", a->failure_db, "Failure database directory")->capture_default_str();
  p->add_option("--to", a->to, "Regression directory (replayed by ctest)")->capture_default_str();

  CLI::App* r = sub->add_subcommand("replay", "Run regression .case files; exit 1 when one fails");
  r->add_option("files", a->case_files, "Regression case files")->required();

  return Command{sub, [a, h, b, d, p, r, &g] {
                   if (h->parsed()) return html(*a);
                   if (b->parsed()) return rebuild(*a);
                   if (d->parsed()) return diff(*a);
                   if (p->parsed()) return promote(*a);
                   if (r->parsed()) return replay(*a, g);
                   return kExitUsage;
                 }};
}

}  // namespace poolcheck::cli
