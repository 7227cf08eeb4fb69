// One report directory per run:
//   run.json       the run's parameters and start time (reports/run_json.h), then how it ended
//   results.jsonl  every CaseResult, one JSON object a line, written through to the kernel as each case ends
//   summary.json   counts, distributions, parameters and failures (reports/summary_json.h)
//   summary.md     the same for humans and CI logs (reports/markdown_summary.h)
//   junit.xml      CI test view (reports/junit_xml.h)
//   report.html    self-contained page for people (reports/html_report.h)
// results.jsonl is durable: a run killed at any moment leaves every finished case in it, and `report rebuild`
// makes the summary files from it. Every other file is written atomically; a run that stops early (Ctrl-C,
// time budget) still finishes them.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "case/summary.h"
#include "reports/jsonl_writer.h"
#include "reports/run_json.h"

namespace poolcheck::reports {

inline constexpr const char* kDefaultReportDir = "poolcheck-report";

using RulesByOp = std::map<std::string, std::vector<std::string>>;

struct ReportPaths {
  std::filesystem::path results_jsonl, summary_json, summary_md, junit_xml, report_html, run_json;
};
ReportPaths report_paths(const std::filesystem::path& dir);

class ReportWriter {
 public:
  // Creates the directory (and parents) and an empty results.jsonl, and removes the run.json and summary
  // files of an earlier run there, so they never describe other results. Throws std::runtime_error.
  // With keep_results_bytes >= 0, results.jsonl keeps that many bytes (a resumed run's finished cases).
  explicit ReportWriter(const std::filesystem::path& dir, int64_t keep_results_bytes = -1);
  // Writes run.json: the campaign's parameters (the header fields of `parameters`), how its stream is made and the
  // start time.
  void start(const CampaignSummary& parameters, const std::string& cases_file = "", int64_t until_covered = 0);
  void add(const CaseResult& r);  // appends one line to results.jsonl
  // Closes results.jsonl, records the end in run.json (when started) and writes summary.json, summary.md,
  // junit.xml and report.html. Call once. `rules_by_op` lists every documented rule, for the HTML's rule
  // coverage.
  const ReportPaths& finish(const CampaignSummary& s, const RulesByOp& rules_by_op = {});
  const ReportPaths& paths() const { return paths_; }

 private:
  ReportPaths paths_;
  std::unique_ptr<JsonlWriter> jsonl_;
  std::optional<RunRecord> run_;
};

// Writes the summary files (not results.jsonl) for a summary, e.g. a merge of shard reports.
void write_summary_files(const ReportPaths& paths, const CampaignSummary& s, const RulesByOp& rules_by_op = {});
// Writes run.json atomically.
void write_run_json(const std::filesystem::path& path, const RunRecord& r);

}  // namespace poolcheck::reports
