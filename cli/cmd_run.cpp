// poolcheck run: a campaign over the selected operators, with progress, a summary line and reports.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "campaign/campaign.h"
#include "campaign/coverage.h"
#include "campaign/coverage_goal.h"
#include "campaign/shard_from_engine.h"
#include "case/descriptor.h"
#include "cli/commands.h"
#include "cli/option_ranges.h"
#include "cli/report_rules.h"
#include "generators/generators.h"
#include "harness/op_adapter.h"
#include "reports/failure_db.h"
#include "reports/report_writer.h"
#include "reports/repro_command.h"
#include "reports/resume_point.h"

namespace poolcheck::cli {

namespace {

struct RunArgs {
  std::vector<std::string> ops;
  int64_t cases = 3000;  // enough to visit every cell of the schedule once (docs/campaign.md)
  double seconds = 0;
  uint64_t seed = 1;
  double invalid_fraction = 0.25;
  std::string shard = "0/1";
  long shard_count = 0;  // --shard-count, with --shard auto (0: not given)
  std::string report_dir = reports::kDefaultReportDir;
  std::string failure_db;  // empty: poolcheck-failures/ beside the report directory
  bool no_failure_db = false;
  bool quiet = false;
  int64_t until_covered = 0;
  CLI::Option* cases_option = nullptr;  // to tell an explicit --cases from the default
  bool allow_unsupported = false;
  std::string cases_file;       // --cases-file: a case list instead of the generated stream ("-" = stdin)
  bool ok_on_failures = false;  // --ok-on-failures: exit 0 when failures were found (they are still reported)
  std::string resume;           // --resume DIR: go on with the killed run whose reports are in DIR
};

// The campaign options --resume takes from the killed run's run.json instead (giving one is a usage error).
constexpr const char* kResumedOptions[] = {
    "--op",    "--cases",       "--seconds",    "--seed",          "--invalid-fraction",
    "--shard", "--shard-count", "--report-dir", "--until-covered", "--cases-file"};

// The run's arguments as the killed run in `dir` had them.
RunArgs resumed_args(const RunArgs& given, const reports::ResumePoint& rp) {
  RunArgs a = given;
  const CampaignSummary& p = rp.run.parameters;
  a.ops = p.ops;
  a.seed = p.seed;
  a.cases = p.max_cases;
  a.seconds = p.max_seconds;
  a.invalid_fraction = p.invalid_fraction;
  a.shard = std::to_string(p.shard_index) + "/" + std::to_string(p.shard_count);
  a.report_dir = given.resume;
  a.cases_file = rp.run.cases_file;
  a.until_covered = rp.run.until_covered;
  return a;
}

// Without an explicit --cases, --until-covered runs up to this many cases.
constexpr int64_t kUntilCoveredCaseLimit = 10'000'000;

// "coverage: 612 of 612 targets hit", then the targets never hit (the first few by name).
void print_coverage(const CampaignSummary& s, int64_t until_covered) {
  const auto missing = s.never_hit();
  int64_t measured = 0, reached = 0;
  for (const auto& t : s.coverage) {
    measured += t.measured;
    reached += t.measured && t.hits >= std::max<int64_t>(until_covered, 1);
  }
  std::cout << "coverage: " << reached << " of " << measured << " targets hit"
            << (until_covered > 1 ? " " + std::to_string(until_covered) + " times" : "") << "\n";
  constexpr size_t kShown = 12;
  for (size_t i = 0; i < missing.size() && i < kShown; ++i)
    std::cout << "  never hit: " << missing[i].kind << " " << missing[i].op << " " << missing[i].name << "\n";
  if (missing.size() > kShown) std::cout << "  ... " << missing.size() - kShown << " more in summary.json\n";
}

// Whether the run was held to its coverage, and the targets it missed when it was: a campaign long enough for the
// schedule to visit every cell fails on a target it never hit.
void print_coverage_goal(const CoverageGoal& goal, int64_t until_covered) {
  if (until_covered > 0) return;  // --until-covered has its own goal
  if (!goal.applies) {
    if (!goal.why_not.empty()) std::cout << "coverage goal: not applied: " << goal.why_not << "\n";
    return;
  }
  if (goal.missed.empty()) {
    std::cout << "coverage goal: held (every cell of the schedule is visited within " << goal.cases_needed
              << " cases)\n";
    return;
  }
  std::cout << "coverage goal: " << goal.missed.size() << " target(s) missed, although the campaign ran at least "
            << "the " << goal.cases_needed << " cases that visit every cell of the schedule:\n";
  for (const auto& t : goal.missed) std::cout << "  missed: " << t.kind << " " << t.op << " " << t.name << "\n";
}

std::filesystem::path failure_db_dir(const RunArgs& a) {
  return a.failure_db.empty() ? reports::failure_db_beside(a.report_dir) : std::filesystem::path(a.failure_db);
}

// The saved failures as campaign replay cases; an entry whose descriptor no longer parses is a hard error,
// since silently skipping it would drop a known failure.
std::vector<std::pair<std::string, Case>> replay_cases(const reports::FailureDb& db) {
  std::vector<std::pair<std::string, Case>> v;
  for (const auto& e : db.load()) {
    const ParseResult p = parse_runnable_case(e.descriptor);
    if (!p.ok) throw std::runtime_error(e.file.string() + ": " + p.error);
    v.emplace_back(e.id, p.value);
  }
  return v;
}

constexpr long kMaxShards = 1'000'000;

// "K/N" with 0 <= K < N <= kMaxShards.
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
  if (!ok || n < 1 || k < 0 || k >= n || n > kMaxShards) {
    throw std::invalid_argument("--shard expects K/N with 0 <= K < N <= " + std::to_string(kMaxShards) + ", got '" +
                                text + "'");
  }
  *index = static_cast<int>(k);
  *count = static_cast<int>(n);
}

// The operators the backend exports: the default list becomes those (said on stderr when some are missing), an
// operator asked for by --op that it lacks is a reason the run cannot be made, and the failure database's cases of
// the others are kept for a backend that has them.
int choose_exported_operators(const BackendInfo& info, CampaignOptions* opts) {
  const std::vector<std::string> table = gen::operators();
  std::vector<std::string> missing;
  for (const auto& op : table)
    if (std::find(info.operators.begin(), info.operators.end(), op) == info.operators.end()) missing.push_back(op);
  if (missing.empty()) return 0;
  std::string list;
  for (const auto& op : missing) list += (list.empty() ? "" : ", ") + op;
  for (const auto& op : opts->ops)
    if (std::find(missing.begin(), missing.end(), op) != missing.end())
      throw std::runtime_error(info.libraries + " does not export " + op + "'s entry point (both phases)");
  if (opts->ops.empty()) {
    opts->ops = info.operators;
    std::cerr << "poolcheck run: " << info.libraries << " does not export the entry points of " << list
              << ": those operators are not run\n";
  }
  std::erase_if(opts->replay, [&](const auto& entry) {
    return std::find(missing.begin(), missing.end(), entry.second.op) != missing.end();
  });
  return 0;
}

// The shard this run takes: K/N as given, or from the job engine's variables with --shard auto. Returns how it was
// found ("" for the default single shard).
std::string choose_shard(const RunArgs& a, CampaignOptions* opts) {
  if (a.shard == "auto") {
    const std::optional<long> count = a.shard_count ? std::optional<long>(a.shard_count) : std::nullopt;
    const ShardAssignment s = shard_from_engine(process_environment(), count, kMaxShards);
    opts->shard_index = s.index;
    opts->shard_count = s.count;
    return s.source;
  }
  if (a.shard_count) throw std::invalid_argument("--shard-count is read only with --shard auto");
  parse_shard(a.shard, &opts->shard_index, &opts->shard_count);
  return opts->shard_count > 1 ? "--shard " + a.shard : "";
}

// The case list of --cases-file, restricted to --op when given; every refused line is printed and makes the run a
// usage error before anything runs (a silently dropped case would be a case never checked).
std::vector<ListedCase> listed_cases(const RunArgs& a) {
  CaseListRead read = read_case_list_file(a.cases_file);
  for (const auto& e : read.errors) std::cerr << "poolcheck run: " << e << "\n";
  if (!read.errors.empty())
    throw std::invalid_argument(std::to_string(read.errors.size()) + " line(s) of " + a.cases_file +
                                " are not runnable cases (listed above)");
  if (a.until_covered > 0) throw std::invalid_argument("--until-covered draws generated cases; not with --cases-file");
  if (a.cases_option && a.cases_option->count() > 0)
    throw std::invalid_argument("--cases sets the generated stream's length; a case list has its own");
  if (a.ops.empty()) return std::move(read.cases);
  std::vector<ListedCase> kept;
  for (auto& l : read.cases)
    if (std::find(a.ops.begin(), a.ops.end(), l.c.op) != a.ops.end()) kept.push_back(std::move(l));
  return kept;
}

int run(const RunArgs& given, const CLI::App& sub, const Globals& g) {
  std::optional<reports::ResumePoint> resume;
  if (!given.resume.empty()) {
    for (const char* name : kResumedOptions)
      if (sub.count(name) > 0)
        throw std::invalid_argument(std::string(name) + " is taken from the resumed run's run.json; not with --resume");
    resume = reports::read_resume_point(given.resume);
  }
  const RunArgs a = resume ? resumed_args(given, *resume) : given;
  CampaignOptions opts;
  std::vector<ListedCase> listed;
  if (!a.cases_file.empty()) {
    listed = listed_cases(a);
    opts.listed = &listed;
  }
  opts.ops = a.ops;
  opts.seed = a.seed;
  opts.max_cases = a.cases;
  opts.until_covered = a.until_covered;
  if (a.until_covered > 0 && !resume && !(a.cases_option && a.cases_option->count() > 0))
    opts.max_cases = kUntilCoveredCaseLimit;
  opts.max_seconds = a.seconds;
  opts.invalid_fraction = a.invalid_fraction;
  const std::string shard_source = choose_shard(a, &opts);
  opts.progress = !a.quiet;
  opts.run_options.allow_unsupported = a.allow_unsupported;
  check_campaign_options(opts);  // refuse bad options before any report file exists
  const std::optional<reports::FailureDb> db =
      a.no_failure_db ? std::nullopt : std::optional<reports::FailureDb>(failure_db_dir(a));
  if (db) opts.replay = replay_cases(*db);
  const std::unique_ptr<CaseExecutor> executor = or_could_not_run("the backend", [&] { return make_executor(g); });
  opts.executor = executor.get();
  or_could_not_run("the backend", [&] { return choose_exported_operators(executor->backend_info(), &opts); });

  if (resume) {
    opts.resumed = &resume->done;
    for (const auto& w : resume->warnings) std::cerr << "poolcheck run: " << w << "\n";
  }
  const int64_t keep_bytes = resume ? resume->complete_bytes : -1;  // a resumed run appends to its results
  const std::unique_ptr<reports::ReportWriter> writer_owner = or_could_not_run(
      "the report directory", [&] { return std::make_unique<reports::ReportWriter>(a.report_dir, keep_bytes); });
  reports::ReportWriter& writer = *writer_owner;
  CampaignSummary parameters = campaign_parameters(opts);
  parameters.backend = executor->backend_info().libraries;
  // run.json, so `report rebuild` can redo a killed run
  or_could_not_run("the report directory", [&] { writer.start(parameters, a.cases_file, a.until_covered); });
  const bool tty = ::isatty(STDERR_FILENO) == 1;
  int64_t live_failures = 0;
  constexpr int64_t kLiveFailureLines = 20;
  auto on_result = [&](const CaseResult& r) {
    or_could_not_run("writing the reports", [&] { writer.add(r); });
    if (a.quiet || !outcome_is_failure(r.outcome)) return;
    ++live_failures;
    if (tty) std::cerr << "\r\033[K";
    if (live_failures <= kLiveFailureLines) {
      std::cerr << outcome_name(r.outcome) << ": " << reports::repro_command(r.descriptor)
                << (r.source.empty() ? "" : "  # " + r.source) << "\n";
    } else if (live_failures == kLiveFailureLines + 1) {
      std::cerr << "(further failures only in the reports)\n";
    }
  };

  CampaignSummary s = run_campaign(opts, on_result);
  s.backend = parameters.backend;
  const auto& paths = or_could_not_run(
      "writing the reports", [&]() -> const auto& { return writer.finish(s, documented_rules()); });
  size_t saved = 0;
  if (db) {
    or_could_not_run("the failure database", [&] {
      for (const auto& r : s.failures) saved += db->save(r, s.seed) ? 1 : 0;
    });
  }

  std::cout << "poolcheck run: " << s.one_line() << "\n";
  if (opts.listed) std::cout << "cases: " << listed.size() << " from " << a.cases_file << "\n";
  if (resume)
    std::cout << "resumed: " << resume->done.size() << " case(s) the killed run finished were kept, the others ran\n";
  if (!shard_source.empty())
    std::cout << "shard: " << opts.shard_index << "/" << opts.shard_count << " from " << shard_source << "\n";
  if (!opts.listed) print_coverage(s, a.until_covered);  // a case list has no coverage goal
  const CoverageGoal goal = coverage_goal(s, opts.listed != nullptr);
  print_coverage_goal(goal, a.until_covered);
  if (!s.replayed.empty()) {
    std::cout << "failure database: " << s.replay_still_failing() << " of " << s.replayed.size()
              << " saved case(s) still fail\n";
    for (const auto& c : s.replayed) {
      if (c.still_failing())
        std::cout << "  still failing " << c.id << ": " << reports::repro_command(c.descriptor) << "\n";
    }
  }
  if (!s.allowed_unsupported.empty())
    std::cout << "unsupported allowed (--allow-unsupported): " << s.allowed_unsupported.size()
              << " valid case(s) refused for want of a kernel, listed in the reports\n";
  if (saved) std::cout << "failure database: " << saved << " new case(s) saved in " << db->dir().string() << "\n";
  std::cout << "reports: " << paths.report_html.string() << ", " << paths.summary_md.string() << ", "
            << paths.summary_json.string() << ", " << paths.results_jsonl.string() << ", " << paths.junit_xml.string()
            << "\n";
  if (s.failed()) {
    constexpr size_t kShown = 10;
    for (size_t i = 0; i < s.failures.size() && i < kShown; ++i) {
      std::cout << "  " << outcome_name(s.failures[i].outcome) << ": "
                << reports::repro_command(s.failures[i].descriptor)
                << (s.failures[i].source.empty() ? "" : "  # " + s.failures[i].source) << "\n";
    }
    if (s.failure_count > static_cast<int64_t>(kShown)) {
      std::cout << "  ... " << (s.failure_count - static_cast<int64_t>(kShown)) << " more in "
                << paths.results_jsonl.string() << "\n";
    }
    for (const auto& m : s.generator_error_messages) std::cout << "  generator error: " << m << "\n";
    if (a.ok_on_failures) {
      std::cout << "--ok-on-failures: exit 0 although the run found failures (they are in the reports)\n";
      return kExitOk;
    }
    return kExitFailure;
  }
  if (goal.failed() && a.until_covered == 0) {
    if (a.ok_on_failures) {
      std::cout << "--ok-on-failures: exit 0 although the run missed coverage targets\n";
      return kExitOk;
    }
    return kExitFailure;
  }
  if (a.until_covered > 0 && !covered(s.coverage, a.until_covered)) {
    std::cout << "--until-covered=" << a.until_covered << ": the case or time limit came first\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

Command add_run_command(CLI::App& app, const Globals& g) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* sub = app.add_subcommand("run", "Run a property-based campaign and write reports");
  sub->add_option("--op", args->ops, "Operator to run (repeatable; default: all)");
  args->cases_option = sub->add_option("--cases", args->cases, "Cases in the (global) case stream")
                           ->check(CLI::Range(int64_t{0}, int64_t{1'000'000'000'000}))
                           ->capture_default_str();
  sub->add_option("--seconds", args->seconds, "Wall-clock budget in seconds (0 = none)")
      ->check(real_range(0.0, 31'536'000.0))  // a year
      ->capture_default_str();
  sub->add_option("--seed", args->seed, "Campaign seed, any integer in [0, 2^64-1]")
      ->check(unsigned_64())
      ->capture_default_str();
  sub->add_option("--invalid-fraction", args->invalid_fraction, "Share of cases that violate one documented rule")
      ->check(real_range(0.0, 1.0))
      ->capture_default_str();
  sub->add_option("--shard", args->shard,
                  "Run shard K of N of the case stream (K/N, 0-based, 0 <= K < N <= 1000000), or `auto`: from the job "
                  "engine's variables (JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID, PARALLEL_SEQ; docs/scale.md)")
      ->check(CLI::Validator(
          [](std::string& text) {
            if (text == "auto") return std::string();
            try {
              int k = 0, n = 0;
              parse_shard(text, &k, &n);
              return std::string();
            } catch (const std::invalid_argument& e) {
              return std::string(e.what());
            }
          },
          "K/N"))
      ->capture_default_str();
  sub->add_option("--shard-count", args->shard_count,
                  "With --shard auto: the number of shards where the engine does not pass it (Kubernetes, GNU "
                  "parallel; else POOLCHECK_SHARD_COUNT), or a check of Slurm's")
      ->check(CLI::Range(1L, kMaxShards));
  sub->add_option("--cases-file", args->cases_file,
                  "Run a case list (one descriptor per line, '#' comments naming each case's source; '-' reads "
                  "stdin) instead of the generated stream: `poolcheck import` writes one from ATK/TTK files");
  sub->add_option("--resume", args->resume,
                  "Go on with a killed run from its report directory: its parameters from run.json, its finished "
                  "cases from results.jsonl (none runs twice, none is lost)");
  sub->add_flag("--ok-on-failures", args->ok_on_failures,
                "Exit 0 when the run found failures (still reported), for job engines that retry a non-zero task; "
                "a run that could not be made still exits 3");
  sub->add_option("--report-dir", args->report_dir, "Directory for the report files")->capture_default_str();
  sub->add_option("--failure-db", args->failure_db,
                  "Failure database: replayed first, new failures saved (default: poolcheck-failures/ beside the "
                  "report directory)");
  sub->add_flag("--no-failure-db", args->no_failure_db, "Neither replay nor save failures");
  sub->add_flag("-q,--quiet", args->quiet, "No progress and no per-failure lines; only the summary");
  sub->add_flag("--until-covered{1}", args->until_covered,
                "Run until every coverage target has K hits (--until-covered=K; alone, K = 1), or the case or time "
                "limit (without --cases: 10,000,000 cases)")
      ->check(CLI::Range(int64_t{1}, int64_t{1'000'000}));
  sub->add_flag("--allow-unsupported", args->allow_unsupported,
                "Count a valid call the backend refuses for want of a kernel (unsupported) as allowed, not as a "
                "failure (for a backend known to lack a path); the reports list every such case");
  return Command{sub, [args, sub, &g] { return run(*args, *sub, g); }};
}

}  // namespace poolcheck::cli
