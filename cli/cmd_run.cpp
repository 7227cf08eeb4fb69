// poolcheck run: a campaign over the selected operators, with progress, a summary line and reports.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli/commands.h"
#include "harness/campaign.h"
#include "reports/report_writer.h"
#include "reports/repro_command.h"

namespace poolcheck::cli {

namespace {

struct RunArgs {
  std::vector<std::string> ops;
  int64_t cases = 2000;
  double seconds = 0;
  uint64_t seed = 1;
  double invalid_fraction = 0.25;
  std::string shard = "0/1";
  std::string report_dir = reports::kDefaultReportDir;
  bool quiet = false;
};

// "K/N" with 0 <= K < N.
void parse_shard(const std::string& text, int* index, int* count) {
  const auto slash = text.find('/');
  bool ok = slash != std::string::npos && slash > 0 && slash + 1 < text.size();
  long k = -1, n = 0;
  if (ok) {
    try {
      size_t used_k = 0, used_n = 0;
      k = std::stol(text.substr(0, slash), &used_k);
      n = std::stol(text.substr(slash + 1), &used_n);
      ok = used_k == slash && used_n == text.size() - slash - 1;
    } catch (const std::exception&) {
      ok = false;
    }
  }
  if (!ok || n < 1 || k < 0 || k >= n || n > 1000000) {
    throw std::invalid_argument("--shard expects K/N with 0 <= K < N, got '" + text + "'");
  }
  *index = static_cast<int>(k);
  *count = static_cast<int>(n);
}

int run(const RunArgs& a) {
  CampaignOptions opts;
  opts.ops = a.ops;
  opts.seed = a.seed;
  opts.max_cases = a.cases;
  opts.max_seconds = a.seconds;
  opts.invalid_fraction = a.invalid_fraction;
  parse_shard(a.shard, &opts.shard_index, &opts.shard_count);
  opts.progress = !a.quiet;
  check_campaign_options(opts);  // refuse bad options before any report file exists

  reports::ReportWriter writer(a.report_dir);
  const bool tty = ::isatty(STDERR_FILENO) == 1;
  int64_t live_failures = 0;
  constexpr int64_t kLiveFailureLines = 20;
  auto on_result = [&](const CaseResult& r) {
    writer.add(r);
    if (a.quiet || !outcome_is_failure(r.outcome)) return;
    ++live_failures;
    if (tty) std::cerr << "\r\033[K";
    if (live_failures <= kLiveFailureLines) {
      std::cerr << outcome_name(r.outcome) << ": " << reports::repro_command(r.descriptor) << "\n";
    } else if (live_failures == kLiveFailureLines + 1) {
      std::cerr << "(further failures only in the reports)\n";
    }
  };

  const CampaignSummary s = run_campaign(opts, on_result);
  const auto& paths = writer.finish(s);

  std::cout << "poolcheck run: " << s.one_line() << "\n";
  std::cout << "reports: " << paths.summary_md.string() << ", " << paths.summary_json.string() << ", "
            << paths.results_jsonl.string() << ", " << paths.junit_xml.string() << "\n";
  if (s.failed()) {
    constexpr size_t kShown = 10;
    for (size_t i = 0; i < s.failures.size() && i < kShown; ++i) {
      std::cout << "  " << outcome_name(s.failures[i].outcome) << ": "
                << reports::repro_command(s.failures[i].descriptor) << "\n";
    }
    if (s.failure_count > static_cast<int64_t>(kShown)) {
      std::cout << "  ... " << (s.failure_count - static_cast<int64_t>(kShown)) << " more in "
                << paths.results_jsonl.string() << "\n";
    }
    for (const auto& m : s.generator_error_messages) std::cout << "  generator error: " << m << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

Command add_run_command(CLI::App& app, const Globals&) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* sub = app.add_subcommand("run", "Run a property-based campaign and write reports");
  sub->add_option("--op", args->ops, "Operator to run (repeatable; default: all)");
  sub->add_option("--cases", args->cases, "Cases in the (global) case stream")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  sub->add_option("--seconds", args->seconds, "Wall-clock budget in seconds (0 = none)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  sub->add_option("--seed", args->seed, "Campaign seed")->capture_default_str();
  sub->add_option("--invalid-fraction", args->invalid_fraction, "Share of cases that violate one documented rule")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  sub->add_option("--shard", args->shard, "Run shard K of N of the case stream (K/N, 0-based)")->capture_default_str();
  sub->add_option("--report-dir", args->report_dir, "Directory for the report files")->capture_default_str();
  sub->add_flag("-q,--quiet", args->quiet, "No progress and no per-failure lines; only the summary");
  return Command{sub, [args] { return run(*args); }};
}

}  // namespace poolcheck::cli
