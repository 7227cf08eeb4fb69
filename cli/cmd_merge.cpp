// poolcheck merge --report-dir OUT SHARD_DIR...: combine the reports of `run --shard K/N` jobs into one.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "campaign/coverage.h"
#include "campaign/coverage_goal.h"
#include "cli/commands.h"
#include "cli/report_rules.h"
#include "reports/atomic_file.h"
#include "reports/failure_db.h"
#include "reports/jsonl_reader.h"
#include "reports/report_writer.h"
#include "reports/summary_json.h"

namespace poolcheck::cli {

namespace {

namespace fs = std::filesystem;

struct MergeArgs {
  std::vector<std::string> inputs;
  std::string report_dir = reports::kDefaultReportDir;
  std::vector<std::string> shard_failure_dbs;  // --from-failure-db, besides each shard's default one
  std::string failure_db;                      // empty: poolcheck-failures/ beside the merged report directory
};

// Every shard's failure database (its default one, and those named) into one, each failure once.
void merge_failure_dbs(const MergeArgs& a) {
  const reports::FailureDb out(a.failure_db.empty() ? reports::failure_db_beside(a.report_dir)
                                                    : fs::path(a.failure_db));
  std::vector<fs::path> sources;
  for (const auto& dir : a.inputs) sources.push_back(reports::failure_db_beside(dir));
  for (const auto& db : a.shard_failure_dbs) sources.emplace_back(db);
  size_t read = 0, added = 0;
  std::error_code ec;
  std::vector<fs::path> seen;
  for (const auto& src : sources) {
    if (!fs::is_directory(src, ec) || (fs::exists(out.dir(), ec) && fs::equivalent(src, out.dir(), ec))) continue;
    if (std::any_of(seen.begin(), seen.end(), [&](const fs::path& p) { return fs::equivalent(p, src, ec); })) continue;
    seen.push_back(src);
    ++read;
    added += out.absorb(reports::FailureDb(src));
  }
  std::cout << "failure database: " << out.load().size() << " entries in " << out.dir().string() << " (" << added
            << " added from " << read << " shard database(s))\n";
}

int merge(const MergeArgs& a) {
  std::vector<CampaignSummary> parts;
  for (const auto& dir : a.inputs) {
    const auto paths = reports::report_paths(dir);
    std::ifstream in(paths.summary_json);
    if (!in) throw std::runtime_error("cannot open " + paths.summary_json.string());
    try {
      parts.push_back(reports::summary_from_json(nlohmann::json::parse(in)));
    } catch (const std::exception& e) {
      throw std::runtime_error(paths.summary_json.string() + ": " + e.what());
    }
  }
  CampaignSummary merged = reports::merge_summaries(parts);
  merged.coverage = coverage_targets(merged);  // every shard's labels together

  const fs::path out(a.report_dir);
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) throw std::runtime_error("cannot create " + out.string() + ": " + ec.message());
  const auto out_paths = reports::report_paths(out);
  for (const auto& dir : a.inputs) {
    if (fs::equivalent(reports::report_paths(dir).results_jsonl.parent_path(), out, ec)) {
      throw std::runtime_error("the output directory must differ from the shard directories");
    }
  }
  {
    reports::AtomicFile jsonl(out_paths.results_jsonl);
    for (const auto& dir : a.inputs) {
      const auto p = reports::report_paths(dir).results_jsonl;
      // A shard killed mid-write leaves a torn last line: no record, so it is not merged.
      const auto torn =
          reports::read_complete_lines(p, [&](const std::string& line, int64_t) { jsonl.write(line + "\n"); });
      if (torn) std::cerr << reports::torn_line_warning(p, *torn) << "\n";
    }
    jsonl.commit();
  }
  reports::write_summary_files(out_paths, merged, documented_rules());

  std::cout << "poolcheck merge: " << merged.one_line() << "\n";
  const auto missing = merged.missing_shards();
  if (!missing.empty()) {
    std::cout << "missing shards:";
    for (int k : missing) std::cout << " " << k;
    std::cout << " (of " << merged.shard_count << ")\n";
  }
  std::cout << "reports: " << out_paths.summary_md.string() << ", " << out_paths.summary_json.string() << "\n";
  merge_failure_dbs(a);
  const CoverageGoal goal = coverage_goal(merged, false);
  for (const auto& t : goal.missed)
    std::cout << "coverage goal: missed " << t.kind << " " << t.op << " " << t.name << " (the merged campaign has at "
              << "least the " << goal.cases_needed << " cases that visit every cell)\n";
  return merged.failed() || !missing.empty() || goal.failed() ? kExitFailure : kExitOk;
}

}  // namespace

Command add_merge_command(CLI::App& app, const Globals&) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* sub = app.add_subcommand("merge", "Merge the report directories of sharded runs into one report");
  sub->add_option("shard_dirs", args->inputs, "Report directories written by `run --shard K/N`")->required();
  sub->add_option("--report-dir", args->report_dir, "Directory for the merged reports")->capture_default_str();
  sub->add_option("--failure-db", args->failure_db,
                  "The merged failure database (default: poolcheck-failures beside --report-dir); every shard's "
                  "database (the one beside its report directory, and each --from-failure-db) goes into it, each "
                  "failure once");
  sub->add_option("--from-failure-db", args->shard_failure_dbs,
                  "A shard's failure database kept elsewhere (repeatable)");
  return Command{sub, [args] { return merge(*args); }};
}

}  // namespace poolcheck::cli
