// One report directory per run:
//   results.jsonl  every CaseResult, one JSON object a line (streamed; appears when the run finishes)
//   summary.json   counts, distributions, parameters and failures (reports/summary_json.h)
//   summary.md     the same for humans and CI logs (reports/markdown_summary.h)
//   junit.xml      CI test view (reports/junit_xml.h)
// Every file is written atomically; a run that stops early (Ctrl-C, time budget) still finishes them.
#pragma once

#include <filesystem>
#include <memory>

#include "harness/campaign.h"
#include "reports/jsonl_writer.h"

namespace poolcheck::reports {

inline constexpr const char* kDefaultReportDir = "poolcheck-report";

struct ReportPaths {
  std::filesystem::path results_jsonl, summary_json, summary_md, junit_xml;
};
ReportPaths report_paths(const std::filesystem::path& dir);

class ReportWriter {
 public:
  // Creates the directory (and parents). Throws std::runtime_error when it cannot.
  explicit ReportWriter(const std::filesystem::path& dir);
  void add(const CaseResult& r);  // streams one line of results.jsonl
  // Writes summary.json, summary.md and junit.xml and commits results.jsonl. Call once.
  const ReportPaths& finish(const CampaignSummary& s);
  const ReportPaths& paths() const { return paths_; }

 private:
  ReportPaths paths_;
  std::unique_ptr<JsonlWriter> jsonl_;
};

// Writes the three summary files (not results.jsonl) for a summary, e.g. a merge of shard reports.
void write_summary_files(const ReportPaths& paths, const CampaignSummary& s);

}  // namespace poolcheck::reports
