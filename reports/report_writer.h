// One report directory per run:
//   results.jsonl  every CaseResult, one JSON object a line (streamed; appears when the run finishes)
//   summary.json   counts, distributions, parameters and failures (reports/summary_json.h)
//   summary.md     the same for humans and CI logs (reports/markdown_summary.h)
//   junit.xml      CI test view (reports/junit_xml.h)
//   report.html    self-contained page for people (reports/html_report.h)
// Every file is written atomically; a run that stops early (Ctrl-C, time budget) still finishes them.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "harness/campaign.h"
#include "reports/jsonl_writer.h"

namespace poolcheck::reports {

inline constexpr const char* kDefaultReportDir = "poolcheck-report";

using RulesByOp = std::map<std::string, std::vector<std::string>>;

struct ReportPaths {
  std::filesystem::path results_jsonl, summary_json, summary_md, junit_xml, report_html;
};
ReportPaths report_paths(const std::filesystem::path& dir);

class ReportWriter {
 public:
  // Creates the directory (and parents). Throws std::runtime_error when it cannot.
  explicit ReportWriter(const std::filesystem::path& dir);
  void add(const CaseResult& r);  // streams one line of results.jsonl
  // Writes summary.json, summary.md, junit.xml and report.html and commits results.jsonl. Call once.
  // `rules_by_op` lists every documented rule, for the HTML's rule coverage.
  const ReportPaths& finish(const CampaignSummary& s, const RulesByOp& rules_by_op = {});
  const ReportPaths& paths() const { return paths_; }

 private:
  ReportPaths paths_;
  std::unique_ptr<JsonlWriter> jsonl_;
};

// Writes the summary files (not results.jsonl) for a summary, e.g. a merge of shard reports.
void write_summary_files(const ReportPaths& paths, const CampaignSummary& s, const RulesByOp& rules_by_op = {});

}  // namespace poolcheck::reports
